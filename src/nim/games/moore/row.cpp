// MooreRules's row of the table of games (nim/games/game_row.hpp), from the facts and words it
// states.
#include "nim/games/moore/moore.hpp"
#include "nim/games/row_of.hpp"

namespace nim {

const GameRow& moore_row() {
  static const GameRow row =
      row_of<MooreRules<SmallHeap>, MooreRules<BigHeap>>(GameSpec::Kind::moore);
  return row;
}

}  // namespace nim
