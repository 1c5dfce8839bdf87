// The engine of NimRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/nim/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(NimRules<SmallHeap>, std::uint64_t);
}  // namespace nim
