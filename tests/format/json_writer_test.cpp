#include "format/json_writer.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "nim/random.hpp"
#include "support/numbers.hpp"
#include "text/decimal.hpp"

namespace nim {
namespace {

std::string write(bool pretty, const std::function<void(JsonWriter&)>& body) {
  Buffer out;
  JsonWriter w(out, pretty);
  body(w);
  return out.str();
}

std::string json_string(std::string_view text) {
  Buffer out;
  append_json_string(out, text);
  return out.str();
}

// `text` between double quotes, as it is.
std::string in_quotes(std::string_view text) {
  std::string out(1, '"');
  out.append(text);
  out += '"';
  return out;
}

// The string nlohmann reads back from our literal; fails the test if it is not valid JSON.
std::string read_back(const std::string& literal) {
  INFO("literal: ", literal);
  nlohmann::json parsed;
  REQUIRE_NOTHROW(parsed = nlohmann::json::parse(literal));
  REQUIRE(parsed.is_string());
  return parsed.get<std::string>();
}

// {"a":1,"list":[1,2,[],{},[3,[4,{"deep":"x"}]]],"obj":{"n":null,"t":true,"f":false,
//  "s":"q\"b\\s","empty":{},"none":[]},"max":18446744073709551615,"last":[0]}
void nested_document(JsonWriter& w) {
  w.begin_object();
  w.key("a");
  w.number(std::uint64_t{1});
  w.key("list");
  w.begin_array();
  w.number(std::uint64_t{1});
  w.number(BigHeap(2));
  w.begin_array();
  w.end_array();
  w.begin_object();
  w.end_object();
  w.begin_array();
  w.number(std::uint64_t{3});
  w.begin_array();
  w.number(std::uint64_t{4});
  w.begin_object();
  w.key("deep");
  w.string("x");
  w.end_object();
  w.end_array();
  w.end_array();
  w.end_array();
  w.key("obj");
  w.begin_object();
  w.key("n");
  w.null();
  w.key("t");
  w.boolean(true);
  w.key("f");
  w.boolean(false);
  w.key("s");
  w.string("q\"b\\s");
  w.key("empty");
  w.begin_object();
  w.end_object();
  w.key("none");
  w.begin_array();
  w.end_array();
  w.end_object();
  w.key("max");
  w.number(max64);
  w.key("last");
  w.begin_array();
  w.number(std::uint64_t{0});
  w.end_array();
  w.end_object();
}

TEST_CASE("JsonWriter writes compact JSON with no blanks") {
  CHECK(write(false, nested_document) ==
        R"({"a":1,"list":[1,2,[],{},[3,[4,{"deep":"x"}]]],"obj":{"n":null,"t":true,"f":false,)"
        R"("s":"q\"b\\s","empty":{},"none":[]},"max":18446744073709551615,"last":[0]})");

  SUBCASE("empty containers and scalars at the top") {
    CHECK(write(false, [](JsonWriter& w) {
            w.begin_array();
            w.end_array();
          }) == "[]");
    CHECK(write(false, [](JsonWriter& w) {
            w.begin_object();
            w.end_object();
          }) == "{}");
    CHECK(write(false, [](JsonWriter& w) { w.null(); }) == "null");
    CHECK(write(false, [](JsonWriter& w) { w.number(std::uint64_t{7}); }) == "7");
  }
  SUBCASE("raw_value places the caller's text where a value goes") {
    CHECK(write(false, [](JsonWriter& w) {
            w.begin_object();
            w.key("a");
            w.raw_value() += std::string_view("\"raw\"");
            w.key("b");
            w.begin_array();
            w.number(std::uint64_t{1});
            w.raw_value() += std::string_view("2");
            w.end_array();
            w.end_object();
          }) == R"({"a":"raw","b":[1,2]})");
  }
}

TEST_CASE("JsonWriter's pretty output is exactly nlohmann's dump(2)") {
  const auto same_as_nlohmann = [](const std::function<void(JsonWriter&)>& body) {
    const std::string compact = write(false, body);
    INFO("compact: ", compact);
    CHECK(write(true, body) == nlohmann::ordered_json::parse(compact).dump(2));
  };
  same_as_nlohmann(nested_document);
  same_as_nlohmann([](JsonWriter& w) {
    w.begin_array();
    w.end_array();
  });
  same_as_nlohmann([](JsonWriter& w) {
    w.begin_object();
    w.end_object();
  });
  same_as_nlohmann([](JsonWriter& w) {
    w.begin_array();
    w.begin_array();
    w.begin_array();
    w.end_array();
    w.end_array();
    w.begin_object();
    w.key("k");
    w.begin_array();
    w.begin_object();
    w.end_object();
    w.end_array();
    w.end_object();
    w.end_array();
  });
  same_as_nlohmann([](JsonWriter& w) {
    // The shape of a record: scalars, a move, positions, a nested rules object.
    w.begin_object();
    w.key("winning");
    w.boolean(true);
    w.key("move");
    w.begin_array();
    w.number(std::uint64_t{2});
    w.number(std::uint64_t{29});
    w.end_array();
    w.key("next_position");
    w.begin_array();
    for (std::uint64_t h : {1, 2, 3})
      w.number(h);
    w.end_array();
    w.key("rules");
    w.begin_object();
    w.key("misere");
    w.boolean(false);
    w.key("max_take");
    w.null();
    w.end_object();
    w.key("winning_moves");
    w.begin_array();
    w.end_array();
    w.end_object();
  });
}

TEST_CASE("a long document grows the buffer and stays valid JSON") {
  std::vector<std::uint64_t> values;
  SplitMix64 rng(7);
  for (int i = 0; i < 5000; ++i)
    values.push_back(rng() >> (i % 64));
  for (bool pretty : {false, true}) {
    const std::string text = write(pretty, [&](JsonWriter& w) {
      w.begin_array();
      for (std::uint64_t v : values)
        w.number(v);
      w.end_array();
    });
    CHECK(nlohmann::json::parse(text).get<std::vector<std::uint64_t>>() == values);
  }
}

TEST_CASE("append_json_string escapes what JSON requires") {
  CHECK(json_string("plain text") == "\"plain text\"");
  CHECK(json_string("") == "\"\"");
  CHECK(json_string("say \"hi\"") == R"("say \"hi\"")");
  CHECK(json_string("back\\slash") == R"("back\\slash")");
  CHECK(json_string("/") == "\"/\"");

  SUBCASE("control characters and DEL become \\u00XX") {
    CHECK(json_string(std::string_view("\0", 1)) == R"("\u0000")");
    CHECK(json_string("\x01") == R"("\u0001")");
    CHECK(json_string("a\nb") == R"("a\u000ab")");
    CHECK(json_string("\t") == R"("\u0009")");
    CHECK(json_string("\r") == R"("\u000d")");
    CHECK(json_string("\x1f") == R"("\u001f")");
    CHECK(json_string("\x7f") == R"("\u007f")");
  }
  SUBCASE("every ASCII character reads back as itself") {
    std::string all;
    for (int c = 0; c < 0x80; ++c)
      all += static_cast<char>(c);
    const std::string literal = json_string(all);
    for (char c : literal) {
      CHECK(static_cast<unsigned char>(c) >= 0x20);
      CHECK(c != 0x7f);
    }
    CHECK(read_back(literal) == all);
  }
  SUBCASE("appends to what the buffer already holds") {
    Buffer out;
    out += std::string_view("x=");
    append_json_string(out, "y");
    CHECK(out.str() == "x=\"y\"");
  }
}

TEST_CASE("append_json_string keeps valid UTF-8 as it is, but for what needs escaping") {
  for (std::string_view text : {
           "\xc2\xa0",           // U+00A0, the first two-byte character after the C1 controls
           "\xc3\xa9t\xc3\xa9",  // été
           "\xdf\xbf",           // U+07FF
           "\xe0\xa0\x80",       // U+0800, the first three-byte character
           "\xe2\x82\xac",       // €
           "\xed\x9f\xbf",       // U+D7FF, just below the surrogates
           "\xee\x80\x80",       // U+E000, just above them
           "\xef\xbf\xbf",       // U+FFFF
           "\xf0\x90\x80\x80",   // U+10000, the first four-byte character
           "\xf0\x9d\x84\x9e",   // 𝄞
           "\xf4\x8f\xbf\xbf",   // U+10FFFF, the last code point
           "Nim \xe2\x80\x94 \xe6\xbc\xa2\xe5\xad\x97 \xf0\x9f\x8e\xb2",
       }) {
    INFO("text: ", text);
    const std::string literal = json_string(text);
    CHECK(literal == in_quotes(text));
    CHECK(read_back(literal) == text);
  }
}

TEST_CASE("append_json_string turns each byte of invalid UTF-8 into \\ufffd") {
  const std::string_view fffd = "\\ufffd";
  const auto replaced = [&](int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i)
      out += fffd;
    return out;
  };
  struct Case {
    std::string_view text;
    std::string expected;  // between the quotes
  };
  const std::vector<Case> cases{
      {"\x80", replaced(1)},                                         // a lone continuation byte
      {"a\xbfz", std::string("a").append(replaced(1)).append("z")},  // another, amid ASCII
      {"\xc0\xaf", replaced(2)},                                     // overlong '/'
      {"\xc1\xbf", replaced(2)},                                     // overlong U+007F
      {"\xe0\x80\xaf", replaced(3)},                                 // overlong in three bytes
      {"\xe0\x9f\xbf", replaced(3)},                                 // overlong U+07FF
      {"\xf0\x80\x80\xaf", replaced(4)},                             // overlong in four bytes
      {"\xf0\x8f\xbf\xbf", replaced(4)},                             // overlong U+FFFF
      {"\xed\xa0\x80", replaced(3)},                                 // the surrogate U+D800
      {"\xed\xbf\xbf", replaced(3)},                                 // the surrogate U+DFFF
      {"\xf4\x90\x80\x80", replaced(4)},                             // U+110000, beyond Unicode
      {"\xf5\x80\x80\x80", replaced(4)},  // a lead byte no code point uses
      {"\xf5", replaced(1)},
      {"\xf8\x88\x80\x80\x80", replaced(5)},  // the old five-byte form
      {"\xfe\xff", replaced(2)},
      {"\xe2\x82", replaced(2)},                           // € cut short at the end
      {"\xe2\x82z", replaced(2) + "z"},                    // € cut short by an ASCII byte
      {"\xf0\x9d\x84", replaced(3)},                       // 𝄞 cut short
      {"\xc3", replaced(1)},                               // a lone lead byte
      {"\xc3\xc3\xa9", replaced(1) + "\xc3\xa9"},          // a lead byte, then a valid é
      {"\xe2\x82\xac\x80", "\xe2\x82\xac" + replaced(1)},  // € then a stray continuation
  };
  for (const auto& c : cases) {
    INFO("expected: ", c.expected);
    const std::string literal = json_string(c.text);
    CHECK(literal == in_quotes(c.expected));
    read_back(literal);  // valid JSON, and valid UTF-8 inside
  }

  SUBCASE("random bytes always give a string nlohmann accepts") {
    SplitMix64 rng(2024);
    for (int round = 0; round < 3000; ++round) {
      std::string bytes(uniform_below(rng, 24), '\0');
      for (char& b : bytes)
        b = static_cast<char>(rng() >> 56);
      const std::string literal = json_string(bytes);
      INFO("literal: ", literal);
      const std::string back = read_back(literal);
      // Every byte is kept or becomes U+FFFD (3 bytes): nothing else is lost or added.
      std::size_t replacements = 0;
      for (std::size_t at = back.find("\xef\xbf\xbd"); at != std::string::npos;
           at = back.find("\xef\xbf\xbd", at + 3))
        ++replacements;
      CHECK(back.size() == bytes.size() + 2 * replacements);
    }
  }
}

TEST_CASE("shortest_decimal: seconds and probabilities as messages show them") {
  CHECK(shortest_decimal(5) == "5");
  CHECK(shortest_decimal(0.5) == "0.5");
  CHECK(shortest_decimal(2.25) == "2.25");
  CHECK(shortest_decimal(0.1) == "0.1");
}

TEST_CASE("plain_decimal: the shortest decimal that reads back, never in exponent form") {
  CHECK(plain_decimal(5) == "5");
  CHECK(plain_decimal(0.2) == "0.2");
  CHECK(plain_decimal(0.0000001) == "0.0000001");  // shortest_decimal: 1e-07
  CHECK(plain_decimal(0.0001) == "0.0001");        // 1e-04
  CHECK(plain_decimal(100000) == "100000");        // 1e+05
  CHECK(plain_decimal(1000000) == "1000000");      // the longest --move-timeout, 1e+06
}

TEST_CASE("fixed_point: whole units as an exact decimal, without trailing zeros") {
  CHECK(fixed_point(51237, 3) == "51.237");
  CHECK(fixed_point(42, 3) == "0.042");
  CHECK(fixed_point(5000, 3) == "5");
  CHECK(fixed_point(0, 3) == "0");
  CHECK(fixed_point(9'870'000, 6) == "9.87");
  CHECK(fixed_point(1, 6) == "0.000001");
  CHECK(fixed_point(UINT64_MAX, 0) == "18446744073709551615");
  CHECK(fixed_point(UINT64_MAX, 6) == "18446744073709.551615");
}

TEST_CASE("numbers are written exactly, however large") {
  const auto number = [](const auto& n) {
    Buffer out;
    append_number(out, n);
    return out.str();
  };
  CHECK(number(std::uint64_t{0}) == "0");
  CHECK(number(std::uint64_t{7}) == "7");
  CHECK(number(max64) == "18446744073709551615");
  CHECK(number(BigHeap(0)) == "0");
  CHECK(number(to_big(max64)) == "18446744073709551615");
  CHECK(number(to_big(max64) + 1) == "18446744073709551616");

  SUBCASE("every power of ten and the number just below it, up to 10^320") {
    BigHeap power = 1;
    std::string digits = "1";
    for (int k = 0; k <= 320; ++k) {
      CHECK(number(power) == digits);
      CHECK(number(BigHeap(power - 1)) == (k == 0 ? "0" : std::string(k, '9')));
      power *= 10;
      digits += '0';
    }
  }
  SUBCASE("every machine word below 20,000, alone and one after another") {
    // The short paths write a character past a number of one digit, or of three.
    Buffer row;
    std::string expected;
    for (std::uint64_t n = 0; n < 20'000; ++n) {
      REQUIRE(number(n) == std::to_string(n));
      append_number(row, n);
      expected += std::to_string(n);
    }
    CHECK(row.str() == expected);
  }
  SUBCASE("a 300-digit number, and 2^200+1") {
    std::string digits = "9";
    for (int i = 1; i < 300; ++i)
      digits += static_cast<char>('0' + (i * 37) % 10);
    CHECK(number(BigHeap(digits)) == digits);
    BigHeap two_200 = 1;
    two_200 <<= 200;
    CHECK(number(BigHeap(two_200 + 1)) ==
          "1606938044258990275541962092341162602522202993782792835301377");
  }
  SUBCASE("JsonWriter writes big numbers as bare integer literals") {
    const BigHeap big("123456789012345678901234567890123456789012345678901234567890");
    const std::string text = write(false, [&](JsonWriter& w) {
      w.begin_array();
      w.number(std::uint64_t{5});
      w.number(big);
      w.end_array();
    });
    CHECK(text == "[5,123456789012345678901234567890123456789012345678901234567890]");
    CHECK(nlohmann::json::accept(text));
  }
}

}  // namespace
}  // namespace nim
