// The manual page (docs/nim-game.1.in, with the version filled in by the build): it renders
// without a single groff warning, and it documents every command and every option that the
// commands' --help lists.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

const std::string man_page = NIM_BUILD_DIR "/man/nim-game.1";

// The page as a reader sees it, in plain ASCII (roff's \- becomes -).
std::string rendered_page() {
  const auto run =
      testing::run_shell("groff -man -Tascii -P-c -P-b -P-u " + testing::shell_quote(man_page));
  REQUIRE(run.status == 0);
  return run.out;
}

// The options a --help text lists: the words starting with - at the start of its option lines.
std::set<std::string> options_in_help(const std::string& help) {
  std::set<std::string> options;
  for (const auto& line : testing::split_lines(help)) {
    if (!line.starts_with("  -") && !line.starts_with("      --")) continue;
    std::size_t at = line.find('-');
    while (at != std::string::npos && at < 24) {  // "-H, --heaps SIZE..."
      const std::size_t end = line.find_first_of(" ,", at);
      options.insert(line.substr(at, end - at));
      at = line.find(" -", end);
      if (at != std::string::npos) ++at;
    }
  }
  return options;
}

// The command names that `nim-game --help` lists.
std::set<std::string> commands_in_help(const std::string& help) {
  std::set<std::string> commands;
  bool in_list = false;
  for (const auto& line : testing::split_lines(help)) {
    if (line == "Commands:") {
      in_list = true;
    } else if (in_list && line.starts_with("  ")) {
      commands.insert(line.substr(2, line.find(' ', 2) - 2));
    } else if (in_list) {
      break;
    }
  }
  return commands;
}

TEST_CASE("the man page renders with every groff warning on, and says nothing") {
  const auto run =
      testing::run_shell("groff -man -ww -z -rCHECKSTYLE=3 " + testing::shell_quote(man_page));
  CHECK(run.status == 0);
  CHECK(run.err == "");
  CHECK(run.out == "");
}

TEST_CASE("the man page at 80 columns: no word hyphenated, no option broken, ragged right") {
  const auto run = testing::run_shell("groff -man -Tutf8 -rLL=80n -P-c -P-b -P-u " +
                                      testing::shell_quote(man_page));
  REQUIRE(run.status == 0);
  for (const auto& line : testing::split_lines(run.out)) {
    INFO(line);
    CHECK(!line.ends_with("\u2010"));  // the hyphen groff adds when it hyphenates a word
    const std::string last_word = line.substr(line.rfind(' ') + 1);
    CHECK(!(last_word.starts_with("-") && last_word.ends_with("-")));  // "--when-" "losing"
  }
  // Justified text would stretch some gap between two words of a sentence to two spaces.
  CHECK(run.out.find("The move from a lost position: take 1 from the largest heap\n") !=
        std::string::npos);
}

TEST_CASE("the man page carries the version of the build, and every section") {
  const std::string page = rendered_page();
  CHECK(page.find("nim-game " NIM_GAME_VERSION) != std::string::npos);
  for (const char* section : {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "RECORDS",
                              "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"}) {
    INFO(section);
    CHECK(page.find("\n" + std::string(section) + "\n") != std::string::npos);
  }
  CHECK(page.find("NO_COLOR") != std::string::npos);
  CHECK(page.find("jq(1)") != std::string::npos);
  CHECK(page.find("parallel(1)") != std::string::npos);
}

TEST_CASE("the man page names every command and every option of every command's --help") {
  const std::string page = rendered_page();
  const auto top = testing::run_nim({"--help"});
  REQUIRE(top.status == 0);
  const auto commands = commands_in_help(top.out);
  CHECK(commands.size() >= 2);
  std::set<std::string> options = options_in_help(top.out);
  for (const auto& command : commands) {
    INFO("command: " << command);
    CHECK(page.find("   " + command) != std::string::npos);  // its subsection, or SYNOPSIS
    const auto help = testing::run_nim({command, "--help"});
    REQUIRE(help.status == 0);
    const auto more = options_in_help(help.out);
    options.insert(more.begin(), more.end());
  }
  CHECK(options.count("--choose") == 1);  // the extraction itself works
  CHECK(options.count("-H") == 1);
  for (const auto& option : options) {
    INFO("option: " << option);
    CHECK(page.find(option) != std::string::npos);
  }
}

}  // namespace
}  // namespace nim
