// The text of every game's analyses, for people: the title, the board, the verdict (with the
// Grundy values of a sum; Nim's first form says its nim-sum), the move and every winning move if
// listed, the verdict on a proposed move, and the lines of --explain. The JSON records are
// format/game_records.hpp's.
#pragma once

#include <cctype>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/game_records.hpp"
#include "format/text.hpp"
#include "nim/game_analysis.hpp"

namespace nim {

// Lines of an explanation in text: sentences wrapped, tables as they are.
inline void write_explanation_lines(Buffer& out, const std::vector<ExplanationLine>& lines,
                                    const TextStyle& style) {
  for (const auto& line : lines) {
    if (line.table) {
      out += line.text;
      out += '\n';
    } else {
      // A numbered step ("2. ...") continues under its text.
      const bool numbered =
          line.text.size() > 1 && line.text[0] >= '1' && line.text[0] <= '9' && line.text[1] == '.';
      write_paragraph(out, line.text, style, numbered ? 3 : 0);
    }
  }
}

// --explain in text, after the record: the game's lines, or Nim's Bouton table and steps.
template <HeapInteger Heap>
void write_game_explanation_text(Buffer& out, const WrittenExplanation<Heap>& written,
                                 const TextStyle& style) {
  if (!written.rules_text.empty()) write_paragraph(out, written.rules_text, style);
  if (written.bouton)
    write_explanation_text(out, *written.bouton, style);
  else
    write_explanation_lines(out, written.lines, style);
}
template <HeapInteger Heap>
void write_game_explanation_text(Buffer& out,
                                 const std::optional<WrittenExplanation<Heap>>& written,
                                 const TextStyle& style) {
  if (written) write_game_explanation_text(out, *written, style);
}

// "Winning moves: take 1 from heap 2; ...", when they are listed (Nim's first form: "take 1 from
// heap 2, ...").
template <HeapInteger Heap>
void write_game_winning_moves_text(Buffer& out, const GameWords& words,
                                   const GameAnalysis<Heap>& analysis, const TextStyle& style) {
  if (!analysis.winning_moves) return;
  const std::string_view between = words.nim_records ? ", " : "; ";
  std::string list = "Winning moves: ";
  for (std::size_t m = 0; m < analysis.winning_moves->size(); ++m) {
    if (m > 0) list += between;
    list += game_move_words(words.spec, (*analysis.winning_moves)[m], 1);
  }
  write_paragraph(out, list + (analysis.winning_moves->empty() ? "none." : "."), style, 2);
}

// The verdict in words: "Grundy values 1 4 5 6, sum 6: the player to move wins with perfect
// play." (a sum's values; a game's value otherwise); Nim's first form says "Nim-sum 7:", or under
// a cap "Grundy sum 1:", and of a finished game that no objects are left.
template <HeapInteger Heap>
std::string game_verdict_sentence(const GameWords& words, const GameAnalysis<Heap>& analysis) {
  const bool winning = analysis.verdict.winning;
  std::string verdict;
  if (words.nim_records) {
    if (analysis.game_over) return std::string(game_over_sentence(winning)) + ".";
    verdict = words.spec.max_take ? "Grundy sum " + to_decimal(*analysis.verdict.grundy_sum)
                                  : "Nim-sum " + to_decimal(nim_sum(analysis.position));
    return verdict + (winning ? ": the player to move wins with perfect play."
                              : ": the player to move loses against perfect play.");
  }
  if (analysis.has_grundy_values() && !analysis.position.empty()) {
    verdict = "Grundy values";
    analysis.for_each_grundy_value([&](const auto& value) { verdict += ' ' + to_decimal(value); });
    verdict += ", ";
  }
  if (analysis.verdict.grundy_sum)
    verdict += (verdict.empty() ? "Grundy value " : "sum ") +
               to_decimal(*analysis.verdict.grundy_sum) +
               (words.spec.misere ? " (normal play); misère play: " : ": ");
  if (analysis.game_over) {
    verdict += winning ? "the game is over, and the player to move has won."
                       : "the game is over, and the player to move has lost.";
  } else {
    verdict += winning ? "the player to move wins with perfect play."
                       : "the player to move loses against perfect play.";
  }
  verdict[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(verdict[0])));
  return verdict;
}

// The verdict in bold, then (`proposed_words`) the verdict on a proposed move, then the move, its
// label green when it wins, yellow when it is the best try.
template <HeapInteger Heap>
void write_game_verdict_text(Buffer& out, const GameWords& words,
                             const GameAnalysis<Heap>& analysis, const TextStyle& style,
                             std::span<const Piece> proposed_words = {}) {
  write_paragraph(out, game_verdict_sentence(words, analysis), style, 0, Paint::bold);
  if (!proposed_words.empty()) write_paragraph(out, proposed_words, style, 2);
  if (analysis.move) {
    const bool winning = analysis.verdict.winning;
    const Piece line[] = {
        {winning ? "Winning move:" : "Best try:", winning ? Paint::green : Paint::yellow},
        {" " + game_move_words(words.spec, *analysis.move, 1) + " (leaves " +
             heap_list(std::span<const Heap>(analysis.next_position)) + ").",
         std::nullopt}};
    write_paragraph(out, line, style, 2);
  }
}

// The text of an analysis: "Line N:" in --batch, the title, the board, the verdict and the move
// (with a proposed move, its verdict before the move), every winning move if listed.
template <HeapInteger Heap>
void write_game_analysis_text(Buffer& out, const GameWords& words,
                              const GameAnalysis<Heap>& analysis, const RecordContext& context,
                              const TextStyle& style, std::span<const Piece> proposed_words = {}) {
  write_line_head(out, context);
  write_paragraph(out, game_title(words.spec) + ":", style, 2);
  write_board(out, analysis.position, style);
  write_game_verdict_text(out, words, analysis, style, proposed_words);
  write_game_winning_moves_text(out, words, analysis, style);
}

// A proposed move as --move gave it: I,N for one heap and a count, else its JSON form.
inline std::string given_move_text(const GivenGameMove& given) {
  if (given.takes.size() == 1 && !given.split)
    return given.takes.front().heap.get_str() + "," + given.takes.front().count.get_str();
  return given_move_json(given);
}

// The text of a proposed move judged: the analysis, with the move's verdict before the move, in
// the words of Nim's (format/text.cpp).
template <HeapInteger Heap>
void write_game_move_check_text(Buffer& out, const GameWords& words,
                                const GameAnalysis<Heap>& analysis,
                                const GameMoveCheck<Heap>& check, const RecordContext& context,
                                const TextStyle& style) {
  std::string move = "--move " + given_move_text(check.given);
  Piece judgement;
  if (check.verdict == GameMoveVerdict::illegal) {
    // Nim's first form names the move it read, legal or not.
    if (words.nim_records && check.given.takes.size() == 1 && !check.given.split) {
      const auto& [heap, count] = check.given.takes.front();
      move += " (take " + count.get_str() + " from heap " + BigHeap(heap + 1).get_str() + ")";
    }
    move += ": ";
    judgement = {
        "illegal, " + illegal_given_words(words.spec, analysis.position, check.given, 1) + ".",
        Paint::red};
  } else {
    move += " (" + game_move_words(words.spec, *check.move, 1) + ", leaves " +
            heap_list(std::span<const Heap>(check.next)) + "): ";
    if (check.verdict == GameMoveVerdict::winning)
      judgement = {"it keeps the win, leaving the opponent a lost position.", Paint::green};
    else if (analysis.verdict.winning)
      judgement = {"it gives the win away, leaving the opponent a won position.", Paint::red};
    else
      judgement = {"the opponent is left a won position, as by every move from here.",
                   std::nullopt};
  }
  const Piece proposed[] = {{std::move(move), std::nullopt}, std::move(judgement)};
  write_game_analysis_text(out, words, analysis, context, style, proposed);
}

}  // namespace nim
