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

}  // namespace nim
