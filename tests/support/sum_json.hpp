// A sum of games' position and move as its JSON records write them, read back as the sum's one
// list of heaps (nim/games/sum/sum.hpp), for tests that check those records against the oracle.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <span>
#include <vector>

#include "cli/input/game_move_text.hpp"
#include "nim/games/sum/sum.hpp"
#include "support/exact_json.hpp"

namespace nim::testing {

// The position of {"sum":[{"rules":...,"heaps":[5]},...]} (other keys beside "sum" ignored).
inline Position<SmallHeap> sum_position_of(const Json& sum) {
  std::vector<Position<SmallHeap>> parts;
  for (const auto& game : sum["sum"])
    parts.push_back(game["heaps"].get<Position<SmallHeap>>());
  return sum_position(parts);
}

// The move {"component":c,"move":[...]} on `position`, a sum of `components` games: its
// component's heaps shifted to where they lie in the sum's list.
inline GameMove<SmallHeap> sum_move_of(const Json& move, const Position<SmallHeap>& position,
                                       std::size_t components) {
  const std::size_t c = move["component"];
  const auto spans = component_spans(std::span<const SmallHeap>(position), components);
  auto read = narrow_move<SmallHeap>(*read_json_game_move(move["move"].dump()));
  REQUIRE(read);
  for (auto& take : read->takes)
    take.heap += spans[c].first;
  return *read;
}

}  // namespace nim::testing
