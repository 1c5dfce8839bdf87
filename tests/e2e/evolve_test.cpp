// examples/evolve: two short generations of the evolution strategy, each child a real match.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "support/nim_game.hpp"
#include "support/process.hpp"

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
  // "generation  1: best 0.412 (follow 0.71, bias 0.52, take 0.33), mean 0.356", read whole.
  for (int g = 0; g < 2; ++g) {
    INFO("line: " << lines[g]);
    int number = 0, end = 0;
    double best = -1, follow = -1, bias = -9, take = -1, mean = -1;
    std::sscanf(lines[g].c_str(),
                "generation %2d: best %lf (follow %lf, bias %lf, take %lf), mean %lf%n", &number,
                &best, &follow, &bias, &take, &mean, &end);
    CHECK(end == static_cast<int>(lines[g].size()));
    CHECK(lines[g].starts_with(g == 0 ? "generation  1: " : "generation  2: "));
    CHECK(number == g + 1);
    for (double fraction : {best, follow, take, mean}) {
      CHECK(fraction >= 0);
      CHECK(fraction <= 1);
    }
    CHECK(bias >= -2);
    CHECK(bias <= 2);
  }
  double follow = -1, bias = -9, take = -1;
  int end = 0;
  std::sscanf(lines[2].c_str(), "evolved: follow %lf, bias %lf, take %lf%n", &follow, &bias, &take,
              &end);
  CHECK(end == static_cast<int>(lines[2].size()));
  CHECK(follow >= 0);
  // The same seed, the same run.
  CHECK(testing::run_process(spec).out == run.out);
}

}  // namespace
}  // namespace nim
