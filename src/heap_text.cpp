#include "heap_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "json_writer.hpp"

namespace nim {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back()))
    text.remove_suffix(1);
  return text;
}

std::string bad_heap(std::string_view text) {
  if (text.size() > 1 && text[0] == '-' && all_digits(text.substr(1)))
    return "heap size " + std::string(text) + " is negative";
  return "heap size " + quoted(text) + " is not a whole number";
}

// Appends one size if `field` is all digits; false if it is not.
bool push_field(std::string_view field, HeapList& heaps) {
  if (field.empty()) return false;
  if (!heaps.is_big) {
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
    if (!overflow) {
      heaps.small.push_back(value);
      return true;
    }
    make_big(heaps);
  } else if (!all_digits(field)) {
    return false;
  }
  heaps.big.emplace_back(std::string(field), 10);  // base 10: GMP would read "0..." as octal
  return true;
}

// Reads the fields of plain text, separated by commas or else by blanks.
std::string parse_plain(std::string_view text, HeapList& heaps, bool commas) {
  const auto is_separator = [commas](char c) { return commas ? c == ',' : is_blank(c); };
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = start;
    while (end < text.size() && !is_separator(text[end]))
      ++end;
    const std::string_view field =
        commas ? trim(text.substr(start, end - start)) : text.substr(start, end - start);
    if ((!field.empty() || commas) && !push_field(field, heaps)) return bad_heap(field);
    start = end + 1;
  }
  return {};
}

// Reads `[1,3,5,7]` or `{"heaps":[1,3,5,7], ...}` with nlohmann's SAX parser, which hands over
// the exact text of integers too large for 64 bits.
class JsonHeaps : public nlohmann::json_sax<nlohmann::json> {
 public:
  explicit JsonHeaps(HeapList& heaps) : heaps_(heaps) {}

  std::string error() const {
    if (!error_.empty() || found_) return error_;
    return top_is_object_ ? "no \"heaps\" key in the object" : "expected a list of heap sizes";
  }

  bool null() override { return other("null"); }
  bool boolean(bool b) override { return other(b ? "true" : "false"); }
  // nlohmann calls this for numbers written with a minus sign only, -0 among them.
  bool number_integer(number_integer_t n) override {
    return number(n == 0 ? "-0" : std::to_string(n));
  }
  bool number_unsigned(number_unsigned_t n) override {
    if (!in_heaps()) return scalar();
    if (heaps_.is_big) return push(to_big(n));
    heaps_.small.push_back(n);
    return true;
  }
  bool number_float(number_float_t, const string_t& text) override { return number(text); }
  bool string(string_t& text) override { return other(nim::quoted(text)); }
  bool binary(binary_t&) override { return other("binary data"); }

  bool start_object(std::size_t) override {
    if (depth_ == 0) top_is_object_ = true;
    return open("an object");
  }
  bool key(string_t& name) override {
    heaps_next_ = depth_ == 1 && top_is_object_ && name == "heaps";
    if (heaps_next_ && found_) return fail("more than one \"heaps\" key");
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override {
    if (depth_ == 0 || heaps_next_) {
      heaps_depth_ = depth_ + 1;
      found_ = true;
      heaps_next_ = false;
    }
    return open("a list");
  }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    std::string_view what = e.what();
    what.remove_prefix(std::min(what.size(), what.find(']') + 2));  // "[json.exception...] "
    return fail("not valid JSON: " + std::string(what));
  }

 private:
  bool in_heaps() const { return depth_ == heaps_depth_; }

  // A scalar outside the heaps list is ignored, unless it stands where the list should be.
  bool scalar() {
    if (depth_ == 0) return fail("expected a list of heap sizes");
    if (heaps_next_) return fail("\"heaps\" must be a list of heap sizes");
    return true;
  }
  // A non-number where a heap size should be; `shown` is the value as JSON writes it.
  bool other(const std::string& shown) {
    return in_heaps() ? fail("heap size " + shown + " is not a whole number") : scalar();
  }
  bool number(const std::string& text) {
    if (!in_heaps()) return scalar();
    return push_field(text, heaps_) || fail(bad_heap(text));
  }
  bool push(BigHeap h) {
    heaps_.big.push_back(std::move(h));
    return true;
  }
  bool open(const char* what) {
    if (in_heaps()) return fail(std::string("heap size must be a whole number, not ") + what);
    if (heaps_next_) return fail("\"heaps\" must be a list of heap sizes");
    ++depth_;
    return true;
  }
  bool close() {
    if (in_heaps()) heaps_depth_ = -1;
    --depth_;
    return true;
  }
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  HeapList& heaps_;
  std::string error_;
  int depth_ = 0;
  int heaps_depth_ = -1;  // depth inside the heaps list while reading it
  bool top_is_object_ = false;
  bool heaps_next_ = false;  // the "heaps" key was just read
  bool found_ = false;
};

}  // namespace

void make_big(HeapList& heaps) {
  if (heaps.is_big) return;
  heaps.big.clear();
  for (SmallHeap h : heaps.small)
    heaps.big.push_back(to_big(h));
  heaps.is_big = true;
}

std::string parse_heaps(std::string_view text, HeapList& heaps, Fields fields) {
  heaps.small.clear();
  heaps.big.clear();
  heaps.is_big = false;
  const std::string_view body = trim(text);
  std::string error;
  if (fields == Fields::any && !body.empty() && (body.front() == '[' || body.front() == '{')) {
    JsonHeaps reader(heaps);
    nlohmann::json::sax_parse(body, &reader);
    error = reader.error();
  } else {
    error = parse_plain(body, heaps,
                        fields == Fields::by_comma || body.find(',') != std::string_view::npos);
  }
  if (error.empty() && heaps.small.empty() && heaps.big.empty()) error = "no heap sizes given";
  return error;
}

std::optional<BigHeap> parse_integer(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!all_digits(text.substr(negative ? 1 : 0))) return std::nullopt;
  return BigHeap(std::string(text), 10);
}

std::string quoted(std::string_view text) {
  Buffer out;
  append_json_string(out, text);
  return out.str();
}

}  // namespace nim
