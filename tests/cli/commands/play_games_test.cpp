// play for the games after Nim (issue 15), run in-process as nim-game runs it
// (support/run_in_process.hpp): what it refuses before the board, and the computer's choice of move
// by --choose and --when-losing. A game typed through a pipe is tests/e2e/games_test.cpp's.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/run_in_process.hpp"

namespace nim::play_games_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;
using testing::run_in_process;
using GameArgs = std::vector<std::string>;

TEST_CASE("games: play refuses what it cannot play, before the board") {
  check_usage_error("play", {"--game", "wythoff", "-H", "1", "2", "3"},
                    "Wythoff's game is played on exactly 2 heaps; the position has 3");
  check_usage_error("play", {"--octal", "0.77", "--pretty"},
                    "--pretty indents JSON; it cannot be used with --format text");
  check_usage_error("play", {"--octal", "0.77", "-H", "7", "--seed", "3"},
                    "--seed needs something random: a computer of --difficulty below 1, or a "
                    "random policy (--choose random or --when-losing random)");
}

TEST_CASE("games: play's computer chooses its move by --choose and --when-losing") {
  GameArgs computers{"play", "--octal", "0.77", "-H", "7", "5", "--players", "computer,computer"};
  const std::string first = quiet_output(computers);
  CHECK(first.find("Player 1: take 2 from heap 1.\n") != std::string::npos);
  computers.insert(computers.end(), {"--choose", "random", "--seed", "3"});
  const std::string chosen = quiet_output(computers);
  CHECK(chosen.find("Player 1: take 1 from heap 2 and split the rest into 1 and 3.\n") !=
        std::string::npos);
  CHECK(chosen.ends_with("Player 1 wins.\nSeed 3.\n"));
  CHECK(quiet_output(computers) == chosen);
}

}  // namespace
}  // namespace nim::play_games_test
