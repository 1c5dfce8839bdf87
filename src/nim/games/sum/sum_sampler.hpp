// Random positions of a sum of different games: each game's heaps in turn, drawn as positions of
// that game alone are (a number of heaps from a range, or the game's own fixed number, then each
// size), laid out as the sum's one list of heaps (sum.hpp). `nim-game positions --sum` and the
// starts of `nim-game match --sum` draw them.
#pragma once

#include <cstddef>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"

namespace nim {

template <HeapInteger Heap>
class SumSampler {
 public:
  SumSampler(const std::vector<GameSpec>& specs, const Range<std::size_t>& heap_count,
             const Range<Heap>& size) {
    for (const GameSpec& spec : specs) {
      const auto fixed = fixed_heap_count(spec);
      samplers_.emplace_back(fixed ? Range<std::size_t>{*fixed, *fixed} : heap_count, size);
    }
  }

  void draw(SplitMix64& rng, Position<Heap>& position) const {
    position.clear();
    for (const PositionSampler<Heap>& sampler : samplers_) {
      const std::size_t heaps = sampler.draw_heap_count(rng);
      for (std::size_t i = 0; i < heaps; ++i)
        position.push_back(sampler.draw_size(rng));
      position.push_back(Heap(heaps + 1));  // the game's marker (sum.hpp)
    }
  }

 private:
  std::vector<PositionSampler<Heap>> samplers_;
};

// Whether every game's heaps of at most `most_size`, `most_heaps` of them (or the game's fixed
// number), and every total where a game's heaps may grow, fit machine words.
inline bool sum_fits_machine_words(const std::vector<GameSpec>& specs, std::size_t most_heaps,
                                   const BigHeap& most_size) {
  if (!fits_small(most_size)) return false;
  const SmallHeap most = to_small(most_size);
  for (const GameSpec& spec : specs) {
    const std::size_t heaps = fixed_heap_count(spec).value_or(most_heaps);
    if (!fits_machine_words(spec, std::span(&most, 1)) ||
        (heaps_may_grow(spec) && !fits_small(most_size * BigHeap(heaps))))
      return false;
  }
  return true;
}

}  // namespace nim
