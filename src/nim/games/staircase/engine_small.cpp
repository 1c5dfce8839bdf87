// The engine of StaircaseRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/staircase/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(StaircaseRules<SmallHeap>, std::uint64_t);
}  // namespace nim
