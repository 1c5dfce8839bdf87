// examples/evolve: two short generations of the evolution strategy, each child a real match.
#include <doctest/doctest.h>

#include <regex>
#include <string>

#include "support/binary_runner.hpp"

namespace nim {
namespace {

TEST_CASE("examples/evolve runs generations whose fitness nim-game match measures") {
  testing::RunSpec spec;
  spec.argv = {"/usr/bin/python3", NIM_SOURCE_DIR "/examples/evolve/evolve.py",
               "--nim-game",       testing::nim_game_path(),
               "--generations",    "2",
               "--population",     "3",
               "--games",          "10",
               "--jobs",           "1"};
  const auto run = testing::run_process(spec);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  CHECK(run.err == "");
  const auto lines = testing::split_lines(run.out);
  REQUIRE(lines.size() == 3);
  const std::regex generation(
      R"(generation  [12]: best [01]\.\d{3} \(follow \d\.\d\d, bias -?\d\.\d\d, take \d\.\d\d\), )"
      R"(mean [01]\.\d{3})");
  CHECK(std::regex_match(lines[0], generation));
  CHECK(lines[0].starts_with("generation  1: "));
  CHECK(std::regex_match(lines[1], generation));
  CHECK(lines[1].starts_with("generation  2: "));
  CHECK(std::regex_match(
      lines[2], std::regex(R"(evolved: follow \d\.\d\d, bias -?\d\.\d\d, take \d\.\d\d)")));
  // The same seed, the same run.
  CHECK(testing::run_process(spec).out == run.out);
}

}  // namespace
}  // namespace nim
