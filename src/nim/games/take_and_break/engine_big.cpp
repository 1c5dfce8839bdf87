// The engine of TakeAndBreakRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/take_and_break/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(TakeAndBreakRules<BigHeap>, std::uint64_t);
}  // namespace nim
