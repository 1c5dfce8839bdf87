// The README's examples, run as written: every `$ nim-game ...` line in a code block, through
// /bin/sh with the built nim-game first on PATH, must print exactly the lines below it (stdout,
// then stderr, which nim-game writes only after flushing stdout).
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

struct Example {
  std::string command;
  std::string output;
};

std::vector<Example> readme_examples() {
  std::ifstream file(NIM_SOURCE_DIR "/README.md");
  REQUIRE(file);
  std::vector<Example> examples;
  bool in_block = false, collecting = false;  // in a code block; after a "$ " line of it
  std::string line;
  while (std::getline(file, line)) {
    if (line.starts_with("```")) {
      in_block = !in_block;
      collecting = false;
    } else if (in_block && line.starts_with("$ ")) {
      examples.push_back({line.substr(2), ""});
      collecting = true;
    } else if (collecting) {
      examples.back().output += line + "\n";
    }
  }
  return examples;
}

TEST_CASE("every README example gives its output byte for byte") {
  const std::string binary = testing::nim_game_path();
  const std::string directory = binary.substr(0, binary.rfind('/'));
  const auto examples = readme_examples();
  CHECK(examples.size() >= 12);
  for (const Example& example : examples) {
    INFO("$ " << example.command);
    const auto run = testing::run_shell("PATH=" + testing::shell_quote(directory) + ":\"$PATH\"; " +
                                        example.command);
    CHECK(run.out + run.err == example.output);
  }
}

}  // namespace
}  // namespace nim
