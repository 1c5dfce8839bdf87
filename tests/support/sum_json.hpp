// A sum of games' position and move as its JSON records write them, read back as the sum's one
// list of heaps (nim/games/sum/sum.hpp), and the sum of Kayles, Nim and Wythoff's game as the
// oracle searches it, for tests that check those records against the oracle.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <span>
#include <vector>

#include "cli/input/game_move_text.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
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

// The sum of Kayles, Nim and Wythoff's game in this order (or Kayles, Wythoff's game and Nim),
// played misère or not, as the oracle's game: its components are the games' engines.
struct KaylesNimWythoff {
  explicit KaylesNimWythoff(bool misere_play, bool wythoff_second = false) : misere(misere_play) {
    std::vector<GameSpec> specs{spec_of_kind(GameSpec::Kind::take_and_break),
                                spec_of_kind(GameSpec::Kind::nim),
                                spec_of_kind(GameSpec::Kind::wythoff)};
    specs[0].heap_game = octal_game({0, 7, 7});
    if (wythoff_second) std::swap(specs[1], specs[2]);
    for (const GameSpec& spec : specs)
      games.emplace_back(spec, BigHeap(64));
    for (const PreparedGame& game : games)
      engines.push_back(make_engine<SmallHeap>(game));
  }
  SumGame<SmallHeap> game() const { return SumGame<SmallHeap>(engines, misere); }

  bool misere;
  std::vector<PreparedGame> games;
  std::vector<SumGame<SmallHeap>::Component> engines;
};

}  // namespace nim::testing
