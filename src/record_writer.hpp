// Every JSON record nim-game writes is laid out here: the analysis of a position, a ply of a
// playout, the verdict on a proposed move, and the error record of an unreadable batch line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "json_writer.hpp"
#include "move_check.hpp"
#include "playout.hpp"
#include "position.hpp"
#include "solver.hpp"

namespace nim {

// Keys that close a record when they apply.
struct RecordTail {
  std::optional<std::uint64_t> seed;  // the seed, when a random policy is in use
  std::optional<std::uint64_t> line;  // the input line, in --batch mode
};

namespace record {

template <class Heap>
void write_move(JsonWriter& w, const std::optional<Move<Heap>>& move) {
  if (!move) return w.null();
  w.begin_array();
  w.number(std::uint64_t{move->heap});
  w.number(move->count);
  w.end_array();
}

// "From heap {i} take this number of beans : {n}", the Python package's wording.
template <class Index, class Count>
void write_move_description(JsonWriter& w, const Index& heap, const Count& count) {
  Buffer& out = w.raw_value();
  out += std::string_view("\"From heap ");
  append_number(out, heap);
  out += std::string_view(" take this number of beans : ");
  append_number(out, count);
  out += '"';
}

// The heaps of the view, with `move` applied if there is one.
template <class View>
void write_heaps(JsonWriter& w, const View& view,
                 const std::optional<Move<typename View::Heap>>& move = std::nullopt) {
  if constexpr (std::is_same_v<typename View::Heap, SmallHeap>) {
    if (!w.pretty()) {  // the hot path of --batch: one reservation for the whole array
      Buffer& out = w.raw_value();
      char* const start = out.room(2 + 21 * view.size());
      char* p = start;
      *p++ = '[';
      for (std::size_t i = 0; i < view.size(); ++i) {
        if (i > 0) *p++ = ',';
        p = write_decimal(p, move && move->heap == i ? view.heap(i) - move->count : view.heap(i));
      }
      *p++ = ']';
      return out.commit(static_cast<std::size_t>(p - start));
    }
  }
  w.begin_array();
  for (std::size_t i = 0; i < view.size(); ++i) {
    if (move && move->heap == i)
      w.number(typename View::Heap(view.heap(i) - move->count));
    else
      w.number(view.heap(i));
  }
  w.end_array();
}

template <class Heap>
void write_heaps(JsonWriter& w, const Position<Heap>& position) {
  w.begin_array();
  for (const Heap& h : position)
    w.number(h);
  w.end_array();
}

// The keys that describe the position itself, which every full record carries after its move.
template <class View>
void write_position_keys(JsonWriter& w, const View& view, bool all_moves) {
  w.key("position_before_move");
  write_heaps(w, view);
  w.key("nim_sum");
  w.number(view.tally().nim_sum);
  w.key("game_over");
  w.boolean(is_over(view));
  w.key("rules");
  w.begin_object();
  w.key("misere");
  w.boolean(view.rules().misere);
  w.key("max_take");
  if (view.rules().max_take)
    w.number(*view.rules().max_take);
  else
    w.null();
  w.end_object();
  if (view.rules().max_take) {
    w.key("grundy_sum");
    w.number(view.tally().grundy_sum);
  }
  if (all_moves) {
    w.key("winning_moves");
    w.begin_array();
    for (const auto& move : winning_moves(view))
      write_move(w, std::optional(move));
    w.end_array();
  }
}

inline std::string_view name_of(Player player) {
  return player == Player::first ? "first" : "second";
}

// done, then whether the ply limit cut the game short, or how it ended.
template <class Heap>
void write_ply_keys(JsonWriter& w, const Ply<Heap>& ply) {
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

inline void write_tail(JsonWriter& w, const RecordTail& tail) {
  if (tail.seed) {
    w.key("seed");
    w.number(*tail.seed);
  }
  if (tail.line) {
    w.key("line");
    w.number(*tail.line);
  }
}

}  // namespace record

// The analysis of a position: whether the mover wins, and the move to play (none when the game
// is over). With a ply, it is one record of a playout.
template <class View>
void write_analysis(JsonWriter& w, const View& view,
                    const std::optional<Move<typename View::Heap>>& move, bool all_moves,
                    const Ply<typename View::Heap>* ply, const RecordTail& tail) {
  w.begin_object();
  w.key("winning");
  w.boolean(is_winning(view));
  w.key("description");
  if (move)
    record::write_move_description(w, std::uint64_t{move->heap}, move->count);
  else
    w.string(view.rules().misere
                 ? "The game is over: no objects are left, and the player to move has won"
                 : "The game is over: no objects are left, and the player to move has lost");
  w.key("move");
  record::write_move(w, move);
  w.key("next_position");
  if (move)
    record::write_heaps(w, view, move);
  else
    w.null();
  record::write_position_keys(w, view, all_moves);
  if (ply) {
    w.key("ply");
    w.number(ply->number);
    record::write_ply_keys(w, *ply);
  }
  record::write_tail(w, tail);
  w.end_object();
}

// A ply of `--trace moves`: the move without the positions.
template <class Heap>
void write_ply_move(JsonWriter& w, const Ply<Heap>& ply, const RecordTail& tail) {
  w.begin_object();
  w.key("ply");
  w.number(ply.number);
  w.key("move");
  record::write_move(w, ply.move);
  w.key("winning");
  w.boolean(ply.winning);
  record::write_ply_keys(w, ply);
  record::write_tail(w, tail);
  w.end_object();
}

namespace record {

// Why a proposed move is illegal, in words that name the numbers.
template <class Heap>
std::string illegal_reason(const PositionView<Heap>& view, const BigHeap& heap,
                           const BigHeap& count, Illegal illegal) {
  const std::string n = count.get_str();
  switch (illegal) {
    case Illegal::none:
      break;
    case Illegal::no_such_heap:
      return "there is no heap " + heap.get_str() + ": the heaps are numbered 0 to " +
             std::to_string(view.size() - 1);
    case Illegal::takes_nothing:
      return "a move takes at least 1 object, not " + n;
    case Illegal::more_than_the_heap:
      return "heap " + heap.get_str() + " has only " + to_decimal(view.heap(to_small(heap))) +
             " objects, fewer than " + n;
    case Illegal::above_the_cap:
      return "a move takes at most " + to_decimal(*view.rules().max_take) + " objects, not " + n;
  }
  return {};
}

}  // namespace record

// The verdict on a proposed move (--move I,N, as typed), beside the solver's own choice.
template <class Heap>
void write_move_check(JsonWriter& w, const PositionView<Heap>& view, const BigHeap& heap,
                      const BigHeap& count, const MoveVerdict<Heap>& verdict,
                      const std::optional<Move<Heap>>& best_move, bool all_moves,
                      const RecordTail& tail) {
  const std::string reason = record::illegal_reason(view, heap, count, verdict.illegal);
  const bool legal = verdict.illegal == Illegal::none;
  w.begin_object();
  w.key("winning");
  w.boolean(is_winning(view));
  w.key("description");
  if (legal) {
    record::write_move_description(w, heap, count);
  } else {
    w.string("Illegal move: " + reason);
  }
  w.key("move");
  w.begin_array();
  w.number(heap);
  w.number(count);
  w.end_array();
  w.key("next_position");
  if (legal)
    record::write_heaps(w, *verdict.next_position);
  else
    w.null();
  record::write_position_keys(w, view, all_moves);
  w.key("legal");
  w.boolean(legal);
  if (!legal) {
    w.key("reason");
    w.string(reason);
  }
  w.key("optimal");
  w.boolean(verdict.optimal);
  w.key("next_winning");
  if (legal)
    w.boolean(verdict.next_winning);
  else
    w.null();
  w.key("best_move");
  record::write_move(w, best_move);
  record::write_tail(w, tail);
  w.end_object();
}

// A --batch line that could not be read: the line, as given, and why.
inline void write_input_error(JsonWriter& w, std::uint64_t line, std::string_view input,
                              std::string_view error) {
  w.begin_object();
  w.key("line");
  w.number(line);
  w.key("input");
  w.string(input);
  w.key("error");
  w.string(error);
  w.end_object();
}

}  // namespace nim
