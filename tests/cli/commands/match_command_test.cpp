// The match command's command line, run in-process as nim-game runs it
// (support/run_in_process.hpp): its refusals, each one line naming the value, before any game or
// program starts, and its --help. Matches, their agents' programs and signals are
// tests/e2e/match_test.cpp's.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

namespace nim::match_command_test {
namespace {

using testing::check_usage_error;
using testing::run_in_process;
using testing::TempFile;

TEST_CASE("match: bad command lines are usage errors that name the value") {
  check_usage_error("match", {},
                    "a match needs at least two agents, as in: nim-game match perfect random");
  check_usage_error("match", {"perfect"},
                    "a match needs at least two agents, as in: nim-game match perfect random");
  check_usage_error("match", {"perfect", "perfekt"},
                    "agent \"perfekt\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
  check_usage_error("match", {"perfect", "difficulty:2"},
                    "agent \"difficulty:2\": \"2\" is not a number from 0 to 1 (the chance of the "
                    "perfect move)");
  check_usage_error("match", {"perfect", "cmd:"}, "agent \"cmd:\" has no command after cmd:");
  check_usage_error("match", {"cmd:a", "cmd:a", "cmd:a#1"},
                    "two agents are named \"cmd:a#1\": give them different names, as in "
                    "NAME=SPEC");
  check_usage_error("match", {"a=perfect", "a=random"},
                    "two agents are named \"a\": give them different names, as in NAME=SPEC");
  check_usage_error("match", {"a=perfekt", "random"},
                    "agent \"perfekt\" is not one of perfect, random, difficulty:P, cmd:COMMAND");
  check_usage_error("match", {"perfect", "random", "--games", "7"},
                    "--games \"7\" is odd: each start is played twice, once with each agent first");
  check_usage_error("match", {"perfect", "random", "--games", "0"},
                    "--games \"0\" is not a whole number from 2 to 18446744073709551615");
  check_usage_error("match", {"perfect", "random", "random", "--games", "18446744073709551614"},
                    "--games \"18446744073709551614\" makes more than 2^64 games in all");
  check_usage_error("match", {"perfect", "random", "--heap-count", "0..3"},
                    "--heap-count \"0..3\" is not a range A..B of whole numbers from 1 to "
                    "18446744073709551615 with A <= B");
  check_usage_error("match", {"perfect", "random", "--heap-count", "2000000"},
                    "--heap-count \"2000000\" is more than 1000000 heaps");
  check_usage_error("match", {"perfect", "random", "--max-size", "0"},
                    "--max-size must be at least 1 (a start needs an object to take), not 0");
  check_usage_error("match", {"perfect", "random", "--max-size", "ten"},
                    "--max-size \"ten\" is not a whole number");
  for (const char* timeout :
       {"0", "-1", "abc", "1e3", "2000000", "1000000.0000000000000000001", "0.000"})
    for (const std::string option : {"--move-timeout", "--start-timeout"})
      check_usage_error("match", {"perfect", "random", option, timeout},
                        option + " \"" + std::string(timeout) +
                            "\" is not a number of seconds above 0 and at most 1000000");
  check_usage_error("match", {"perfect", "random", "--max-plies", "0"},
                    "--max-plies \"0\" is not a whole number from 1 to 18446744073709551615");
  check_usage_error("match", {"perfect", "random", "--format", "text", "--pretty"},
                    "--pretty indents JSON; it cannot be used with --format text");
  check_usage_error("match", {"perfect", "random", "--format", "xml"},
                    "--format \"xml\" is not one of json, text");
  check_usage_error("match", {"perfect", "random", "--jobs", "1025"},
                    "--jobs \"1025\" is not a whole number from 0 to 1024");
  check_usage_error("match", {"perfect", "random", "-H", "1"}, "unrecognized option '-H'");
  check_usage_error("match", {"perfect", "random", "--batch"}, "unrecognized option '--batch'");

  const TempFile starts("1 2\n");
  check_usage_error(
      "match", {"perfect", "random", "--positions", starts.path(), "--max-size", "3"},
      "--max-size shapes the starts drawn from the seed; --positions gives them instead");
  check_usage_error("match", {"perfect", "random", "--positions", "/no/such/file"},
                    "--positions \"/no/such/file\": No such file or directory");
  const TempFile bad("1 2\n# fine\n1 x 3\n");
  check_usage_error(
      "match", {"perfect", "random", "--positions", bad.path()},
      "--positions \"" + bad.path() + "\" line 3: heap size \"x\" is not a whole number");
  const TempFile over("1 2\n0 0\n");
  check_usage_error("match", {"perfect", "random", "--positions", over.path()},
                    "--positions \"" + over.path() +
                        "\" line 2: every heap is empty: the game is over before it starts");
  const TempFile empty("# nothing\n\n");
  check_usage_error("match", {"perfect", "random", "--positions", empty.path()},
                    "--positions \"" + empty.path() + "\" holds no position");
}

TEST_CASE(
    "match: --report-every writes the report so far on stderr, as the match of that many "
    "games would") {
  const std::vector<std::string> match{"match",    "perfect", "difficulty:0.5", "--seed", "3",
                                       "--format", "text"};
  auto args = match;
  args.insert(args.end(), {"--games", "10", "--report-every", "4", "--jobs", "2"});
  const auto run = run_in_process(args);
  REQUIRE(run.status == 0);
  // After 4 and 8 games, not after the last: the report on stdout is that one.
  std::string expected;
  for (const char* games : {"4", "8"}) {
    auto shorter = match;
    shorter.insert(shorter.end(), {"--games", games});
    expected += "nim-game match: the report after " + std::string(games) + " games\n" +
                run_in_process(shorter).out + "\n";
  }
  CHECK(run.err == expected);
  auto whole = match;
  whole.insert(whole.end(), {"--games", "10"});
  CHECK(run.out == run_in_process(whole).out);
  // A match of a multiple of N games: no interim report after its last game.
  args = match;
  args.insert(args.end(), {"--games", "8", "--report-every", "4"});
  CHECK(run_in_process(args).err ==
        expected.substr(0, expected.find("nim-game match: the report after 8")));
  check_usage_error("match", {"perfect", "random", "--report-every", "0"},
                    "--report-every \"0\" is not a whole number from 1 to 18446744073709551615");
}

// The starts of the games a match with these arguments plays, in game order.
std::vector<std::string> starts_of(std::vector<std::string> args) {
  const TempFile games;
  args.insert(args.end(), {"--games-out", games.path()});
  const auto run = run_in_process(args);
  REQUIRE(run.status == 0);
  std::vector<std::string> starts;
  for (const auto& line : testing::split_lines(games.read()))
    starts.push_back(nlohmann::json::parse(line)["start"].dump());
  return starts;
}

TEST_CASE(
    "match: --positions-order plays the starts in the file's order, shuffled, or from the "
    "K-th, each start for a pair of games") {
  const TempFile file("1 2\n3 4\n5 6\n7 8\n9 10\n11 12\n");
  const std::vector<std::string> match{
      "match", "perfect", "random", "--positions", file.path(), "--games", "12", "--seed", "5"};
  auto with = [&](std::vector<std::string> more) {
    auto args = match;
    args.insert(args.end(), more.begin(), more.end());
    return starts_of(args);
  };
  const std::vector<std::string> in_file{"[1,2]", "[3,4]", "[5,6]", "[7,8]", "[9,10]", "[11,12]"};
  const auto twice = [](const std::vector<std::string>& order) {
    std::vector<std::string> games;
    for (const auto& start : order)
      games.insert(games.end(), {start, start});
    return games;
  };
  CHECK(with({}) == twice(in_file));
  CHECK(with({"--positions-order", "file"}) == twice(in_file));
  CHECK(with({"--positions-order", "from:5"}) ==
        twice({"[9,10]", "[11,12]", "[1,2]", "[3,4]", "[5,6]", "[7,8]"}));
  const auto shuffled = with({"--positions-order", "shuffled"});
  CHECK(shuffled == with({"--positions-order", "shuffled"}));  // the seed's order
  CHECK(shuffled != twice(in_file));
  std::vector<std::string> once;
  for (std::size_t g = 0; g < shuffled.size(); g += 2) {
    CHECK(shuffled[g] == shuffled[g + 1]);  // pairs stay pairs
    once.push_back(shuffled[g]);
  }
  std::ranges::sort(once);
  auto sorted = in_file;
  std::ranges::sort(sorted);
  CHECK(once == sorted);  // every start, once
  auto other_seed = match;
  other_seed[other_seed.size() - 1] = "6";
  other_seed.insert(other_seed.end(), {"--positions-order", "shuffled"});
  CHECK(starts_of(other_seed) != shuffled);
  check_usage_error("match", {"perfect", "random", "--positions-order", "shuffled"},
                    "--positions-order \"shuffled\" orders the starts of --positions: give it");
  check_usage_error(
      "match", {"perfect", "random", "--positions", file.path(), "--positions-order", "from:7"},
      "--positions-order from:K \"7\" is not a whole number from 1 to 6");
  check_usage_error(
      "match", {"perfect", "random", "--positions", file.path(), "--positions-order", "random"},
      "--positions-order \"random\" is not file, shuffled or from:K");
}

TEST_CASE("match: --help shows the agents, options and examples, nim-game --help lists match") {
  const auto help = run_in_process({"match", "--help"});
  CHECK(help.status == 0);
  CHECK(help.err == "");
  for (const char* text : {"match AGENT AGENT [AGENT...] [OPTION...]",
                           "difficulty:P",
                           "cmd:COMMAND",
                           "--games",
                           "--positions",
                           "--heap-count",
                           "--max-size",
                           "--jobs",
                           "--games-out",
                           "--move-timeout",
                           "--start-timeout",
                           "--max-plies",
                           "--misere",
                           "--max-take",
                           "--choose",
                           "--when-losing",
                           "--seed",
                           "--format",
                           "--pretty",
                           "docs/agent-protocol.md"}) {
    INFO("text: " << text);
    CHECK(help.out.find(text) != std::string::npos);
  }
  const auto list = run_in_process({"--help"});
  CHECK(list.out.find("  match       agents play each other, every move judged against "
                      "exact play\n") != std::string::npos);
}

}  // namespace
}  // namespace nim::match_command_test
