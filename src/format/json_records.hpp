// The pieces of nim-game's JSON records, from the library's values: a move as --move gave it,
// heaps, the keys of a ply, the verdict and the context, Bouton's explanation, a position of
// `positions`, and the error record of an unreadable batch line (format/game_records.hpp lays out
// the analyses with them). Nothing here solves anything.
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
#include "nim/explanation.hpp"
#include "nim/games/game_move.hpp"
#include "nim/player.hpp"
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

// "explanation": Bouton's reasoning, the rows in binary and the steps in words, after the game's
// name and rules in one line ("rules_text") when given.
template <HeapInteger Heap>
void write_explanation(JsonWriter& w, const Explanation<Heap>& e,
                       std::string_view rules_text = {}) {
  w.key("explanation");
  w.begin_object();
  if (!rules_text.empty()) {
    w.key("rules_text");
    w.string(rules_text);
  }
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
  for (const std::string& step : explanation_steps(e))
    w.string(step);
  w.end_array();
  w.end_object();
}

}  // namespace record

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
