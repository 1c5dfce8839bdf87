#include "cli/input/heap_game_text.hpp"

#include <algorithm>
#include <string>

#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/input/options.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

bool is_octal_digit(char c) {
  return '0' <= c && c <= '7';
}

}  // namespace

HeapGame read_octal_code(std::string_view text) {
  const std::string named = "--octal " + quoted(text);
  if (text.size() < 3 || text[1] != '.')
    throw UsageError(named +
                     " is not an octal code: a digit, a point and one or more digits (0.77)");
  const std::string digits_given = std::string(1, text[0]) + std::string(text.substr(2));
  for (const char& c : digits_given)
    if (!is_octal_digit(c))
      throw UsageError(named + ": " + quoted(std::string_view(&c, 1)) +
                       " is not an octal digit (0 to 7)");
  if (text[0] != '0' && text[0] != '4')
    throw UsageError(named +
                     ": the digit before the point must be 0 or 4 (4: a heap may be split in two "
                     "without taking)");
  // Its normal form: a last digit 0 allows no move, so 0.770 is 0.77 (0.000 is 0.0, no move).
  std::string_view after_point = text.substr(2);
  while (after_point.size() > 1 && after_point.back() == '0')
    after_point.remove_suffix(1);
  if (after_point.size() > most_named_take)
    throw UsageError(named + " has more than " + std::to_string(most_named_take) +
                     " digits after the point");
  std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(text[0] - '0')};
  for (char c : after_point)
    digits.push_back(static_cast<std::uint8_t>(c - '0'));
  const auto splitting = static_cast<std::size_t>(
      std::ranges::count_if(digits, [](std::uint8_t digit) { return (digit & leave_two) != 0; }));
  if (splitting > most_splitting_digits)
    throw UsageError(named + ": " + std::to_string(splitting) +
                     " of its digits allow a split (4 to 7), more than " +
                     std::to_string(most_splitting_digits) +
                     " (each asks every heap for all of its splits)");
  return octal_game(std::move(digits));
}

std::string with_normal_octal_code(std::string_view rules) {
  try {
    JsonReader json(rules);
    if (json.peek() != JsonReader::Kind::object) return std::string(rules);
    json.begin_object();
    std::string key;
    bool octal = false;
    std::string_view code;  // the code's string as written
    while (json.next_key(key)) {
      if (key == "game" && json.peek() == JsonReader::Kind::string)
        octal = json.string() == "octal";
      else if (key == "code" && json.peek() == JsonReader::Kind::string)
        code = json.skip();
      else
        json.skip();
    }
    json.end();
    if (!octal || code.empty()) return std::string(rules);
    const std::string normal = octal_code(read_octal_code(JsonReader(code).string()));
    const auto at = static_cast<std::size_t>(code.data() - rules.data());
    return std::string(rules.substr(0, at)) + '"' + normal + '"' +
           std::string(rules.substr(at + code.size()));
  } catch (const JsonError&) {
    return std::string(rules);
  } catch (const UsageError&) {  // no octal code: other rules, whatever they say
    return std::string(rules);
  }
}

std::vector<std::uint64_t> read_take_set(std::string_view option, std::string_view text) {
  const std::string named = std::string(option) + " " + quoted(text);
  if (text.empty()) throw UsageError(named + ": the set is empty (give takes such as 1,3,4)");
  std::vector<std::uint64_t> set;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const auto value = parse_integer(item);
    if (!value || *value < 1 || *value > most_named_take)
      throw UsageError(named + ": " + quoted(item) + " is not a take from 1 to " +
                       std::to_string(most_named_take));
    const std::uint64_t take = to_small(*value);
    if (std::find(set.begin(), set.end(), take) != set.end())
      throw UsageError(named + ": " + std::to_string(take) + " is given twice");
    set.push_back(take);
    if (comma == text.size()) break;
    start = comma + 1;
  }
  std::sort(set.begin(), set.end());
  return set;
}

}  // namespace nim
