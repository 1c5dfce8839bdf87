#include "text/decimal.hpp"

#include <charconv>

namespace nim {

std::string shortest_decimal(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

std::string plain_decimal(double value) {
  char text[400];  // the longest fixed form of a double, DBL_MAX's 309 digits, fits
  return std::string(text,
                     std::to_chars(text, text + sizeof text, value, std::chars_format::fixed).ptr);
}

std::string fixed_point(std::uint64_t units, unsigned decimals) {
  if (decimals == 0) return std::to_string(units);
  std::uint64_t scale = 1;
  for (unsigned i = 0; i < decimals; ++i)
    scale *= 10;
  std::string fraction = std::to_string(units % scale);
  fraction.insert(0, decimals - fraction.size(), '0');
  while (!fraction.empty() && fraction.back() == '0')
    fraction.pop_back();
  return std::to_string(units / scale) + (fraction.empty() ? "" : "." + fraction);
}

}  // namespace nim
