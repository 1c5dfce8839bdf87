#include "text/decimal.hpp"

#include <charconv>

namespace nim {

std::string shortest_decimal(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

}  // namespace nim
