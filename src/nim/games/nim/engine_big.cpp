// The engine of NimRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/nim/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(NimRules<BigHeap>, std::uint64_t);
}  // namespace nim
