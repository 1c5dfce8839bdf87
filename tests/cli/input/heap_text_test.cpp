#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "support/numbers.hpp"

namespace nim {
namespace {

const std::string two_to_64 = "18446744073709551616";  // 2^64, the first size that needs GMP

struct Parsed {
  std::string error;
  AnyPosition heaps;
};

// A --batch line, read.
Parsed parse(std::string_view line) {
  Parsed parsed;
  parsed.error = read_heaps(line, parsed.heaps);
  return parsed;
}

// -H arguments, each appended in turn.
Parsed parse_arguments(const std::vector<std::string>& arguments) {
  Parsed parsed;
  for (const auto& argument : arguments)
    if (parsed.error.empty()) parsed.error = append_heaps(argument, parsed.heaps);
  return parsed;
}

// The sizes read, in decimal, from whichever list holds them.
std::vector<std::string> sizes(const AnyPosition& heaps) {
  std::vector<std::string> out;
  if (heaps.is_big()) {
    for (const BigHeap& h : heaps.big())
      out.push_back(h.get_str());
  } else {
    for (SmallHeap h : heaps.small())
      out.push_back(std::to_string(h));
  }
  return out;
}

using Sizes = std::vector<std::string>;

void check_small(const Parsed& parsed, const std::vector<SmallHeap>& expected) {
  REQUIRE(parsed.error == "");
  CHECK_FALSE(parsed.heaps.is_big());
  CHECK(parsed.heaps.small() == expected);
  CHECK(parsed.heaps.big().empty());
}

// Checks that the line `text` is read without error as exactly these 64-bit sizes.
void check_small(std::string_view text, const std::vector<SmallHeap>& expected) {
  INFO("input: ", quoted(text));
  check_small(parse(text), expected);
}

// Checks that the line `text` is rejected with exactly this message.
void check_error(std::string_view text, const std::string& message) {
  INFO("input: ", quoted(text));
  CHECK(parse(text).error == message);
}

// A 300-digit number that no 64-bit value can hold.
std::string three_hundred_digits() {
  std::string digits;
  for (int i = 0; i < 300; ++i)
    digits += static_cast<char>('1' + (i * 7) % 9);
  return digits;
}

TEST_CASE("read_heaps reads sizes separated by blanks") {
  check_small("1 3 5 7", {1, 3, 5, 7});
  check_small("42", {42});
  check_small("0", {0});
  check_small("0 0 0", {0, 0, 0});

  SUBCASE("runs of spaces and tabs, leading and trailing blanks") {
    check_small("  1   3\t5 \t 7  ", {1, 3, 5, 7});
    check_small("\t\t9\t", {9});
  }
  SUBCASE("a CRLF line ending leaves a \\r that is ignored") {
    check_small("1 3 5 7\r", {1, 3, 5, 7});
    check_small("1,3,5,7\r", {1, 3, 5, 7});
    check_small("[1,3,5,7]\r", {1, 3, 5, 7});
    check_small("{\"heaps\":[1,3]}\r", {1, 3});
  }
  SUBCASE("leading zeros do not change the value, nor force GMP") {
    check_small("007 010 0000000000000000000000000000001 000000000000000000000000000000090",
                {7, 10, 1, 90});
  }
}

TEST_CASE("read_heaps reads comma-separated sizes, blanks around each one allowed") {
  check_small("1,3,5,7", {1, 3, 5, 7});
  check_small("1, 3 ,\t5 , 7", {1, 3, 5, 7});
  check_small("  1,3  ", {1, 3});
}

TEST_CASE("append_heaps reads each -H argument as a plain line and adds its sizes") {
  check_small(parse_arguments({"1", "3", "5", "7"}), {1, 3, 5, 7});
  check_small(parse_arguments({"1,3,5,7"}), {1, 3, 5, 7});
  check_small(parse_arguments({"1,3", "5"}), {1, 3, 5});
  check_small(parse_arguments({" 1 , 3 "}), {1, 3});
  SUBCASE("one argument holding spaces, as -H \"$list\" gives, is several heaps") {
    check_small(parse_arguments({"1 3 5 7"}), {1, 3, 5, 7});
    check_small(parse_arguments({"1 3", "5\t7"}), {1, 3, 5, 7});
  }
  SUBCASE("a big size in a later argument keeps the earlier ones exactly") {
    const Parsed parsed = parse_arguments({"1 2", two_to_64, "3"});
    REQUIRE(parsed.error == "");
    CHECK(sizes(parsed.heaps) == Sizes{"1", "2", two_to_64, "3"});
  }
  SUBCASE("never JSON, and every argument must hold a size") {
    CHECK(parse_arguments({"[1,3]"}).error == "heap size \"[1\" is not a whole number");
    CHECK(parse_arguments({""}).error == "heap size \"\" is not a whole number");
    CHECK(parse_arguments({"1", "  "}).error == "heap size \"  \" is not a whole number");
    CHECK(parse_arguments({"1,,3"}).error == "heap size \"\" is not a whole number");
    CHECK(parse_arguments({"1 3,5"}).error == "heap size \"1 3\" is not a whole number");
  }
}

TEST_CASE("read_heaps reads a JSON array") {
  check_small("[1,3,5,7]", {1, 3, 5, 7});
  check_small("  [ 1 , 3 ,\t5, 7 ]  ", {1, 3, 5, 7});
  check_small("[0]", {0});
  check_small("[18446744073709551615]", {max64});
}

TEST_CASE("read_heaps reads a JSON object's \"heaps\" key and ignores everything else") {
  check_small("{\"heaps\":[1,3,5,7]}", {1, 3, 5, 7});
  check_small("{\"id\": 12, \"heaps\": [1, 3], \"label\": \"x\"}", {1, 3});

  SUBCASE("lists and numbers in other keys are not heap sizes") {
    check_small("{\"before\":[8,9],\"heaps\":[1,3],\"after\":[4,5],\"n\":6}", {1, 3});
    check_small("{\"heaps\":[2],\"extra\":[[7],[8,9]]}", {2});
  }
  SUBCASE("values of every JSON type elsewhere are ignored, at any depth") {
    check_small(
        "{\"s\":\"[1]\",\"t\":true,\"f\":false,\"z\":null,\"neg\":-5,\"real\":1.5,\"e\":1e5,"
        "\"huge\":123456789012345678901234567890,"
        "\"meta\":{\"heaps\":[9,9],\"deep\":[{\"heaps\":[8]},[[-1,\"x\",null]]]},"
        "\"heaps\":[4,5,6]}",
        {4, 5, 6});
  }
  SUBCASE("a \"heaps\" key inside a nested object is not the position") {
    check_error("{\"meta\":{\"heaps\":[1,2]}}", "no \"heaps\" key in the object");
  }
}

TEST_CASE("read_heaps switches to GMP as soon as a size exceeds 2^64-1") {
  SUBCASE("2^64-1 itself stays on the 64-bit path") {
    check_small("18446744073709551615", {max64});
    check_small("1,18446744073709551615", {1, max64});
    check_small("000018446744073709551615", {max64});
  }
  SUBCASE("2^64 is big, and exact") {
    const Parsed parsed = parse(two_to_64);
    REQUIRE(parsed.error == "");
    CHECK(parsed.heaps.is_big());
    REQUIRE(parsed.heaps.big().size() == 1);
    CHECK(parsed.heaps.big()[0] == BigHeap(two_to_64));
    CHECK(parsed.heaps.big()[0] - 1 == to_big(max64));
  }
  SUBCASE("leading zeros on a big size are still decimal, not octal") {
    CHECK(sizes(parse("00" + two_to_64).heaps) == Sizes{two_to_64});
    CHECK(sizes(parse("1, 0" + two_to_64 + ", 010").heaps) == Sizes{"1", two_to_64, "10"});
    CHECK(sizes(parse(two_to_64 + " 0123 09").heaps) == Sizes{two_to_64, "123", "9"});
  }
  SUBCASE("a big size after small ones keeps the small ones exactly") {
    for (std::string_view text :
         {"1 18446744073709551615 18446744073709551616 3 0",
          "1,18446744073709551615,18446744073709551616,3,0",
          "[1,18446744073709551615,18446744073709551616,3,0]",
          "{\"heaps\":[1,18446744073709551615,18446744073709551616,3,0]}"}) {
      INFO("input: ", text);
      const Parsed parsed = parse(text);
      REQUIRE(parsed.error == "");
      CHECK(parsed.heaps.is_big());
      CHECK(sizes(parsed.heaps) == Sizes{"1", "18446744073709551615", two_to_64, "3", "0"});
    }
  }
  SUBCASE("a 300-digit size is read exactly, in every form") {
    const std::string big = three_hundred_digits();
    const std::vector<std::pair<std::string, Sizes>> cases{
        {"5 " + big + " 7", {"5", big, "7"}},   {"5," + big + ",7", {"5", big, "7"}},
        {"[5," + big + ",7]", {"5", big, "7"}}, {"{\"heaps\":[5," + big + ",7]}", {"5", big, "7"}},
        {big + " 5 7", {big, "5", "7"}},        {"[" + big + ",5,7]", {big, "5", "7"}},
    };
    for (const auto& [input, expected] : cases) {
      const std::string& text = input;  // clang 14 cannot capture a structured binding (INFO)
      INFO("input: ", text);
      const Parsed parsed = parse(text);
      REQUIRE(parsed.error == "");
      CHECK(parsed.heaps.is_big());
      CHECK(sizes(parsed.heaps) == expected);
    }
  }
  SUBCASE("integers of any length in JSON, 10^309 and beyond, are read exactly") {
    std::string huge(401, '0');  // 10^400: far beyond a double's range
    huge[0] = '1';
    CHECK(sizes(parse("[" + huge + ",3]").heaps) == Sizes{huge, "3"});
    CHECK(sizes(parse("{\"heaps\":[3," + huge + "],\"x\":" + huge + "}").heaps) ==
          Sizes{"3", huge});
  }
  SUBCASE("a list is cleared and back on the 64-bit path when read again") {
    AnyPosition heaps;
    REQUIRE(read_heaps("1 " + two_to_64, heaps) == "");
    REQUIRE(heaps.is_big());
    REQUIRE(read_heaps("4 5", heaps) == "");
    CHECK_FALSE(heaps.is_big());
    CHECK(heaps.small() == Position<SmallHeap>{4, 5});
    CHECK(heaps.big().empty());
  }
}

TEST_CASE("a bad heap size is rejected with a message that names it") {
  SUBCASE("a negative size") {
    check_error("-3", "heap size -3 is negative");
    check_error("1 -3 5", "heap size -3 is negative");
    check_error("1,-3", "heap size -3 is negative");
    check_error("[1,-3]", "heap size -3 is negative");
    check_error("{\"heaps\":[-3]}", "heap size -3 is negative");
    check_error("-" + two_to_64, "heap size -" + two_to_64 + " is negative");
    check_error("[-" + two_to_64 + "]", "heap size -" + two_to_64 + " is negative");
    check_error("-0", "heap size -0 is negative");  // the same in every form
    check_error("[-0]", "heap size -0 is negative");
  }
  SUBCASE("text that is not a whole number in plain decimal") {
    for (std::string_view bad : {"3.5", "abc", "0x10", "+3", "1e5", "3a", "-", "--3", "-3.5",
                                 "\xff", "\xd9\xa3" /* ARABIC-INDIC DIGIT THREE */}) {
      check_error(bad, "heap size " + quoted(bad) + " is not a whole number");
      check_error("1 " + std::string(bad) + " 2",
                  "heap size " + quoted(bad) + " is not a whole number");
      check_error("1, " + std::string(bad), "heap size " + quoted(bad) + " is not a whole number");
    }
  }
  SUBCASE("a non-digit after 20 digits, on the way to GMP, is still caught") {
    check_error("123456789012345678901234x",
                "heap size \"123456789012345678901234x\" is not a whole number");
    check_error(two_to_64 + " 12x", "heap size \"12x\" is not a whole number");
  }
  SUBCASE("an empty field between commas") {
    check_error("1,,3", "heap size \"\" is not a whole number");
    check_error("1,3,", "heap size \"\" is not a whole number");
    check_error(",1", "heap size \"\" is not a whole number");
    check_error("1, ,3", "heap size \"\" is not a whole number");
  }
  SUBCASE("a field that mixes blanks inside a comma-separated list") {
    check_error("1 2,3", "heap size \"1 2\" is not a whole number");
  }
  SUBCASE("JSON values that are not whole numbers") {
    check_error("[\"3\"]", "heap size \"3\" is not a whole number");
    check_error("[1,\"abc\"]", "heap size \"abc\" is not a whole number");
    check_error("[null]", "heap size null is not a whole number");
    check_error("[true]", "heap size true is not a whole number");
    check_error("[false]", "heap size false is not a whole number");
    check_error("[3.5]", "heap size \"3.5\" is not a whole number");
    check_error("[1e5]", "heap size \"1e5\" is not a whole number");
    check_error("[1E5]", "heap size \"1E5\" is not a whole number");
    check_error("{\"heaps\":[1,1e5]}", "heap size \"1e5\" is not a whole number");
    check_error("[1,[2]]", "heap size must be a whole number, not a list");
    check_error("{\"heaps\":[[1,2]]}", "heap size must be a whole number, not a list");
    check_error("[{\"heaps\":[1]}]", "heap size must be a whole number, not an object");
  }
  SUBCASE("JSON of the wrong shape") {
    check_error("{\"size\":[1,3]}", "no \"heaps\" key in the object");
    check_error("{}", "no \"heaps\" key in the object");
    check_error("{\"heaps\":[1],\"heaps\":[2]}", "more than one \"heaps\" key");
    check_error("{\"heaps\":5}", "\"heaps\" must be a list of heap sizes");
    check_error("{\"heaps\":null}", "\"heaps\" must be a list of heap sizes");
    check_error("{\"heaps\":\"1 3\"}", "\"heaps\" must be a list of heap sizes");
    check_error("{\"heaps\":{\"a\":1}}", "\"heaps\" must be a list of heap sizes");
  }
  SUBCASE("text that is not valid JSON: what is wrong, and where") {
    check_error("[1,2", "not valid JSON: unexpected end of the text");
    check_error("[1,2]]", "not valid JSON: unexpected character ']' at byte 6");
    check_error("[1 2]", "not valid JSON: unexpected character '2' at byte 4");
    check_error("{\"heaps\":[1,3]", "not valid JSON: unexpected end of the text");
    check_error("{heaps:[1]}", "not valid JSON: unexpected character 'h' at byte 2");
    check_error("[1,]", "not valid JSON: unexpected character ']' at byte 4");
    check_error("[01]", "not valid JSON: unexpected character '1' at byte 3");
    check_error("[1,2] x", "not valid JSON: unexpected character 'x' at byte 7");
    check_error("{\"heaps\":[1],\"x\":tru}", "not valid JSON: unexpected character 't' at byte 18");
    check_error("{\"heaps\":[1],\"x\":\"a\x01\"}",
                "not valid JSON: control character in a string at byte 20");
  }
  SUBCASE("no sizes at all") {
    check_error("", "no heap sizes given");
    check_error("   \t ", "no heap sizes given");
    check_error("\r", "no heap sizes given");
    check_error("[]", "no heap sizes given");
    check_error("{\"heaps\":[]}", "no heap sizes given");
  }
}

TEST_CASE("read_heaps gives the \"id\" of a JSON object line, as written, whatever its value") {
  // The line, its id as it must come back (nullopt: none), and its error ("" when none).
  struct Case {
    std::string line;
    std::optional<std::string> id;
    std::string error;
  };
  const std::vector<Case> cases{
      {R"({"heaps":[1,2],"id":7})", "7", ""},
      {R"({"id":-3.5e2,"heaps":[1,2]})", "-3.5e2", ""},
      {R"({"heaps":[1],"id":"row \"7\"\\\u00e9\n"})", R"("row \"7\"\\\u00e9\n")", ""},
      {R"({"heaps":[1],"id":{"file": "a.csv", "rows" : [1, {"x":null}]}})",
       R"({"file": "a.csv", "rows" : [1, {"x":null}]})", ""},
      {R"({"heaps":[1],"id":123456789012345678901234567890123456789})",
       "123456789012345678901234567890123456789", ""},
      {R"({"heaps":[1],"id":null})", "null", ""},
      {R"({"heaps":[1],"id":[]})", "[]", ""},
      {"  {\"heaps\":[1], \"id\" :  true }  \r", "true", ""},
      // Valid JSON with bad heaps: the error, and the id all the same.
      {R"({"heaps":[1,-2],"id":"r1"})", R"("r1")", "heap size -2 is negative"},
      {R"({"heaps":[1,"a",[3]],"id":5})", "5", "heap size \"a\" is not a whole number"},
      {R"({"heaps":[{"a":1},3],"id":5})", "5", "heap size must be a whole number, not an object"},
      {R"({"heaps":[[1],3],"id":5})", "5", "heap size must be a whole number, not a list"},
      {R"({"heaps":[1.5],"id":5})", "5", "heap size \"1.5\" is not a whole number"},
      {R"({"id":5,"heaps":{"a":1}})", "5", R"("heaps" must be a list of heap sizes)"},
      {R"({"id":5})", "5", R"(no "heaps" key in the object)"},
      {R"({"id":5,"heaps":[]})", "5", "no heap sizes given"},
      {R"({"id":5,"heaps":[1],"heaps":[2]})", "5", R"(more than one "heaps" key)"},
      // No id: not JSON, twice given, or not an object.
      {R"({"heaps":[1],"id":5)", std::nullopt, "not valid JSON: unexpected end of the text"},
      {R"({"heaps":[1,-2],"id":5,})", std::nullopt,
       "not valid JSON: unexpected character '}' at byte 24"},
      {R"({"heaps":[1],"id":1,"id":2})", std::nullopt, R"(more than one "id" key)"},
      {R"([1,2])", std::nullopt, ""},
      {"1 2", std::nullopt, ""},
      {R"({"heaps":[1],"ID":5,"x":{"id":3}})", std::nullopt, ""},
  };
  for (const auto& c : cases) {
    INFO("line: " << c.line);
    AnyPosition heaps;
    LineKeys keys{.id = "stale", .rules = "stale"};
    CHECK(read_heaps(c.line, heaps, keys) == c.error);
    CHECK(keys.id.has_value() == c.id.has_value());
    if (keys.id && c.id) CHECK(std::string(*keys.id) == *c.id);
    CHECK_FALSE(keys.rules);
  }
}

TEST_CASE(
    "read_heaps: OpenSpiel's pile sizes between semicolons, with blanks around sizes allowed") {
  check_small("1;3;5;7", {1, 3, 5, 7});
  check_small(" 1 ; 3;5 ;7 \r", {1, 3, 5, 7});
  check_small("7", {7});
  const Parsed big = parse("0;" + two_to_64);
  REQUIRE(big.error == "");
  CHECK(sizes(big.heaps) == Sizes{"0", two_to_64});
  CHECK(parse("1;;3").error == "heap size \"\" is not a whole number");
  CHECK(parse("1;3;").error == "heap size \"\" is not a whole number");
  CHECK(parse("1;-3").error == "heap size -3 is negative");
  CHECK(parse("1 3;5").error == "heap size \"1 3\" is not a whole number");
  // A comma wins: the line is read as commas, and "3;5" is not a size.
  CHECK(parse("1,3;5").error == "heap size \"3;5\" is not a whole number");
}

TEST_CASE("canonical_json: equal for the same value in any spacing or key order") {
  CHECK(canonical_json(R"({"misere":true,"max_take":3})") ==
        canonical_json(" { \"max_take\" : 3 ,\n\"misere\":\ttrue } "));
  CHECK(canonical_json(R"({"a":"x y"})") != canonical_json(R"({"a":"xy"})"));
  CHECK(canonical_json(R"({"a":1})") != canonical_json(R"({"a":2})"));
  CHECK(canonical_json(R"({"a":1})") != canonical_json(R"({"a":1,"b":1})"));
  CHECK(canonical_json(R"({"ab":1})") != canonical_json(R"({"a":"b1"})"));
  CHECK(canonical_json(R"({"a\u0062":1})") == canonical_json(R"({"ab":1})"));
  CHECK(canonical_json(" [1, 2] ") == "[1,2]");
  CHECK(canonical_json("\"a \\\" b\"") == "\"a \\\" b\"");
  CHECK_THROWS_AS(canonical_json("{"), JsonError);
  CHECK_THROWS_AS(canonical_json("1 2"), JsonError);
}

TEST_CASE("read_heaps: the \"rules\" of a JSON object line, as written") {
  AnyPosition heaps;
  LineKeys keys;
  CHECK(read_heaps(R"({"heaps":[3,4],"rules":{"misere": true,"max_take":3},"id":1})", heaps,
                   keys) == "");
  REQUIRE(keys.rules);
  CHECK(*keys.rules == R"({"misere": true,"max_take":3})");
  CHECK(keys.id == "1");
  CHECK(read_heaps(R"({"heaps":[3],"rules":"x"})", heaps, keys) == "");
  CHECK(keys.rules == "\"x\"");
  CHECK(read_heaps(R"({"heaps":[3],"rules":{},"rules":{}})", heaps, keys) ==
        R"(more than one "rules" key)");
  CHECK(read_heaps(R"({"heaps":[3],"rules":{})", heaps, keys) ==
        "not valid JSON: unexpected end of the text");
  CHECK_FALSE(keys.rules);
  CHECK(read_heaps("[3]", heaps, keys) == "");
  CHECK_FALSE(keys.rules);
}

TEST_CASE("parse_integer reads a whole number with an optional minus sign") {
  CHECK(parse_integer("0") == BigHeap(0));
  CHECK(parse_integer("42") == BigHeap(42));
  CHECK(parse_integer("-5") == BigHeap(-5));
  CHECK(parse_integer("007") == BigHeap(7));
  CHECK(parse_integer("010") == BigHeap(10));  // decimal, not octal
  CHECK(parse_integer("-0123456789") == BigHeap(-123456789));
  CHECK(parse_integer("18446744073709551615") == to_big(max64));
  CHECK(parse_integer(three_hundred_digits()) == BigHeap(three_hundred_digits()));
  CHECK(parse_integer("-" + two_to_64) == -BigHeap(two_to_64));

  for (std::string_view bad :
       {"", "-", "+1", " 1", "1 ", "1.0", "0x1", "--1", "1-", "abc", "1e3"}) {
    INFO("input: ", quoted(bad));
    CHECK(parse_integer(bad) == std::nullopt);
  }
}

TEST_CASE("quoted wraps text in double quotes, JSON-escaped") {
  CHECK(quoted("abc") == "\"abc\"");
  CHECK(quoted("") == "\"\"");
  CHECK(quoted("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(quoted("tab\there") == "\"tab\\u0009here\"");
  CHECK(quoted("\xff") == "\"\\ufffd\"");
}

}  // namespace
}  // namespace nim
