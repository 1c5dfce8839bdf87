// The engine of TakeAndBreakRules on SmallHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/take_and_break/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> engine_of(TakeAndBreakRules<SmallHeap>,
                                                          std::uint64_t);
}  // namespace nim
