// The capabilities of nim/games/capabilities.hpp, from each game's row (nim/games/game_row.hpp),
// and PreparedGame.
#include "nim/games/capabilities.hpp"

#include <algorithm>

#include "nim/games/game_row.hpp"

namespace nim {

std::optional<std::size_t> fixed_heap_count(const GameSpec& spec) {
  return game_row(spec.kind).fixed_heap_count;
}

bool heap_order_matters(const GameSpec& spec) {
  return game_row(spec.kind).heap_order_matters;
}

bool heaps_may_grow(const GameSpec& spec) {
  return game_row(spec.kind).heaps_may_grow;
}

bool heaps_are_steps(const GameSpec& spec) {
  return game_row(spec.kind).heaps_are_steps;
}

bool moves_may_split(const GameSpec& spec) {
  return game_row(spec.kind).moves_may_split(spec);
}

bool moves_only_split(const GameSpec& spec) {
  return game_row(spec.kind).moves_only_split(spec);
}

bool moves_take_from_several_heaps(const GameSpec& spec) {
  return game_row(spec.kind).moves_take_from_several_heaps(spec);
}

bool moves_take_from_one_heap(const GameSpec& spec) {
  return !moves_may_split(spec) && !moves_take_from_several_heaps(spec);
}

bool labels_winning_only(const GameSpec& spec) {
  return game_row(spec.kind).labels_winning_only;
}

bool writes_nim_records(const GameSpec& spec) {
  return game_row(spec.kind).nim_records;
}

bool misere_is_searched(const GameSpec& spec) {
  return !game_row(spec.kind).knows_misere;
}

std::string_view reply_move_form(const GameSpec& spec) {
  return game_row(spec.kind).reply_move_form;
}

const TypedMoveWords& typed_move_words(const GameSpec& spec) {
  const GameRow& row = game_row(spec.kind);
  if (moves_only_split(spec) && row.typed_move_only_split) return *row.typed_move_only_split;
  return moves_may_split(spec) && row.typed_move_with_split ? *row.typed_move_with_split
                                                            : row.typed_move;
}

bool values_come_from_single_heaps(const GameSpec& spec) {
  return !moves_take_from_several_heaps(spec) && !heaps_may_grow(spec);
}

bool values_are_computed(const GameSpec& spec) {
  return game_row(spec.kind).prepare != nullptr;
}

bool fits_machine_words(const GameSpec& spec, std::span<const SmallHeap> heaps) {
  const GameRow& row = game_row(spec.kind);
  const SmallHeap largest = row.largest_machine_heap;
  if (!row.heaps_may_grow && largest == ~SmallHeap{0}) return true;  // Nim, asked of every line
  if (!row.heaps_may_grow)
    return std::ranges::all_of(heaps, [&](SmallHeap h) { return h <= largest; });
  SmallHeap total = 0;
  for (SmallHeap h : heaps)
    if (__builtin_add_overflow(total, h, &total)) return false;
  return total <= largest;
}

PreparedGame::PreparedGame(GameSpec spec, const BigHeap& largest_heap) : spec_(std::move(spec)) {
  if (const auto prepare = game_row(spec_.kind).prepare) {
    PreparedValues values = prepare(spec_, largest_heap);
    sequence_ = std::move(values.sequence);
    move_index_ = std::move(values.move_index);
  }
}

}  // namespace nim
