// The engine of LaskerRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/lasker/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(LaskerRules<SmallHeap>, std::uint64_t);
}  // namespace nim
