#include "cli/input/play_input.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/input/options.hpp"

namespace nim {
namespace {

using Kind = PlayInput::Kind;

void check_move(std::string_view line, long heap, long count) {
  INFO("line: " << std::string(line));
  const PlayInput input = read_play_input(line);
  REQUIRE(input.kind == Kind::move);
  CHECK(input.heap == heap);
  CHECK(input.count == count);
}

std::string error_of(std::string_view line) {
  const PlayInput input = read_play_input(line);
  CHECK(input.kind == Kind::unreadable);
  return input.error;
}

TEST_CASE("a move: heap and count, separated by blanks or a comma") {
  check_move("4 1", 4, 1);
  check_move("4,1", 4, 1);
  check_move("4, 1", 4, 1);
  check_move("  4 ,  1 \r", 4, 1);
  check_move("4\t1", 4, 1);
  check_move("4    1", 4, 1);
  check_move("007 02", 7, 2);
  SUBCASE("numbers out of range are still a move, for the game to refuse") {
    check_move("0 1", 0, 1);
    check_move("-2 1", -2, 1);
    check_move("1 0", 1, 0);
    check_move("1 -5", 1, -5);
    const PlayInput huge = read_play_input("1 100000000000000000000000000");
    CHECK(huge.kind == Kind::move);
    CHECK(huge.count == BigHeap("100000000000000000000000000"));
  }
}

TEST_CASE("the words: hint, help, quit, in any case, and a blank line") {
  CHECK(read_play_input("hint").kind == Kind::hint);
  CHECK(read_play_input(" HINT ").kind == Kind::hint);
  CHECK(read_play_input("help").kind == Kind::help);
  CHECK(read_play_input("?").kind == Kind::help);
  CHECK(read_play_input("quit").kind == Kind::quit);
  CHECK(read_play_input("Quit\r").kind == Kind::quit);
  CHECK(read_play_input("q").kind == Kind::quit);
  CHECK(read_play_input("exit").kind == Kind::quit);
  CHECK(read_play_input("").kind == Kind::blank);
  CHECK(read_play_input(" \t\r").kind == Kind::blank);
}

TEST_CASE("read_play_word: the words every game's play reads, and none for anything else") {
  CHECK(read_play_word(" Hint\r") == Kind::hint);
  CHECK(read_play_word("?") == Kind::help);
  CHECK(read_play_word("EXIT") == Kind::quit);
  CHECK(read_play_word(" \t") == Kind::blank);
  CHECK(read_play_word("1 1") == std::nullopt);
  CHECK(read_play_word("1 1 2 2") == std::nullopt);
  CHECK(read_play_word("hints") == std::nullopt);
}

TEST_CASE("anything else is not a move, and the message quotes it") {
  const std::string tail = " is not a move: type a heap and a count (4 1), or hint, help or quit";
  CHECK(error_of("4") == "\"4\"" + tail);
  CHECK(error_of("4 1 2") == "\"4 1 2\"" + tail);
  CHECK(error_of("4,1,2") == "\"4,1,2\"" + tail);
  CHECK(error_of("a b") == "\"a b\"" + tail);
  CHECK(error_of("4.5 1") == "\"4.5 1\"" + tail);
  CHECK(error_of("+4 1") == "\"+4 1\"" + tail);
  CHECK(error_of(",1") == "\",1\"" + tail);
  CHECK(error_of("hints") == "\"hints\"" + tail);
  CHECK(error_of("4\x1b[31m 1") == "\"4\\u001b[31m 1\"" + tail);  // no escape reaches the terminal
}

TEST_CASE("parse_probability: a decimal from 0 to 1") {
  CHECK(parse_probability("--difficulty", "0") == 0);
  CHECK(parse_probability("--difficulty", "1") == 1);
  CHECK(parse_probability("--difficulty", "1.0") == 1);
  CHECK(parse_probability("--difficulty", "0.25") == 0.25);
  CHECK(parse_probability("--difficulty", ".5") == 0.5);
  CHECK(parse_probability("--difficulty", "0.") == 0);
  // Fault 5: exactly 0 or 1 only when typed so, whatever the double nearest to the decimal.
  CHECK(parse_probability("--difficulty", "0.99999999999999999999") < 1);
  CHECK(parse_probability("--difficulty", "0.0000000000000000000000000000000000000000000001") > 0);
  CHECK(parse_probability("--difficulty", "0." + std::string(400, '0') + "1") > 0);
  for (const char* bad :
       {"", ".", "1.5", "2", "-0.5", "+0.5", "1e-1", "0x1", "nan", "inf", " 0.5", "0.5 ", "0,5",
        "1..2", "1.0000000000000000000000001", "1.00000000000000001"}) {
    INFO("value: " << bad);
    try {
      parse_probability("--difficulty", bad);
      FAIL("no error");
    } catch (const UsageError& e) {
      CHECK(std::string(e.what()) ==
            "--difficulty " + std::string("\"") + bad + "\" is not a number from 0 to 1");
    }
  }
}

}  // namespace
}  // namespace nim
