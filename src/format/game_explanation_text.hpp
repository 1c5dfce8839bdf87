// --explain for every game, in writing (nim/game_explanation.hpp gives the facts): lines that are
// either a sentence (wrapped to the width in text) or a row of a table (never wrapped). JSON
// records carry the same lines under "explanation": {"lines": [...]}, but Nim's, which carry
// Bouton's table as Nim's first records did. Heaps are numbered from 1, as a person reads them.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "format/explanation_text.hpp"
#include "format/rules_words.hpp"
#include "format/text.hpp"
#include "nim/game_explanation.hpp"

namespace nim {

struct ExplanationLine {
  std::string text;
  bool table = false;  // a row of a table: kept as it is
};

// --explain as a record writes it: a game's lines, or Nim's Bouton explanation, which Nim's JSON
// records write as their own keys and its text as Bouton's table (laid out only when written).
template <HeapInteger Heap>
struct WrittenExplanation {
  std::vector<ExplanationLine> lines;       // empty for Nim's
  std::optional<Explanation<Heap>> bouton;  // Nim's
  std::string rules_text{};                 // the game's name and rules, said first (rules_text())
};

namespace detail {

inline std::string padded(std::string text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

// The values in order, a run of five or more written as its ends: "0 2 3", "0-12 14 17".
inline std::string value_list(const std::vector<GrundyValue>& values) {
  if (values.empty()) return "none";
  constexpr std::size_t shortest_run = 5;
  std::string text;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t end = i + 1;  // past the run of consecutive values from values[i]
    while (end < values.size() && values[end] == values[end - 1] + 1)
      ++end;
    if (end - i < shortest_run) end = i + 1;
    if (!text.empty()) text += ' ';
    text += std::to_string(values[i]);
    if (end > i + 1) {
      text += '-';
      text += std::to_string(values[end - 1]);
    }
    i = end;
  }
  return text;
}

// Bouton's table on `values`, labelled by `labels` (heap or step numbers), then the parity row.
template <HeapInteger Heap>
void bouton_table(std::vector<ExplanationLine>& lines, std::string_view label,
                  const std::vector<std::string>& labels, const std::vector<Heap>& values,
                  const std::string& sum_name) {
  unsigned width = 1;
  Heap sum(0);
  for (const Heap& v : values) {
    width = std::max(width, bit_length(v));
    sum ^= v;
  }
  std::size_t value_width = 5;
  for (const Heap& v : values)
    value_width = std::max(value_width, to_decimal(v).size());
  lines.push_back({std::string(label) + "  " + padded("value", value_width) + "  binary", true});
  for (std::size_t i = 0; i < values.size(); ++i)
    lines.push_back({padded(labels[i], label.size()) + "  " +
                         padded(to_decimal(values[i]), value_width) + "  " +
                         binary(values[i], width),
                     true});
  const std::string indent(label.size() + value_width + 4, ' ');
  lines.push_back({indent + std::string(width, '-'), true});
  lines.push_back(
      {"parity" + indent.substr(6) + binary(sum, width) + "  = " + sum_name + " " + to_decimal(sum),
       true});
}

// The winning move's aim in a sum of heap values: "The Grundy sum is 2, not 0: the player to move
// wins by making heap 1, worth 3, worth 3 XOR 2 = 1" (`heap` the heap the move changes).
template <HeapInteger Heap>
std::string winning_aim(const std::vector<Heap>& values, std::size_t heap) {
  Heap sum(0);
  for (const Heap& v : values)
    sum ^= v;
  const std::string value = to_decimal(values[heap]);
  return "The Grundy sum is " + to_decimal(sum) +
         ", not 0: the player to move wins by making heap " + std::to_string(heap + 1) +
         ", worth " + value + ", worth " + value + " XOR " + to_decimal(sum) + " = " +
         to_decimal(Heap(values[heap] ^ sum));
}

}  // namespace detail

template <HeapInteger Heap>
std::vector<ExplanationLine> game_explanation_lines(const GameSpec& spec,
                                                    const GameAnalysis<Heap>& analysis,
                                                    const GameExplanation<Heap>& e) {
  std::vector<ExplanationLine> lines;
  const auto say = [&](std::string text) { lines.push_back({std::move(text), false}); };
  const auto move_sentence = [&] {
    if (!analysis.move || !analysis.verdict.winning) return std::string();
    return " Winning move: " + game_move_words(spec, *analysis.move, 1) + ", leaving " +
           heap_list(std::span<const Heap>(analysis.next_position)) + ".";
  };
  // A misère game over: won with no move to make.
  const std::string nothing_left =
      "The player to move wins: no move is left, and in misère play whoever made the last move "
      "loses.";
  // Misère play answered by the search: what it found, in the words of a lost position when lost.
  const auto searched_verdict = [&] {
    if (analysis.verdict.winning && !analysis.move) return nothing_left;
    return analysis.verdict.winning
               ? "The player to move wins." + move_sentence()
               : std::string(
                     "The player to move loses: every move leaves a position the opponent "
                     "wins.");
  };
  switch (spec.kind) {
    case GameSpec::Kind::nim:  // Bouton's explanation, written as Nim's (written_explanation())
      break;
    case GameSpec::Kind::take_and_break: {
      say("1. Sprague-Grundy: each heap is worth a Nim heap of its Grundy value, the mex (the "
          "least value missing) of the values of the positions one move leaves there; a move "
          "that leaves two heaps leaves the XOR of their values.");
      lines.push_back({"heap  size  values a move reaches  value", true});
      std::vector<std::string> labels;
      std::vector<Heap> values;
      for (std::size_t i = 0; i < e.heaps.size(); ++i) {
        const auto& row = e.heaps[i];
        // A heap beyond the values computed repeats one of the period's (explain_game()).
        const std::string reached = row.reached
                                        ? detail::value_list(*row.reached)
                                        : "as heap " + std::to_string(*row.same_as) + " (period " +
                                              std::to_string(e.period->period) + " from heap " +
                                              std::to_string(e.period->pre_period) + ")";
        std::string size = to_decimal(row.size);
        lines.push_back({detail::padded(std::to_string(i + 1), 4) + "  " + detail::padded(size, 4) +
                             "  " + reached +
                             std::string(reached.size() < 21 ? 21 - reached.size() : 0, ' ') +
                             "  " + std::to_string(row.value),
                         true});
        labels.push_back(std::to_string(i + 1));
        values.push_back(Heap(row.value));
      }
      say("2. The position is worth the XOR of its heaps' values (Bouton's table on the values):");
      detail::bouton_table(lines, "heap", labels, values, "Grundy sum");
      if (e.searched) {
        say("3. Misère play is no sum of these values: nim-game searched every position this one "
            "reaches. " +
            searched_verdict());
      } else {
        say(std::string("3. ") +
            (analysis.verdict.winning
                 ? detail::winning_aim(values, analysis.move->heap()) +
                       (analysis.move->split ? " (the XOR of its two parts' values)" : "") +
                       ", which makes the sum 0." + move_sentence()
                 : "The Grundy sum is 0: every move changes one heap's value and makes the "
                   "Grundy sum non-zero, so the player to move loses."));
      }
      break;
    }
    case GameSpec::Kind::moore: {
      const std::uint64_t modulus = spec.heaps_per_move + 1;
      say("Moore's theorem: the player to move loses iff, writing the heaps in binary, every "
          "column holds a multiple of " +
          std::to_string(modulus) +
          " 1s (k + 1, for up to k = " + std::to_string(spec.heaps_per_move) + " heaps a move)" +
          (spec.misere ? "; in misère play, while every heap is 0 or 1, iff the 1s are one more "
                         "than a multiple of " +
                             std::to_string(modulus) + "."
                       : "."));
      // The heaps in binary, then each column's 1s and their remainder.
      const auto table = [&](std::span<const Heap> heaps,
                             const std::vector<std::uint64_t>& counts) {
        const unsigned width = static_cast<unsigned>(counts.size());
        lines.push_back({"heap  binary", true});
        for (std::size_t i = 0; i < heaps.size(); ++i)
          lines.push_back(
              {detail::padded(std::to_string(i + 1), 4) + "  " + binary(heaps[i], width), true});
        std::string ones, remainders;
        for (std::uint64_t count : counts) {
          ones += count < 10 ? std::to_string(count) : "+";
          remainders += std::to_string(count % modulus % 10);
        }
        lines.push_back({"      " + std::string(width, '-'), true});
        lines.push_back({"1s    " + ones, true});
        const std::string mod = "mod " + std::to_string(modulus);
        lines.push_back(
            {mod + std::string(mod.size() < 6 ? 6 - mod.size() : 1, ' ') + remainders, true});
      };
      table(analysis.position, e.column_ones);
      // Misère play's own rule, where every heap is 0 or 1: the 1s, one more than a multiple.
      const auto ones_rule = [&](std::span<const Heap> heaps) -> std::optional<std::string> {
        if (!spec.misere || !std::ranges::all_of(heaps, [](const Heap& h) { return h <= 1; }))
          return std::nullopt;
        const auto ones = std::ranges::count(heaps, Heap(1));
        return "every heap is 0 or 1, and the 1s, " + std::to_string(ones) +
               ", are one more than a multiple of " + std::to_string(modulus) + ".";
      };
      if (analysis.verdict.winning && !analysis.move) {
        say(nothing_left);
      } else if (analysis.verdict.winning) {
        const auto rule = ones_rule(analysis.next_position);
        say("The player to move wins." + move_sentence() +
            (rule ? " Then " + *rule
                  : " Every column then holds a multiple of " + std::to_string(modulus) + " 1s:"));
        if (!rule) table(analysis.next_position, e.column_ones_after);
      } else {
        const auto rule = ones_rule(analysis.position);
        say("The player to move loses: " +
            (rule ? *rule : std::string("every move changes some column's count.")));
      }
      break;
    }
    case GameSpec::Kind::wythoff: {
      std::string listed;
      for (const auto& pair : e.wythoff_lost)
        listed += (listed.empty() ? "" : ", ") + std::string("(") + to_decimal(pair[0]) + ", " +
                  to_decimal(pair[1]) + ")";
      const std::string larger =
          analysis.position.size() == 2
              ? to_decimal(std::max(to_big(analysis.position[0]), to_big(analysis.position[1])))
              : std::string();
      say("Wythoff's theorem: the lost positions are (a_n, a_n + n), a_n = floor(n phi) = "
          "floor((n + floor(sqrt(5 n^2))) / 2)" +
          std::string(spec.misere ? "; in misère play (0, 1) and (2, 2) take the place of (1, 2) "
                                    "and (0, 0)"
                                  : "") +
          (listed.empty()        ? std::string(".")
           : e.wythoff_more_lost ? ". The first " + std::to_string(e.wythoff_lost.size()) +
                                       " of those whose smaller heap is at most " + larger +
                                       ", the larger heap here: " + listed + ", ..."
                                 : ". Those whose smaller heap is at most " + larger +
                                       ", the larger heap here: " + listed + "."));
      std::string where;
      if (e.wythoff_misere_pair) {
        where = (*e.wythoff_misere_pair)[0] == 0
                    ? " (0, 1) is one in misère play: the player to move must take the last "
                      "object."
                    : " (2, 2) is one in misère play: taking both heaps leaves no object, so the "
                      "taker loses, and every other move leaves (1, 2), (0, 2) or (1, 1), from "
                      "which the opponent moves to (0, 1).";
      } else if (e.wythoff) {
        const auto& [n, a, root] = *e.wythoff;
        where = " (" + to_decimal(a) + ", " + to_decimal(BigHeap(a + n)) +
                ") is one: n = " + to_decimal(n) + ", floor(sqrt(5 n^2)) = " + to_decimal(root) +
                ", a_n = floor((" + to_decimal(n) + " + " + to_decimal(root) +
                ") / 2) = " + to_decimal(a) + ".";
      }
      if (analysis.verdict.winning && !analysis.move)
        say(nothing_left);
      else
        say(analysis.verdict.winning
                ? "The player to move wins by moving to a lost position." + move_sentence() + where
                : "The player to move loses: the position is lost." + where);
      break;
    }
    case GameSpec::Kind::staircase: {
      say("1. Staircase Nim is Nim on the odd steps (1, 3, 5, ...): coins moved down from an even "
          "step can be moved on by the opponent at once, so only the odd steps count.");
      std::vector<std::string> labels;
      std::vector<Heap> values;
      for (std::size_t i = 0; i < analysis.position.size(); i += 2) {
        labels.push_back(std::to_string(i + 1));
        values.push_back(analysis.position[i]);
      }
      detail::bouton_table(lines, "step", labels, values, "Grundy value");
      if (e.searched)
        say("2. Misère play is not this Nim: nim-game searched every position this one "
            "reaches. " +
            searched_verdict());
      else
        say(std::string("2. ") +
            (analysis.verdict.winning
                 ? "The value is not 0: the player to move wins." + move_sentence()
                 : "The value is 0: the player to move loses."));
      break;
    }
    case GameSpec::Kind::lasker: {
      say("1. Lasker's Nim: each heap is worth a Nim heap of its Grundy value, the mex of the "
          "values one move leaves there (a split leaves the XOR of its parts' values): the heap "
          "itself, except that 4k + 3 and 4k + 4 swap (3 is worth 4, 4 is worth 3, 7 is worth 8, "
          "...).");
      std::vector<std::string> labels;
      for (std::size_t i = 0; i < e.values.size(); ++i)
        labels.push_back(std::to_string(i + 1));
      detail::bouton_table(lines, "heap", labels, e.values, "Grundy sum");
      if (e.searched)
        say("2. Misère play is no sum of these values: nim-game searched every position this one "
            "reaches. " +
            searched_verdict());
      else
        say(std::string("2. ") +
            (analysis.verdict.winning
                 ? detail::winning_aim(e.values, analysis.move->heap()) +
                       ", which makes the sum 0 (to be worth its own size, a heap of 4k + 3 is "
                       "split into 1 and 4k + 2)." +
                       move_sentence()
                 : "The Grundy sum is 0: every move changes one heap's value, so the player to "
                   "move loses."));
      break;
    }
  }
  return lines;
}

template <HeapInteger Heap>
WrittenExplanation<Heap> written_explanation(const GameSpec& spec,
                                             const GameAnalysis<Heap>& analysis,
                                             const GameExplanation<Heap>& e) {
  if (e.bouton) return {{}, e.bouton, rules_text(spec)};
  return {game_explanation_lines(spec, analysis, e), std::nullopt, rules_text(spec)};
}

}  // namespace nim
