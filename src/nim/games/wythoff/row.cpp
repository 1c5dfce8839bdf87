// WythoffRules's row of the table of games (nim/games/game_row.hpp), from the facts and words it
// states.
#include "nim/games/row_of.hpp"
#include "nim/games/wythoff/wythoff.hpp"

namespace nim {

const GameRow& wythoff_row() {
  static const GameRow row =
      row_of<WythoffRules<SmallHeap>, WythoffRules<BigHeap>>(GameSpec::Kind::wythoff);
  return row;
}

}  // namespace nim
