// The engine of LaskerRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/lasker/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(LaskerRules<BigHeap>, std::uint64_t);
}  // namespace nim
