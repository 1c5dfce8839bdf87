// Reading JSON that nim-game wrote, exactly.
//
// parse_exact() reads a JSON text the way jq 1.7 does: integers too large for 64 bits keep their
// exact digits (as JSON strings holding the digits), where nlohmann::json would round them to
// doubles, or fail beyond 10^308. Objects keep their keys in the order they were written.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nim::testing {

using Json = nlohmann::ordered_json;  // keeps the keys in the order the record wrote them

namespace detail {

// `text` with every integer literal beyond 64 bits (outside strings) turned into a string of its
// digits, which nlohmann then keeps exact instead of rounding it, or failing beyond 10^308.
inline std::string quote_big_integers(std::string_view text) {
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      if (c == '"') in_string = false;
      ++i;
      continue;
    }
    if (c == '"') in_string = true;
    const bool starts_number = (c >= '0' && c <= '9') || c == '-';
    if (!starts_number) {
      out += c;
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9')
      ++end;
    const std::string_view token = text.substr(i, end - i);
    const bool integer =
        end == text.size() || (text[end] != '.' && text[end] != 'e' && text[end] != 'E');
    const std::size_t digits = token.size() - (c == '-' ? 1 : 0);
    const bool fits = digits < 19 || (digits <= 20 && [&] {
                        try {  // 64-bit: unsigned, or signed when negative
                          if (c == '-') return (void)std::stoll(std::string(token)), true;
                          return (void)std::stoull(std::string(token)), true;
                        } catch (const std::out_of_range&) {
                          return false;
                        }
                      }());
    if (integer && !fits)
      out.append("\"").append(token).append("\"");
    else
      out += token;
    i = end;
  }
  return out;
}

}  // namespace detail

// Parses one JSON text exactly (see the top of the file); throws std::runtime_error if it is not
// valid JSON, which includes invalid UTF-8 in a string.
inline Json parse_exact(std::string_view text) {
  try {
    return Json::parse(detail::quote_big_integers(text));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(e.what());
  }
}

// The keys of an object, in order.
inline std::vector<std::string> keys_of(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items())
    keys.push_back(item.key());
  return keys;
}

}  // namespace nim::testing
