#include "cli/input/play_input.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>

#include "cli/input/heap_text.hpp"

namespace nim {

namespace {

bool is_word(std::string_view text, std::initializer_list<std::string_view> words) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(words.begin(), words.end(), lower) != words.end();
}

}  // namespace

std::optional<PlayWord> read_play_word(std::string_view line) {
  const std::string_view text = trim_blanks(line);
  if (text.empty()) return PlayWord::blank;
  if (is_word(text, {"hint"})) return PlayWord::hint;
  if (is_word(text, {"undo"})) return PlayWord::undo;
  if (is_word(text, {"help", "?"})) return PlayWord::help;
  if (is_word(text, {"quit", "q", "exit"})) return PlayWord::quit;
  return std::nullopt;
}

}  // namespace nim
