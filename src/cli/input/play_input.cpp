#include "cli/input/play_input.hpp"

#include <algorithm>
#include <cctype>

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

std::optional<PlayInput::Kind> read_play_word(std::string_view line) {
  const std::string_view text = trim_blanks(line);
  if (text.empty()) return PlayInput::Kind::blank;
  if (is_word(text, {"hint"})) return PlayInput::Kind::hint;
  if (is_word(text, {"help", "?"})) return PlayInput::Kind::help;
  if (is_word(text, {"quit", "q", "exit"})) return PlayInput::Kind::quit;
  return std::nullopt;
}

PlayInput read_play_input(std::string_view line) {
  const std::string_view text = trim_blanks(line);
  PlayInput input;
  if (const auto word = read_play_word(text)) {
    input.kind = *word;
  } else {
    // Two numbers, separated by a comma (with blanks around it or not) or by blanks.
    std::string_view heap, count;
    if (const auto comma = text.find(','); comma != std::string_view::npos) {
      heap = trim_blanks(text.substr(0, comma));
      count = trim_blanks(text.substr(comma + 1));
    } else if (const auto blank = text.find_first_of(" \t"); blank != std::string_view::npos) {
      heap = text.substr(0, blank);
      count = trim_blanks(text.substr(blank));
    }
    const auto heap_number = parse_integer(heap), count_number = parse_integer(count);
    if (heap_number && count_number) {
      input.kind = PlayInput::Kind::move;
      input.heap = *heap_number;
      input.count = *count_number;
    } else {
      input.kind = PlayInput::Kind::unreadable;
      input.error =
          quoted(text) + " is not a move: type a heap and a count (4 1), or hint, help or quit";
    }
  }
  return input;
}

}  // namespace nim
