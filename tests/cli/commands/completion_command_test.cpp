// The completion command's refusal of a shell it does not know, run in-process as nim-game runs it
// (support/run_in_process.hpp). What bash and fish complete is tests/e2e/completion_test.cpp's.
#include <doctest/doctest.h>

#include <string>

#include "support/run_in_process.hpp"

namespace nim::completion_command_test {
namespace {

TEST_CASE("completion: a shell it does not know is a usage error") {
  const auto run = testing::run_in_process({"completion", "tcsh"});
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "nim-game: completion \"tcsh\" is not a shell nim-game completes: bash or fish\n");
  CHECK(testing::run_in_process({"completion"}).err ==
        "nim-game: completion needs a shell: bash or fish\n");
}

}  // namespace
}  // namespace nim::completion_command_test
