// The engine of a sum of games on SmallHeaps, compiled here once (sum_engine_of.hpp).
#include "nim/games/sum/sum_engine_of.hpp"

namespace nim {
template std::unique_ptr<GameEngine<SmallHeap>> make_sum_engine(std::span<const PreparedGame>, bool,
                                                                std::uint64_t);
}  // namespace nim
