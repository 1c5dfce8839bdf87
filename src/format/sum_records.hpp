// A sum of different games (nim/games/sum/sum.hpp) as JSON and as text. A sum's position is
// written {"sum":[{"rules":RULES,"heaps":[5]},{"rules":RULES,"heaps":[3,4]}]}, each RULES the
// `rules` object its game's own records write, and a move {"component":1,"move":[0,2]}, the move
// in its component's form, heaps numbered within the component. Nothing here solves anything.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/game_explanation_text.hpp"
#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "format/text.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/sum/sum.hpp"

namespace nim {

// What every record of a sum says of its games: each component's words (its rules in the sum's
// play) and the sum's own rules object.
struct SumWords {
  SumWords(const std::vector<GameSpec>& specs, bool misere_play) : misere(misere_play) {
    for (GameSpec spec : specs) {
      titles.push_back(game_title(spec));
      spec.misere = misere;
      components.emplace_back(std::move(spec));
    }
    rules = std::string(R"({"game":"sum","misere":)") + (misere ? "true}" : "false}");
  }
  std::vector<GameWords> components;
  std::vector<std::string> titles;  // each game's, in normal play
  bool misere;
  std::string rules;  // {"game":"sum","misere":false}, as a --batch line's is compared
};

// A sum's move: its component and the move there, heaps numbered within it.
template <HeapInteger Heap>
struct ComponentMove {
  std::size_t component = 0;
  GameMove<Heap> move;
};

// The component a move of the sum's position (whose components lie at `spans`) is in, and the
// move there.
template <HeapInteger Heap>
ComponentMove<Heap> component_move(std::span<const ComponentSpan> spans, GameMove<Heap> move) {
  std::size_t c = 0;
  while (move.heap() >= spans[c].first + spans[c].count)
    ++c;
  for (auto& take : move.takes)
    take.heap -= spans[c].first;
  return {c, std::move(move)};
}
template <HeapInteger Heap>
ComponentMove<Heap> component_move(std::span<const Heap> position, std::size_t components,
                                   GameMove<Heap> move) {
  const auto spans = component_spans(position, components);
  return component_move(std::span<const ComponentSpan>(spans), std::move(move));
}

// Why a move names no component of a sum of `components`, numbered from `first`: "there is no
// component 4: the components are numbered 1 to 3", or "... there is only component 1".
inline std::string no_such_component_words(std::string_view component, std::size_t components,
                                           std::size_t first) {
  std::string words = "there is no component " + std::string(component);
  if (components == 1) return words + ": there is only component " + std::to_string(first);
  return words + ": the components are numbered " + std::to_string(first) + " to " +
         std::to_string(components - 1 + first);
}

namespace record {

// The key "sum" of a sum's position and its games: [{"rules":...,"heaps":[5]},...], each game's
// rules as its records write them, or (`protocol`) as the agent protocol sends them.
template <HeapInteger Heap>
void write_sum_components(JsonWriter& w, const SumWords& words, std::span<const Heap> position,
                          bool protocol = false) {
  const auto spans = component_spans(position, words.components.size());
  w.key("sum");
  w.begin_array();
  for (std::size_t c = 0; c < spans.size(); ++c) {
    w.begin_object();
    w.key("rules");
    const GameWords& game = words.components[c];
    w.raw_value() += protocol ? game.protocol_rules : game.rules;
    w.key("heaps");
    write_heaps(w, position.subspan(spans[c].first, spans[c].count));
    w.end_object();
  }
  w.end_array();
}

template <HeapInteger Heap>
void write_sum_position(JsonWriter& w, const SumWords& words, std::span<const Heap> position,
                        bool protocol = false) {
  w.begin_object();
  write_sum_components(w, words, position, protocol);
  w.end_object();
}

// "Take 2 from heap 0 of component 1", heaps and components numbered from `first`.
template <HeapInteger Heap>
void append_sum_move_words(Buffer& out, const SumWords& words, const ComponentMove<Heap>& move,
                           std::size_t first, VerbForm form) {
  append_game_move_words(out, words.components[move.component].steps, move.move, first, form);
  out += " in component ";
  append_number(out, std::uint64_t{move.component + first});
}

// {"component":1,"move":[0,2]}, heaps and components numbered from 0.
template <HeapInteger Heap>
void write_component_move(JsonWriter& w, const ComponentMove<Heap>& in) {
  w.begin_object();
  w.key("component");
  w.number(std::uint64_t{in.component});
  w.key("move");
  write_game_move(w, std::optional<GameMove<Heap>>(in.move));
  w.end_object();
}

// A move of the sum's position as {"component":1,"move":[0,2]}; null for no move.
template <HeapInteger Heap>
void write_sum_move(JsonWriter& w, std::span<const Heap> position, std::size_t components,
                    const std::optional<GameMove<Heap>>& move) {
  if (!move) return w.null();
  write_component_move(w, component_move(position, components, *move));
}

// "grundy_values" (one a component) and "grundy_sum", each when the verdict has it.
template <HeapInteger Heap>
void write_sum_values(JsonWriter& w, const Verdict<Heap>& verdict) {
  if (verdict.grundy_values) {
    w.key("grundy_values");
    w.begin_array();
    for (const std::uint64_t value : *verdict.grundy_values)
      w.number(value);
    w.end_array();
  }
  if (verdict.grundy_sum) {
    w.key("grundy_sum");
    w.number(*verdict.grundy_sum);
  }
}

// {"game":"sum","misere":false}
inline void write_sum_rules(JsonWriter& w, const SumWords& words) {
  w.begin_object();
  w.key("game");
  w.string("sum");
  w.key("misere");
  w.boolean(words.misere);
  w.end_object();
}

// A sum's position in the plain form a --batch line of it is: each game's heaps, the games
// separated by " | " ("5 | 3 4 | 7"; a game without heaps is empty: "5 |  | 7").
template <HeapInteger Heap>
void append_sum_line(Buffer& out, std::span<const Heap> position, std::size_t components) {
  const auto spans = component_spans(position, components);
  for (std::size_t c = 0; c < spans.size(); ++c) {
    if (c > 0) out += " | ";
    for (std::size_t i = 0; i < spans[c].count; ++i) {
      if (i > 0) out += ' ';
      append_number(out, position[spans[c].first + i]);
    }
  }
}

}  // namespace record

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

// The rules of a sum in one line, each game's as its own --explain says them: "A sum of 2 games, a
// move being a move in one of them: 1. Kayles (octal 0.77): ...; 2. Nim: ...".
inline std::string sum_rules_text(const SumWords& words) {
  std::string text = "A sum of " + std::to_string(words.components.size()) +
                     (words.components.size() == 1 ? " game" : " games") +
                     ", a move being a move in one of them";
  if (words.misere) text += ", whoever makes the last move of all losing";
  text += ":";
  for (std::size_t c = 0; c < words.components.size(); ++c) {
    GameSpec spec = words.components[c].spec;
    spec.misere = false;  // the sum's play, said once
    text += (c > 0 ? "; " : " ") + std::to_string(c + 1) + ". " + rules_text(spec);
  }
  return text + ".";
}

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

// The analysis of a sum's position as one JSON record: the keys of every game's record, the
// position and the moves in the sum's forms, "grundy_values" one a component.
template <HeapInteger Heap>
void write_sum_analysis(JsonWriter& w, const SumWords& words, const GameAnalysis<Heap>& analysis,
                        const std::optional<std::vector<ExplanationLine>>& explanation,
                        const RecordContext& context = {}) {
  const std::size_t components = words.components.size();
  w.begin_object();
  w.key("winning");
  w.boolean(analysis.verdict.winning);
  w.key("description");
  if (analysis.move) {
    Buffer description;
    record::append_sum_move_words(description, words,
                                  component_move(analysis.position, components, *analysis.move), 0,
                                  VerbForm::capital);
    w.string(description.view());
  } else {
    w.string(analysis.verdict.winning
                 ? "The game is over: no move is left, and the player to move has won"
                 : "The game is over: no move is left, and the player to move has lost");
  }
  w.key("move");
  record::write_sum_move(w, analysis.position, components, analysis.move);
  w.key("next_position");
  if (analysis.move)
    record::write_sum_position(w, words, std::span<const Heap>(analysis.next_position));
  else
    w.null();
  w.key("position_before_move");
  record::write_sum_position(w, words, analysis.position);
  record::write_sum_values(w, analysis.verdict);
  w.key("game_over");
  w.boolean(analysis.game_over);
  w.key("rules");
  record::write_sum_rules(w, words);
  if (explanation)
    record::write_game_explanation(
        w, WrittenExplanation<Heap>{*explanation, {}, sum_rules_text(words)});
  record::write_context(w, context);
  w.end_object();
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

// A sum's position as `nim-game positions` writes it in JSON, the form a --batch line of it is:
// {"sum":[{"rules":...,"heaps":[5]},...],"rules":{"game":"sum","misere":false}}, and when it is
// labelled (`analysis`) who wins, the move and the Grundy values, as its analysis says them.
template <HeapInteger Heap>
void write_sum_position_record(JsonWriter& w, const SumWords& words, std::span<const Heap> position,
                               const GameAnalysis<Heap>* analysis) {
  w.begin_object();
  record::write_sum_components(w, words, position);
  w.key("rules");
  record::write_sum_rules(w, words);
  if (analysis) {
    w.key("winning");
    w.boolean(analysis->verdict.winning);
    w.key("move");
    record::write_sum_move(w, position, words.components.size(), analysis->move);
    record::write_sum_values(w, analysis->verdict);
  }
  w.end_object();
}

}  // namespace nim
