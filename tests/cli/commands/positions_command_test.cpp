// nim-game positions (issue 10), run in-process as nim-game runs it: random samples, balanced
// samples, every position in order, the output forms and reproducibility. The Unix filter
// behaviour (a closed pipe, a full disk, pipelines into --batch) is tests/e2e/positions_test.cpp's.
#include <doctest/doctest.h>

#include <gmpxx.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/process.hpp"
#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

namespace nim::positions_command_test {
namespace {

using testing::check_usage_error;
using testing::InProcessRun;
using testing::Json;
using testing::parse_exact;
using testing::run_in_process;
using testing::split_lines;
using Args = std::vector<std::string>;
using Big = mpz_class;

InProcessRun positions(Args args) {
  args.insert(args.begin(), "positions");
  return run_in_process(std::move(args));
}

// The lines of a run that must succeed quietly.
std::vector<std::string> lines_of(const Args& args) {
  const auto run = positions(args);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  CHECK(run.err.empty());
  CHECK((run.out.empty() || run.out.ends_with('\n')));
  return split_lines(run.out);
}

// The sizes of a plain line, each exact.
std::vector<Big> sizes_of(const std::string& line) {
  std::vector<Big> sizes;
  std::size_t start = 0;
  while (start <= line.size()) {
    std::size_t end = line.find(' ', start);
    if (end == std::string::npos) end = line.size();
    const std::string field = line.substr(start, end - start);
    REQUIRE(!field.empty());
    REQUIRE(field.find_first_not_of("0123456789") == std::string::npos);
    sizes.emplace_back(field, 10);
    start = end + 1;
  }
  return sizes;
}

// The `winning` of each record that --batch (with these rule options) writes for these lines.
std::vector<bool> winning_of(const std::string& lines, const Args& rules) {
  Args args{"--batch"};
  args.insert(args.end(), rules.begin(), rules.end());
  const auto run = run_in_process(args, lines);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  std::vector<bool> winning;
  for (const auto& line : split_lines(run.out))
    winning.push_back(parse_exact(line)["winning"].get<bool>());
  return winning;
}

TEST_CASE("positions --count: N positions of A..B heaps of sizes m..M, the same for a seed") {
  const Args args{"--count", "2000", "--heap-count", "2..5", "--max-size", "9", "--seed", "42"};
  const auto lines = lines_of(args);
  REQUIRE(lines.size() == 2000);
  std::set<std::size_t> heap_counts;
  std::set<Big> sizes;
  for (const auto& line : lines) {
    const auto heaps = sizes_of(line);
    CHECK(heaps.size() >= 2);
    CHECK(heaps.size() <= 5);
    heap_counts.insert(heaps.size());
    for (const auto& h : heaps) {
      CHECK(h <= 9);  // sizes_of() read digits only: none is negative
      sizes.insert(h);
    }
  }
  CHECK(heap_counts.size() == 4);  // every count and every size turns up
  CHECK(sizes.size() == 10);
  CHECK(positions(args).out == positions(args).out);
  Args other = args;
  other.back() = "43";
  CHECK(positions(other).out != positions(args).out);

  SUBCASE("the first lines of seed 1, which the README shows") {
    const auto first =
        lines_of({"--count", "3", "--heap-count", "1..4", "--max-size", "10", "--seed", "1"});
    CHECK(first == std::vector<std::string>{"8 0", "7 1 0 3", "2"});
  }
  SUBCASE("--min-size") {
    for (const auto& line : lines_of({"--count", "500", "--heap-count", "3", "--min-size", "7",
                                      "--max-size", "8", "--seed", "1"})) {
      const auto heaps = sizes_of(line);
      CHECK(heaps.size() == 3);
      for (const auto& h : heaps)
        CHECK((h == 7 || h == 8));
    }
  }
  SUBCASE("--count 0 writes nothing") {
    CHECK(
        lines_of({"--count", "0", "--heap-count", "3", "--max-size", "8", "--seed", "1"}).empty());
  }
}

TEST_CASE("positions --count without --seed: one drawn, below 2^53, said on stderr, replays") {
  const Args args{"--count", "50", "--heap-count", "1..8", "--max-size", "1000"};
  const auto drawn = positions(args);
  REQUIRE(drawn.status == 0);
  const std::string prefix = "nim-game: --seed ", suffix = " draws these positions again\n";
  REQUIRE(drawn.err.starts_with(prefix));
  REQUIRE(drawn.err.ends_with(suffix));
  const std::string seed =
      drawn.err.substr(prefix.size(), drawn.err.size() - prefix.size() - suffix.size());
  CHECK(Big(seed) < Big(1) << 53);
  Args replay = args;
  replay.insert(replay.end(), {"--seed", seed});
  const auto again = positions(replay);
  CHECK(again.err.empty());
  CHECK(again.out == drawn.out);
  CHECK(positions(args).out != drawn.out);  // another seed, another sample
}

TEST_CASE("positions: --max-size of any size, exact") {
  const std::string huge = "1" + std::string(40, '0');  // 10^40
  const auto lines = lines_of({"--count", "300", "--heap-count", "1..3", "--min-size",
                               "18446744073709551610", "--max-size", huge, "--seed", "9"});
  REQUIRE(lines.size() == 300);
  bool past_64_bits = false;
  for (const auto& line : lines)
    for (const auto& h : sizes_of(line)) {
      CHECK(h >= Big("18446744073709551610"));
      CHECK(h <= Big(huge));
      past_64_bits |= h > Big("18446744073709551615");
    }
  CHECK(past_64_bits);
  // nim-game reads them back, exactly.
  std::string text;
  for (const auto& line : lines)
    text += line + "\n";
  const auto run = run_in_process({"--batch"}, text);
  REQUIRE(run.status == 0);
  const auto records = split_lines(run.out);
  REQUIRE(records.size() == lines.size());
  const auto first = parse_exact(records[0])["position_before_move"];
  const auto expected = sizes_of(lines[0]);
  REQUIRE(first.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    CHECK((first[i].is_string()
               ? Big(first[i].get<std::string>())
               : Big(std::to_string(first[i].get<std::uint64_t>()))) == expected[i]);
}

TEST_CASE("positions --balanced: exactly half won under the rules given, in random order") {
  const std::vector<Args> rule_sets{
      {}, {"--misere"}, {"--max-take", "3"}, {"--misere", "--max-take", "2"}};
  for (const Args& rules : rule_sets) {
    Args args{"--count", "1000",       "--heap-count", "1..6", "--max-size",
              "1000",    "--balanced", "--seed",       "3"};
    args.insert(args.end(), rules.begin(), rules.end());
    INFO("rules: " << (rules.empty() ? "normal" : rules.front()) << " " << rules.size());
    const auto run = positions(args);
    REQUIRE(run.status == 0);
    CHECK(run.err.empty());
    const auto winning = winning_of(run.out, rules);
    REQUIRE(winning.size() == 1000);
    std::size_t won = 0, changes = 0;
    for (std::size_t k = 0; k < winning.size(); ++k) {
      won += winning[k];
      if (k > 0) changes += winning[k] != winning[k - 1];
    }
    CHECK(won == 500);
    CHECK(changes > 400);  // about 500 in random order
    CHECK(positions(args).out == run.out);
  }
  SUBCASE("a single heap: lost only when empty (normal play), which a note says") {
    const auto run = positions(
        {"--count", "10", "--heap-count", "1", "--max-size", "5", "--balanced", "--seed", "1"});
    REQUIRE(run.status == 0);
    CHECK(run.err ==
          "nim-game: note: the 5 lost positions are drawn from only 1 different one (1 heap of "
          "sizes 0 to 5 under normal play; heaps in any order, empty heaps left out), so they "
          "repeat\n");
    const auto lines = split_lines(run.out);
    std::size_t empty = 0;
    for (const auto& line : lines)
      empty += line == "0";
    CHECK(empty == 5);
  }
}

TEST_CASE("positions --balanced: when no such positions exist, a usage error says so") {
  const Args base{"--count", "4", "--balanced", "--seed", "1"};
  const auto with = [&](Args more) {
    more.insert(more.begin(), base.begin(), base.end());
    return more;
  };
  check_usage_error("positions", with({"--heap-count", "1", "--max-size", "0"}),
                    "--balanced: no position of 1 heap of size 0 under normal play is won for the "
                    "player to move");
  check_usage_error("positions", with({"--heap-count", "1", "--max-size", "0", "--misere"}),
                    "--balanced: no position of 1 heap of size 0 under misère play is lost for "
                    "the player to move");
  check_usage_error("positions", with({"--heap-count", "2", "--min-size", "5", "--max-size", "5"}),
                    "--balanced: no position of 2 heaps of size 5 under normal play is won for "
                    "the player to move");
  // Three heaps that share their high bits never XOR to 0 (a cap above every size changes nothing).
  check_usage_error(
      "positions",
      with({"--heap-count", "3", "--min-size", "1000", "--max-size", "1023", "--max-take", "5000"}),
      "--balanced: no position of 3 heaps of sizes 1000 to 1023 under normal "
      "play, taking at most 5000 a move is lost for the player to move");
  // The same with too many positions to go through.
  check_usage_error(
      "positions",
      with({"--heap-count", "3", "--min-size", "1099511627776", "--max-size", "2199023255551"}),
      "--balanced: no position of 3 heaps of sizes 1099511627776 to 2199023255551 "
      "under normal play that is lost for the player to move turned up in many "
      "tries: such positions are too rare to draw, or there are none");
}

TEST_CASE("positions --all: every position in order, fewer heaps first") {
  CHECK(lines_of({"--all", "--heap-count", "1..2", "--max-size", "2"}) ==
        std::vector<std::string>{"0", "1", "2", "0 0", "0 1", "0 2", "1 0", "1 1", "1 2", "2 0",
                                 "2 1", "2 2"});
  CHECK(lines_of({"--all", "--heap-count", "1..2", "--max-size", "2", "--sorted"}) ==
        std::vector<std::string>{"0", "1", "2", "0 0", "0 1", "0 2", "1 1", "1 2", "2 2"});
  CHECK(lines_of({"--all", "--heap-count", "3", "--min-size", "4", "--max-size", "5"}) ==
        std::vector<std::string>{"4 4 4", "4 4 5", "4 5 4", "4 5 5", "5 4 4", "5 4 5", "5 5 4",
                                 "5 5 5"});
  SUBCASE("the README's counts: (R^(B+1) - R^A)/(R - 1), and C(R+B,B) - C(R+A-1,A-1) sorted") {
    // A..B = 2..4, sizes 0..5 (R = 6): (6^5 - 6^2) / 5 = 1548; C(10,4) - C(7,1) = 203.
    CHECK(lines_of({"--all", "--heap-count", "2..4", "--max-size", "5"}).size() == 1548);
    CHECK(lines_of({"--all", "--heap-count", "2..4", "--max-size", "5", "--sorted"}).size() == 203);
  }
}

TEST_CASE(
    "positions --format json: one {\"heaps\":[...],\"rules\":{...}} a line, which --batch reads") {
  const auto lines =
      lines_of({"--all", "--heap-count", "1..2", "--max-size", "1", "--format", "json"});
  const std::string rules = R"("rules":{"misere":false,"max_take":null}})";
  CHECK(lines ==
        std::vector<std::string>{R"({"heaps":[0],)" + rules, R"({"heaps":[1],)" + rules,
                                 R"({"heaps":[0,0],)" + rules, R"({"heaps":[0,1],)" + rules,
                                 R"({"heaps":[1,0],)" + rules, R"({"heaps":[1,1],)" + rules});
  const auto plain = positions({"--count", "200", "--heap-count", "1..8", "--max-size",
                                "100000000000000000000000", "--seed", "5"});
  const auto json = positions({"--count", "200", "--heap-count", "1..8", "--max-size",
                               "100000000000000000000000", "--seed", "5", "--format", "json"});
  const auto a = split_lines(plain.out), b = split_lines(json.out);
  REQUIRE(a.size() == 200);
  REQUIRE(b.size() == 200);
  for (std::size_t k = 0; k < a.size(); ++k) {
    std::string commas = a[k];
    for (char& c : commas)
      if (c == ' ') c = ',';
    CHECK(b[k] == R"({"heaps":[)" + commas + "]," + rules);
  }
  // Both read back as the same positions.
  const auto from_plain = run_in_process({"--batch"}, plain.out),
             from_json = run_in_process({"--batch"}, json.out);
  CHECK(from_plain.status == 0);
  CHECK(from_plain.out == from_json.out);
}

TEST_CASE("positions: bad command lines are usage errors that name the value") {
  const Args space{"--heap-count", "1..3", "--max-size", "5"};
  const auto with = [&](Args more) {
    more.insert(more.end(), space.begin(), space.end());
    return more;
  };
  check_usage_error("positions", space,
                    "no positions asked for: give --count N (a random sample) or --all");
  check_usage_error("positions", with({"--count", "3", "--all"}),
                    "--count and --all cannot be used together");
  check_usage_error("positions", {"--count", "3", "--max-size", "5"},
                    "positions needs --heap-count A..B (how many heaps)");
  check_usage_error("positions", {"--count", "3", "--heap-count", "2"},
                    "positions needs --max-size M (the largest heap size)");
  check_usage_error("positions", {"--count", "3", "--heap-count", "0..2", "--max-size", "5"},
                    "--heap-count \"0..2\" is not a range A..B of whole numbers from 1 to "
                    "18446744073709551615 with A <= B");
  check_usage_error("positions", {"--count", "3", "--heap-count", "3..2", "--max-size", "5"},
                    "--heap-count \"3..2\" is not a range A..B of whole numbers from 1 to "
                    "18446744073709551615 with A <= B");
  check_usage_error("positions", {"--count", "3", "--heap-count", "2", "--max-size", "-1"},
                    "--max-size \"-1\" is not a whole number (0 or more, of any size)");
  check_usage_error("positions", with({"--count", "3", "--min-size", "x\ty"}),
                    "--min-size \"x\\u0009y\" is not a whole number (0 or more, of any size)");
  check_usage_error("positions", with({"--count", "3", "--min-size", "6"}),
                    "--min-size 6 is more than --max-size 5");
  check_usage_error("positions", with({"--count", "-3"}),
                    "--count \"-3\" is not a whole number from 0 to 18446744073709551615");
  check_usage_error("positions", with({"--count", "3", "--balanced"}),
                    "--balanced needs an even --count (half won, half lost), not 3");
  check_usage_error("positions", with({"--all", "--balanced"}), "--balanced needs --count");
  check_usage_error("positions", with({"--count", "4", "--sorted"}), "--sorted needs --all");
  check_usage_error(
      "positions", with({"--count", "4", "--misere"}),
      "--misere needs --balanced, --label or the rules field of --format json (the rules "
      "decide who wins)");
  check_usage_error("positions", with({"--count", "4", "--max-take", "2"}),
                    "--max-take needs --balanced, --label or the rules field of --format json (the "
                    "rules decide who wins)");
  check_usage_error("positions", with({"--all", "--seed", "3"}), "--seed needs --count");
  check_usage_error("positions", with({"--all", "--format", "xml"}),
                    "--format \"xml\" is not one of json, text, csv, tsv, npy");
  check_usage_error("positions", with({"--all", "--pretty"}), "unrecognized option '--pretty'");
  check_usage_error("positions", with({"--all", "7"}), "unexpected argument \"7\"");
  // Issue 17: labels, fields, tables, unique sets and splits.
  check_usage_error("positions", with({"--all", "--label"}),
                    "--label writes fields: give --format json, csv, tsv or npy (text is the "
                    "heaps alone)");
  check_usage_error("positions", with({"--all", "--fields", "heaps"}),
                    "--fields writes fields: give --format json, csv, tsv or npy (text is the "
                    "heaps alone)");
  check_usage_error("positions", with({"--all", "--format", "csv", "--fields", "heaps,foo"}),
                    "--fields \"heaps,foo\": \"foo\" is not a field (heaps, state, rules, "
                    "winning, move, action, winning_moves, winning_actions, grundy_values, "
                    "nim_sum, grundy_sum)");
  check_usage_error("positions", with({"--all", "--format", "csv", "--fields", "heaps,heaps"}),
                    "--fields \"heaps,heaps\": heaps is given twice");
  check_usage_error("positions", with({"--all", "--format", "csv", "--fields", "heaps,move"}),
                    "--fields move needs --label (the rules decide it)");
  check_usage_error("positions", with({"--all", "--format", "json", "--pad", "0"}),
                    "--pad fills table cells: it needs --format csv, tsv or npy");
  check_usage_error("positions", with({"--all", "--unique"}),
                    "--unique needs --count (--all writes each position once)");
  check_usage_error("positions", with({"--count", "2", "--unique", "sorted"}),
                    "unexpected argument \"sorted\"");
  check_usage_error("positions", with({"--count", "2", "--split", "a=0.5,b=0.4"}),
                    "--split \"a=0.5,b=0.4\": the shares add up to 0.9, not 1");
  check_usage_error("positions", with({"--count", "2", "--split", "a=1"}),
                    "--split needs --output-prefix PREFIX (where its files go)");
  check_usage_error("positions", with({"--count", "2", "--output-prefix", "x/"}),
                    "--output-prefix names the files of --split; it needs --split");
}

// ---- Labels, fields and tables (issue 17) ----

TEST_CASE("positions --label: every field, exactly, in JSON and CSV") {
  const Args space{"--count", "6", "--heap-count", "1..3", "--max-size", "4", "--seed", "7"};
  const auto with = [&](Args more) {
    more.insert(more.begin(), space.begin(), space.end());
    return more;
  };
  const std::string rules = R"("rules":{"misere":true,"max_take":3},)";
  CHECK(lines_of(with({"--balanced", "--misere", "--max-take", "3", "--format", "json", "--label",
                       "--fields", "heaps,rules,winning,move,action,state"})) ==
        std::vector<std::string>{
            R"({"heaps":[1],)" + rules + R"("winning":false,"move":[0,1],"action":0,"state":"1"})",
            R"({"heaps":[0,1],)" + rules +
                R"("winning":false,"move":[1,1],"action":1,"state":"0;1"})",
            R"({"heaps":[0,3,1],)" + rules +
                R"("winning":true,"move":[1,3],"action":7,"state":"0;3;1"})",
            R"({"heaps":[0,0],)" + rules +
                R"("winning":true,"move":null,"action":null,"state":"0;0"})",
            R"({"heaps":[3,0,3],)" + rules +
                R"("winning":false,"move":[0,1],"action":0,"state":"3;0;3"})",
            R"({"heaps":[4],)" + rules + R"("winning":true,"move":[0,3],"action":2,"state":"4"})",
        });
  // The default fields: the heaps, the rules (JSON), and with --label whether the mover wins.
  CHECK(lines_of(with({"--format", "json", "--label", "--count", "1"})) ==
        std::vector<std::string>{
            R"({"heaps":[4],"rules":{"misere":false,"max_take":null},"winning":true})"});
  CHECK(positions(with({"--format", "csv", "--label", "--max-take", "2", "--pad", "0", "--count",
                        "4", "--fields", "heaps,winning,winning_moves,grundy_values"}))
            .out ==
        "h1,h2,h3,winning,winning_moves,g1,g2,g3\n"
        "4,0,0,1,\"[[0,1]]\",1,0,0\n"
        "3,0,0,0,[],0,0,0\n"
        "0,3,0,0,[],0,0,0\n"
        "0,0,0,0,[],0,0,0\n");
}

TEST_CASE("positions --format csv and tsv: a header, heaps padded to the most heaps, quoting") {
  CHECK(positions({"--all", "--heap-count", "1..2", "--max-size", "2", "--sorted", "--format",
                   "csv", "--label", "--max-take", "1", "--fields",
                   "heaps,state,winning,move,action,winning_actions,rules"})
            .out ==
        "h1,h2,state,winning,move_heap,move_take,action,winning_actions,rules\n"
        "0,,0,0,,,,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "1,,1,1,0,1,0,[0],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "2,,2,0,0,1,0,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "0,0,0;0,0,,,,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "0,1,0;1,1,1,1,1,[1],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "0,2,0;2,0,1,1,1,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "1,1,1;1,0,0,1,0,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "1,2,1;2,1,0,1,0,\"[0,1]\",\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n"
        "2,2,2;2,0,0,1,0,[],\"{\"\"misere\"\":false,\"\"max_take\"\":1}\"\n");
  CHECK(positions({"--all", "--heap-count", "1..2", "--max-size", "1", "--format", "tsv", "--pad",
                   "0", "--fields", "heaps,state"})
            .out ==
        "h1\th2\tstate\n0\t0\t0\n1\t0\t1\n0\t0\t0;0\n0\t1\t0;1\n1\t0\t1;0\n1\t1\t1;1\n");
  // Big sizes exactly (tests/e2e/batch_test.cpp has an action id beyond 64 bits).
  const std::string big = "100000000000000000000";  // 10^20
  CHECK(positions({"--all", "--heap-count", "2", "--min-size", big, "--max-size", big, "--format",
                   "csv", "--label", "--fields", "heaps,move,action,nim_sum"})
            .out == "h1,h2,move_heap,move_take,action,nim_sum\n" + big + "," + big + ",0,1,0,0\n");
}

// ---- Sets without leakage (issue 17) ----

// The positions of plain lines, heaps sorted (the same game in any order).
std::set<std::vector<Big>> as_multisets(const std::vector<std::string>& lines) {
  std::set<std::vector<Big>> multisets;
  for (const auto& line : lines) {
    auto heaps = sizes_of(line);
    std::sort(heaps.begin(), heaps.end());
    multisets.insert(heaps);
  }
  return multisets;
}

TEST_CASE("positions --unique: no position twice, heaps in any order unless --unique ordered") {
  const Args space{"--count", "6", "--heap-count", "2", "--max-size", "2", "--seed", "3"};
  const auto any_order = lines_of(space);
  auto unique = space;
  unique.push_back("--unique");
  const auto lines = lines_of(unique);
  // All there are, C(3+1, 2), in the order drawing would meet them.
  CHECK(lines == std::vector<std::string>{"1 1", "0 0", "1 2", "2 0", "0 1", "2 2"});
  CHECK(as_multisets(lines).size() == 6);
  unique.push_back("ordered");
  unique[1] = "8";
  const auto ordered = lines_of(unique);
  CHECK(std::set<std::string>(ordered.begin(), ordered.end()).size() == 8);
  CHECK(as_multisets(ordered).size() < 8);  // 0 1 and 1 0 are two positions here
  CHECK(std::count(ordered.begin(), ordered.end(), "1 0") == 1);
  CHECK(std::count(ordered.begin(), ordered.end(), "0 1") == 1);
  // More than exist: a usage error that gives the number that exist, exactly.
  check_usage_error("positions",
                    {"--count", "7", "--heap-count", "2", "--max-size", "2", "--unique"},
                    "--unique: --count 7 is more than the 6 different positions of 2 heaps of "
                    "sizes 0 to 2 under normal play (heaps in any order, empty heaps left out)");
  check_usage_error(
      "positions",
      {"--count", "1111112", "--heap-count", "1..6", "--max-size", "9", "--unique", "ordered"},
      "--unique: --count 1111112 is more than the 1000000 different positions of 1 "
      "to 6 heaps of sizes 0 to 9 under normal play (heaps in order, trailing empty heaps left "
      "out)");
  check_usage_error(
      "positions",
      {"--count", "10", "--heap-count", "2", "--max-size", "3", "--unique", "--balanced"},
      "--unique --balanced: --count 10 needs 5 lost positions, and 2 heaps of "
      "sizes 0 to 3 under normal play has 4 (heaps in any order, empty heaps left out)");
}

TEST_CASE("positions --split: files that share no position, each balanced, the same for a seed") {
  testing::TempDirectory dir;
  const std::string prefix = dir.path() + "/set-";
  Args args{"--count", "1000", "--heap-count", "2..6", "--max-size", "15", "--balanced"};
  for (const std::string more : {"--split", "train=0.8,test=0.15,val=0.05", "--seed", "11",
                                 "--format", "csv", "--label", "--output-prefix"})
    args.push_back(more);
  args.push_back(prefix);
  const auto read_parts = [&] {
    std::vector<std::vector<std::string>> parts;
    for (const std::string name : {"train", "test", "val"}) {
      testing::RunResult cat =
          testing::run_shell("cat " + testing::shell_quote(prefix + name + ".csv"));
      REQUIRE(cat.status == 0);
      parts.push_back(split_lines(cat.out));
    }
    return parts;
  };
  const auto run = positions(args);
  REQUIRE(run.status == 0);
  CHECK(run.out.empty());
  const auto parts = read_parts();
  std::set<std::vector<Big>> all;
  std::size_t total = 0;
  const std::vector<std::size_t> expected{800, 150, 50};
  for (std::size_t k = 0; k < parts.size(); ++k) {
    REQUIRE(parts[k].size() == expected[k] + 1);
    CHECK(parts[k][0] == "h1,h2,h3,h4,h5,h6,winning");
    std::size_t won = 0;
    for (std::size_t row = 1; row < parts[k].size(); ++row) {
      std::string line = parts[k][row];
      won += line.ends_with(",1");
      line = line.substr(0, line.rfind(','));
      while (line.ends_with(","))
        line.pop_back();  // the padding
      for (char& c : line)
        if (c == ',') c = ' ';
      auto heaps = sizes_of(line);
      std::erase(heaps, Big(0));  // the same game: empty heaps left out, in any order
      std::sort(heaps.begin(), heaps.end());
      all.insert(heaps);
      ++total;
    }
    CHECK(won == expected[k] / 2);
  }
  CHECK(total == 1000);
  CHECK(all.size() == 1000);  // no position twice, within a file or across them
  REQUIRE(positions(args).status == 0);
  CHECK(read_parts() == parts);
  check_usage_error("positions",
                    {"--count", "10", "--heap-count", "2", "--max-size", "9", "--balanced",
                     "--split", "a=0.5,b=0.5", "--output-prefix", prefix},
                    "--split with --balanced: part a gets 5 positions, an odd number (half won, "
                    "half lost)");
}

}  // namespace
}  // namespace nim::positions_command_test
