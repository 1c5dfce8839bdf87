// The user documents (README.md, CONTRIBUTING.md and every page under docs/) as a reader meets
// them: every `$ nim-game ...` line in a code block, run through /bin/sh with the built nim-game
// first on PATH, prints exactly the lines below it (stdout, then stderr, which nim-game writes
// only after flushing stdout); every relative link names a file that exists, and its #anchor a
// heading of that file.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim::docs_test {

namespace fs = std::filesystem;

const fs::path source_dir = NIM_SOURCE_DIR;

// The documents, by their path from the top of the source tree.
std::vector<std::string> documents() {
  std::vector<std::string> paths{"README.md", "CONTRIBUTING.md"};
  for (const auto& entry : fs::recursive_directory_iterator(source_dir / "docs"))
    if (entry.path().extension() == ".md")
      paths.push_back(fs::relative(entry.path(), source_dir).generic_string());
  std::sort(paths.begin() + 2, paths.end());
  return paths;
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream file(source_dir / path);
  REQUIRE_MESSAGE(file, path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);)
    lines.push_back(line);
  return lines;
}

struct Example {
  std::string command;
  std::string output;
};

std::vector<Example> examples_of(const std::vector<std::string>& lines) {
  std::vector<Example> examples;
  bool in_block = false, collecting = false;  // in a code block; after a "$ " line of it
  for (const std::string& line : lines) {
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

// A heading's anchor as GitHub makes it: lower case, spaces as hyphens, punctuation but '-' and
// '_' dropped (letters beyond ASCII kept), and "-1", "-2" after a repeated one.
std::string anchor_of(const std::string& heading) {
  std::string anchor;
  for (unsigned char c : heading) {
    if (std::isalnum(c) || c >= 0x80 || c == '-' || c == '_')
      anchor += static_cast<char>(std::tolower(c));
    else if (c == ' ')
      anchor += '-';
  }
  return anchor;
}

std::set<std::string> anchors_of(const std::vector<std::string>& lines) {
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  bool in_block = false;
  for (const std::string& line : lines) {
    if (line.starts_with("```")) in_block = !in_block;
    if (in_block || !line.starts_with("#")) continue;
    const auto text = line.find_first_not_of('#');
    if (text == std::string::npos || line[text] != ' ') continue;
    const std::string anchor = anchor_of(line.substr(text + 1));
    const int repeats = seen[anchor]++;
    anchors.insert(repeats == 0 ? anchor : anchor + "-" + std::to_string(repeats));
  }
  return anchors;
}

// Every "](target)" outside code: the links of the page.
std::vector<std::string> links_of(const std::vector<std::string>& lines) {
  std::vector<std::string> links;
  bool in_block = false;
  for (const std::string& line : lines) {
    if (line.starts_with("```")) in_block = !in_block;
    if (in_block) continue;
    for (auto at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
      const auto end = line.find(')', at + 2);
      if (end != std::string::npos) links.push_back(line.substr(at + 2, end - at - 2));
    }
  }
  return links;
}

TEST_CASE("every example of the documents gives its output byte for byte") {
  const std::string binary = testing::nim_game_path();
  const std::string directory = binary.substr(0, binary.rfind('/'));
  std::size_t total = 0;
  for (const std::string& document : documents()) {
    for (const Example& example : examples_of(lines_of(document))) {
      INFO(document << ": $ " << example.command);
      const auto run = testing::run_shell("PATH=" + testing::shell_quote(directory) +
                                          ":\"$PATH\"; " + example.command);
      CHECK(run.out + run.err == example.output);
      ++total;
    }
  }
  CHECK(total >= 12);
}

TEST_CASE("every relative link of the documents names a file and a heading that exist") {
  for (const std::string& document : documents()) {
    const fs::path directory = fs::path(document).parent_path();
    for (const std::string& link : links_of(lines_of(document))) {
      if (link.find("://") != std::string::npos || link.starts_with("mailto:")) continue;
      INFO(document << " links to " << link);
      const auto hash = link.find('#');
      const std::string file = link.substr(0, hash);
      const std::string target =
          file.empty() ? document : (directory / file).lexically_normal().generic_string();
      CHECK(fs::exists(source_dir / target));
      if (hash == std::string::npos || !target.ends_with(".md") || !fs::exists(source_dir / target))
        continue;
      CHECK(anchors_of(lines_of(target)).count(link.substr(hash + 1)) == 1);
    }
  }
}

// The columns a line of UTF-8 takes: its bytes but those that continue a character.
std::size_t columns(const std::string& line) {
  return std::count_if(line.begin(), line.end(),
                       [](unsigned char c) { return (c & 0xC0) != 0x80; });
}

// The commands `nim-game --help` lists, each at the start of a line after "Commands:".
std::vector<std::string> commands_listed(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help.substr(help.find("Commands:\n") + 10));
  for (std::string line; std::getline(lines, line) && !line.empty();)
    names.push_back(line.substr(2, line.find(' ', 2) - 2));
  return names;
}

TEST_CASE("every command's --help fits 80 columns and names the page of the guide on it") {
  const auto top = testing::run_nim({"--help"});
  const auto names = commands_listed(top.out);
  CHECK(names.size() == 7);
  for (const std::string& name : names) {
    INFO(name);
    const auto help = testing::run_nim({name, "--help"});
    for (const auto& line : testing::split_lines(help.out + top.out))
      CHECK_MESSAGE(columns(line) <= 80, line);
    const auto at = help.out.find("\nGuide: docs/");
    REQUIRE(at != std::string::npos);
    const std::string page = help.out.substr(at + 8, help.out.find(',', at) - at - 8);
    CHECK(fs::exists(source_dir / page));
    // The installed path after a blank, or on a line of its own when the line would pass 80.
    const std::size_t installed = help.out.find(", installed as", at);
    CHECK(installed == help.out.find(',', at));
    CHECK(help.out.substr(installed + 15)
              .starts_with("/usr/share/doc/nim-game/" + page.substr(5) + ".\n"));
  }
}

TEST_CASE("a heading's anchor is GitHub's") {
  CHECK(anchor_of("Judging a move: `--move I,N`") == "judging-a-move---move-in");
  CHECK(anchor_of("Misère play") == "misère-play");
  CHECK(anchor_of("Grundy's game: `--game grundy`") == "grundys-game---game-grundy");
  CHECK(anchors_of({"# A", "```", "# B", "```", "## A"}) == std::set<std::string>{"a", "a-1"});
}

}  // namespace nim::docs_test
