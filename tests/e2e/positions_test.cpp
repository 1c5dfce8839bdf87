// nim-game positions where the binary is needed: the Unix filter behaviour (a closed pipe, a full
// disk, pipelines into --batch) and memory that runs out. The sets, their forms and refusals are
// the unit tests' (tests/cli/commands/positions_command_test.cpp, run in-process).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::split_lines;
using Args = std::vector<std::string>;

testing::RunResult positions(Args args) {
  args.insert(args.begin(), "positions");
  return run_nim(std::move(args));
}

TEST_CASE("positions --format json | --batch: the rules travel with the positions") {
  const std::string nim = testing::shell_quote(testing::nim_game_path());
  const std::string make = nim +
                           " positions --count 100 --heap-count 2..5 --max-size 20 "
                           "--balanced --misere --max-take 3 --seed 9 --format json";
  // Without the rules: every line is an error record, none relabelled (status 1).
  const auto forgotten = testing::run_shell(make + " | " + nim + " --batch");
  CHECK(forgotten.status == 1);
  CHECK(forgotten.err == "nim-game: 100 of 100 lines could not be read (the first is line 1)\n");
  for (const auto& line : split_lines(forgotten.out))
    CHECK(parse_exact(line)["error"].get<std::string>().ends_with(
        R"(are not this command's {"misere":false,"max_take":null})"));
  // With them: half won, half lost, as --balanced drew them.
  const auto labelled = testing::run_shell(make + " | " + nim + " --batch --misere --max-take 3");
  REQUIRE(labelled.status == 0);
  int won = 0;
  for (const auto& line : split_lines(labelled.out))
    won += parse_exact(line)["winning"].get<bool>();
  CHECK(won == 50);
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

// npy's binary records to a terminal would only garble it: refused, nothing written; to a pipe or
// a file, written.
TEST_CASE("positions --format npy: refused at a terminal, written through a pipe") {
  const Args args{"positions", "--count", "3", "--heap-count", "2",  "--max-size",
                  "5",         "--seed",  "1", "--format",     "npy"};
  const auto at_terminal = testing::run_with_a_terminal(args, testing::AtTerminal::out);
  CHECK(at_terminal.out ==
        "b''\n2\nnim-game: --format npy writes binary records: redirect standard output to a "
        "file\n");
  const auto piped = positions({args.begin() + 1, args.end()});
  CHECK(piped.status == 0);
  CHECK(piped.out.starts_with(std::string("\x93NUMPY\x01\x00", 8)));
  CHECK(piped.out.size() == 128 + 3 * 24);
}

}  // namespace
}  // namespace nim
