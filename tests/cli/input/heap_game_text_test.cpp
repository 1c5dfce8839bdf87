// The readers of a heap game's parameters: octal codes and sets of takes, each bad value named.
#include <doctest/doctest.h>

#include <string>

#include "cli/input/heap_game_text.hpp"
#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace {

std::string octal_error(std::string_view text) {
  return testing::usage_error_of([&] { read_octal_code(text); });
}

std::string set_error(std::string_view text) {
  return testing::usage_error_of([&] { read_take_set("--subtract", text); });
}

TEST_CASE("octal codes are read as CGSuite writes them") {
  CHECK(read_octal_code("0.77") == octal_game({0, 7, 7}));
  CHECK(read_octal_code("4.07") == octal_game({4, 0, 7}));
  CHECK(read_octal_code("0.0") == octal_game({0, 0}));
  CHECK(octal_code(read_octal_code("0.137")) == "0.137");
}

TEST_CASE("an octal code is read in its normal form: last digits 0 allow no move") {
  CHECK(read_octal_code("0.770") == octal_game({0, 7, 7}));
  CHECK(octal_code(read_octal_code("0.770")) == "0.77");
  CHECK(octal_code(read_octal_code("0.0700")) == "0.07");
  CHECK(octal_code(read_octal_code("4.070")) == "4.07");
  // A code of zeros keeps one digit after the point: the game with no move.
  CHECK(read_octal_code("0.000") == octal_game({0, 0}));
  CHECK(octal_code(read_octal_code("4.00")) == "4.0");
  // Zeros within the code stay: 0.07 takes 2, not 1.
  CHECK(octal_code(read_octal_code("0.07")) == "0.07");
  // Trailing zeros do not count toward the most digits a code may have.
  CHECK(read_octal_code("0.3" + std::string(2'000'000, '0')) == octal_game({0, 3}));
}

TEST_CASE("rules carried by a record: an octal game's code in its normal form, else as given") {
  CHECK(with_normal_octal_code(R"({"game":"octal","code":"0.770","misere":false})") ==
        R"({"game":"octal","code":"0.77","misere":false})");
  CHECK(with_normal_octal_code(R"({ "code" : "0.0700", "game" : "octal" })") ==
        R"({ "code" : "0.07", "game" : "octal" })");
  for (const std::string as_given :
       {R"({"game":"octal","code":"0.77","misere":false})", R"({"game":"octal","code":"0.78"})",
        R"({"game":"octal","code":7})", R"({"game":"moore","code":"0.770"})",
        R"({"misere":false,"max_take":null})", R"([1,2])", R"({"game":"octal","code":"0.770")",
        R"("0.770")"}) {
    INFO(as_given);
    CHECK(with_normal_octal_code(as_given) == as_given);
  }
}

TEST_CASE("a bad octal code is named") {
  const std::string shape = " is not an octal code: a digit, a point and one or more digits (0.77)";
  CHECK(octal_error("077") == "--octal \"077\"" + shape);
  CHECK(octal_error("0.") == "--octal \"0.\"" + shape);
  CHECK(octal_error("") == "--octal \"\"" + shape);
  CHECK(octal_error(".77") == "--octal \".77\"" + shape);
  CHECK(octal_error("0.78") == "--octal \"0.78\": \"8\" is not an octal digit (0 to 7)");
  CHECK(octal_error("0.7.") == "--octal \"0.7.\": \".\" is not an octal digit (0 to 7)");
  CHECK(octal_error("1.07") ==
        "--octal \"1.07\": the digit before the point must be 0 or 4 (4: a heap may be split in "
        "two without taking)");
}

TEST_CASE("an octal code allows a split in at most 64 digits") {
  // 0.7...7 with 64 sevens; 4.7...7 with 63, the 4 before the point a split too.
  CHECK(read_octal_code("0." + std::string(64, '7')).digits.size() == 65);
  CHECK(read_octal_code("4." + std::string(63, '7')).digits.size() == 64);
  // Digits without a split (0 to 3) are not counted: a long code of takes is cheap.
  CHECK(read_octal_code("0." + std::string(1000, '3') + "4").digits.size() == 1002);
  CHECK(octal_error("0." + std::string(200, '7')) ==
        "--octal \"0." + std::string(200, '7') +
            "\": 200 of its digits allow a split (4 to 7), more than 64 (each asks every heap for "
            "all of its splits)");
  CHECK(octal_error("4." + std::string(64, '4')) ==
        "--octal \"4." + std::string(64, '4') +
            "\": 65 of its digits allow a split (4 to 7), more than 64 (each asks every heap for "
            "all of its splits)");
}

TEST_CASE("sets of takes") {
  CHECK(read_take_set("--subtract", "4,1,3") == std::vector<std::uint64_t>{1, 3, 4});
  CHECK(read_take_set("--subtract", "1000000") == std::vector<std::uint64_t>{1'000'000});
  CHECK(set_error("") == "--subtract \"\": the set is empty (give takes such as 1,3,4)");
  CHECK(set_error("0,1") == "--subtract \"0,1\": \"0\" is not a take from 1 to 1000000");
  CHECK(set_error("1,,2") == "--subtract \"1,,2\": \"\" is not a take from 1 to 1000000");
  CHECK(set_error("1,") == "--subtract \"1,\": \"\" is not a take from 1 to 1000000");
  CHECK(set_error("1000001") ==
        "--subtract \"1000001\": \"1000001\" is not a take from 1 to 1000000");
  CHECK(set_error("2,x") == "--subtract \"2,x\": \"x\" is not a take from 1 to 1000000");
  CHECK(set_error("3,1,3") == "--subtract \"3,1,3\": 3 is given twice");
}

}  // namespace
}  // namespace nim
