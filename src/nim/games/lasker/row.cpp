// LaskerRules's row of the table of games (nim/games/game_row.hpp), from the facts and words it
// states.
#include "nim/games/lasker/lasker.hpp"
#include "nim/games/row_of.hpp"

namespace nim {

const GameRow& lasker_row() {
  static const GameRow row =
      row_of<LaskerRules<SmallHeap>, LaskerRules<BigHeap>>(GameSpec::Kind::lasker);
  return row;
}

}  // namespace nim
