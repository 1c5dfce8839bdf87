#include "format/play_text.hpp"

#include <string>

#include "text/escape.hpp"

namespace nim {

std::string computer_play(double difficulty) {
  if (difficulty == 1) return "playing perfectly";
  if (difficulty == 0) return "playing at random";
  return "playing the perfect move with probability " + shortest_decimal(difficulty) +
         ", a random move otherwise";
}

std::string play_help(const TypedMoveWords& typed, const Controllers& sides) {
  const bool against_computer = sides[0] != sides[1];
  return "Type a move as " + std::string(typed.help.empty() ? typed.start : typed.help) +
         ".\n"
         "  hint  the best move and why (hint again: the reasoning step by step)\n" +
         (against_computer ? "  undo  take back your last move and the computer's reply\n"
                           : "  undo  take back the last move\n") +
         "  help  this list (also ?)\n"
         "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n";
}

void write_play_help_text(Buffer& out, std::string_view help, const TextStyle& style) {
  for (std::size_t at = 0; at < help.size();) {
    const std::size_t end = help.find('\n', at);
    const std::string_view line = help.substr(at, end - at);
    write_paragraph(out, std::string(line), style, line.starts_with("  ") ? 8 : 2);
    at = end + 1;
  }
}

void write_invalid_text(Buffer& out, std::string_view reason, const TextStyle& style) {
  std::string sentence(reason);
  if (!sentence.empty() && sentence[0] >= 'a' && sentence[0] <= 'z') sentence[0] -= 'a' - 'A';
  write_paragraph(out, sentence + ".", style, 2, Paint::red);
}

void write_echoed_line(Buffer& out, std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);  // CRLF input
  out += is_safe_to_show(line) ? std::string(line) : quoted(line);
  out += '\n';
}

}  // namespace nim
