// The records of every game (nim/game_analysis.hpp) as JSON, and the words of their moves: the
// analysis of a position and the verdict on a proposed move (their text is format/game_text.hpp's).
// The first five keys are those of Nim's records; a move is written in its game's form:
// [heap, count], [heap, count, [left, right]] when what is left is split in two,
// [[heap, count], [heap, count], ...] when it takes from several heaps. A game whose row asks for
// Nim's records (GameRow::nim_records) gets Nim's description and "nim_sum". Nothing here solves
// anything.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/game_explanation_text.hpp"
#include "format/json_records.hpp"
#include "format/rules_words.hpp"
#include "format/text.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

// What every record of a command says of its game: the spec, and its rules as compact JSON,
// written once (a --batch record then appends them).
struct GameWords {
  explicit GameWords(GameSpec game)
      : spec(std::move(game)),
        rules(rules_json(spec)),
        protocol_rules(protocol_rules_json(spec)),
        steps(heaps_are_steps(spec)),
        nim_records(writes_nim_records(spec)) {}
  GameSpec spec;
  std::string rules;
  std::string protocol_rules;  // as the agent protocol sends them
  bool steps;                  // heaps_are_steps(spec), asked once, not for every record's move
  bool nim_records;            // writes_nim_records(spec)
};

namespace record {

// Inlined, as write_move_description(): every record of --batch writes its move.
template <HeapInteger Heap>
[[gnu::always_inline]] inline void write_take(JsonWriter& w, const HeapTake<Heap>& take) {
  w.number(std::uint64_t{take.heap});
  w.number(take.count);
}

template <HeapInteger Heap>
void write_game_move(JsonWriter& w, const std::optional<GameMove<Heap>>& move) {
  if (!move) return w.null();
  w.begin_array();
  if (move->takes.size() == 1) {
    write_take(w, move->takes.front());
    if (move->split) {
      w.begin_array();
      w.number((*move->split)[0]);
      w.number((*move->split)[1]);
      w.end_array();
    }
  } else {
    for (const auto& take : move->takes) {
      w.begin_array();
      write_take(w, take);
      w.end_array();
    }
  }
  w.end_array();
}

}  // namespace record

// How a move's verb is written: "take" (as a command, capitalised or not), "took" (a move made,
// in a review), "taking" (a move that was not made) or "takes" (a move a player makes).
enum class VerbForm { command, capital, past, gerund, third };

namespace detail {

// The verb of `forms` ({command, past, gerund, third person}) in the form asked.
inline void append_verb(Buffer& out, VerbForm form, std::array<std::string_view, 4> forms) {
  const std::string_view verb = forms[form == VerbForm::past     ? 1
                                      : form == VerbForm::gerund ? 2
                                      : form == VerbForm::third  ? 3
                                                                 : 0];
  if (form != VerbForm::capital) return void(out += verb);
  out += static_cast<char>(verb[0] - ('a' - 'A'));
  out += verb.substr(1);
}

}  // namespace detail

// A move in words, heaps numbered from `first` (0 in JSON descriptions, 1 in text), appended to
// `out`, its verb in `form`: "take 2 from heap 3", "take 1 from heap 3 and split the rest into 2
// and 4", "split heap 3 into 2 and 4", "take 2 from heap 1 and 2 from heap 2", "move 2 coins from
// step 3 down to step 2" (steps are numbered from 1 in both); "took 2 from heap 3", "taking 2 from
// heap 3", "takes 2 from heap 3".
// `steps`: the game's heaps_are_steps().
template <HeapInteger Heap>
void append_game_move_words(Buffer& out, bool steps, const GameMove<Heap>& move, std::size_t first,
                            VerbForm form = VerbForm::command) {
  const auto& [i, count] = move.takes.front();
  if (steps) {
    detail::append_verb(out, form, {"move", "moved", "moving", "moves"});
    out += ' ';
    append_number(out, count);
    out += count == Heap(1) ? " coin from step " : " coins from step ";
    append_number(out, std::uint64_t{i + 1});
    if (i == 0) return void(out += " off the staircase");
    out += " down to step ";
    return append_number(out, std::uint64_t{i});
  }
  if (move.split && is_zero(count)) {
    detail::append_verb(out, form, {"split", "split", "splitting", "splits"});
    out += " heap ";
    append_number(out, std::uint64_t{i + first});
    out += " into ";
  } else {
    detail::append_verb(out, form, {"take", "took", "taking", "takes"});
    out += ' ';
    append_number(out, count);
    out += " from heap ";
    append_number(out, std::uint64_t{i + first});
    if (move.split) {
      out += " and ";
      detail::append_verb(out, form == VerbForm::capital ? VerbForm::command : form,
                          {"split", "split", "splitting", "splits"});
      out += " the rest into ";
    }
  }
  if (move.split) {
    append_number(out, (*move.split)[0]);
    out += " and ";
    return append_number(out, (*move.split)[1]);
  }
  for (std::size_t t = 1; t < move.takes.size(); ++t) {
    out += t + 1 == move.takes.size() ? " and " : ", ";
    append_number(out, move.takes[t].count);
    out += " from heap ";
    append_number(out, std::uint64_t{move.takes[t].heap + first});
  }
}

template <HeapInteger Heap>
std::string game_move_words(const GameSpec& spec, const GameMove<Heap>& move, std::size_t first,
                            VerbForm form = VerbForm::command) {
  Buffer out;
  append_game_move_words(out, heaps_are_steps(spec), move, first, form);
  return out.str();
}

// Whether a move has a form the game never makes: a second heap where every move takes from one,
// a split where no move splits.
inline bool has_foreign_form(const GameSpec& spec, std::size_t takes, bool split) {
  return (takes > 1 && !moves_take_from_several_heaps(spec)) || (split && !moves_may_split(spec));
}

// Why a proposed move is illegal, heaps numbered from `first`, its numbers exact: a form the game
// never makes, in the game's words (refusal_words()); else the facts of the position it breaks (a
// heap it names, a count a heap does not hold); else the game's rules.
template <HeapInteger Heap>
std::string illegal_proposed_words(const GameSpec& spec, std::span<const Heap> position,
                                   const GameMove<BigHeap>& proposed, std::size_t first) {
  if (has_foreign_form(spec, proposed.takes.size(), proposed.split.has_value()))
    return refusal_words(spec, proposed, first);
  for (const auto& [heap, count] : proposed.takes) {
    if (heap >= position.size())
      return no_such_heap_words(
          heap == std::size_t(-1) ? std::string("that large") : std::to_string(heap + first),
          position.size(), first);
    if (to_big(position[heap]) < count)
      return fewer_than_words(std::to_string(heap + first), to_decimal(position[heap]),
                              to_decimal(count), first);
  }
  return refusal_words(spec, proposed, first);
}

// The same for a move as --move gives it, whose numbers may be negative or beyond 2^64: first a
// form the game never makes, then a heap that the position does not have, named as given, then a
// negative count in the game's own words where it has them ("a move takes at least 1 object, not
// -1"), else said as such; a split leaves no negative heap.
template <HeapInteger Heap>
std::string illegal_given_words(const GameSpec& spec, std::span<const Heap> position,
                                const GivenGameMove& given, std::size_t first) {
  if (has_foreign_form(spec, given.takes.size(), given.split.has_value())) {
    GameMove<BigHeap> form;  // its form alone is judged: its takes, from heap 0
    for (const auto& take : given.takes)
      form.takes.push_back({0, take.count});
    form.split = given.split;
    return refusal_words(spec, form, first);
  }
  for (const auto& take : given.takes)
    if (sgn(take.heap) < 0 || take.heap >= to_big(position.size()))
      return no_such_heap_words(to_decimal(BigHeap(take.heap + first)), position.size(), first);
  if (const auto move = given.move()) return illegal_proposed_words(spec, position, *move, first);
  GameMove<BigHeap> asked;  // the move with its negative numbers, for the game's own words
  for (const auto& [heap, count] : given.takes)
    asked.takes.push_back({static_cast<std::size_t>(to_small(heap)), count});
  if (given.split) asked.split = given.split;
  for (const auto& take : given.takes) {
    if (sgn(take.count) >= 0) continue;
    if (auto words = own_refusal_words(spec, asked, first)) return *std::move(words);
    return "a move takes no negative count, as " + to_decimal(take.count);
  }
  return "a split leaves no negative heap, as " + to_decimal((*given.split)[0]);
}

namespace record {

// "Take 2 from heap 3": a move's words as a record's description, a JSON string (plain ASCII
// words and numbers: nothing to escape).
template <HeapInteger Heap>
void write_game_move_description(JsonWriter& w, const GameWords& words,
                                 const GameMove<Heap>& move) {
  if (words.nim_records)
    return write_move_description(w, std::uint64_t{move.takes.front().heap},
                                  move.takes.front().count);
  Buffer& out = w.raw_value();
  out += '"';
  append_game_move_words(out, words.steps, move, 0, VerbForm::capital);
  out += '"';
}

// "grundy_values" (one a heap) and "grundy_sum", where the analysis has them.
template <HeapInteger Heap>
void write_grundy_keys(JsonWriter& w, const GameAnalysis<Heap>& analysis) {
  if (analysis.has_grundy_values()) {
    w.key("grundy_values");
    w.begin_array();
    analysis.for_each_grundy_value([&](const auto& value) { w.number(value); });
    w.end_array();
  }
  if (analysis.verdict.grundy_sum) {
    w.key("grundy_sum");
    w.number(*analysis.verdict.grundy_sum);
  }
}

// The keys that follow the move in every record of a position: the position, its values, the
// rules, the winning moves if listed.
template <HeapInteger Heap>
void write_game_position_keys(JsonWriter& w, const GameWords& words,
                              const GameAnalysis<Heap>& analysis) {
  w.key("position_before_move");
  record::write_heaps(w, analysis.position);
  if (words.nim_records) {
    w.key("nim_sum");
    w.number(nim_sum(analysis.position));
  } else {
    write_grundy_keys(w, analysis);
  }
  w.key("game_over");
  w.boolean(analysis.game_over);
  w.key("rules");
  if (w.pretty())
    write_rules(w, words.spec);
  else
    w.raw_value() += words.rules;
  if (words.nim_records && words.spec.max_take) {
    w.key("grundy_sum");
    w.number(*analysis.verdict.grundy_sum);
  }
  if (analysis.winning_moves) {
    w.key("winning_moves");
    w.begin_array();
    for (const auto& move : *analysis.winning_moves)
      record::write_game_move(w, std::optional(move));
    w.end_array();
  }
}

// "explanation": {"rules_text": "...", "lines": [...]}, the game's name and rules and the lines
// of --explain, before the context keys; Nim's, Bouton's table as Nim's first records wrote it,
// after its "rules_text".
template <HeapInteger Heap>
void write_game_explanation(JsonWriter& w, const WrittenExplanation<Heap>& written) {
  if (written.bouton) return write_explanation(w, *written.bouton, written.rules_text);
  w.key("explanation");
  w.begin_object();
  w.key("rules_text");
  w.string(written.rules_text);
  w.key("lines");
  w.begin_array();
  for (const auto& line : written.lines)
    w.string(line.text);
  w.end_array();
  w.end_object();
}
template <HeapInteger Heap>
void write_game_explanation(JsonWriter& w, const std::optional<WrittenExplanation<Heap>>& written) {
  if (written) write_game_explanation(w, *written);
}

// The keys of an analysis, from "winning" to the winning moves: a record's, or a playout ply's.
template <HeapInteger Heap>
void write_game_analysis_keys(JsonWriter& w, const GameWords& words,
                              const GameAnalysis<Heap>& analysis) {
  w.key("winning");
  w.boolean(analysis.verdict.winning);
  w.key("description");
  if (analysis.move) {
    record::write_game_move_description(w, words, *analysis.move);
  } else if (words.nim_records) {
    w.string(game_over_sentence(analysis.verdict.winning));
  } else {
    w.string(analysis.verdict.winning
                 ? "The game is over: no move is left, and the player to move has won"
                 : "The game is over: no move is left, and the player to move has lost");
  }
  w.key("move");
  record::write_game_move(w, analysis.move);
  w.key("next_position");
  if (analysis.move)
    record::write_heaps(w, std::span<const Heap>(analysis.next_position));
  else
    w.null();
  record::write_game_position_keys(w, words, analysis);
}

}  // namespace record

// The analysis as one JSON record.
template <HeapInteger Heap>
void write_game_analysis(JsonWriter& w, const GameWords& words, const GameAnalysis<Heap>& analysis,
                         const RecordContext& context,
                         const std::optional<WrittenExplanation<Heap>>& explanation = {}) {
  w.begin_object();
  record::write_game_analysis_keys(w, words, analysis);
  record::write_game_explanation(w, explanation);
  record::write_context(w, context);
  w.end_object();
}

// A proposed move as judged: as given, as a move on the position's heap type (none when it is
// illegal), the verdict, and the position after it (empty when it is illegal).
template <HeapInteger Heap>
struct GameMoveCheck {
  const GivenGameMove& given;
  std::optional<GameMove<Heap>> move;
  GameMoveVerdict verdict = GameMoveVerdict::illegal;
  Position<Heap> next;
};

// A proposed move judged, as Nim's --move record: the proposed move, as given, in the first keys,
// then "legal" ("reason" when it is not), "optimal" (it keeps the win, or the position was lost
// anyway), "next_winning" (whether the opponent wins after it) and "best_move".
template <HeapInteger Heap>
void write_game_move_check(JsonWriter& w, const GameWords& words,
                           const GameAnalysis<Heap>& analysis, const GameMoveCheck<Heap>& check,
                           const RecordContext& context,
                           const std::optional<WrittenExplanation<Heap>>& explanation = {}) {
  const bool legal = check.verdict != GameMoveVerdict::illegal;
  const std::string reason =
      legal ? std::string() : illegal_given_words(words.spec, analysis.position, check.given, 0);
  w.begin_object();
  w.key("winning");
  w.boolean(analysis.verdict.winning);
  w.key("description");
  if (legal)
    record::write_game_move_description(w, words, *check.given.move());
  else
    w.string("Illegal move: " + reason);
  w.key("move");
  record::write_given_move(w, check.given);
  w.key("next_position");
  if (legal)
    record::write_heaps(w, std::span<const Heap>(check.next));
  else
    w.null();
  record::write_game_position_keys(w, words, analysis);
  record::write_verdict_keys(
      w, legal, reason,
      legal && (!analysis.verdict.winning || check.verdict == GameMoveVerdict::winning),
      check.verdict == GameMoveVerdict::losing);
  w.key("best_move");
  record::write_game_move(w, analysis.move);
  record::write_game_explanation(w, explanation);
  record::write_context(w, context);
  w.end_object();
}

}  // namespace nim
