#include "cli/input/json_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "text/utf8.hpp"

namespace nim {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

}  // namespace

void JsonReader::blanks() {
  while (at_ < text_.size() &&
         (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
    ++at_;
}

void JsonReader::fail(std::string_view what) const {
  throw JsonError(std::string(what) + " at byte " + std::to_string(at_ + 1));
}

void JsonReader::unexpected() const {
  if (at_ >= text_.size()) throw JsonError("unexpected end of the text");
  const auto c = static_cast<unsigned char>(text_[at_]);
  if (c >= 0x20 && c < 0x7f) fail(std::string("unexpected character '") + text_[at_] + "'");
  static constexpr char hex[] = "0123456789abcdef";
  fail(std::string("unexpected byte 0x") + hex[c >> 4] + hex[c & 0xf]);
}

void JsonReader::expect(char c) {
  if (at_ >= text_.size() || text_[at_] != c) unexpected();
  ++at_;
}

JsonReader::Kind JsonReader::peek() {
  blanks();
  if (at_ >= text_.size()) unexpected();
  const char c = text_[at_];
  if (c == '{') return Kind::object;
  if (c == '[') return Kind::array;
  if (c == '"') return Kind::string;
  if (c == '-' || is_digit(c)) return Kind::number;
  if (c == 't' || c == 'f' || c == 'n') return Kind::literal;
  unexpected();
}

void JsonReader::begin_array() {
  blanks();
  expect('[');
  open_.push_back('[');
  first_ = true;
}

// Before each item of the innermost container: false at its end (`close`), which is then
// consumed, else true after the comma that separates items.
bool JsonReader::next(char close) {
  blanks();
  if (at_ < text_.size() && text_[at_] == close) {
    ++at_;
    open_.pop_back();
    first_ = false;  // the container closed was an item of the one around it
    return false;
  }
  if (!first_) {
    expect(',');
    blanks();
  }
  first_ = false;
  return true;
}

bool JsonReader::next_item() {
  return next(']');
}

void JsonReader::begin_object() {
  blanks();
  expect('{');
  open_.push_back('{');
  first_ = true;
}

bool JsonReader::next_key(std::string& key) {
  if (!next('}')) return false;
  if (at_ >= text_.size() || text_[at_] != '"') unexpected();
  key.clear();
  scan_string(&key);
  blanks();
  expect(':');
  return true;
}

std::string_view JsonReader::number() {
  blanks();
  const std::size_t start = at_;
  const auto digits = [&] {
    const std::size_t from = at_;
    while (at_ < text_.size() && is_digit(text_[at_]))
      ++at_;
    if (at_ == from) unexpected();
  };
  if (at_ < text_.size() && text_[at_] == '-') ++at_;
  if (at_ < text_.size() && text_[at_] == '0')
    ++at_;  // no leading zeros in JSON: "01" is a 0 followed by a stray 1
  else
    digits();
  if (at_ < text_.size() && text_[at_] == '.') {
    ++at_;
    digits();
  }
  if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
    ++at_;
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
    digits();
  }
  return text_.substr(start, at_ - start);
}

std::string JsonReader::string() {
  blanks();
  std::string decoded;
  scan_string(&decoded);
  return decoded;
}

std::string_view JsonReader::literal() {
  blanks();
  for (std::string_view word : {"true", "false", "null"}) {
    if (text_.substr(at_, word.size()) == word) {
      at_ += word.size();
      return word;
    }
  }
  unexpected();
}

void JsonReader::scan_string(std::string* decoded) {
  expect('"');
  // Reads the four hex digits of a \u escape, the "\u" already read.
  const auto code_unit = [&] {
    std::uint32_t unit = 0;
    for (int k = 0; k < 4; ++k, ++at_) {
      const int digit = at_ < text_.size() ? hex_value(text_[at_]) : -1;
      if (digit < 0) fail("invalid \\u escape in a string");
      unit = unit * 16 + static_cast<std::uint32_t>(digit);
    }
    return unit;
  };
  for (;;) {
    if (at_ >= text_.size()) throw JsonError("unterminated string at the end of the text");
    const auto c = static_cast<unsigned char>(text_[at_]);
    if (c == '"') {
      ++at_;
      return;
    }
    if (c < 0x20) fail("control character in a string");
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(text_, at_);
      if (length == 0) fail("invalid UTF-8 in a string");
      if (decoded) decoded->append(text_.substr(at_, length));
      at_ += length;
      continue;
    }
    ++at_;
    if (c != '\\') {
      if (decoded) *decoded += static_cast<char>(c);
      continue;
    }
    if (at_ >= text_.size()) throw JsonError("unterminated string at the end of the text");
    const char escape = text_[at_++];
    char plain = 0;
    switch (escape) {
      case '"':
      case '\\':
      case '/':
        plain = escape;
        break;
      case 'b':
        plain = '\b';
        break;
      case 'f':
        plain = '\f';
        break;
      case 'n':
        plain = '\n';
        break;
      case 'r':
        plain = '\r';
        break;
      case 't':
        plain = '\t';
        break;
      case 'u': {
        std::uint32_t code = code_unit();
        if (code >= 0xDC00 && code <= 0xDFFF) fail("lone low surrogate in a string");
        if (code >= 0xD800 && code <= 0xDBFF) {
          if (text_.substr(at_, 2) != "\\u") fail("lone high surrogate in a string");
          at_ += 2;
          const std::uint32_t low = code_unit();
          if (low < 0xDC00 || low > 0xDFFF) fail("lone high surrogate in a string");
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        if (decoded) append_utf8(*decoded, code);
        continue;
      }
      default:
        --at_;
        fail("invalid escape in a string");
    }
    if (decoded) *decoded += plain;
  }
}

std::string_view JsonReader::skip() {
  blanks();
  const std::size_t start = at_;
  const std::size_t outer = open_.size();
  do {
    switch (peek()) {
      case Kind::object:
        begin_object();
        break;
      case Kind::array:
        begin_array();
        break;
      case Kind::string:
        scan_string(nullptr);
        break;
      case Kind::number:
        number();
        break;
      case Kind::literal:
        literal();
        break;
    }
    // Close what ends here, up to the next value still to read inside the skipped one.
    std::string key;
    while (open_.size() > outer && !(open_.back() == '[' ? next_item() : next_key(key))) {
    }
  } while (open_.size() > outer);
  return text_.substr(start, at_ - start);
}

void JsonReader::end() {
  blanks();
  if (at_ < text_.size()) unexpected();
}

namespace {

// `value`, valid JSON, without the blanks outside its strings.
std::string without_blanks(std::string_view value) {
  std::string compact;
  bool in_string = false, escaped = false;
  for (const char c : value) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      continue;
    } else if (c == '"') {
      in_string = true;
    }
    compact += c;
  }
  return compact;
}

}  // namespace

std::string canonical_json(std::string_view value) {
  JsonReader json(value);
  if (json.peek() != JsonReader::Kind::object) {
    const std::string compact = without_blanks(json.skip());
    json.end();
    return compact;
  }
  std::vector<std::pair<std::string, std::string>> members;
  json.begin_object();
  std::string key;
  while (json.next_key(key))
    members.emplace_back(key, without_blanks(json.skip()));
  json.end();
  std::sort(members.begin(), members.end());
  // Each key decoded, after its length, so that no two different objects share a form.
  std::string canonical = "{";
  for (const auto& [name, member] : members)
    canonical += std::to_string(name.size()) + ':' + name + member + ',';
  return canonical + '}';
}

}  // namespace nim
