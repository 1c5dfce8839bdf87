// Every JSON record nim-game writes is laid out here, from the library's values: the analysis of a
// position, a ply of a playout, the verdict on a proposed move, and the error record of an
// unreadable batch line. Nothing here solves anything.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "format/explanation_text.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/move_check.hpp"
#include "nim/playout.hpp"
#include "nim/position.hpp"

namespace nim {

// What a record says about where it comes from, in its last keys.
struct RecordContext {
  std::optional<std::uint64_t> seed{};   // the seed, when a random policy is in use
  std::optional<std::uint64_t> line{};   // the input line, in --batch mode
  std::optional<std::string_view> id{};  // the line's "id", any JSON value, written as it came
};

// What a finished game's analysis says, in words: on an empty board `winning` tells whether the
// player to move has won (misère play: the opponent took the last object) or lost.
inline std::string_view game_over_sentence(bool winning) {
  return winning ? "The game is over: no objects are left, and the player to move has won"
                 : "The game is over: no objects are left, and the player to move has lost";
}

namespace record {

// A move as --move gave it, its numbers as given.
inline void write_given_move(JsonWriter& w, const GivenGameMove& move) {
  const auto write_take = [&](const GivenGameMove::Take& take) {
    w.number(take.heap);
    w.number(take.count);
  };
  w.begin_array();
  if (move.takes.size() == 1) {
    write_take(move.takes.front());
    if (move.split) {
      w.begin_array();
      w.number((*move.split)[0]);
      w.number((*move.split)[1]);
      w.end_array();
    }
  } else {
    for (const auto& take : move.takes) {
      w.begin_array();
      write_take(take);
      w.end_array();
    }
  }
  w.end_array();
}

}  // namespace record

// The JSON text of a move as --move gave it.
inline std::string given_move_json(const GivenGameMove& move) {
  Buffer text;
  JsonWriter w(text, false);
  record::write_given_move(w, move);
  return std::string(text.view());
}

namespace record {

template <HeapInteger Heap>
void write_move(JsonWriter& w, const std::optional<Move<Heap>>& move) {
  if (!move) return w.null();
  w.begin_array();
  w.number(std::uint64_t{move->heap});
  w.number(move->count);
  w.end_array();
}

// "From heap {i} take this number of beans : {n}", the Python package's wording. Inlined: every
// line of Nim's --batch writes one, and a call for each cost 3% of the run.
template <class Index, class Count>
[[gnu::always_inline]] inline void write_move_description(JsonWriter& w, const Index& heap,
                                                          const Count& count) {
  Buffer& out = w.raw_value();
  out += std::string_view("\"From heap ");
  append_number(out, heap);
  out += std::string_view(" take this number of beans : ");
  append_number(out, count);
  out += '"';
}

// The heaps of a position, with `move` applied if there is one.
template <HeapInteger Heap>
void write_heaps(JsonWriter& w, std::span<const Heap> heaps,
                 const std::optional<Move<Heap>>& move = std::nullopt) {
  if constexpr (std::is_same_v<Heap, SmallHeap>) {
    if (!w.pretty()) {  // the hot path of --batch: one reservation for the whole array
      Buffer& out = w.raw_value();
      char* const start = out.room(2 + 21 * heaps.size());
      char* p = start;
      *p++ = '[';
      for (std::size_t i = 0; i < heaps.size(); ++i) {
        if (i > 0) *p++ = ',';
        p = write_decimal(p, move && move->heap == i ? heaps[i] - move->count : heaps[i]);
      }
      *p++ = ']';
      return out.commit(static_cast<std::size_t>(p - start));
    }
  }
  w.begin_array();
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (move && move->heap == i)
      w.number(Heap(heaps[i] - move->count));
    else
      w.number(heaps[i]);
  }
  w.end_array();
}

// The keys that describe the position itself, which every full record carries after its move.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_position_keys(JsonWriter& w, const Analysis<Rules>& analysis) {
  w.key("position_before_move");
  write_heaps(w, analysis.position);
  w.key("nim_sum");
  w.number(analysis.nim_sum);
  w.key("game_over");
  w.boolean(analysis.game_over);
  w.key("rules");
  write_rules(w, analysis.rules);
  if (!analysis.rules.values_are_sizes()) {
    w.key("grundy_sum");
    w.number(analysis.grundy_sum);
  }
  if (analysis.winning_moves) {
    w.key("winning_moves");
    w.begin_array();
    for (const auto& move : *analysis.winning_moves)
      write_move(w, std::optional(move));
    w.end_array();
  }
}

inline std::string_view name_of(Player player) {
  return player == Player::first ? "first" : "second";
}

// done, then whether the ply limit cut the game short, or how it ended: every game's plies.
template <class PlyAnalysis>
void write_ply_keys(JsonWriter& w, const PlayoutPly<PlyAnalysis>& ply) {
  w.key("done");
  w.boolean(ply.done);
  if (ply.truncated) {
    w.key("truncated");
    w.boolean(true);
  }
  if (!ply.done) return;
  w.key("last_mover");
  if (ply.last_mover)
    w.string(name_of(*ply.last_mover));
  else
    w.null();
  w.key("winner");
  w.string(name_of(*ply.winner));
}

// The verdict on a proposed move, after the position's keys: "legal", "reason" when it is not,
// "optimal", and "next_winning" (null for an illegal move). Every game's --move record has them.
inline void write_verdict_keys(JsonWriter& w, bool legal, std::string_view reason, bool optimal,
                               bool next_winning) {
  w.key("legal");
  w.boolean(legal);
  if (!legal) {
    w.key("reason");
    w.string(reason);
  }
  w.key("optimal");
  w.boolean(optimal);
  w.key("next_winning");
  if (legal)
    w.boolean(next_winning);
  else
    w.null();
}

inline void write_id(JsonWriter& w, std::optional<std::string_view> id) {
  if (!id) return;
  w.key("id");
  w.raw_value() += *id;
}

inline void write_context(JsonWriter& w, const RecordContext& context) {
  if (context.seed) {
    w.key("seed");
    w.number(*context.seed);
  }
  if (context.line) {
    w.key("line");
    w.number(*context.line);
  }
  write_id(w, context.id);
}

// "explanation": Bouton's reasoning, the rows in binary and the steps in words.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_explanation(JsonWriter& w, const Analysis<Rules>& analysis,
                       const std::optional<Explanation<Heap>>& explanation) {
  if (!explanation) return;
  const Explanation<Heap>& e = *explanation;
  w.key("explanation");
  w.begin_object();
  w.key("values");
  w.string(e.values == ExplainedValues::sizes ? "sizes" : "grundy");
  w.key("rows");
  w.begin_array();
  for (const Heap& row : e.rows)
    w.string(binary(row, e.width));
  w.end_array();
  w.key("parity");
  w.string(parity(e));
  w.key("column");
  if (e.column)
    w.number(std::uint64_t{*e.column});
  else
    w.null();
  w.key("heap");
  if (e.move)
    w.number(std::uint64_t{e.move->heap});
  else
    w.null();
  w.key("steps");
  w.begin_array();
  for (const std::string& step : explanation_steps(analysis, e))
    w.string(step);
  w.end_array();
  w.end_object();
}

template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_analysis_keys(JsonWriter& w, const Analysis<Rules>& analysis) {
  w.key("winning");
  w.boolean(analysis.winning);
  w.key("description");
  if (analysis.move)
    write_move_description(w, std::uint64_t{analysis.move->heap}, analysis.move->count);
  else
    w.string(game_over_sentence(analysis.winning));
  w.key("move");
  write_move(w, analysis.move);
  w.key("next_position");
  if (analysis.move)
    write_heaps(w, analysis.position, analysis.move);
  else
    w.null();
  write_position_keys(w, analysis);
}

}  // namespace record

// The analysis of a position: whether the mover wins, and the move to play (none when the game
// is over); with an explanation, Bouton's reasoning.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_analysis(JsonWriter& w, const Analysis<Rules>& analysis, const RecordContext& context,
                    const std::optional<Explanation<Heap>>& explanation = std::nullopt) {
  w.begin_object();
  record::write_analysis_keys(w, analysis);
  record::write_explanation(w, analysis, explanation);
  record::write_context(w, context);
  w.end_object();
}

// A ply of a playout: the analysis of the board before it, then the ply's own keys.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_ply(JsonWriter& w, const Ply<Rules>& ply, const RecordContext& context,
               const std::optional<Explanation<Heap>>& explanation = std::nullopt) {
  w.begin_object();
  record::write_analysis_keys(w, ply.analysis);
  w.key("ply");
  w.number(ply.number);
  record::write_ply_keys(w, ply);
  record::write_explanation(w, ply.analysis, explanation);
  record::write_context(w, context);
  w.end_object();
}

// A ply of `--trace moves`: the move without the positions.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_ply_move(JsonWriter& w, const Ply<Rules>& ply, const RecordContext& context) {
  w.begin_object();
  w.key("ply");
  w.number(ply.number);
  w.key("move");
  record::write_move(w, ply.analysis.move);
  w.key("winning");
  w.boolean(ply.analysis.winning);
  record::write_ply_keys(w, ply);
  record::write_context(w, context);
  w.end_object();
}

// Why a proposed move is illegal, in words that name the numbers (0-based heaps, as in JSON).
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
std::string illegal_reason(std::span<const Heap> heaps, const Rules& rules,
                           const ProposedMove& proposed, Illegal illegal) {
  const std::string n = proposed.count.get_str();
  switch (illegal) {
    case Illegal::none:
      break;
    case Illegal::not_one_take:
      return std::string(not_one_take_words);
    case Illegal::no_such_heap:
      return no_such_heap_words(proposed.heap.get_str(), heaps.size(), 0);
    case Illegal::takes_nothing:
      return "a move takes at least 1 object, not " + n;
    case Illegal::more_than_the_heap:
      return fewer_than_words(proposed.heap.get_str(), to_decimal(heaps[to_small(proposed.heap)]),
                              n, 0);
    case Illegal::above_the_cap:
      return allowed_takes(rules, false) + ", not " + n;
  }
  return {};
}

// The verdict on a proposed move (--move I,N, as typed), beside the solver's own choice, which is
// the analysis's move.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_move_check(JsonWriter& w, const Analysis<Rules>& analysis, const ProposedMove& proposed,
                      const MoveVerdict<Heap>& verdict, const RecordContext& context,
                      const std::optional<Explanation<Heap>>& explanation = std::nullopt) {
  const bool legal = verdict.illegal == Illegal::none;
  const std::string reason =
      illegal_reason(analysis.position, analysis.rules, proposed, verdict.illegal);
  w.begin_object();
  w.key("winning");
  w.boolean(analysis.winning);
  w.key("description");
  if (legal)
    record::write_move_description(w, proposed.heap, proposed.count);
  else
    w.string("Illegal move: " + reason);
  w.key("move");
  if (proposed.other_form) {
    record::write_given_move(w, *proposed.other_form);
  } else {
    w.begin_array();
    w.number(proposed.heap);
    w.number(proposed.count);
    w.end_array();
  }
  w.key("next_position");
  if (legal)
    record::write_heaps(w, analysis.position, verdict.move);
  else
    w.null();
  record::write_position_keys(w, analysis);
  record::write_verdict_keys(w, legal, reason, verdict.optimal, verdict.next_winning);
  w.key("best_move");
  record::write_move(w, analysis.move);
  record::write_explanation(w, analysis, explanation);
  record::write_context(w, context);
  w.end_object();
}

// A position as `nim-game positions` writes it in JSON: {"heaps":[1,3,5,7]}, a line --batch reads.
template <HeapInteger Heap>
void write_position(JsonWriter& w, std::span<const Heap> heaps) {
  w.begin_object();
  w.key("heaps");
  record::write_heaps(w, heaps);
  w.end_object();
}

// A --batch line that could not be read: the line, its "id" if it has one, the line as given, and
// why.
void write_input_error(JsonWriter& w, std::uint64_t line, std::optional<std::string_view> id,
                       std::string_view input, std::string_view error);

}  // namespace nim
