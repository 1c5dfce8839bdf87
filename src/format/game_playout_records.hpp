// The plies of a playout of any game (nim/game_playout.hpp), as Nim's were first written: the
// record of the position before the ply with "ply" and the closing keys, the compact record of
// --trace moves, and the text. Nothing here solves anything.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "format/json_records.hpp"
#include "format/text.hpp"
#include "nim/game_playout.hpp"

namespace nim {

// A ply in full: the analysis of the board before it, then the ply's own keys.
template <HeapInteger Heap>
void write_game_ply(JsonWriter& w, const GameWords& words, const GamePly<Heap>& ply,
                    const RecordContext& context,
                    const std::optional<WrittenExplanation<Heap>>& explanation = {}) {
  w.begin_object();
  record::write_game_analysis_keys(w, words, ply.analysis);
  w.key("ply");
  w.number(ply.number);
  record::write_ply_keys(w, ply);
  record::write_game_explanation(w, explanation);
  record::write_context(w, context);
  w.end_object();
}

// A ply of `--trace moves`: the move, in the game's form, without the positions.
template <HeapInteger Heap>
void write_game_ply_move(JsonWriter& w, const GamePly<Heap>& ply, const RecordContext& context) {
  w.begin_object();
  w.key("ply");
  w.number(ply.number);
  w.key("move");
  record::write_game_move(w, ply.analysis.move);
  w.key("winning");
  w.boolean(ply.analysis.verdict.winning);
  record::write_ply_keys(w, ply);
  record::write_context(w, context);
  w.end_object();
}

// A ply as text: before the first, "Line N:" in --batch, the title and the board; then who
// moves, the move, the winning moves and the explanation if asked, and the board after it; after
// the last, how the game ended (no move is left, which need not mean an empty board; Nim's first
// form says that no objects are left, and who took the last object).
template <HeapInteger Heap>
void write_game_ply_text(Buffer& out, const GameWords& words, const GamePly<Heap>& ply,
                         const RecordContext& context, const TextStyle& style,
                         const std::optional<WrittenExplanation<Heap>>& explanation = {}) {
  const auto& analysis = ply.analysis;
  if (ply.number == 0) {
    write_line_head(out, context);
    write_paragraph(out, game_title(words.spec) + ":", style, 2);
    write_board(out, analysis.position, style);
  }
  const std::string mover(record::name_of(mover_at(ply.number)));
  if (analysis.move) {
    out += '\n';
    write_paragraph(out,
                    "Move " + std::to_string(ply.number + 1) + ", " + mover + " player, " +
                        (analysis.verdict.winning ? "winning" : "losing") + ": " +
                        game_move_words(words.spec, *analysis.move, 1) + ".",
                    style, 2);
    write_game_winning_moves_text(out, words, analysis, style);
    write_game_explanation_text(out, explanation, style);
    write_board(out, std::span<const Heap>(analysis.next_position), style);
  }
  if (ply.done) {
    const std::string last =
        words.nim_records ? " player took the last object" : " player made the last move";
    std::string end;
    if (!analysis.move)
      end = (words.nim_records ? "No objects are left: the " : "No move is left: the ") + mover +
            " player, to move, has " + (analysis.verdict.winning ? "won." : "lost.");
    else if (*ply.winner != mover_at(ply.number))
      end = "The " + mover + last + " and loses: the " + std::string(record::name_of(*ply.winner)) +
            " player wins.";
    else
      end = "The " + mover + last + " and wins.";
    write_paragraph(out, end, style, 2, Paint::bold);
  }
  write_playout_stop(out, ply.number, ply.done, ply.truncated, context, style);
}

}  // namespace nim
