// The engine of MooreRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/moore/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(MooreRules<SmallHeap>, std::uint64_t);
}  // namespace nim
