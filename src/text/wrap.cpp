#include "text/wrap.hpp"

#include <algorithm>

#include "text/utf8.hpp"

namespace nim {

std::size_t display_width(std::string_view text) {
  std::size_t columns = 0;
  for (std::size_t i = 0; i < text.size(); ++columns) {
    const std::size_t length = utf8_sequence_length(text, i);
    i += length == 0 ? 1 : length;  // an invalid byte takes a column, as a replacement would
  }
  return columns;
}

namespace {

// Where `text` may break: its first space with no space on either side (a run of spaces, as in a
// quoted input, is kept whole), or npos.
std::size_t lone_space(std::string_view text) {
  for (std::size_t at = text.find(' '); at != std::string_view::npos; at = text.find(' ', at + 1))
    if ((at == 0 || text[at - 1] != ' ') && (at + 1 == text.size() || text[at + 1] != ' '))
      return at;
  return std::string_view::npos;
}

}  // namespace

std::string wrap(std::string_view text, std::size_t width, std::size_t indent) {
  if (width == 0) return std::string(text);
  const std::size_t margin = std::min(text.find_first_not_of(' '), text.size());
  std::string lines(text.substr(0, margin));  // an item's own indentation is kept
  text.remove_prefix(margin);
  std::size_t column = margin;  // where the line being filled ends
  bool line_has_words = false;
  while (!text.empty()) {
    const std::size_t end = lone_space(text);
    const std::string_view word = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t word_width = display_width(word);
    if (line_has_words && column + 1 + word_width > width) {
      lines += '\n';
      lines.append(indent, ' ');
      column = indent;
    } else if (line_has_words) {
      lines += ' ';
      ++column;
    }
    lines += word;
    column += word_width;
    line_has_words = true;
  }
  return lines;
}

}  // namespace nim
