// nim-game match of every game, run as a user runs it: every start has a move in the game played,
// drawn or read from a file, and a game on huge heaps up to the ply cap ends in seconds in every
// game, because a ply costs the same at the end of a long game as at its start.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::split_lines;
using testing::TempFile;
using Args = std::vector<std::string>;

// The game records of `nim-game match ARGS --games-out FILE`, which must succeed quietly within
// `timeout` seconds.
std::vector<Json> match_records(Args args, double timeout = 120) {
  const TempFile games;
  args.insert(args.begin(), {testing::nim_game_path(), "match"});
  args.insert(args.end(), {"--games-out", games.path()});
  testing::RunSpec spec;
  spec.argv = args;
  spec.timeout_seconds = timeout;
  const auto run = testing::run_process(spec);
  INFO("stderr: " << run.err);
  REQUIRE_FALSE(run.timed_out);
  REQUIRE(run.status == 0);
  CHECK(run.err == "");
  std::vector<Json> records;
  for (const auto& line : split_lines(games.read()))
    records.push_back(parse_exact(line));
  return records;
}

TEST_CASE("match of every game: every start drawn has a move in the game played") {
  // Grundy's game has no move from heaps of 1 and 2, nor has 4.07 from heaps of 1, nor the
  // subtraction game {2,3} from heaps of 1: such starts were once drawn, and scored as won by the
  // second player without a move played (8 of the 1000 games of Grundy's game below).
  const std::vector<Args> games{{"--game", "grundy"},
                                {"--octal", "4.07", "--max-size", "2"},
                                {"--subtract", "2,3", "--max-size", "2"}};
  for (const Args& game : games) {
    INFO(game[0] << " " << game[1]);
    Args args{"perfect", "perfect", "--games", "1000", "--seed", "1"};
    args.insert(args.end(), game.begin(), game.end());
    const auto records = match_records(args);
    REQUIRE(records.size() == 1000);
    std::uint64_t over_at_once = 0;
    for (const Json& record : records)
      over_at_once += record["moves"].empty() ? 1 : 0;
    CHECK(over_at_once == 0);
  }
}

TEST_CASE("match of every game: a start without a move is refused, in one line") {
  check_usage_error({"match", "perfect", "random", "--game", "grundy", "--max-size", "2"},
                    "--max-size 2: no heap of at most 2 objects has a move in Grundy's game, so "
                    "every start drawn would be over before it begins");
  check_usage_error({"match", "perfect", "random", "--octal", "4.07", "--max-size", "1"},
                    "--max-size 1: no heap of at most 1 object has a move in the octal game "
                    "4.07, so every start drawn would be over before it begins");
  check_usage_error({"match", "perfect", "random", "--subtract", "20"},
                    "--max-size 10: no heap of at most 10 objects has a move in the subtraction "
                    "game {20}, so every start drawn would be over before it begins");
  const TempFile starts("3 4\n# Grundy's game has no move here:\n1 2 0\n");
  check_usage_error(
      {"match", "perfect", "random", "--game", "grundy", "--positions", starts.path()},
      "--positions \"" + starts.path() +
          "\" line 3: Grundy's game has no move from heaps 1 2 0: the game is over before it "
          "starts");
  // A start the theory cannot answer still comes to its game, which refuses it in its words.
  const TempFile huge("1000000000000000000000 3\n");
  check_usage_error(
      {"match", "perfect", "random", "--game", "grundy", "--positions", huge.path()},
      "game 1 (heaps 1000000000000000000000 3): heap 1000000000000000000000 of Grundy's game is "
      "beyond the Grundy values nim-game computed, to heap 100000 with no proved period "
      "(--grundy-limit N "
      "computes further)");
}

TEST_CASE("match of every game: a game on huge heaps up to the ply cap") {
  // A Kayles game on heaps of 10^30 splits a heap a ply or so: 20,000 plies took 2.4 s, 80,000
  // took 36 s, for a ply rescanned every heap; and the random agent listed 100,000 moves a ply.
  // The timeout is generous: these take a few seconds (scripts/bench.sh times them).
  const std::string huge = "1" + std::string(30, '0');
  const std::uint64_t plies = testing::scaled(200'000, 20'000);
  // Games without a proved period know their values to heap 100,000 (--grundy-limit).
  const std::vector<Args> games{{"--game", "nim", "--max-size", huge},
                                {"--game", "nim", "--max-take", "3", "--max-size", huge},
                                {"--subtract", "1,3,4", "--max-size", huge},
                                {"--subtract-all-but", "2,5", "--max-size", "100000"},
                                {"--octal", "0.77", "--max-size", huge},
                                {"--octal", "0.07", "--max-size", huge},
                                {"--game", "grundy", "--max-size", "100000"},
                                {"--game", "moore", "--max-size", huge},
                                {"--game", "wythoff", "--max-size", huge},
                                {"--game", "staircase", "--max-size", huge}};
  // Lasker's Nim is left out: its board has no index, and its long games are quadratic (README,
  // "Long games of the games after Nim").
  for (const Args& game : games) {
    INFO(game[0] << " " << game[1]);
    Args args{"perfect", "random", "--games",     "2",
              "--seed",  "1",      "--max-plies", std::to_string(plies)};
    args.insert(args.end(), game.begin(), game.end());
    const auto records = match_records(args, 120);
    REQUIRE(records.size() == 2);
    for (const Json& record : records) {
      const bool cut = record["reason"] == "adjudicated after " + std::to_string(plies) + " plies";
      CHECK((cut || record["reason"] == "normal"));
      CHECK(record["moves"].size() == (cut ? plies : record["moves"].size()));
      // Kayles and Dawson's Kayles on these heaps last until the cap.
      if (game[0] == "--octal") CHECK(cut);
    }
  }
}

}  // namespace
}  // namespace nim
