// The engine of MooreRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/moore/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(MooreRules<BigHeap>, std::uint64_t);
}  // namespace nim
