#include "cli/input/json_reader.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace nim {
namespace {

// Reads one whole value with skip() and checks that nothing follows; "" or the error.
std::string validate(std::string_view text) {
  try {
    JsonReader json(text);
    json.skip();
    json.end();
  } catch (const JsonError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("JsonReader walks arrays and objects, handing numbers out as written") {
  JsonReader json(R"( {"a": [1, -2.5e+3, 123456789012345678901234567890], "b\u00e9": "x\n"} )");
  CHECK(json.peek() == JsonReader::Kind::object);
  json.begin_object();
  std::string key;
  REQUIRE(json.next_key(key));
  CHECK(key == "a");
  json.begin_array();
  std::vector<std::string> numbers;
  while (json.next_item())
    numbers.emplace_back(json.number());
  CHECK(numbers == std::vector<std::string>{"1", "-2.5e+3", "123456789012345678901234567890"});
  REQUIRE(json.next_key(key));
  CHECK(key == "b\xc3\xa9");
  CHECK(json.string() == "x\n");
  CHECK_FALSE(json.next_key(key));
  json.end();
}

TEST_CASE("JsonReader::skip returns any value exactly as written") {
  JsonReader json(R"([ {"id": {"deep": [1, [2, {}], "]"]}} , 7, "s\"", null ])");
  json.begin_array();
  std::vector<std::string> items;
  while (json.next_item())
    items.emplace_back(json.skip());
  CHECK(items == std::vector<std::string>{R"({"id": {"deep": [1, [2, {}], "]"]}})", "7", R"("s\"")",
                                          "null"});
  json.end();
}

TEST_CASE("JsonReader decodes every escape, surrogate pairs included") {
  JsonReader json(R"("\"\\\/\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00")");
  CHECK(json.string() == "\"\\/\b\f\n\r\tA\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

TEST_CASE("JsonReader accepts what RFC 8259 allows, at any depth and length") {
  for (std::string_view good :
       {"0", "-0", "1.5", "1e5", "1E-5", "-12.5e+10", "true", "false", "null", "\"\"", "[]", "{}",
        " [ 1 , { \"a\" : [ ] } ] ", "\"\\u0000\"", "\"\xf0\x9f\x98\x80\""}) {
    INFO(good);
    CHECK(validate(good) == "");
  }
  CHECK(validate(std::string(100000, '[') + std::string(100000, ']')) == "");
  CHECK(validate("1" + std::string(5000, '0')) == "");  // no overflow: numbers stay text
}

TEST_CASE("JsonReader rejects the rest, saying what and where") {
  CHECK(validate("") == "unexpected end of the text");
  CHECK(validate("[1,]") == "unexpected character ']' at byte 4");
  CHECK(validate("[1 2]") == "unexpected character '2' at byte 4");
  CHECK(validate("{\"a\" 1}") == "unexpected character '1' at byte 6");
  CHECK(validate("{\"a\":1,}") == "unexpected character '}' at byte 8");
  CHECK(validate("{1:2}") == "unexpected character '1' at byte 2");
  CHECK(validate("01") == "unexpected character '1' at byte 2");
  CHECK(validate("1.") == "unexpected end of the text");
  CHECK(validate("1.e3") == "unexpected character 'e' at byte 3");
  CHECK(validate("-") == "unexpected end of the text");
  CHECK(validate("+1") == "unexpected character '+' at byte 1");
  CHECK(validate(".5") == "unexpected character '.' at byte 1");
  CHECK(validate("tru") == "unexpected character 't' at byte 1");
  CHECK(validate("nul") == "unexpected character 'n' at byte 1");
  CHECK(validate("[1] 2") == "unexpected character '2' at byte 5");
  CHECK(validate("\x01") == "unexpected byte 0x01 at byte 1");
  CHECK(validate("\"abc") == "unterminated string at the end of the text");
  CHECK(validate("\"a\tb\"") == "control character in a string at byte 3");
  CHECK(validate("\"\\x\"") == "invalid escape in a string at byte 3");
  CHECK(validate("\"\\u12G4\"") == "invalid \\u escape in a string at byte 6");
  CHECK(validate("\"\\ude00\"") == "lone low surrogate in a string at byte 8");
  CHECK(validate("\"\\ud83d\"") == "lone high surrogate in a string at byte 8");
  CHECK(validate("\"\\ud83d\\u0041\"") == "lone high surrogate in a string at byte 14");
  CHECK(validate("\"\xff\"") == "invalid UTF-8 in a string at byte 2");
  CHECK(validate("\"\xc0\xaf\"") == "invalid UTF-8 in a string at byte 2");  // overlong '/'
}

TEST_CASE("JsonReader accepts exactly what nlohmann::json accepts, on a sample of texts") {
  // Differential check on texts built from JSON's pieces; numbers are kept short so that
  // nlohmann's overflow to infinity (which JsonReader does not have) never arises.
  const std::vector<std::string> pieces{
      "[",  "]",       "{",      "}",    ",",    ":", "\"a\"",       "1",
      "-0", "2.5",     "2.5E-1", "true", "null", " ", "\"\\u00e9\"", "\"\\ud83d\\ude00\"",
      "x",  "\"\\q\"", "01",     "\""};
  std::uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const auto length = 1 + next() % 8;
    for (std::uint64_t k = 0; k < length; ++k)
      text += pieces[next() % pieces.size()];
    INFO(text);
    CHECK((validate(text) == "") == nlohmann::json::accept(text));
  }
}

}  // namespace
}  // namespace nim
