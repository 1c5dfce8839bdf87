#include "cli/input/heap_text.hpp"

#include <algorithm>

#include "cli/input/json_reader.hpp"

namespace nim {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string bad_heap(std::string_view text) {
  if (text.size() > 1 && text[0] == '-' && all_digits(text.substr(1)))
    return "heap size " + std::string(text) + " is negative";
  return "heap size " + quoted(text) + " is not a whole number";
}

// Appends one size if `field` is all digits; false if it is not.
bool push_field(std::string_view field, AnyPosition& position) {
  if (field.empty()) return false;
  SmallHeap value = 0;
  bool overflow = false;
  const bool may_overflow = field.size() > 19;  // 19 digits always fit in 64 bits
  for (char c : field) {
    const auto digit = static_cast<SmallHeap>(static_cast<unsigned char>(c) - '0');
    if (digit > 9) return false;
    if (!may_overflow) {
      value = 10 * value + digit;
    } else {
      overflow |= __builtin_mul_overflow(value, 10, &value);
      overflow |= __builtin_add_overflow(value, digit, &value);
    }
  }
  if (overflow)
    position.push_back(BigHeap(std::string(field), 10));  // base 10: GMP reads "0..." as octal
  else
    position.push_back(value);
  return true;
}

// Reads the fields of plain text, separated by commas if it has one, else by semicolons if it has
// one, else by blanks.
std::string read_plain(std::string_view text, AnyPosition& position) {
  char separator = ' ';
  if (text.find(',') != std::string_view::npos)
    separator = ',';
  else if (text.find(';') != std::string_view::npos)
    separator = ';';
  const bool commas = separator != ' ';  // a comma or a semicolon: blanks around sizes allowed
  const auto is_separator = [commas, separator](char c) {
    return commas ? c == separator : is_blank(c);
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = start;
    while (end < text.size() && !is_separator(text[end]))
      ++end;
    const std::string_view field =
        commas ? trim_blanks(text.substr(start, end - start)) : text.substr(start, end - start);
    if ((!field.empty() || commas) && !push_field(field, position)) return bad_heap(field);
    start = end + 1;
  }
  return {};
}

// A JSON value other than a number, where a heap size should be, as an error message. The value
// is read, so that the rest of the line can be.
std::string not_a_number(JsonReader& json) {
  switch (json.peek()) {
    case JsonReader::Kind::object:
      json.skip();
      return "heap size must be a whole number, not an object";
    case JsonReader::Kind::array:
      json.skip();
      return "heap size must be a whole number, not a list";
    case JsonReader::Kind::string:
      return "heap size " + quoted(json.string()) + " is not a whole number";
    case JsonReader::Kind::literal:
    case JsonReader::Kind::number:
      break;
  }
  return "heap size " + std::string(json.literal()) + " is not a whole number";
}

// Reads a JSON list of heap sizes, the reader standing at it, to its end: after a bad size the
// rest is only checked to be JSON.
std::string read_json_heaps(JsonReader& json, AnyPosition& position) {
  json.begin_array();
  while (json.next_item()) {
    std::string error;
    if (json.peek() != JsonReader::Kind::number) {
      error = not_a_number(json);
    } else {
      const std::string_view number = json.number();
      if (!push_field(number, position)) error = bad_heap(number);  // a sign, fraction, exponent
    }
    if (!error.empty()) {
      while (json.next_item())
        json.skip();
      return error;
    }
  }
  return {};
}

// `[1,3,5,7]`, or `{"heaps":[1,3,5,7], ...}` whose other keys may hold any JSON. The whole line
// is read even after an error, to find the "id" and to check that the line is JSON.
std::string read_json(std::string_view text, AnyPosition& position, LineKeys& keys) {
  auto& id = keys.id;
  JsonReader json(text);
  std::string error;
  if (json.peek() == JsonReader::Kind::array) {
    error = read_json_heaps(json, position);
  } else {
    json.begin_object();
    bool found = false, more_than_one_id = false, more_than_one_rules = false;
    std::string key;
    while (json.next_key(key)) {
      if (key == "id") {
        more_than_one_id |= id.has_value();
        id = json.skip();
      } else if (key == "rules") {
        more_than_one_rules |= keys.rules.has_value();
        keys.rules = json.skip();
      } else if (key != "heaps" || !error.empty()) {
        json.skip();
      } else if (found) {
        error = "more than one \"heaps\" key";
        json.skip();
      } else if (json.peek() != JsonReader::Kind::array) {
        error = "\"heaps\" must be a list of heap sizes";
        json.skip();
      } else {
        found = true;
        error = read_json_heaps(json, position);
      }
    }
    if (more_than_one_id) {
      id.reset();  // which one the records should carry is anybody's guess
      if (error.empty()) error = "more than one \"id\" key";
    }
    if (more_than_one_rules && error.empty()) error = "more than one \"rules\" key";
    if (error.empty() && !found) error = "no \"heaps\" key in the object";
  }
  json.end();
  return error;
}

}  // namespace

std::string read_heaps(std::string_view line, AnyPosition& position) {
  LineKeys keys;
  return read_heaps(line, position, keys);
}

std::string read_heaps(std::string_view line, AnyPosition& position, LineKeys& keys) {
  position.clear();
  keys = {};
  const std::string_view body = trim_blanks(line);
  std::string error;
  if (!body.empty() && (body.front() == '[' || body.front() == '{')) {
    try {
      error = read_json(body, position, keys);
    } catch (const JsonError& e) {
      error = std::string("not valid JSON: ") + e.what();
      keys = {};  // the line is not JSON: nothing in it can be trusted to be an id
    }
  } else {
    error = read_plain(body, position);
  }
  if (error.empty() && position.empty()) error = "no heap sizes given";
  return error;
}

std::string append_heaps(std::string_view argument, AnyPosition& position) {
  const std::size_t before = position.size();
  std::string error = read_plain(trim_blanks(argument), position);
  if (error.empty() && position.size() == before) error = bad_heap(argument);
  return error;
}

std::string_view trim_blanks(std::string_view text) {
  while (!text.empty() && is_blank(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back()))
    text.remove_suffix(1);
  return text;
}

std::optional<BigHeap> parse_integer(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!all_digits(text.substr(negative ? 1 : 0))) return std::nullopt;
  return BigHeap(std::string(text), 10);
}

}  // namespace nim
