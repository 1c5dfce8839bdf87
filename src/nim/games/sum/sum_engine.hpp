// The engine of a sum of different games (sum.hpp): the components' engines made from their
// prepared games, in normal play (a sum is played misère or not as a whole), under one engine of
// the sum, compiled in this folder once per heap type.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "nim/any_position.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/sum/sum.hpp"

namespace nim {

// The engine of the sum of `components` (each a game of normal play), played misère or not; the
// misère search and each component's search of Grundy values keep within `search_limit`.
template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_sum_engine(std::span<const PreparedGame> components,
                                                  bool misere, std::uint64_t search_limit);

// f(position): the position of the sum whose games (`specs`) hold `heaps`, on machine words where
// every game's heaps fit them (fits_machine_words()), else on GMP heaps (`heaps` made big).
template <class F>
decltype(auto) with_sum_position(std::span<const GameSpec> specs, std::vector<AnyPosition>& heaps,
                                 F&& f) {
  bool big = false;
  for (std::size_t c = 0; c < heaps.size(); ++c)
    big = big || heaps[c].is_big() || !fits_machine_words(specs[c], heaps[c].small());
  if (big) {
    std::vector<Position<BigHeap>> parts;
    for (AnyPosition& each : heaps) {
      each.make_big();
      parts.push_back(each.big());
    }
    return f(sum_position(parts));
  }
  std::vector<Position<SmallHeap>> parts;
  for (const AnyPosition& each : heaps)
    parts.push_back(each.small());
  return f(sum_position(parts));
}

}  // namespace nim
