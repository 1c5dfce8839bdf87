// The fields of a game after Nim's analysis (nim/game_analysis.hpp), for the records of chosen
// fields and the tables of format/field_records.hpp, which Nim's analyses fill too. A move is
// written in its game's form; its action id and its two table cells (move_heap, move_take) are
// asked only of a game whose moves take from one heap (moves_take_from_one_heap): the command
// refuses the rest. The Grundy values and sum are the verdict's: none (null, or empty cells) where
// the game's own record has none (Moore's Nim, Wythoff's game; staircase Nim's values per heap).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "format/field_records.hpp"
#include "format/game_records.hpp"
#include "format/npy_records.hpp"
#include "nim/game_analysis.hpp"

namespace nim {

template <HeapInteger Heap>
class GameFields {
 public:
  GameFields(const GameWords& words, const GameAnalysis<Heap>& analysis)
      : words_(words), a_(analysis) {}

  std::span<const Heap> heaps() const { return a_.position; }
  void write_rules(JsonWriter& w) const { w.raw_value() += words_.rules; }
  bool winning() const { return a_.verdict.winning; }
  bool has_move() const { return a_.move.has_value(); }
  void write_move(JsonWriter& w) const { record::write_game_move(w, a_.move); }
  void append_move_cells(Buffer& out, char separator) const {
    const HeapTake<Heap>& take = a_.move->takes.front();
    append_number(out, std::uint64_t{take.heap});
    out += separator;
    append_number(out, take.count);
  }
  void append_action(Buffer& out) const { append_action_of(out, *a_.move); }
  const std::vector<GameMove<Heap>>& winning_moves() const { return *a_.winning_moves; }
  void write_move_of(JsonWriter& w, const GameMove<Heap>& move) const {
    record::write_game_move(w, std::optional(move));
  }
  void append_action_of(Buffer& out, const GameMove<Heap>& move) const {
    const HeapTake<Heap>& take = move.takes.front();
    record::append_action(out, Move<Heap>{take.heap, take.count}, a_.position.size());
  }
  bool has_grundy_values() const { return a_.has_grundy_values(); }
  void append_grundy_value(Buffer& out, std::size_t i) const {
    a_.with_grundy_value(i, [&](const auto& value) { append_number(out, value); });
  }
  void append_nim_sum(Buffer& out) const { append_number(out, nim_sum(a_.position)); }
  bool has_grundy_sum() const { return a_.verdict.grundy_sum.has_value(); }
  void append_grundy_sum(Buffer& out) const { append_number(out, *a_.verdict.grundy_sum); }

  // The numbers themselves, for the records of numpy's arrays (format/npy_records.hpp).
  const HeapTake<Heap>& move_take() const { return a_.move->takes.front(); }
  BigHeap action_id() const {
    const HeapTake<Heap>& take = a_.move->takes.front();
    return openspiel_action(Move<BigHeap>{take.heap, to_big(take.count)}, a_.position.size());
  }
  Heap nim_sum_value() const { return nim_sum(a_.position); }
  const Heap& grundy_sum_value() const { return *a_.verdict.grundy_sum; }
  template <class F>
  void with_grundy_value(std::size_t i, F&& f) const {
    a_.with_grundy_value(i, f);
  }

 private:
  const GameWords& words_;
  const GameAnalysis<Heap>& a_;
};

static_assert(NpySource<GameFields<SmallHeap>> && NpySource<GameFields<BigHeap>>);

}  // namespace nim
