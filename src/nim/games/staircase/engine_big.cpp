// The engine of StaircaseRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/staircase/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(StaircaseRules<BigHeap>, std::uint64_t);
}  // namespace nim
