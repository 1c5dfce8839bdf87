// A game as the command line names it: which game and its options. Its own header, so
// that a game's file can state the facts that depend on its options (moves_may_split(spec), ...;
// see row_of.hpp) without the table of games.
#pragma once

#include <cstdint>
#include <optional>

#include "nim/heap_game.hpp"

namespace nim {

// A game as the command line names it, before its Grundy values are computed.
struct GameSpec {
  enum class Kind { nim, take_and_break, moore, wythoff, staircase, lasker };
  Kind kind = Kind::take_and_break;
  HeapGame heap_game;                 // take_and_break
  std::optional<BigHeap> max_take{};  // nim: a move takes at most this many (--max-take)
  std::uint64_t heaps_per_move = 2;   // moore
  bool misere = false;
  // take_and_break: the values are computed no further than this heap (and a heap beyond it is
  // refused unless a period is proved before it).
  std::uint64_t grundy_limit = 100'000;
  // Misère play of take-and-break games, staircase Nim and Lasker's Nim: the most positions the
  // search keeps.
  std::uint64_t search_limit = 1'000'000;
};

// A game of this kind with its parameters' defaults.
inline GameSpec spec_of_kind(GameSpec::Kind kind) {
  GameSpec spec;
  spec.kind = kind;
  return spec;
}

}  // namespace nim
