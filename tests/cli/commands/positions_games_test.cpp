// positions for the games after Nim (issue 15), run in-process as nim-game runs it
// (support/run_in_process.hpp): balanced and labelled sets, as text and JSON, and what they refuse.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/run_in_process.hpp"

namespace nim::positions_games_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;
using testing::run_in_process;
using GameArgs = std::vector<std::string>;

// The heaps and "winning" of each JSON record, one line each: "3 4 5 true".
std::vector<std::string> heaps_and_winning(const std::string& records,
                                           const std::string& heaps_key = "heaps") {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < records.size()) {
    const std::size_t end = records.find('\n', start);
    const std::string record = records.substr(start, end - start);
    start = end + 1;
    const std::size_t heaps = record.find("\"" + heaps_key + "\":[") + heaps_key.size() + 4;
    const std::size_t winning = record.find("\"winning\":") + 10;
    std::string line = record.substr(heaps, record.find(']', heaps) - heaps);
    std::replace(line.begin(), line.end(), ',', ' ');
    lines.push_back(line + " " + record.substr(winning, record[winning] == 't' ? 4 : 5));
  }
  return lines;
}

TEST_CASE("games: positions --balanced --label, half won, each label as analyse gives it") {
  for (const GameArgs& game :
       {GameArgs{"--subtract", "1,3,4"}, GameArgs{"--octal", "0.77"},
        GameArgs{"--game", "grundy", "--grundy-limit", "100"},
        GameArgs{"--octal", "0.07", "--misere"}, GameArgs{"--game", "moore"},
        GameArgs{"--game", "staircase", "--misere"}, GameArgs{"--game", "wythoff"},
        GameArgs{"--game", "lasker", "--misere"}}) {
    const bool wythoff = game[1] == "wythoff";
    GameArgs args{"positions",
                  "--count",
                  "100",
                  "--heap-count",
                  wythoff ? "2" : "1..3",
                  "--max-size",
                  "12",
                  "--seed",
                  "5",
                  "--balanced",
                  "--label",
                  "--format",
                  "json"};
    args.insert(args.end(), game.begin(), game.end());
    // A small space: a class of few different positions is noted on stderr.
    const auto run = run_in_process(args);
    REQUIRE(run.status == 0);
    CHECK((run.err.empty() || run.err.starts_with("nim-game: note: the 50 ")));
    const auto labelled = heaps_and_winning(run.out);
    REQUIRE(labelled.size() == 100);
    CHECK(std::count_if(labelled.begin(), labelled.end(),
                        [](const std::string& line) { return line.ends_with("true"); }) == 50);
    // The same heaps through analyse --batch, one line each.
    std::string lines;
    for (const std::string& line : labelled)
      lines += line.substr(0, line.rfind(' ')) + "\n";
    GameArgs batch{"--batch"};
    batch.insert(batch.end(), game.begin(), game.end());
    CHECK(heaps_and_winning(quiet_output(batch, lines), "position_before_move") == labelled);
  }
}

TEST_CASE("games: positions as text and JSON, and what they refuse") {
  CHECK(quiet_output({"positions", "--all", "--heap-count", "2", "--max-size", "1", "--game",
                      "moore", "--label", "--format", "json"}) ==
        R"({"heaps":[0,0],"rules":{"game":"moore","heaps_per_move":2,"misere":false},)"
        R"("winning":false,"move":null})"
        "\n"
        R"({"heaps":[0,1],"rules":{"game":"moore","heaps_per_move":2,"misere":false},)"
        R"("winning":true,"move":[1,1]})"
        "\n"
        R"({"heaps":[1,0],"rules":{"game":"moore","heaps_per_move":2,"misere":false},)"
        R"("winning":true,"move":[0,1]})"
        "\n"
        R"({"heaps":[1,1],"rules":{"game":"moore","heaps_per_move":2,"misere":false},)"
        R"("winning":true,"move":[[0,1],[1,1]]})"
        "\n");
  CHECK(quiet_output({"positions", "--count", "2", "--heap-count", "2", "--max-size", "9", "--seed",
                      "1", "--game", "wythoff", "--balanced"}) == "9 0\n3 5\n");
  CHECK(quiet_output({"positions", "--count", "2", "--heap-count", "1..2", "--max-size", "9",
                      "--seed", "1", "--octal", "0.77", "--label", "--format", "tsv", "--fields",
                      "heaps,move,grundy_values"}) ==
        "h1\th2\tmove\tg1\tg2\n"
        "9\t0\t[0,1,[4,4]]\t4\t0\n"
        "1\t8\t[1,1]\t1\t1\n");
  CHECK(quiet_output({"positions", "--all", "--heap-count", "1", "--max-size", "4", "--game",
                      "lasker", "--label", "--format", "json"}) ==
        R"({"heaps":[0],"rules":{"game":"lasker","misere":false},"winning":false,"move":null,)"
        R"("grundy_values":[0],"grundy_sum":0})"
        "\n"
        R"({"heaps":[1],"rules":{"game":"lasker","misere":false},"winning":true,"move":[0,1],)"
        R"("grundy_values":[1],"grundy_sum":1})"
        "\n"
        R"({"heaps":[2],"rules":{"game":"lasker","misere":false},"winning":true,"move":[0,2],)"
        R"("grundy_values":[2],"grundy_sum":2})"
        "\n"
        R"({"heaps":[3],"rules":{"game":"lasker","misere":false},"winning":true,"move":[0,3],)"
        R"("grundy_values":[4],"grundy_sum":4})"
        "\n"
        R"({"heaps":[4],"rules":{"game":"lasker","misere":false},"winning":true,"move":[0,4],)"
        R"("grundy_values":[3],"grundy_sum":3})"
        "\n");
  // A heap of 2^64 - 1 is worth 2^64: such a set is drawn on GMP heaps.
  CHECK(quiet_output({"positions", "--all", "--heap-count", "1", "--min-size",
                      "18446744073709551615", "--max-size", "18446744073709551615", "--game",
                      "lasker", "--label", "--format", "json"}) ==
        R"({"heaps":[18446744073709551615],"rules":{"game":"lasker","misere":false},)"
        R"("winning":true,"move":[0,18446744073709551615],"grundy_sum":18446744073709551616})"
        "\n");
  check_usage_error(
      "positions",
      {"--count", "2", "--heap-count", "3", "--max-size", "9", "--game", "wythoff", "--balanced"},
      "Wythoff's game is played on exactly 2 heaps: give --heap-count 2");
  check_usage_error(
      "positions",
      {"--count", "2", "--heap-count", "3", "--max-size", "200000", "--game", "grundy",
       "--balanced", "--seed", "1"},
      "heap 200000 of Grundy's game is beyond the Grundy values nim-game computed, to heap "
      "100000 with no proved period (--grundy-limit N computes further)");
  check_usage_error(
      "positions",
      {"--count", "2", "--heap-count", "3", "--max-size", "40", "--octal", "0.77", "--misere",
       "--balanced", "--seed", "2", "--limit-search", "1000"},
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this one can reach, and there are more than 1000 (the search's "
      "bound)");
  check_usage_error(
      "positions",
      {"--count", "2", "--heap-count", "3", "--max-size", "9", "--game", "moore", "--fields",
       "heaps,winning_actions", "--seed", "1", "--label", "--format", "json"},
      "--fields winning_actions needs moves that take from one heap and leave it "
      "whole, which its ids number (OpenSpiel's (take - 1) * heaps + heap); Moore's "
      "Nim with up to 2 heaps a move has other moves");
  check_usage_error("positions",
                    {"--count", "2", "--heap-count", "3", "--max-size", "9", "--octal", "0.77"},
                    "--octal needs --balanced, --label or the rules field of --format json (the "
                    "rules decide who wins)");
}

}  // namespace
}  // namespace nim::positions_games_test
