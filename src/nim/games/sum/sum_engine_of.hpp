// make_sum_engine()'s definition, included only by the translation units that instantiate it
// (engine_small.cpp, engine_big.cpp), with engine_of()'s.
#pragma once

#include <stdexcept>
#include <utility>
#include <vector>

#include "nim/engine/engine_of.hpp"
#include "nim/games/sum/explain.hpp"
#include "nim/games/sum/sum_engine.hpp"

namespace nim {

template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_sum_engine(std::span<const PreparedGame> components,
                                                  bool misere, std::uint64_t search_limit) {
  std::vector<typename SumGame<Heap>::Component> engines;
  for (const PreparedGame& component : components) {
    if (component.spec().misere) throw std::invalid_argument("a sum's components are normal play");
    engines.push_back(make_engine<Heap>(component));
  }
  return engine_of(SumGame<Heap>(std::move(engines), misere), search_limit);
}

}  // namespace nim
