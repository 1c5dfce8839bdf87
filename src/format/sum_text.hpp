// A sum of different games (nim/games/sum/sum.hpp) in text: its verdict and move, its analysis,
// --explain's Sprague–Grundy table and steps, and a match's heading, in the words of each game
// (sum_records.hpp writes the JSON). Nothing here solves anything.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/game_explanation_text.hpp"
#include "format/sum_records.hpp"
#include "format/text.hpp"
#include "nim/game_analysis.hpp"
#include "text/buffer.hpp"

namespace nim {

namespace detail {

// "4 XOR 3 XOR 7", or with another word between: "4 3 7".
inline std::string xor_words(const std::vector<std::uint64_t>& values,
                             std::string_view between = " XOR ") {
  std::string words;
  for (std::size_t c = 0; c < values.size(); ++c) {
    if (c > 0) words += between;
    words += std::to_string(values[c]);
  }
  return words;
}

// "3 4", a component's heaps.
template <HeapInteger Heap>
std::string heap_words(std::span<const Heap> heaps) {
  Buffer words;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0) words += ' ';
    append_number(words, heaps[i]);
  }
  return heaps.empty() ? "no heap" : words.str();
}

// "take 2 from heap 1 in component 1 (leaves 3 in it)", numbered from 1.
template <HeapInteger Heap>
std::string sum_move_sentence(const SumWords& words, const GameAnalysis<Heap>& analysis) {
  const std::size_t components = words.components.size();
  const ComponentMove<Heap> move = component_move(analysis.position, components, *analysis.move);
  Buffer sentence;
  record::append_sum_move_words(sentence, words, move, 1, VerbForm::command);
  const ComponentSpan after =
      component_spans(std::span<const Heap>(analysis.next_position), components)[move.component];
  sentence += " (leaves ";
  sentence +=
      heap_words(std::span<const Heap>(analysis.next_position).subspan(after.first, after.count));
  sentence += " in it)";
  return sentence.str();
}

}  // namespace detail

// A sum in a match's heading: "a sum of Octal game 0.77, Wythoff's game and Nim", then ", misère
// play" when it is.
inline std::string sum_match_words(const SumWords& words) {
  std::string text = "a sum of ";
  for (std::size_t c = 0; c < words.titles.size(); ++c) {
    if (c > 0) text += c + 1 == words.titles.size() ? " and " : ", ";
    text += words.titles[c];
  }
  return words.misere ? text + ", misère play" : text;
}

// --explain of a sum: its rules, then Sprague–Grundy's table of the components' values and their
// XOR, then why the position is won or lost and the move that reaches the sum 0; in misère play,
// the search.
template <HeapInteger Heap>
std::vector<ExplanationLine> sum_explanation_lines(const SumWords& words,
                                                   const GameAnalysis<Heap>& analysis) {
  std::vector<ExplanationLine> lines;
  if (words.misere) {
    lines.push_back(
        {"Misère play of a sum of games has no formula in nim-game, which searched "
         "every position this one can reach."});
    if (analysis.game_over)
      lines.push_back(
          {"No move is left: whoever made the last move has lost, and the player to "
           "move wins."});
    else if (analysis.verdict.winning)
      lines.push_back({"Winning move: " + detail::sum_move_sentence(words, analysis) + "."});
    else
      lines.push_back(
          {"The player to move loses: every move leaves a position the opponent wins."});
    return lines;
  }
  const auto spans = component_spans(analysis.position, words.components.size());
  lines.push_back(
      {"1. Sprague-Grundy: each game of the sum is worth a Nim heap of its Grundy "
       "value, and the sum is worth the XOR of their values."});
  std::vector<std::string> titles, heaps, values;
  std::size_t title_width = 4, heaps_width = 5;
  for (std::size_t c = 0; c < spans.size(); ++c) {
    titles.push_back(words.titles[c]);
    heaps.push_back(detail::heap_words(analysis.position.subspan(spans[c].first, spans[c].count)));
    title_width = std::max(title_width, titles.back().size());
    heaps_width = std::max(heaps_width, heaps.back().size());
  }
  const auto row = [&](const std::string& number, const std::string& title,
                       const std::string& heap_text, const std::string& value) {
    lines.push_back({detail::padded(number, 9) + "  " + title +
                         std::string(title_width - title.size(), ' ') + "  " + heap_text +
                         std::string(heaps_width - heap_text.size(), ' ') + "  " + value,
                     true});
  };
  row("component", "game", "heaps", "value");
  const bool known = analysis.verdict.grundy_values.has_value();
  for (std::size_t c = 0; c < spans.size(); ++c)
    row(std::to_string(c + 1), titles[c], heaps[c],
        known ? std::to_string((*analysis.verdict.grundy_values)[c]) : "(large)");
  if (!known) {
    lines.push_back({"2. The Grundy sum is " + to_decimal(*analysis.verdict.grundy_sum) +
                     (analysis.verdict.winning ? ", not 0." : ": the player to move loses.")});
    return lines;
  }
  const std::vector<std::uint64_t>& each = *analysis.verdict.grundy_values;
  // "4 XOR 3 XOR 7 = 0"; a sum of one game is worth that game's value.
  std::string sum = detail::xor_words(each);
  if (each.size() > 1) {
    sum += " = ";
    sum += to_decimal(*analysis.verdict.grundy_sum);
  }
  if (analysis.game_over) {
    lines.push_back(
        {"2. The Grundy sum is " + sum + ": no move is left, and the player to move has lost."});
  } else if (!analysis.verdict.winning) {
    lines.push_back({"2. The Grundy sum is " + sum +
                     ": the player to move loses, since a move changes the value of the one game "
                     "it is made in, and so leaves a sum that is not 0."});
  } else {
    const ComponentMove<Heap> move =
        component_move(analysis.position, words.components.size(), *analysis.move);
    const std::uint64_t value = each[move.component];
    const std::uint64_t total = to_small(to_big(*analysis.verdict.grundy_sum));
    lines.push_back(
        {"2. The Grundy sum is " + sum + ", not 0: the player to move wins by making component " +
         std::to_string(move.component + 1) + ", worth " + std::to_string(value) + ", worth " +
         std::to_string(value) + " XOR " + std::to_string(total) + " = " +
         std::to_string(value ^ total) + ", which makes the Grundy sum 0. Winning move: " +
         detail::sum_move_sentence(words, analysis) + "."});
  }
  return lines;
}

// A sum's verdict in text: "Grundy values 3 1 2, sum 0: the player to move loses against perfect
// play.", then the move and what it leaves in its component, or that no move is left.
template <HeapInteger Heap>
void write_sum_verdict_text(Buffer& out, const SumWords& words, const GameAnalysis<Heap>& analysis,
                            const TextStyle& style) {
  Buffer verdict;
  if (analysis.verdict.grundy_values) {
    verdict += "Grundy values ";
    verdict += detail::xor_words(*analysis.verdict.grundy_values, " ");
    verdict += ", sum ";
    append_number(verdict, *analysis.verdict.grundy_sum);
    verdict += ": the player to move ";
  } else {
    verdict += "The player to move ";
  }
  verdict += analysis.verdict.winning ? "wins with perfect play." : "loses against perfect play.";
  write_paragraph(out, verdict.str(), style);
  if (analysis.move)
    write_paragraph(out,
                    std::string(analysis.verdict.winning ? "Winning move: " : "Best try: ") +
                        detail::sum_move_sentence(words, analysis) + ".",
                    style);
  else
    write_paragraph(out, "No move is left.", style);
}

// The analysis of a sum's position in text: each game and its heaps, the verdict and the move,
// then the explanation if asked.
template <HeapInteger Heap>
void write_sum_text(Buffer& out, const SumWords& words, const GameAnalysis<Heap>& analysis,
                    const std::optional<std::vector<ExplanationLine>>& explanation,
                    const TextStyle& style) {
  const auto spans = component_spans(analysis.position, words.components.size());
  out += "Sum of ";
  append_number(out, std::uint64_t{spans.size()});
  out += spans.size() == 1 ? " game" : " games";
  out += words.misere ? ", misère play (whoever moves last loses):\n" : ":\n";
  for (std::size_t c = 0; c < spans.size(); ++c) {
    append_number(out, std::uint64_t{c + 1});
    out += ". ";
    out += words.titles[c];
    out += ": ";
    out += detail::heap_words(analysis.position.subspan(spans[c].first, spans[c].count));
    out += '\n';
  }
  write_sum_verdict_text(out, words, analysis, style);
  if (explanation) {
    write_paragraph(out, sum_rules_text(words), style);
    write_explanation_lines(out, *explanation, style);
  }
}

}  // namespace nim
