// A solver of whichever game after Nim a PreparedGame holds, on one heap type: what answers a
// position of a game chosen at run time (the analyse command's lines, the Python module's rows).
#pragma once

#include <variant>

#include "nim/game_solver.hpp"
#include "nim/games/table.hpp"

namespace nim {

template <class Games>
struct AnySolverOf;
template <class... Games>
struct AnySolverOf<std::variant<Games...>> {
  using type = std::variant<GameSolver<Games>...>;
};
template <HeapInteger Heap>
using AnyGameSolver = typename AnySolverOf<AnyPlayableGame<Heap>>::type;

template <HeapInteger Heap>
AnyGameSolver<Heap> solver_of(const PreparedGame& game) {
  return std::visit(
      [&](const auto& rules) -> AnyGameSolver<Heap> {
        return GameSolver(rules, game.spec().search_limit);
      },
      game.rules<Heap>());
}

}  // namespace nim
