// The engine of a sum of games on BigHeaps, compiled here once (nim/engine/engine_of.hpp).
#include <stdexcept>

#include "nim/engine/engine_of.hpp"
#include "nim/games/sum/explain.hpp"
#include "nim/games/sum/sum_engine.hpp"

namespace nim {

template <>
std::unique_ptr<GameEngine<BigHeap>> make_sum_engine(std::span<const PreparedGame> components,
                                                     bool misere, std::uint64_t search_limit) {
  std::vector<SumGame<BigHeap>::Component> engines;
  for (const PreparedGame& component : components) {
    if (component.spec().misere) throw std::invalid_argument("a sum's components are normal play");
    engines.push_back(make_engine<BigHeap>(component));
  }
  return engine_of(SumGame<BigHeap>(std::move(engines), misere), search_limit);
}

}  // namespace nim
