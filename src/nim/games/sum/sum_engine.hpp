// The engine of a sum of different games (sum.hpp): the components' engines made from their
// prepared games, in normal play (a sum is played misère or not as a whole), under one engine of
// the sum, compiled in this folder once per heap type.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

// The engine of the sum of `components` (each a game of normal play), played misère or not; the
// misère search and each component's search of Grundy values keep within `search_limit`.
template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_sum_engine(std::span<const PreparedGame> components,
                                                  bool misere, std::uint64_t search_limit);

}  // namespace nim
