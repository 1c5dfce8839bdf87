// nim-game positions --unique, --split, --split-key and --balanced per-heap-count, run in-process
// as nim-game runs it: parts drawn from one distribution, a position's part the same in runs made
// apart, the same game (empty heaps left out) never twice, a count of every position there is, an
// empty part refused, the note on a balanced class of few different positions, and the games after
// Nim.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

namespace nim::positions_sets_test {

using Args = std::vector<std::string>;
using Heaps = std::vector<std::uint64_t>;

testing::InProcessRun run_positions(Args args) {
  args.insert(args.begin(), "positions");
  return testing::run_in_process(std::move(args));
}

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  REQUIRE(file.good());
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// A row of a part: its heaps (the cells before the label in CSV, every number in text) and, with
// a label, whether it is won.
struct Row {
  Heaps heaps;
  int winning = -1;
};

std::vector<Row> rows_of(const std::string& text, bool csv) {
  std::vector<Row> rows;
  const auto lines = testing::split_lines(text);
  for (std::size_t i = csv ? 1 : 0; i < lines.size(); ++i) {
    Row row;
    std::string line = lines[i];
    if (csv) {
      row.winning = line.back() - '0';
      line = line.substr(0, line.rfind(','));
    }
    for (char& c : line)
      if (c == ',') c = ' ';
    std::istringstream in(line);
    for (std::uint64_t h; in >> h;)
      row.heaps.push_back(h);
    rows.push_back(row);
  }
  return rows;
}

// The same game: the nonzero sizes, sorted.
Heaps game_of(const Heaps& heaps) {
  Heaps game;
  for (const std::uint64_t h : heaps)
    if (h != 0) game.push_back(h);
  std::sort(game.begin(), game.end());
  return game;
}

// How many cells of a CSV row hold a heap (the written heap count).
std::size_t written_heaps(const std::string& line) {
  std::size_t heaps = 0, start = 0;
  for (std::size_t end; (end = line.find(',', start)) != std::string::npos; start = end + 1)
    heaps += end > start;
  return heaps;
}

TEST_CASE(
    "positions --split: a balanced split whose parts have the same heap counts and outcomes") {
  // Its test part's lost rows once had 6 heaps 99.5% of the time, against 80% in train: the
  // positions of test were drawn after train's, among those train had left.
  testing::TempDirectory dir;
  const std::string prefix = dir.path() + "/set-";
  const auto run = run_positions({"--count", "60000", "--heap-count", "3..6", "--max-size", "31",
                                  "--balanced", "--label", "--format", "csv", "--split",
                                  "train=0.8,test=0.2", "--output-prefix", prefix, "--seed", "1"});
  INFO(run.err);
  REQUIRE(run.status == 0);
  CHECK(run.out.empty());
  CHECK(run.err.empty());
  std::vector<std::vector<double>> table(2, std::vector<double>(8, 0));
  std::map<Heaps, std::size_t> part_of;
  const std::vector<std::string> names{"train", "test"};
  const std::vector<std::size_t> sizes{48000, 12000};
  for (std::size_t p = 0; p < 2; ++p) {
    const std::string text = file_text(prefix + names[p] + ".csv");
    const auto lines = testing::split_lines(text);
    REQUIRE(lines.size() == sizes[p] + 1);
    CHECK(lines[0] == "h1,h2,h3,h4,h5,h6,winning");
    std::size_t won = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const int winning = lines[i].back() - '0';
      won += winning;
      table[p][2 * (written_heaps(lines[i]) - 3) + winning] += 1;
    }
    CHECK(won == sizes[p] / 2);
    for (const Row& row : rows_of(text, true))
      CHECK(part_of.emplace(game_of(row.heaps), p).second);  // no game twice, in any part
  }
  // Pearson's chi-squared of the 2 x 8 table: 7 degrees of freedom, six standard deviations.
  double chi2 = 0;
  for (std::size_t c = 0; c < 8; ++c) {
    const double column = table[0][c] + table[1][c];
    for (std::size_t p = 0; p < 2; ++p) {
      const double expected = column * static_cast<double>(sizes[p]) / 60000;
      chi2 += (table[p][c] - expected) * (table[p][c] - expected) / expected;
    }
  }
  INFO("chi2 " << chi2);
  CHECK(chi2 < 7 + 6 * std::sqrt(14.0));
}

TEST_CASE("positions --split: runs made apart put every game they share in the same part") {
  // Another count, another seed, another format: the part of a game is a hash of the game and of
  // --split-key alone, so that sets made apart (or in shards) can be put together.
  testing::TempDirectory dir;
  const Args space{"--heap-count", "2..5",    "--max-size",
                   "20",           "--split", "train=0.7,val=0.2,test=0.1"};
  const auto parts_of = [&](const std::string& name, Args more, bool json) {
    Args args = space;
    args.insert(args.end(), more.begin(), more.end());
    args.insert(args.end(), {"--output-prefix", dir.path() + "/" + name + "-"});
    if (json) args.insert(args.end(), {"--format", "json", "--label"});
    const auto run = run_positions(args);
    INFO(run.err);
    REQUIRE(run.status == 0);
    std::map<Heaps, std::size_t> parts;
    std::size_t p = 0;
    for (const std::string part : {"train", "val", "test"}) {
      std::string text =
          file_text(dir.path() + "/" + name + "-" + part + (json ? ".jsonl" : ".txt"));
      if (json) {  // {"heaps":[1,2],... -> 1 2
        std::string plain;
        for (const auto& line : testing::split_lines(text))
          plain += line.substr(10, line.find(']') - 10) + "\n";
        text = plain;
      }
      for (const Row& row : rows_of(text, false))
        CHECK(parts.emplace(game_of(row.heaps), p).second);
      ++p;
    }
    return parts;
  };
  const auto first = parts_of("a", {"--count", "3000", "--seed", "1"}, false);
  const auto second = parts_of("b", {"--count", "5000", "--seed", "2"}, true);
  REQUIRE(first.size() == 3000);
  std::size_t shared = 0;
  for (const auto& [game, part] : first)
    if (const auto found = second.find(game); found != second.end()) {
      ++shared;
      CHECK(found->second == part);
    }
  CHECK(shared > 200);
  const auto other_key =
      parts_of("c", {"--count", "5000", "--seed", "2", "--split-key", "12345"}, false);
  std::size_t moved = 0;
  for (const auto& [game, part] : first)
    if (const auto found = other_key.find(game); found != other_key.end())
      moved += found->second != part;
  CHECK(moved > 50);  // another key, another partition
}

TEST_CASE("positions --unique, --split: 3 5, 3 5 0 and 0 5 3 are one game, never twice") {
  testing::TempDirectory dir;
  const std::string prefix = dir.path() + "/t-";
  const auto run =
      run_positions({"--count", "40", "--heap-count", "2..3", "--max-size", "5", "--split",
                     "train=0.5,test=0.5", "--output-prefix", prefix, "--seed", "4"});
  REQUIRE(run.status == 0);
  std::map<Heaps, int> games;
  for (const std::string part : {"train", "test"})
    for (const Row& row : rows_of(file_text(prefix + part + ".txt"), false))
      ++games[game_of(row.heaps)];
  CHECK(games.size() == 40);
  // --unique alone, and --unique ordered (trailing empty heaps left out, 3 5 and 5 3 two games).
  std::map<Heaps, int> unique;
  const auto lines = run_positions(
      {"--count", "56", "--heap-count", "2..3", "--max-size", "5", "--unique", "--seed", "4"});
  for (const Row& row : rows_of(lines.out, false))
    CHECK(++unique[game_of(row.heaps)] == 1);
  CHECK(unique.size() == 56);  // every game there is: the multisets of 3 sizes of 0..5
  std::map<Heaps, int> ordered;
  const auto in_order = run_positions({"--count", "216", "--heap-count", "2..3", "--max-size", "5",
                                       "--unique", "ordered", "--seed", "4"});
  for (Row row : rows_of(in_order.out, false)) {
    while (!row.heaps.empty() && row.heaps.back() == 0)
      row.heaps.pop_back();
    CHECK(++ordered[row.heaps] == 1);
  }
  CHECK(ordered.size() == 216);  // 6^3
}

TEST_CASE("positions --unique: a count of every game there is, at once") {
  // C(16 + 4 - 1, 4) = 3876 games of at most 4 heaps of 0..15: drawing the last of them took
  // minutes; they are now gone through, and taken in the order drawing would meet them.
  const auto run = run_positions(
      {"--count", "3876", "--heap-count", "1..4", "--max-size", "15", "--unique", "--seed", "1"});
  REQUIRE(run.status == 0);
  std::map<Heaps, int> games;
  for (const Row& row : rows_of(run.out, false)) {
    CHECK(row.heaps.size() >= 1);
    CHECK(row.heaps.size() <= 4);
    CHECK(++games[game_of(row.heaps)] == 1);
  }
  CHECK(games.size() == 3876);
  testing::check_usage_error(
      "positions", {"--count", "3877", "--heap-count", "1..4", "--max-size", "15", "--unique"},
      "--unique: --count 3877 is more than the 3876 different positions of 1 to 4 heaps of sizes "
      "0 to 15 under normal play (heaps in any order, empty heaps left out)");
  // Balanced: the 276 lost games, and as many won.
  const auto balanced = run_positions({"--count", "552", "--heap-count", "1..4", "--max-size", "15",
                                       "--unique", "--balanced", "--seed", "1"});
  REQUIRE(balanced.status == 0);
  CHECK(testing::split_lines(balanced.out).size() == 552);
  testing::check_usage_error(
      "positions",
      {"--count", "554", "--heap-count", "1..4", "--max-size", "15", "--unique", "--balanced"},
      "--unique --balanced: --count 554 needs 277 lost positions, and 1 to "
      "4 heaps of sizes 0 to 15 under normal play has 276 (heaps in any "
      "order, empty heaps left out)");
}

TEST_CASE(
    "positions --split: a part that would be empty, or that its games cannot fill, is an "
    "error") {
  testing::TempDirectory dir;
  const std::string prefix = dir.path() + "/e-";
  testing::check_usage_error("positions",
                             {"--count", "10", "--heap-count", "2", "--max-size", "9", "--split",
                              "a=0.95,b=0.05", "--output-prefix", prefix},
                             "--split: part b would be empty (its share of --count 10 rounds to "
                             "no position)");
  CHECK(testing::run_shell("ls " + testing::shell_quote(dir.path())).out.empty());
  // 2 heaps of 0..9: 55 games, of which the default key sends 24 to a and 31 to b.
  testing::check_usage_error("positions",
                             {"--count", "55", "--heap-count", "2", "--max-size", "9", "--split",
                              "a=0.5,b=0.5", "--output-prefix", prefix},
                             "--split: part a needs 28 positions, and only 24 of 2 heaps of sizes "
                             "0 to 9 under normal play fall to it (heaps in any order, empty heaps "
                             "left out; --split-key decides which)");
  testing::check_usage_error(
      "positions", {"--count", "10", "--heap-count", "2", "--max-size", "9", "--split-key", "3"},
      "--split-key chooses the parts of --split; it needs --split");
  testing::check_usage_error(
      "positions",
      {"--count", "10", "--heap-count", "2", "--max-size", "9", "--split", "a=0.5,b=0.5",
       "--output-prefix", prefix, "--split-key", "-1"},
      "--split-key \"-1\" is not a whole number from 0 to 18446744073709551615");
}

TEST_CASE("positions --balanced per-heap-count: half won and half lost of every heap count") {
  // Balanced as a whole, lost positions of 6 heaps are commoner than of 3 (with --unique, most
  // of the few lost games of 3 heaps are soon taken): the heap count gave the label away.
  const auto run =
      run_positions({"--count", "8000", "--heap-count", "3..6", "--max-size", "31", "--balanced",
                     "per-heap-count", "--label", "--format", "csv", "--seed", "2"});
  REQUIRE(run.status == 0);
  // The 3-heap lost games are few: a note says so.
  CHECK(run.err ==
        "nim-game: note: the 1000 lost positions of 3 heaps are drawn from only 187 different ones "
        "(3 to 6 heaps of sizes 0 to 31 under normal play; heaps in any order, empty heaps left "
        "out), so they repeat\n");
  std::map<std::pair<std::size_t, int>, int> cells;
  const auto lines = testing::split_lines(run.out);
  REQUIRE(lines.size() == 8001);
  for (std::size_t i = 1; i < lines.size(); ++i)
    ++cells[{written_heaps(lines[i]), lines[i].back() - '0'}];
  REQUIRE(cells.size() == 8);
  for (const auto& [cell, count] : cells)
    CHECK(count == 1000);
  testing::check_usage_error(
      "positions",
      {"--count", "1200", "--heap-count", "1..6", "--max-size", "31", "--balanced",
       "per-heap-count", "--unique"},
      "--unique --balanced per-heap-count: --count 1200 needs 100 lost positions of 1 heap, and 1 "
      "to 6 heaps of sizes 0 to 31 under normal play has 1 with at most 1 nonempty heap (heaps in "
      "any order, empty heaps left out)");
  // Hall's condition holds here (5 lost positions of at most 3 nonempty heaps for 5 needed),
  // but the positions of 3 heaps may take the games of 2 (x x 0): for this seed they do.
  testing::check_usage_error(
      "positions",
      {"--count", "10", "--heap-count", "2..3", "--max-size", "3", "--balanced", "per-heap-count",
       "--unique", "--seed", "6"},
      "--unique --balanced per-heap-count: no different lost position of 2 heaps was left after 9 "
      "positions (2 to 3 heaps of sizes 0 to 3 under normal play): positions of more heaps took "
      "some, with empty heaps added; a smaller --count may do");
  testing::check_usage_error(
      "positions",
      {"--count", "10", "--heap-count", "1..3", "--min-size", "1", "--max-size", "5", "--balanced",
       "per-heap-count"},
      "--balanced per-heap-count: no position of 1 heap of sizes 1 to 5 under normal play is "
      "lost for the player to move");
  testing::check_usage_error("positions",
                             {"--count", "10", "--heap-count", "1..3", "--max-size", "5",
                              "--balanced", "per-heap", "--seed", "1"},
                             "unexpected argument \"per-heap\"");
}

TEST_CASE("positions --balanced: a note when a class repeats a few different positions") {
  const auto run = run_positions({"--count", "200000", "--heap-count", "2", "--max-size", "15",
                                  "--game", "wythoff", "--balanced", "--seed", "1"});
  REQUIRE(run.status == 0);
  CHECK(testing::split_lines(run.out).size() == 200000);
  CHECK(run.err ==
        "nim-game: note: the 100000 lost positions are drawn from only 7 different ones (2 heaps "
        "of sizes 0 to 15 in Wythoff's game; heaps in any order, empty heaps left out), so they "
        "repeat\n");
  // 2 heaps of 0..3 hold 4 lost games: 4 lost rows need not repeat, 5 must.
  const Args two_heaps{"--heap-count", "2", "--max-size", "3", "--balanced", "--seed", "1"};
  Args four = two_heaps, five = two_heaps;
  four.insert(four.end(), {"--count", "8"});
  five.insert(five.end(), {"--count", "10"});
  const auto four_lost = run_positions(four);
  REQUIRE(four_lost.status == 0);
  CHECK(four_lost.err.empty());
  CHECK(run_positions(five).err ==
        "nim-game: note: the 5 lost positions are drawn from only 4 different ones (2 heaps of "
        "sizes 0 to 3 under normal play; heaps in any order, empty heaps left out), so they "
        "repeat\n");
  const auto per_heap = run_positions({"--count", "24", "--heap-count", "1..6", "--max-size", "31",
                                       "--balanced", "per-heap-count", "--seed", "1"});
  REQUIRE(per_heap.status == 0);
  CHECK(per_heap.err ==
        "nim-game: note: the 2 lost positions of 1 heap are drawn from only 1 different one (1 to "
        "6 heaps of sizes 0 to 31 under normal play; heaps in any order, empty heaps left out), "
        "so they repeat\n");
}

TEST_CASE("positions: the games after Nim without repeats and split, each in its own sense") {
  // Staircase Nim: the steps in order, trailing empty steps left out: 3^3 games of 0..2.
  const auto staircase =
      run_positions({"--count", "27", "--heap-count", "1..3", "--max-size", "2", "--game",
                     "staircase", "--unique", "--label", "--format", "json", "--seed", "1"});
  REQUIRE(staircase.status == 0);
  std::map<Heaps, int> steps;
  for (const auto& line : testing::split_lines(staircase.out)) {
    Heaps heaps = rows_of(line.substr(10, line.find(']') - 10) + "\n", false)[0].heaps;
    while (!heaps.empty() && heaps.back() == 0)
      heaps.pop_back();
    CHECK(++steps[heaps] == 1);
  }
  CHECK(steps.size() == 27);
  testing::TempDirectory dir;
  const std::string prefix = dir.path() + "/w-";
  const auto wythoff =
      run_positions({"--count", "12", "--heap-count", "2", "--max-size", "60", "--game", "wythoff",
                     "--balanced", "--split", "train=0.5,test=0.5", "--output-prefix", prefix,
                     "--format", "json", "--seed", "3"});
  INFO(wythoff.err);
  REQUIRE(wythoff.status == 0);
  std::map<Heaps, int> games;
  for (const std::string part : {"train", "test"}) {
    const auto lines = testing::split_lines(file_text(prefix + part + ".jsonl"));
    CHECK(lines.size() == 6);
    for (const auto& line : lines) {
      CHECK(line.find(R"("rules":{"game":"wythoff","misere":false})") != std::string::npos);
      CHECK(
          ++games[game_of(rows_of(line.substr(10, line.find(']') - 10) + "\n", false)[0].heaps)] ==
          1);
    }
  }
  testing::check_usage_error(
      "positions",
      {"--count", "20", "--heap-count", "2", "--max-size", "9", "--game", "wythoff", "--unique",
       "--balanced"},
      "--unique --balanced: --count 20 needs 10 lost positions, and 2 heaps of sizes 0 to 9 in "
      "Wythoff's game has 4 (heaps in any order, empty heaps left out)");
}

}  // namespace nim::positions_sets_test
