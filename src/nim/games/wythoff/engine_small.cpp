// The engine of WythoffRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/wythoff/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(WythoffRules<SmallHeap>, std::uint64_t);
}  // namespace nim
