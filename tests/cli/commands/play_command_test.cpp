// The play command's command line, run in-process as nim-game runs it
// (support/run_in_process.hpp): its refusals, each one line naming the value, and its --help. Games
// typed through a pipe or at a terminal are tests/e2e/play_test.cpp's.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/run_in_process.hpp"

namespace nim::play_command_test {
namespace {

using testing::check_usage_error;
using testing::run_in_process;
using Args = std::vector<std::string>;

// play with these arguments and `input` on stdin (a pipe, not a terminal).
testing::InProcessRun play(Args args, const std::string& input) {
  args.insert(args.begin(), "play");
  return run_in_process(std::move(args), input);
}

TEST_CASE("play: bad command lines are usage errors") {
  check_usage_error("play", {"--players", "robot,human"},
                    "--players \"robot,human\" is not one of human,computer, computer,human, "
                    "human,human, computer,computer");
  check_usage_error("play", {"--first", "nobody"},
                    "--first \"nobody\" is not one of human, computer");
  check_usage_error("play", {"--players", "human,human", "--first", "computer"},
                    "--first chooses who moves first against the computer; it needs --players "
                    "human,computer");
  check_usage_error("play", {"--players", "computer,human", "--first", "computer"},
                    "--first chooses who moves first against the computer; it needs --players "
                    "human,computer");
  check_usage_error("play", {"--players", "human,human", "--difficulty", "0.5"},
                    "--difficulty sets how the computer plays; a game of two people has none");
  check_usage_error("play", {"--difficulty", "1.5"},
                    "--difficulty \"1.5\" is not a number from 0 to 1");
  // Fault 5: the decimal as typed is compared with 1, not its double (which is 1 for both).
  check_usage_error("play", {"--difficulty", "1.0000000000000000000000001"},
                    "--difficulty \"1.0000000000000000000000001\" is not a number from 0 to 1");
  check_usage_error("play", {"--seed", "4"},
                    "--seed needs something random: a computer of --difficulty below 1, or a "
                    "random policy (--choose random or --when-losing random)");
  check_usage_error("play", {"--pretty"},
                    "--pretty indents JSON; it cannot be used with --format text");
  check_usage_error("play", {"-H", "1", "-2"}, "heap size -2 is negative");
  check_usage_error("play", {"5"}, "unexpected argument \"5\" (heap sizes follow -H)");
  check_usage_error("play", {"--batch"}, "unrecognized option '--batch'");
  // A seed is fine when something is random.
  CHECK(play({"--seed", "4", "--difficulty", "0.9"}, "").status == 0);
  CHECK(play({"--seed", "4", "--difficulty", "0.99999999999999999999"}, "").status == 0);
  CHECK(play({"--seed", "4", "--players", "human,human", "--choose", "random"}, "").status == 0);
}

TEST_CASE("play refuses what it cannot play, before the board") {
  check_usage_error("play", {"--game", "wythoff", "-H", "1", "2", "3"},
                    "Wythoff's game is played on exactly 2 heaps; the position has 3");
  check_usage_error("play", {"--octal", "0.77", "--pretty"},
                    "--pretty indents JSON; it cannot be used with --format text");
  check_usage_error("play", {"--octal", "0.77", "-H", "7", "--seed", "3"},
                    "--seed needs something random: a computer of --difficulty below 1, or a "
                    "random policy (--choose random or --when-losing random)");
}

TEST_CASE("play's computer chooses its move by --choose and --when-losing") {
  Args computers{"--octal", "0.77", "-H", "7", "5", "--players", "computer,computer"};
  const std::string first = play(computers, "").out;
  CHECK(first.find("Computer 1 takes 2 from heap 1.\n") != std::string::npos);
  computers.insert(computers.end(), {"--choose", "random", "--seed", "3"});
  const std::string chosen = play(computers, "").out;
  CHECK(chosen.find("Computer 1 takes 1 from heap 2 and splits the rest into 1 and 3.\n") !=
        std::string::npos);
  // The seed, given, is not told again; the same seed makes the same game.
  CHECK(chosen.ends_with("Computer 1 wins: Computer 1 made the last move.\n"));
  CHECK(play(computers, "").out == chosen);
}

// The move events of a run, one a line.
std::string moves_of(const std::string& events) {
  std::string moves;
  for (std::size_t at = 0; at < events.size();) {
    const std::size_t end = events.find('\n', at) + 1;
    const std::string line = events.substr(at, end - at);
    if (line.starts_with("{\"event\":\"move\"")) moves += line;
    at = end;
  }
  return moves;
}

TEST_CASE("play: asking for a hint changes nothing else, and the same seed plays the same game") {
  const Args args{"--octal",      "0.77", "-H",       "7",      "5",        "--seed", "7",
                  "--difficulty", "0.5",  "--choose", "random", "--format", "json"};
  const std::string plain = moves_of(play(args, "1 1\n1 1\n2 1\n2 1\n").out);
  CHECK(plain.find("\"player\":\"computer\"") != std::string::npos);
  CHECK(moves_of(play(args, "hint\n1 1\nhint\nhint\n1 1\n2 1\nhint\n2 1\n").out) == plain);
}

TEST_CASE("play: --help shows the options and how to type a move") {
  const auto help = run_in_process({"play", "--help"});
  CHECK(help.status == 0);
  for (const char* option : {"--heaps", "--players", "--first", "--difficulty", "--misere",
                             "--max-take", "--choose", "--when-losing", "--seed", "--format"})
    CHECK(help.out.find(option) != std::string::npos);
  CHECK(help.out.find("--format FORMAT  text (default) or json") != std::string::npos);
  // The words of play, undo among them, and the short split of Grundy's game.
  CHECK(help.out.find("undo\ntakes back your last move and the computer's reply (two people: the "
                      "last move)") != std::string::npos);
  CHECK(help.out.find("Grundy's game, heap and parts, 5 2 3 splits heap 5 into 2 and 3;") !=
        std::string::npos);
  CHECK(help.out.find("in a sum of\ngames, the component first, then the move in it: 2 4 1 takes "
                      "1 from heap 4 of\ncomponent 2.") != std::string::npos);
  CHECK(run_in_process({"--help"}).out.find("  play        play a game at the terminal") !=
        std::string::npos);
}

}  // namespace
}  // namespace nim::play_command_test
