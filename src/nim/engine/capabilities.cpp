// The capabilities of nim/games/capabilities.hpp, from the facts each game states of itself, and
// PreparedGame: compiled once, here, with the table of games.
#include "nim/games/capabilities.hpp"

#include <algorithm>
#include <type_traits>

#include "nim/games/table.hpp"

namespace nim {

std::optional<std::size_t> fixed_heap_count(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::fixed_heap_count; })
      return std::optional<std::size_t>(Rules::fixed_heap_count);
    else
      return std::optional<std::size_t>();
  });
}

bool heap_order_matters(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::heap_order_matters; })
      return Rules::heap_order_matters;
    else
      return false;
  });
}

bool heaps_may_grow(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::heaps_may_grow; })
      return Rules::heaps_may_grow;
    else
      return false;
  });
}

bool moves_may_split(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::moves_may_split(spec); })
      return Rules::moves_may_split(spec);
    else
      return false;
  });
}

bool moves_take_from_several_heaps(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::moves_take_from_several_heaps(spec); })
      return Rules::moves_take_from_several_heaps(spec);
    else
      return false;
  });
}

bool moves_take_from_one_heap(const GameSpec& spec) {
  return !moves_may_split(spec) && !moves_take_from_several_heaps(spec);
}

bool misere_is_searched(const GameSpec& spec) {
  return with_rules_type(
      spec.kind, []<class Rules>(std::type_identity<Rules>) { return !Rules::knows_misere(); });
}

std::string_view move_form(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::move_form_with_split; })
      if (moves_may_split(spec)) return std::string_view(Rules::move_form_with_split);
    return std::string_view(Rules::move_form);
  });
}

bool values_come_from_single_heaps(const GameSpec& spec) {
  return !moves_take_from_several_heaps(spec) && !heaps_may_grow(spec);
}

bool fits_machine_words(const GameSpec& spec, std::span<const SmallHeap> heaps) {
  const SmallHeap largest = with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::largest_machine_heap; })
      return SmallHeap{Rules::largest_machine_heap};
    else
      return ~SmallHeap{0};
  });
  if (!heaps_may_grow(spec))
    return std::ranges::all_of(heaps, [&](SmallHeap h) { return h <= largest; });
  SmallHeap total = 0;
  for (SmallHeap h : heaps)
    if (__builtin_add_overflow(total, h, &total)) return false;
  return total <= largest;
}

PreparedGame::PreparedGame(GameSpec spec, const BigHeap& largest_heap) : spec_(std::move(spec)) {
  if (spec_.kind != GameSpec::Kind::take_and_break) return;
  const std::uint64_t limit = spec_.grundy_limit;
  const std::uint64_t largest = fits_small(largest_heap) ? to_small(largest_heap) : limit;
  // Grundy's game has no period to look for: its values go as far as asked. The others start
  // with the first values and go on, doubling, while no period is proved.
  const bool grundy = spec_.heap_game.kind == HeapGameKind::grundy;
  const std::uint64_t up_to = std::min(grundy ? largest : std::min(largest, first_values), limit);
  const std::uint64_t search = std::min(std::max(largest, first_values), limit);
  sequence_ = std::make_shared<const GrundySequence>(
      compute_sequence(spec_.heap_game, up_to, std::max(search, up_to), most_grundy_steps(limit)));
  move_index_ =
      TakeAndBreakRules<SmallHeap>{sequence_, false}.with_move_index(indexed_heaps).move_index;
}

}  // namespace nim
