// The single-query command line where it needs the binary: a playout of millions of plies read
// through a pipe. The records and the refusals of each command line are the unit tests' (tests/cli/
// commands/analyse_command_test.cpp, run in-process).
#include <doctest/doctest.h>

#include <string>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::run_nim;
using testing::split_lines;

TEST_CASE("cli: a playout stops at 1,000,000 plies unless told otherwise (fault 4)") {
  // Two heaps of 2^64-1 with the default moves last about 2^65 plies.
  const std::string huge = "18446744073709551615";
  const std::string nim = testing::shell_quote(testing::nim_game_path());
  const auto limited =
      testing::run_shell(nim + " -H " + huge + " " + huge +
                         " --playout --trace moves | awk 'END { print NR; print }'");
  CHECK(limited.status == 0);
  CHECK(limited.out ==
        "1000000\n{\"ply\":999999,\"move\":[1,1],\"winning\":true,\"done\":false,"
        "\"truncated\":true}\n");
  CHECK(limited.err ==
        "nim-game: a playout stopped at the default limit of 1000000 plies; --max-plies N or "
        "--max-plies unlimited plays on\n");

  SUBCASE("--max-plies unlimited plays on; a given limit says nothing on stderr") {
    const auto unlimited = testing::run_shell(
        nim + " -H " + huge + " " + huge +
        " --playout --trace moves --max-plies unlimited | head -n 1000001 | tail -n 1");
    CHECK(unlimited.out == "{\"ply\":1000000,\"move\":[0,1],\"winning\":false,\"done\":false}\n");
    CHECK(unlimited.err.empty());
    const auto given =
        run_nim({"-H", huge, huge, "--playout", "--trace", "moves", "--max-plies", "2"});
    CHECK(given.err.empty());
    CHECK(split_lines(given.out).size() == 2);
  }
}

}  // namespace
}  // namespace nim
