// What a record of a position can hold, field by field, for data sets: `positions --fields` and
// `analyse --fields` choose among them, and the JSON and table sinks write them. The names are the
// JSON keys and the options' words; OpenSpiel's conventions (the state string, the flat action id)
// are fields too, so that labels line up with its `nim` game.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "nim/heap.hpp"
#include "nim/position.hpp"

namespace nim {

enum class Field {
  heaps,            // the heap sizes
  state,            // OpenSpiel's pile_sizes string: "1;3;5;7"
  rules,            // the rules the position is labelled under
  winning,          // the player to move wins with perfect play
  move,             // the move the perfect player makes (a best try when the position is lost)
  action,           // that move as OpenSpiel's flat action id
  winning_moves,    // every winning move, in heap order
  winning_actions,  // the same as OpenSpiel's action ids, in that order
  grundy_values,    // each heap's Grundy value
  nim_sum,          // the XOR of the heap sizes
  grundy_sum,       // the XOR of the Grundy values (the nim-sum without a cap)
};

struct FieldName {
  Field field;
  std::string_view name;
  bool needs_analysis;  // what the rules say of the position, not the position itself
};

inline constexpr std::array<FieldName, 11> field_names{{
    {Field::heaps, "heaps", false},
    {Field::state, "state", false},
    {Field::rules, "rules", false},
    {Field::winning, "winning", true},
    {Field::move, "move", true},
    {Field::action, "action", true},
    {Field::winning_moves, "winning_moves", true},
    {Field::winning_actions, "winning_actions", true},
    {Field::grundy_values, "grundy_values", true},
    {Field::nim_sum, "nim_sum", true},
    {Field::grundy_sum, "grundy_sum", true},
}};

inline const FieldName& about(Field field) {
  return field_names[static_cast<std::size_t>(field)];
}

inline bool has_field(std::span<const Field> fields, Field field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

// OpenSpiel's flat id of a move, (count - 1) * heaps + heap, heaps numbered from 0 (its nim.cc,
// NimState::UnpackAction). On machine words: none when the id does not fit them.
inline std::optional<SmallHeap> openspiel_action(const Move<SmallHeap>& move,
                                                 std::size_t heap_count) {
  SmallHeap id = 0;
  if (__builtin_mul_overflow(move.count - 1, SmallHeap{heap_count}, &id) ||
      __builtin_add_overflow(id, SmallHeap{move.heap}, &id))
    return std::nullopt;
  return id;
}
inline BigHeap openspiel_action(const Move<BigHeap>& move, std::size_t heap_count) {
  return BigHeap((move.count - 1) * to_big(heap_count) + to_big(move.heap));
}

}  // namespace nim
