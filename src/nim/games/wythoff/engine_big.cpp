// The engine of WythoffRules on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include "nim/engine/engine_of.hpp"
#include "nim/games/wythoff/explain.hpp"

namespace nim {
template std::unique_ptr<GameEngine<BigHeap>> engine_of(WythoffRules<BigHeap>, std::uint64_t);
}  // namespace nim
