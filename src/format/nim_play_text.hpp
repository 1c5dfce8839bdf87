// The text of `nim-game play` of Nim (a game after Nim writes its own through
// format/game_play_sink.hpp, sharing the review and the echo), for a person at a terminal (or a
// script reading it): the opening lines, each turn's board and prompt, the computer's moves, why a
// line cannot be played, hints, the help, and the end with its review. Heaps are numbered from 1.
// It reads a Game value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/game_records.hpp"
#include "format/sides.hpp"
#include "format/text.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/game.hpp"
#include "text/buffer.hpp"

namespace nim {

// The first lines: the rules, who plays whom (`difficulty`: how often a computer plays the
// perfect move, when one plays), who moves first, and how to type a move.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_game_start_text(Buffer& out, const Game<Rules>& game, std::optional<double> difficulty,
                           const TextStyle& style);

// A turn: a blank line, the board, and for a person the prompt ("Your move (heap count): ").
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_turn_text(Buffer& out, const Game<Rules>& game, const TextStyle& style);

// The prompt alone, for the same player again.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_prompt_text(Buffer& out, const Game<Rules>& game, const TextStyle& style);

// A computer's move: "Computer takes 2 from heap 3."
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_computer_move_text(Buffer& out, const Game<Rules>& game, const MoveRecord<Heap>& played,
                              const TextStyle& style);

// Why a line cannot be played, as one line: the reason with a capital and a full stop.
void write_invalid_text(Buffer& out, std::string_view reason, const TextStyle& style);

// How much a hint says: the brief form fits a 24-row terminal with the board shown again after it
// (up to 6 heaps); a second hint in a row gives the whole reasoning.
enum class HintLength { brief, full };

// A hint: the best move of the advice first, in one line, then Bouton's table and the last step
// (brief), or the verdict and every step (full).
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_hint_text(Buffer& out, const Analysis<Rules>& advice,
                     const Explanation<Heap>& explanation, HintLength length,
                     const TextStyle& style);

// The commands a person can type, wrapped to the style's width.
void write_play_help_text(Buffer& out, const TextStyle& style);

// The end: how the game ended and who won, the review of the people's moves, and the seed when
// it was drawn (so that the game can be replayed).
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_game_end_text(Buffer& out, const Game<Rules>& game, Ending ending,
                         std::optional<std::uint64_t> drawn_seed, const TextStyle& style);

// The review at the end: each of the people's moves that gave away a won position, with the move
// that would have kept it, or that none did. words(move, form) gives a move's words, its verb
// past ("took 2 from heap 3") or a gerund ("taking 2 from heap 3"). Played: Nim's Move, or a
// GameMove of the games after Nim.
template <HeapInteger Heap, class Played, class Words>
void write_review_text(Buffer& out, const std::array<Controller, 2>& sides,
                       std::span<const Mistake<Heap, Played>> mistakes, Words&& words,
                       const TextStyle& style) {
  const bool two_people = sides[0] == Controller::human && sides[1] == Controller::human;
  if (mistakes.empty()) {
    out += two_people ? "Review: neither player gave away a won position.\n"
                      : "Review: you never gave away a won position.\n";
    return;
  }
  out += "Review: " + counted(mistakes.size(), "move") + " gave away a won position:\n";
  for (const auto& mistake : mistakes) {
    std::string item = "  Move " + std::to_string(mistake.number + 1) + ": " +
                       side_name(sides, mistake.player).object + " " +
                       words(mistake.move, VerbForm::past);
    if (mistake.keeping)
      item += "; " + words(*mistake.keeping, VerbForm::gerund) + " would have kept the win";
    write_paragraph(out, item + ".", style, 4);
  }
}

// A line read from a pipe, echoed after its prompt so that the output reads as the game at a
// terminal; a line with control characters or invalid UTF-8 is shown quoted and escaped instead.
void write_echoed_line(Buffer& out, std::string_view line);

// The text of the help, one command a line, for the JSON help event too.
std::string_view play_help();

}  // namespace nim
