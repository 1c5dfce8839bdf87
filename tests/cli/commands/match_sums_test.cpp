// nim-game match --sum, run in-process as nim-game runs it, with the built-in agents: starts drawn
// game by game, the records in a sum's forms, every move's verdict and every winner checked
// against the exhaustive oracle of the sum's own moves in both plays, --resume to the same bytes,
// --positions of sums, and the refusals. Programs playing a sum are
// tests/e2e/match_sums_test.cpp's.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/sum/sum.hpp"
#include "support/exact_json.hpp"
#include "support/oracle.hpp"
#include "support/run_in_process.hpp"
#include "support/sum_json.hpp"
#include "support/temp_file.hpp"

namespace nim::match_sums_test {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_in_process;
using testing::split_lines;
using Args = std::vector<std::string>;

// A match of `agents` on the sum of Kayles, Wythoff's game and Nim, with `more`.
Args sum_match(const Args& more, const Args& agents = {"perfect", "random"}) {
  Args args{"match"};
  args.insert(args.end(), agents.begin(), agents.end());
  args.insert(args.end(),
              {"--sum", "--octal 0.77", "--sum", "--game wythoff", "--sum", "--game nim"});
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("match --sum: the records write a sum's start and each move in its component") {
  const testing::TempFile games;
  const auto run = run_in_process(sum_match({"--heap-count", "1", "--max-size", "3", "--games", "2",
                                             "--seed", "4", "--games-out", games.path()}));
  REQUIRE(run.status == 0);
  const auto records = split_lines(games.read());
  REQUIRE(records.size() == 2);
  const std::string start =
      R"({"sum":[{"rules":{"game":"octal","code":"0.77","misere":false},"heaps":[0]},)"
      R"({"rules":{"game":"wythoff","misere":false},"heaps":[0,1]},)"
      R"({"rules":{"misere":false,"max_take":null},"heaps":[2]}]})";
  CHECK(
      records[0] ==
      R"({"game":1,"start":)" + start +
          R"(,"rules":{"game":"sum","misere":false},"first":"perfect","second":"random",)"
          R"("first_spec":"perfect","second_spec":"random","moves":[{"component":2,"move":[0,1]},)"
          R"({"component":2,"move":[0,1]},{"component":1,"move":[1,1]}],"optimal":[true,true,)"
          R"(true],"winner":"perfect","reason":"normal"})");
  // The report names the sum and its games.
  const Json report = parse_exact(run.out);
  CHECK(report["rules"] == Json::parse(R"({"game":"sum","misere":false})"));
  CHECK(report["sum"] == Json::parse(R"([{"game":"octal","code":"0.77","misere":false},)"
                                     R"({"game":"wythoff","misere":false},)"
                                     R"({"misere":false,"max_take":null}])"));
  // Accuracy by the start's heaps counts the games' heaps (1 + 2 + 1), not the sum's markers,
  // and by its largest heap among them (1, not the marker 3 after Wythoff's pair).
  const Json ones = parse_exact(
      run_in_process(sum_match({"--heap-count", "1", "--max-size", "1", "--games", "2"})).out);
  CHECK(ones["agents"][0]["accuracy_by_start_heaps"][0]["heaps"] == 4);
  CHECK(ones["agents"][0]["accuracy_by_start_size"][0]["largest"] == Json::parse("[1,1]"));
  const auto text = run_in_process(sum_match(
      {"--heap-count", "1", "--max-size", "3", "--games", "2", "--seed", "4", "--format", "text"}));
  CHECK(text.out.find("\na sum of Octal game 0.77, Wythoff's game and Nim, seed 4, nim-game ") !=
        std::string::npos);
}

TEST_CASE("match --sum: each game's heaps drawn as --heap-count and --max-size say") {
  const testing::TempFile games;
  REQUIRE(run_in_process(sum_match({"--heap-count", "2..3", "--max-size", "4", "--games", "40",
                                    "--seed", "9", "--games-out", games.path()}))
              .status == 0);
  for (const std::string& line : split_lines(games.read())) {
    const Json start = parse_exact(line)["start"]["sum"];
    REQUIRE(start.size() == 3);
    CHECK(start[1]["heaps"].size() == 2);  // Wythoff's pair keeps its two heaps
    for (const std::size_t c : {0u, 2u})
      CHECK((start[c]["heaps"].size() >= 2 && start[c]["heaps"].size() <= 3));
    for (const auto& game : start)
      for (const auto& heap : game["heaps"])
        CHECK(heap.get<std::uint64_t>() <= 4);
  }
}

TEST_CASE("match --sum: every move's verdict and every winner are the oracle's, in both plays") {
  for (const bool misere : {false, true}) {
    CAPTURE(misere);
    const testing::KaylesNimWythoff sum(misere, /*wythoff_second=*/true);
    testing::Oracle oracle(sum.game());
    const testing::TempFile games;
    Args more{"--heap-count", "1..2",   "--max-size", "3",           "--games",
              "60",           "--seed", "5",          "--games-out", games.path()};
    if (misere) more.push_back("--misere");
    REQUIRE(run_in_process(sum_match(more, {"perfect", "random", "difficulty:0.5"})).status == 0);
    std::uint64_t judged = 0, lost_wins = 0;
    for (const std::string& line : split_lines(games.read())) {
      CAPTURE(line);
      const Json record = parse_exact(line);
      Position<SmallHeap> position = testing::sum_position_of(record["start"]);
      std::string mover = record["first"], other = record["second"];
      for (std::size_t ply = 0; ply < record["moves"].size(); ++ply) {
        const GameMove<SmallHeap> move = testing::sum_move_of(record["moves"][ply], position, 3);
        REQUIRE(sum.game().is_legal(position, move));
        const bool was_won = oracle.winning(position);
        position = after(sum.game(), position, move);
        const bool optimal = !was_won || !oracle.winning(position);
        CHECK(record["optimal"][ply] == optimal);
        if (mover == "perfect") CHECK(optimal);
        lost_wins += optimal ? 0 : 1;
        ++judged;
        std::swap(mover, other);
      }
      // The game ran to its end: whoever cannot move loses (normal play) or wins (misère).
      CHECK(oracle.moves(position).empty());
      CHECK(record["winner"] == (misere ? mover : other));
    }
    CHECK(judged > 100);
    CHECK(lost_wins > 0);
  }
}

TEST_CASE("match --sum --resume: the games replayed, the rest played, the same bytes") {
  const Args settings{"--heap-count", "1..2", "--max-size", "4", "--games", "8", "--seed", "3"};
  const testing::TempFile whole, part;
  Args once = settings;
  once.insert(once.end(), {"--games-out", whole.path()});
  const auto full = run_in_process(sum_match(once));
  REQUIRE(full.status == 0);
  const auto lines = split_lines(whole.read());
  REQUIRE(lines.size() == 8);
  part.write(lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  Args resumed = settings;
  resumed.insert(resumed.end(), {"--resume", part.path()});
  const auto run = run_in_process(sum_match(resumed));
  REQUIRE(run.status == 0);
  CHECK(part.read() == whole.read());
  CHECK(run.out == full.out);
}

// A path as messages quote it.
std::string quoted_path(const std::string& path) {
  return "\"" + path + "\"";
}

TEST_CASE("match --sum --positions: each line a sum's position, as --batch --sum reads it") {
  const testing::TempFile starts, games;
  starts.write(
      "# two starts\n3 | 1 2 | 4\n{\"sum\":[{\"heaps\":[2]},{\"heaps\":[0,3]},{\"heaps\":[1]}]}\n");
  REQUIRE(run_in_process(sum_match({"--positions", starts.path(), "--games", "4", "--seed", "1",
                                    "--games-out", games.path()}))
              .status == 0);
  const auto records = split_lines(games.read());
  REQUIRE(records.size() == 4);
  const auto heaps = [](const std::string& record) {
    Json start = parse_exact(record)["start"]["sum"];
    return start[0]["heaps"].dump() + start[1]["heaps"].dump() + start[2]["heaps"].dump();
  };
  CHECK(heaps(records[0]) == "[3][1,2][4]");
  CHECK(heaps(records[2]) == "[2][0,3][1]");
  const testing::TempFile bad;
  bad.write("3 | 1 2\n");
  check_usage_error(
      sum_match({"--positions", bad.path()}),
      "--positions " + quoted_path(bad.path()) + " line 1: the line has 2 components, the sum 3");
  bad.write("0 | 0 0 | 0\n");
  check_usage_error(sum_match({"--positions", bad.path()}),
                    "--positions " + quoted_path(bad.path()) +
                        " line 1: the sum of the octal game 0.77, Wythoff's game and Nim has no "
                        "move from heaps 0 | 0 0 | 0: the game is over before it starts");
}

TEST_CASE("match --sum: what a sum does not take is refused in one line") {
  check_usage_error(sum_match({"--max-take", "2"}),
                    "--max-take names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error(sum_match({"--octal", "0.77"}),
                    "--octal names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error({"match", "perfect", "random", "--sum", "--octal 0.77 5"},
                    "--sum '--octal 0.77 5': the heap sizes are drawn: give the game's options "
                    "alone, as in --sum '--octal 0.77'");
  check_usage_error({"match", "perfect", "random", "--sum", "--game grundy", "--max-size", "2"},
                    "--max-size 2: no heap of at most 2 objects has a move in any game of the "
                    "sum, so every start drawn would be over before it begins");
}

}  // namespace
}  // namespace nim::match_sums_test
