// The games as types, for the tests: AnyPlayableGame (every game's rules on a heap
// type), with_rules_type() (a kind's rules type) and rules_of() (a prepared game's rules). The
// program itself reaches each game through its row (nim/games/game_row.hpp), and compiles a game
// only in the game's own folder.
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
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/games/staircase/staircase.hpp"
#include "nim/games/take_and_break/board.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"
#include "nim/games/wythoff/wythoff.hpp"
#include "nim/heap.hpp"

namespace nim {

// Every game, on heaps of type Heap.
template <HeapInteger Heap>
using AnyPlayableGame = std::variant<NimRules<Heap>, TakeAndBreakRules<Heap>, MooreRules<Heap>,
                                     WythoffRules<Heap>, StaircaseRules<Heap>, LaskerRules<Heap>>;

// The rules type of a game's kind, on SmallHeaps (a game's facts are the same on both heap
// types): f(std::type_identity<Rules>{}).
template <class F>
decltype(auto) with_rules_type(GameSpec::Kind kind, F&& f) {
  switch (kind) {
    case GameSpec::Kind::nim:
      return f(std::type_identity<NimRules<SmallHeap>>{});
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

// The rules of a prepared game on heaps of type Heap, as its row's engines make them.
template <HeapInteger Heap>
AnyPlayableGame<Heap> rules_of(const PreparedGame& game) {
  switch (game.spec().kind) {
    case GameSpec::Kind::nim:
      return NimRules<Heap>::from(game);
    case GameSpec::Kind::take_and_break:
      return TakeAndBreakRules<Heap>::from(game);
    case GameSpec::Kind::moore:
      return MooreRules<Heap>::from(game);
    case GameSpec::Kind::wythoff:
      return WythoffRules<Heap>::from(game);
    case GameSpec::Kind::staircase:
      return StaircaseRules<Heap>::from(game);
    case GameSpec::Kind::lasker:
      return LaskerRules<Heap>::from(game);
  }
  // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
  __builtin_unreachable();
}

}  // namespace nim
