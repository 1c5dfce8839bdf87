#include "cli/input/play_input.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/input/options.hpp"

namespace nim {
namespace {

TEST_CASE("read_play_word: hint, undo, help, quit in any case, a blank line, none for the rest") {
  CHECK(read_play_word("hint") == PlayWord::hint);
  CHECK(read_play_word(" HINT ") == PlayWord::hint);
  CHECK(read_play_word(" Hint\r") == PlayWord::hint);
  CHECK(read_play_word("undo") == PlayWord::undo);
  CHECK(read_play_word(" UNDO\r") == PlayWord::undo);
  CHECK(read_play_word("undo 2") == std::nullopt);
  CHECK(read_play_word("un do") == std::nullopt);
  CHECK(read_play_word("help") == PlayWord::help);
  CHECK(read_play_word("?") == PlayWord::help);
  CHECK(read_play_word("quit") == PlayWord::quit);
  CHECK(read_play_word("Quit\r") == PlayWord::quit);
  CHECK(read_play_word("q") == PlayWord::quit);
  CHECK(read_play_word("exit") == PlayWord::quit);
  CHECK(read_play_word("EXIT") == PlayWord::quit);
  CHECK(read_play_word("") == PlayWord::blank);
  CHECK(read_play_word(" \t\r") == PlayWord::blank);
  CHECK(read_play_word("1 1") == std::nullopt);
  CHECK(read_play_word("1 1 2 2") == std::nullopt);
  CHECK(read_play_word("hints") == std::nullopt);
  CHECK(read_play_word("h int") == std::nullopt);
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
