// StaircaseRules's row of the table of games (nim/games/game_row.hpp), from the facts and words it
// states.
#include "nim/games/row_of.hpp"
#include "nim/games/staircase/staircase.hpp"

namespace nim {

const GameRow& staircase_row() {
  static const GameRow row =
      row_of<StaircaseRules<SmallHeap>, StaircaseRules<BigHeap>>(GameSpec::Kind::staircase);
  return row;
}

}  // namespace nim
