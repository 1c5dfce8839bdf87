// A sum of different games (nim/games/sum/sum.hpp) as JSON (its text: sum_text.hpp). A sum's
// position is written {"sum":[{"rules":RULES,"heaps":[5]},{"rules":RULES,"heaps":[3,4]}]}, each
// RULES the `rules` object its game's own records write, and a move {"component":1,"move":[0,2]},
// the move in its component's form, heaps numbered within the component. Nothing here solves
// anything.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/game_explanation_text.hpp"
#include "format/game_records.hpp"
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
