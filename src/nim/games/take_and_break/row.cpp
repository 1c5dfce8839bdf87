// The take-and-break games' row of the table of games (nim/games/game_row.hpp), from the facts and
// words TakeAndBreakRules states, and the values a game computes before its rules are made.
#include <algorithm>
#include <cstdint>
#include <memory>

#include "nim/games/row_of.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"

namespace nim {

namespace {

// The heap up to which a take-and-break game computes its values without being asked: enough
// for most positions, and for the known periods to be proved (Kayles' at heap 167).
constexpr std::uint64_t first_values = 1023;

// The heaps whose first options a prepared take-and-break game indexes (a quarter of a second for
// Grundy's game, whose every split is an option).
constexpr std::uint64_t indexed_heaps = 4096;

// The values up to the largest heap asked (or, while no period is proved, on to --grundy-limit),
// and the index of the first heaps' options. Grundy's game has no period to look for: its values
// go as far as asked. The others start with the first values and go on, doubling, while no period
// is proved.
PreparedValues prepare(const GameSpec& spec, const BigHeap& largest_heap) {
  const std::uint64_t limit = spec.grundy_limit;
  const std::uint64_t largest = fits_small(largest_heap) ? to_small(largest_heap) : limit;
  const bool grundy = spec.heap_game.kind == HeapGameKind::grundy;
  const std::uint64_t up_to = std::min(grundy ? largest : std::min(largest, first_values), limit);
  const std::uint64_t search = std::min(std::max(largest, first_values), limit);
  PreparedValues values;
  values.sequence = std::make_shared<const GrundySequence>(
      compute_sequence(spec.heap_game, up_to, std::max(search, up_to), most_grundy_steps(limit)));
  values.move_index = TakeAndBreakRules<SmallHeap>{values.sequence, false}
                          .with_move_index(indexed_heaps)
                          .move_index;
  return values;
}

}  // namespace

const GameRow& take_and_break_row() {
  static const GameRow row = [] {
    GameRow row = row_of<TakeAndBreakRules<SmallHeap>, TakeAndBreakRules<BigHeap>>(
        GameSpec::Kind::take_and_break);
    row.prepare = prepare;
    return row;
  }();
  return row;
}

}  // namespace nim
