// analyse with --format text and --explain where the binary is needed: text written through a pipe
// is wrapped to 80 columns, whatever the terminal the tests run at. The examples, every
// mode in text and the explanation are the unit tests' (tests/cli/commands/analyse_output_test.cpp,
// run in-process).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using Args = std::vector<std::string>;

// The output of a run that must succeed quietly.
std::string output_of(const Args& args, const std::string& input = {}) {
  const auto run = testing::run_nim(args, input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  CHECK(run.out.find('\x1b') == std::string::npos);  // no colour through a pipe
  return run.out;
}

// The widest line of a text, in code points.
std::size_t widest(const std::string& text) {
  std::size_t widest = 0;
  for (const auto& line : testing::split_lines(text)) {
    std::size_t width = 0;
    for (const char c : line)
      width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    widest = std::max(widest, width);
  }
  return widest;
}

TEST_CASE("text through a pipe: wrapped to 80 columns, except the --batch blocks") {
  CHECK(widest(output_of({"-H", "3", "4", "5", "--explain", "--format", "text"})) <= 80);
  CHECK(widest(output_of({"-H", "3", "4", "5", "--explain", "--misere", "--max-take", "3",
                          "--format", "text"})) <= 80);
  CHECK(widest(output_of({"-H", "1", "2", "3", "--playout", "--explain", "--all-moves", "--format",
                          "text"})) <= 80);
  CHECK(widest(output_of({"match", "perfect", "random", "difficulty:0.5", "--games", "4", "--seed",
                          "1", "--format", "text"})) <= 80);
  CHECK(widest(output_of(
            {"-H", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "--format", "text"})) <= 80);
  const std::string batch = output_of({"--batch", "--explain", "--format", "text"}, "3 4 5\n");
  CHECK(batch.find("1. Write each heap's size in binary, one row per heap, with the columns "
                   "numbered from 0 at the right,") != std::string::npos);
}

}  // namespace
}  // namespace nim
