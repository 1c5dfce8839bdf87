// make_engine(): the game a PreparedGame holds, to its engine. The engines themselves are compiled
// in the games' own translation units (engine_of.hpp); this one only declares them.
#include <variant>

#include "nim/engine/game_engine.hpp"
#include "nim/games/table.hpp"

namespace nim {

template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_engine(const PreparedGame& game) {
  return std::visit(
      [&](auto rules) { return engine_of(std::move(rules), game.spec().search_limit); },
      rules_of<Heap>(game));
}

template std::unique_ptr<GameEngine<SmallHeap>> make_engine(const PreparedGame&);
template std::unique_ptr<GameEngine<BigHeap>> make_engine(const PreparedGame&);

}  // namespace nim
