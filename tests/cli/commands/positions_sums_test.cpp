// nim-game positions --sum, run in-process as nim-game runs it: each game's heaps drawn, the line
// and JSON forms --batch of the same sum reads, every label against the exhaustive oracle of the
// sum's own moves in both plays, balanced sets, and every refusal as one line.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/sum/sum.hpp"
#include "support/exact_json.hpp"
#include "support/oracle.hpp"
#include "support/process.hpp"
#include "support/run_in_process.hpp"
#include "support/sum_json.hpp"

namespace nim::positions_sums_test {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::quiet_output;
using testing::split_lines;
using Args = std::vector<std::string>;

const Args kayles_wythoff_nim{"--sum",          "--octal 0.77", "--sum",
                              "--game wythoff", "--sum",        "--game nim"};

// `nim-game positions` of Kayles, Wythoff's game and Nim, with `more`.
Args positions(const Args& more, const Args& sum = kayles_wythoff_nim) {
  Args args{"positions"};
  args.insert(args.end(), sum.begin(), sum.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The same sum's --batch, with `more`.
Args batch(const Args& more = {}) {
  Args args{"--batch"};
  args.insert(args.end(), kayles_wythoff_nim.begin(), kayles_wythoff_nim.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("positions --sum: each game's heaps drawn, in the line form --batch of the sum reads") {
  const Args drawn{"--count", "5", "--heap-count", "1..2", "--max-size", "9", "--seed", "1"};
  const std::string lines = quiet_output(positions(drawn));
  // Wythoff's game has its two heaps whatever --heap-count says.
  CHECK(lines ==
        "9 0 | 1 8 | 3 0\n"
        "7 | 4 2 | 9\n"
        "1 4 | 6 4 | 6 3\n"
        "9 1 | 4 6 | 3\n"
        "5 | 3 1 | 4\n");
  // The JSON form holds the same positions, each game with its rules, as --batch reads a line.
  Args json = drawn;
  json.insert(json.end(), {"--format", "json"});
  const auto records = split_lines(quiet_output(positions(json)));
  REQUIRE(records.size() == 5);
  CHECK(records[1] ==
        R"({"sum":[{"rules":{"game":"octal","code":"0.77","misere":false},"heaps":[7]},)"
        R"({"rules":{"game":"wythoff","misere":false},"heaps":[4,2]},)"
        R"({"rules":{"misere":false,"max_take":null},"heaps":[9]}],)"
        R"("rules":{"game":"sum","misere":false}})");
  // Both forms read back by --batch of the sum to the same positions.
  const auto from_lines = split_lines(quiet_output(batch(), lines));
  const auto from_json = split_lines(quiet_output(batch(), quiet_output(positions(json))));
  REQUIRE(from_lines.size() == 5);
  REQUIRE(from_json.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    const Json record = parse_exact(records[i]);
    CHECK(parse_exact(from_lines[i])["position_before_move"]["sum"] == record["sum"]);
    CHECK(parse_exact(from_json[i])["position_before_move"]["sum"] == record["sum"]);
  }
  // The same seed, the same positions.
  CHECK(quiet_output(positions(drawn)) == lines);
}

TEST_CASE("positions --sum: sizes from --min-size to --max-size, heap counts from --heap-count") {
  const auto lines = split_lines(
      quiet_output(positions({"--count", "300", "--heap-count", "1..3", "--min-size", "2",
                              "--max-size", "4", "--seed", "2", "--format", "json"})));
  REQUIRE(lines.size() == 300);
  std::vector<bool> counts_seen(4, false);
  for (const std::string& line : lines) {
    const Json record = parse_exact(line);
    REQUIRE(record["sum"].size() == 3);
    CHECK(record["sum"][1]["heaps"].size() == 2);  // Wythoff's game
    for (const std::size_t c : {0, 2}) {
      const std::size_t count = record["sum"][c]["heaps"].size();
      CHECK((count >= 1 && count <= 3));
      counts_seen[count] = true;
    }
    for (const auto& game : record["sum"])
      for (const auto& heap : game["heaps"])
        CHECK((heap.get<std::uint64_t>() >= 2 && heap.get<std::uint64_t>() <= 4));
  }
  CHECK(counts_seen == std::vector<bool>{false, true, true, true});
}

TEST_CASE("positions --sum --label: every label is the oracle's, in both plays") {
  std::vector<GameSpec> specs{spec_of_kind(GameSpec::Kind::take_and_break),
                              spec_of_kind(GameSpec::Kind::wythoff),
                              spec_of_kind(GameSpec::Kind::nim)};
  specs[0].heap_game = octal_game({0, 7, 7});
  std::vector<PreparedGame> games;
  for (const GameSpec& spec : specs)
    games.emplace_back(spec, BigHeap(64));
  std::vector<SumGame<SmallHeap>::Component> engines;
  for (const PreparedGame& game : games)
    engines.push_back(make_engine<SmallHeap>(game));
  for (const bool misere : {false, true}) {
    CAPTURE(misere);
    testing::Oracle oracle(SumGame<SmallHeap>(engines, misere));
    std::vector<testing::Oracle<SumGame<SmallHeap>>> alone;
    for (const auto& engine : engines)
      alone.emplace_back(SumGame<SmallHeap>({engine}, false));
    Args labelled{"--count", "400", "--heap-count", "1..2", "--max-size", "4",
                  "--seed",  "7",   "--format",     "json", "--label"};
    if (misere) labelled.push_back("--misere");
    std::uint64_t won = 0;
    for (const std::string& line : split_lines(quiet_output(positions(labelled)))) {
      CAPTURE(line);
      const Json record = parse_exact(line);
      CHECK(record["rules"] == Json::parse(misere ? R"({"game":"sum","misere":true})"
                                                  : R"({"game":"sum","misere":false})"));
      const Position<SmallHeap> position = testing::sum_position_of(record);
      const bool winning = record["winning"];
      CHECK(winning == oracle.winning(position));
      won += winning ? 1 : 0;
      // The move: a winning one from a won position; from a lost one, a legal one.
      if (!record["move"].is_null()) {
        const GameMove<SmallHeap> move = testing::sum_move_of(record["move"], position, 3);
        REQUIRE(SumGame<SmallHeap>(engines, misere).is_legal(position, move));
        if (winning)
          CHECK_FALSE(oracle.winning(after(SumGame<SmallHeap>(engines, misere), position, move)));
      }
      if (misere) {
        CHECK(!record.contains("grundy_values"));
        continue;
      }
      CHECK(record["grundy_sum"] == oracle.grundy(position));
      for (std::size_t c = 0; c < 3; ++c)
        CHECK(record["grundy_values"][c] ==
              alone[c].grundy(sum_position(std::vector<Position<SmallHeap>>{
                  record["sum"][c]["heaps"].get<Position<SmallHeap>>()})));
    }
    CHECK(won > 0);
    CHECK(won < 400);
  }
}

TEST_CASE("positions --sum --balanced: half the positions won, half lost, by drawing") {
  std::uint64_t won = 0;
  const auto lines = split_lines(
      quiet_output(positions({"--count", "100", "--heap-count", "1..2", "--max-size", "6", "--seed",
                              "3", "--format", "json", "--label", "--balanced"})));
  REQUIRE(lines.size() == 100);
  for (const std::string& line : lines)
    won += parse_exact(line)["winning"].get<bool>() ? 1 : 0;
  CHECK(won == 50);
  // A sum of one Nim heap of 1 to 2 objects is always won: no lost position turns up.
  check_usage_error(positions({"--count", "2", "--heap-count", "1", "--min-size", "1", "--max-size",
                               "2", "--seed", "1", "--balanced"},
                              {"--sum", "--game nim"}),
                    "--balanced: no position lost for the player to move turned up in 1000000 "
                    "draws: such positions are too rare to draw, or there are none");
}

TEST_CASE("positions --sum: what a sum does not take is refused in one line") {
  const Args drawn{"--count", "2", "--heap-count", "1..2", "--max-size", "5"};
  const auto refused = [&](const Args& more, const std::string& message) {
    Args args = drawn;
    args.insert(args.end(), more.begin(), more.end());
    check_usage_error(positions(args), message);
  };
  refused({"--octal", "0.07"},
          "--octal names one game's heaps or rules: in a sum, each --sum gives its game's, as in "
          "--sum '--octal 0.77 5'");
  refused({"--unique"}, "--unique is not offered for a sum of games (--sum)");
  refused({"--split", "a=0.5,b=0.5"}, "--split is not offered for a sum of games (--sum)");
  refused({"--fields", "heaps"}, "--fields is not offered for a sum of games (--sum)");
  refused({"--format", "csv"},
          "--format csv is not offered for a sum of games (--sum): give text or json");
  refused({"--format", "npy"},
          "--format npy is not offered for a sum of games (--sum): give text or json");
  refused({"--balanced", "per-heap-count", "--seed", "1"},
          "--balanced per-heap-count is not offered for a sum of games (--sum)");
  check_usage_error(positions({"--all", "--heap-count", "1", "--max-size", "3"}),
                    "--all is not offered for a sum of games (--sum)");
  check_usage_error(positions(drawn, {"--sum", "--octal 0.77 5"}),
                    "--sum '--octal 0.77 5': the heap sizes are drawn: give the game's options "
                    "alone, as in --sum '--octal 0.77'");
  check_usage_error(positions(drawn, {"--sum", "--octal 0.77 --misere"}),
                    "--sum '--octal 0.77 --misere': --misere is the whole sum's play: give it "
                    "once, outside --sum");
  // Wythoff's game's values are searched within the bound: a position beyond it is refused, and
  // the positions answered before it are not written either, so that no set is left half made.
  const Args beyond{
      "--count", "30",      "--heap-count", "1",    "--max-size", "40", "--limit-search",
      "300",     "--label", "--format",     "json", "--seed",     "1"};
  check_usage_error(positions(beyond),
                    "component 2 of the sum (heaps 8 39): the Grundy value of a position of "
                    "Wythoff's game has no formula in nim-game, which searches every position it "
                    "can reach, and there are more than 300 (the search's bound)");
  Args first = beyond;
  first[1] = "1";
  CHECK(split_lines(quiet_output(positions(first))).size() == 1);
}

}  // namespace
}  // namespace nim::positions_sums_test
