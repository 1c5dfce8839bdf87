// The table of games: every ruleset nim-game knows. A new game is a file in this folder and its
// entry here (and its row in the command line's table, src/cli/input/game_table.cpp, with its
// words in src/format/rules_words.cpp).
#pragma once

#include <variant>

#include "nim/games/nim.hpp"
#include "nim/heap.hpp"

namespace nim {

// The rules of one game of the table, on heaps of type Heap.
template <HeapInteger Heap>
using AnyGame = std::variant<NimRules<Heap>>;

// X(Rules) for every ruleset of the table on both heap types: the format library instantiates its
// templates with it.
#define NIM_FOR_EACH_RULESET(X) X(NimRules<SmallHeap>) X(NimRules<BigHeap>)

}  // namespace nim
