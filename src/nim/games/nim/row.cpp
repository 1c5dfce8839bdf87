// NimRules's row of the table of games (nim/games/game_row.hpp), from the facts and words it
// states.
#include "nim/games/nim/nim.hpp"
#include "nim/games/row_of.hpp"

namespace nim {

const GameRow& nim_row() {
  static const GameRow row = row_of<NimRules<SmallHeap>, NimRules<BigHeap>>(GameSpec::Kind::nim);
  return row;
}

}  // namespace nim
