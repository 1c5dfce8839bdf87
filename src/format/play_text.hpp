// The pieces of `nim-game play`'s text that are not events of one game (format/play_sink.hpp lays
// the events out): the help, the review of the people's moves, a line read from a pipe echoed,
// and a refusal's sentence.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "format/any_game_words.hpp"
#include "format/sides.hpp"
#include "format/text.hpp"
#include "nim/game.hpp"
#include "nim/games/typed_move_words.hpp"
#include "text/buffer.hpp"

namespace nim {

// How much a hint says: the brief form fits a 24-row terminal with the board shown again after it
// (up to 6 heaps); a second hint in a row gives the whole reasoning.
enum class HintLength { brief, full };

// "playing perfectly", "playing at random", or "playing the perfect move with probability 0.5, a
// random move otherwise".
std::string computer_play(double difficulty);

// The help, one command a line, for the text and the JSON help event: how to type a move in the
// game's words, then hint, undo (in the words of who plays), help and quit.
std::string play_help(const TypedMoveWords& typed, const Controllers& sides);

// The help in text, wrapped to the style's width.
void write_play_help_text(Buffer& out, std::string_view help, const TextStyle& style);

// Why a line cannot be played, as one line: the reason with a capital and a full stop, in red.
void write_invalid_text(Buffer& out, std::string_view reason, const TextStyle& style);

// The review at the end: each of the people's moves that gave away a won position, with the move
// that would have kept it, or that none did, its verb past ("took 2 from heap 3") or a gerund
// ("taking 2 from heap 3").
template <HeapInteger Heap>
void write_review_text(Buffer& out, const Controllers& sides, const AnyGameWords& words,
                       std::span<const GameMistake<Heap>> mistakes, const TextStyle& style) {
  const bool two_people = sides[0] == Controller::human && sides[1] == Controller::human;
  if (mistakes.empty()) {
    out += two_people ? "Review: neither player gave away a won position.\n"
                      : "Review: you never gave away a won position.\n";
    return;
  }
  out += "Review: " + counted(mistakes.size(), "move") + " gave away a won position:\n";
  for (const auto& mistake : mistakes) {
    const std::span<const Heap> from(mistake.from);
    std::string item = "  Move " + std::to_string(mistake.number + 1) + ": " +
                       side_name(sides, mistake.player).object + " " +
                       words.move_words(from, mistake.move, VerbForm::past);
    if (mistake.keeping)
      item += "; " + words.move_words(from, *mistake.keeping, VerbForm::gerund) +
              " would have kept the win";
    write_paragraph(out, item + ".", style, 4);
  }
}

// A line read from a pipe, echoed after its prompt so that the output reads as the game at a
// terminal; a line with control characters or invalid UTF-8 is shown quoted and escaped instead.
void write_echoed_line(Buffer& out, std::string_view line);

}  // namespace nim
