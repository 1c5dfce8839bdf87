// The table of games: every ruleset nim-game knows. Nim is a Ruleset (ruleset.hpp), answered by
// the solver built for it; the games after it are PlayableGames (games/game_move.hpp), answered by
// game_solver.hpp. A new game is a file in this folder, stating its facts in its rules, and its
// entry here (and its row in the command line's table, src/cli/input/game_choice.cpp, with its
// words in src/format/). Only the engines (nim/engine/), sequence and the tests include this: the
// commands see the games through nim/games/capabilities.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/games/lasker/lasker.hpp"
#include "nim/games/moore.hpp"
#include "nim/games/nim.hpp"
#include "nim/games/staircase.hpp"
#include "nim/games/take_and_break.hpp"
#include "nim/games/wythoff.hpp"
#include "nim/heap.hpp"

namespace nim {

// Every game after Nim, on heaps of type Heap.
template <HeapInteger Heap>
using AnyPlayableGame = std::variant<TakeAndBreakRules<Heap>, MooreRules<Heap>, WythoffRules<Heap>,
                                     StaircaseRules<Heap>, LaskerRules<Heap>>;

// The rules type of a game's kind, on SmallHeaps (a game's facts are the same on both heap
// types): f(std::type_identity<Rules>{}). The one place where a kind becomes its rules' type; the
// capabilities (nim/engine/capabilities.cpp) read each game's facts, stated in its own file,
// through it.
template <class F>
decltype(auto) with_rules_type(GameSpec::Kind kind, F&& f) {
  switch (kind) {
    case GameSpec::Kind::take_and_break:
      return f(std::type_identity<TakeAndBreakRules<SmallHeap>>{});
    case GameSpec::Kind::moore:
      return f(std::type_identity<MooreRules<SmallHeap>>{});
    case GameSpec::Kind::wythoff:
      return f(std::type_identity<WythoffRules<SmallHeap>>{});
    case GameSpec::Kind::staircase:
      return f(std::type_identity<StaircaseRules<SmallHeap>>{});
    case GameSpec::Kind::lasker:
      return f(std::type_identity<LaskerRules<SmallHeap>>{});
  }
  // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
  __builtin_unreachable();
}

// The rules of a prepared game on heaps of type Heap (make_engine() alone calls it).
template <HeapInteger Heap>
AnyPlayableGame<Heap> rules_of(const PreparedGame& game) {
  const GameSpec& spec = game.spec();
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      return TakeAndBreakRules<Heap>{game.sequence(), spec.misere, game.move_index()};
    case GameSpec::Kind::moore:
      return MooreRules<Heap>{spec.heaps_per_move, spec.misere};
    case GameSpec::Kind::wythoff:
      return WythoffRules<Heap>{spec.misere};
    case GameSpec::Kind::staircase:
      return StaircaseRules<Heap>{spec.misere};
    case GameSpec::Kind::lasker:
      return LaskerRules<Heap>{spec.misere};
  }
  // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
  __builtin_unreachable();
}

}  // namespace nim
