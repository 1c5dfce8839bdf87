// make_engine(): the game a PreparedGame holds, to its engine, through the game's row. The engines
// themselves are compiled in the games' own folders (nim/games/<game>/engine_*.cpp).
#include <concepts>

#include "nim/engine/game_engine.hpp"

namespace nim {

template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_engine(const PreparedGame& game) {
  const GameRow& row = game_row(game.spec().kind);
  if constexpr (std::same_as<Heap, SmallHeap>)
    return row.small_engine(game);
  else
    return row.big_engine(game);
}

template std::unique_ptr<GameEngine<SmallHeap>> make_engine(const PreparedGame&);
template std::unique_ptr<GameEngine<BigHeap>> make_engine(const PreparedGame&);

}  // namespace nim
