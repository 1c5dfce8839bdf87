// nim-game positions (issue 10), tested by running the built binary: random samples, balanced
// samples, every position in order, the output forms, reproducibility, and the Unix filter
// behaviour (a closed pipe, a full disk).
#include <doctest/doctest.h>

#include <gmpxx.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::RunResult;
using testing::split_lines;
using Args = std::vector<std::string>;
using Big = mpz_class;

RunResult positions(Args args) {
  args.insert(args.begin(), "positions");
  return run_nim(std::move(args));
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
  const auto run = run_nim(args, lines);
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
  const auto run = run_nim({"--batch"}, text);
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
  SUBCASE("a single heap: lost only when empty (normal play)") {
    const auto lines = lines_of(
        {"--count", "10", "--heap-count", "1", "--max-size", "5", "--balanced", "--seed", "1"});
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

TEST_CASE("positions --format json: one {\"heaps\":[...]} a line, which --batch reads") {
  const auto lines =
      lines_of({"--all", "--heap-count", "1..2", "--max-size", "1", "--format", "json"});
  CHECK(lines == std::vector<std::string>{R"({"heaps":[0]})", R"({"heaps":[1]})",
                                          R"({"heaps":[0,0]})", R"({"heaps":[0,1]})",
                                          R"({"heaps":[1,0]})", R"({"heaps":[1,1]})"});
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
    CHECK(b[k] == R"({"heaps":[)" + commas + "]}");
  }
  // Both read back as the same positions.
  const auto from_plain = run_nim({"--batch"}, plain.out),
             from_json = run_nim({"--batch"}, json.out);
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
  check_usage_error("positions", with({"--count", "4", "--misere"}),
                    "--misere needs --balanced (the rules decide who wins)");
  check_usage_error("positions", with({"--count", "4", "--max-take", "2"}),
                    "--max-take needs --balanced (the rules decide who wins)");
  check_usage_error("positions", with({"--all", "--seed", "3"}), "--seed needs --count");
  check_usage_error("positions", with({"--all", "--format", "xml"}),
                    "--format \"xml\" is not one of json, text");
  check_usage_error("positions", with({"--all", "--pretty"}), "unrecognized option '--pretty'");
  check_usage_error("positions", with({"--all", "7"}), "unexpected argument \"7\"");
}

TEST_CASE("positions: more heaps than memory holds is out of memory, not a crash (issue 14)") {
  const std::string most = "18446744073709551615", past_the_address_space = "4611686018427387904";
  for (const Args& args : std::vector<Args>{
           {"--count", "1", "--heap-count", most, "--max-size", "5", "--seed", "1"},
           {"--count", "1", "--heap-count", "1.." + most, "--max-size", "5", "--seed", "1"},
           {"--all", "--heap-count", past_the_address_space, "--max-size", "3"},
           {"--all", "--sorted", "--heap-count", past_the_address_space, "--max-size", "3"},
           {"--count", "2", "--balanced", "--heap-count", past_the_address_space, "--max-size", "3",
            "--seed", "1"},
       }) {
    const auto run = positions(args);
    INFO(args[1], " ", args[2], " ", args[3]);
    CHECK(run.status == 3);
    CHECK(run.signal == 0);
    CHECK(run.err == "nim-game: out of memory\n");
    CHECK(run.out.empty());
  }
}

TEST_CASE("positions: a closed pipe ends it at once and quietly, a full disk is an error") {
  // --all of up to 30 heaps would never end: only the closed pipe stops it.
  const std::string run_it = testing::shell_quote(testing::nim_game_path()) +
                             " positions --all --heap-count 1..30 --max-size 9";
  for (const char* setup : {"", "trap '' PIPE; "}) {
    INFO("setup: " << std::string(setup));
    const auto run = testing::run_shell(std::string(setup) + "{ " + run_it +
                                        " 2>&1; echo \"status $?\" >&2; } | head -2");
    CHECK(run.out == "0\n1\n");
    CHECK(run.err == "status 141\n");  // 128 + SIGPIPE, and nothing else on stderr
    CHECK(run.seconds < 10);
  }
  for (const Args& args :
       {Args{"positions", "--all", "--heap-count", "1..5", "--max-size", "9"},
        Args{"positions", "--count", "3", "--heap-count", "1", "--max-size", "9", "--seed", "1"}}) {
    testing::RunSpec spec;
    spec.argv = {testing::nim_game_path()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.stdout_path = "/dev/full";
    const auto run = testing::run_process(spec);
    CHECK(run.status == 3);
    CHECK(run.err == "nim-game: cannot write the output: No space left on device\n");
  }
}

TEST_CASE("positions | nim-game --batch labels them") {
  const auto run = testing::run_shell(testing::shell_quote(testing::nim_game_path()) +
                                      " positions --all --heap-count 2 --max-size 3 | " +
                                      testing::shell_quote(testing::nim_game_path()) + " --batch");
  REQUIRE(run.status == 0);
  const auto records = split_lines(run.out);
  REQUIRE(records.size() == 16);
  for (std::size_t k = 0; k < records.size(); ++k) {
    const Json r = parse_exact(records[k]);
    CHECK(r["line"] == k + 1);
    CHECK(r["position_before_move"] == Json::array({k / 4, k % 4}));
    CHECK(r["winning"] == (k / 4 != k % 4));
  }
}

}  // namespace
}  // namespace nim
