// Shell completion, as bash and fish load it: `nim-game completion bash|fish`, which is also what
// the build installs.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using Words = std::vector<std::string>;

// The completions bash offers for the words of a command line, the last being the word being
// completed ("" after a space), as bash splits them (COMP_WORDBREAKS makes `=` a word).
std::string bash_completions(const Words& words) {
  std::string array;
  for (const auto& word : words) {
    array += ' ';
    array += testing::shell_quote(word);
  }
  const std::string script = "source <(" + testing::shell_quote(testing::nim_game_path()) +
                             " completion bash) && COMP_WORDS=(" + array +
                             ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _nim_game && "
                             "for word in \"${COMPREPLY[@]}\"; do echo \"$word\"; done";
  const auto run = testing::run_process({.argv = {"/bin/bash", "-c", script}});
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  return run.out;
}

TEST_CASE("bash completes commands, a command's options, and the values of fixed sets") {
  CHECK(bash_completions({"nim-game", "--ch"}) == "--choose\n");
  CHECK(bash_completions({"nim-game", "--choose", ""}) == "first\nlargest\nrandom\n");
  CHECK(bash_completions({"nim-game", "--choose", "=", "l"}) == "largest\n");
  CHECK(bash_completions({"nim-game", "--when-losing", "f"}) == "first-one\n");
  CHECK(bash_completions({"nim-game", "analyse", "--tr"}) == "--trace\n");
  CHECK(bash_completions({"nim-game", "-H", "1", "3", "--trace", ""}) == "full\nmoves\n");
  CHECK(bash_completions({"nim-game", "co"}) == "completion\n");
  CHECK(bash_completions({"nim-game", "ma"}) == "match\n");
  CHECK(bash_completions({"nim-game", "p"}) == "play\npositions\n");
  CHECK(bash_completions({"nim-game", "match", "--g"}) ==
        "--games\n--games-out\n--gauntlet\n--game\n--grundy-limit\n");
  CHECK(bash_completions({"nim-game", "match", "perfect", "d"}) == "difficulty:\n");
  CHECK(bash_completions({"nim-game", "match", "--format", ""}) == "json\ntext\n");
  // sequence offers the games whose values come from single heaps, and Wythoff's (its table of
  // pairs).
  CHECK(bash_completions({"nim-game", "sequence", "--game", ""}) ==
        "nim\ngrundy\nwythoff\nlasker\n");
  CHECK(bash_completions({"nim-game", "play", "--players", "h"}) ==
        "human,computer\nhuman,human\n");
  CHECK(bash_completions({"nim-game", "play", "--players", "c"}) ==
        "computer,human\ncomputer,computer\n");
  CHECK(bash_completions({"nim-game", "completion", ""}) == "bash\nfish\n");
  CHECK(bash_completions({"nim-game", "completion", "--"}) == "--help\n--version\n");
  CHECK(bash_completions({"nim-game", "--seed", ""}) == "");  // a number to type
}

TEST_CASE("bash completion offers every option of every command, from the option tables") {
  // Each command with an option of its own that its --help must list.
  for (const auto& [command, own] :
       std::vector<std::pair<std::string, std::string>>{{"analyse", "--choose"},
                                                        {"play", "--difficulty"},
                                                        {"match", "--games-out"},
                                                        {"positions", "--balanced"},
                                                        {"sequence", "--octal"},
                                                        {"completion", "--version"}}) {
    const auto help = testing::run_nim({command, "--help"});
    const std::string offered = bash_completions({"nim-game", command, "-"});
    std::set<std::string> listed;
    for (const auto& line : testing::split_lines(help.out)) {
      const auto at = line.find("--");
      if (line.rfind("  ", 0) != 0 || at == std::string::npos || at > 8) continue;
      const std::string option = line.substr(at, line.find_first_of(" =", at) - at);
      INFO(command << " " << option);
      CHECK(offered.find(option + "\n") != std::string::npos);
      listed.insert(option);
    }
    // The lines above were read as options at all: --help and the command's own are among them.
    INFO(command);
    CHECK(listed.count("--help") == 1);
    CHECK(listed.count(own) == 1);
  }
}

TEST_CASE("the installed completion is the one nim-game writes") {
  testing::TempFile written;
  for (const std::string shell : {"bash", "fish"}) {
    const auto run = testing::run_nim({"completion", shell});
    CHECK(run.status == 0);
    const std::string installed =
        std::string(NIM_BUILD_DIR "/completions/nim-game") + (shell == "fish" ? ".fish" : "");
    written.write(run.out);
    CHECK(testing::run_shell("cmp -s " + testing::shell_quote(installed) + " " +
                             testing::shell_quote(written.path()))
              .status == 0);
  }
}

TEST_CASE("fish completes commands, options and values") {
  INFO("fish is needed: scripts/bootstrap.sh installs it (Debian package fish)");
  REQUIRE(testing::have_program("fish"));
  const auto complete = [](const std::string& line) {
    const std::string script = "source (" + testing::shell_quote(testing::nim_game_path()) +
                               " completion fish | psub); complete -C " +
                               testing::shell_quote(line);
    const auto run = testing::run_process({.argv = {"/usr/bin/fish", "-c", script}});
    CHECK(run.status == 0);
    std::string words;  // the completions without their descriptions
    for (const auto& entry : testing::split_lines(run.out))
      words += entry.substr(0, entry.find('\t')) + "\n";
    return words;
  };
  CHECK(complete("nim-game --ch") == "--choose\n");
  CHECK(complete("nim-game --choose ") == "first\nlargest\nrandom\n");
  CHECK(complete("nim-game co") == "completion\n");
  CHECK(complete("nim-game match --games-") == "--games-out\n");
  CHECK(complete("nim-game play --first ") == "computer\nhuman\n");
  CHECK(complete("nim-game completion ") == "bash\nfish\n");
}

}  // namespace
}  // namespace nim
