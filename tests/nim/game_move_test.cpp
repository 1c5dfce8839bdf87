// What every game provides beside its moves (nim/games/game_move.hpp): move_count_from
// and nth_move_from count and number the moves of a heap exactly as for_each_move_from visits
// them, on every small position of every game, and on heaps too large to visit (10^30 objects).
#include "nim/games/game_move.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nim/games/lasker/lasker.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/games/staircase/staircase.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"
#include "nim/games/wythoff/wythoff.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

template <PlayableGame Game>
std::vector<GameMove<typename Game::Heap>> moves_from(const Game& game,
                                                      std::span<const typename Game::Heap> position,
                                                      std::size_t i,
                                                      std::size_t most = ~std::size_t{0}) {
  std::vector<GameMove<typename Game::Heap>> moves;
  game.for_each_move_from(position, i, [&](const auto& move) {
    moves.push_back(move);
    return moves.size() < most;
  });
  return moves;
}

// Every heap of `position`: its count, and each move by its number.
template <PlayableGame Game>
void check_numbered(const Game& game, const Position<SmallHeap>& position) {
  const std::span<const SmallHeap> heaps(position);
  for (std::size_t i = 0; i < position.size(); ++i) {
    INFO("heap " << i << " of " << position.size() << ", size " << position[i]);
    const auto moves = moves_from(game, heaps, i);
    REQUIRE(game.move_count_from(heaps, i) == to_big(moves.size()));
    for (std::size_t n = 0; n < moves.size(); ++n)
      CHECK(game.nth_move_from(heaps, i, to_big(n)) == moves[n]);
  }
}

template <class MakeGame>
void check_every_position(const MakeGame& make_game, std::size_t max_heaps, SmallHeap max_size) {
  const auto game = make_game();
  testing::for_each_position(max_heaps, max_size, [&](const Position<SmallHeap>& position) {
    check_numbered(game, position);
  });
}

TEST_CASE("the moves of a heap, counted and numbered as for_each_move_from visits them") {
  for (const HeapGame& heap_game :
       {subtraction_game({1, 3, 4}), subtraction_game({2, 3}), all_but_subtraction_game({2, 5}),
        all_but_subtraction_game({1, 2, 3}), octal_game({0, 7, 7}), octal_game({0, 0, 7}),
        octal_game({4, 0, 7}), octal_game({0, 1, 3, 7}), octal_game({0, 6, 4, 2}),
        grundys_game()}) {
    INFO(describe(heap_game));
    const auto sequence =
        std::make_shared<const GrundySequence>(compute_sequence(heap_game, 40, 40));
    check_every_position([&] { return TakeAndBreakRules<SmallHeap>{sequence}; }, 2, 20);
  }
  for (const std::uint64_t k : {1, 2, 3, 5}) {
    INFO("Moore's Nim, k = " << k);
    check_every_position([k] { return MooreRules<SmallHeap>{k}; }, 4, 4);
  }
  for (SmallHeap a = 0; a <= 12; ++a)
    for (SmallHeap b = 0; b <= 12; ++b)
      check_numbered(WythoffRules<SmallHeap>{}, {a, b});
  check_every_position([] { return StaircaseRules<SmallHeap>{}; }, 3, 6);
  check_every_position([] { return LaskerRules<SmallHeap>{}; }, 3, 7);
  for (const std::optional<SmallHeap> cap :
       {std::optional<SmallHeap>{}, std::optional<SmallHeap>{3}}) {
    INFO("Nim, cap " << (cap ? std::to_string(*cap) : "none"));
    check_every_position([cap] { return NimRules<SmallHeap>{false, cap}; }, 3, 6);
  }
}

TEST_CASE("the moves of heaps of 10^30: the first ones visited, the last one, and their count") {
  const BigHeap huge("1000000000000000000000000000000");
  using Big = Position<BigHeap>;
  // The first moves as visited, or as given where visiting them asks for Grundy values beyond
  // those known (Grundy's game, an all-but subtraction game).
  const auto check_ends = [&](const auto& game, const Big& position, std::size_t i,
                              const BigHeap& count, const GameMove<BigHeap>& last,
                              std::vector<GameMove<BigHeap>> first = {}) {
    const std::span<const BigHeap> heaps(position);
    CHECK(game.move_count_from(heaps, i) == count);
    if (first.empty()) first = moves_from(game, heaps, i, 50);
    REQUIRE(first.size() > 2);
    for (std::size_t n = 0; n < first.size(); ++n)
      CHECK(game.nth_move_from(heaps, i, to_big(n)) == first[n]);
    CHECK(game.nth_move_from(heaps, i, BigHeap(count - 1)) == last);
  };
  const auto split = [&](std::uint64_t take, std::uint64_t left) {
    return GameMove<BigHeap>{{{0, take}}, {{left, BigHeap(huge - take - left)}}};
  };
  const auto kayles =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 1023, 1023));
  // Take 1 or 2, leaving one heap or splitting the rest: 1 + (h - 1) / 2 + 1 + (h - 2) / 2 = h.
  check_ends(TakeAndBreakRules<BigHeap>{kayles}, Big{huge}, 0, huge,
             {{{0, 2}}, {{BigHeap(huge / 2 - 1), BigHeap(huge / 2 - 1)}}});
  const auto grundy =
      std::make_shared<const GrundySequence>(compute_sequence(grundys_game(), 10, 10));
  check_ends(TakeAndBreakRules<BigHeap>{grundy}, Big{huge}, 0, BigHeap(huge / 2 - 1),
             {{{0, 0}}, {{BigHeap(huge / 2 - 1), BigHeap(huge / 2 + 1)}}},
             {split(0, 1), split(0, 2), split(0, 3)});
  const auto all_but = std::make_shared<const GrundySequence>(
      compute_sequence(all_but_subtraction_game({2, 5}), 10, 10));
  std::vector<GameMove<BigHeap>> takes;
  for (std::uint64_t k : {1, 3, 4, 6, 7})
    takes.push_back(GameMove<BigHeap>::single(0, k));
  check_ends(TakeAndBreakRules<BigHeap>{all_but}, Big{huge}, 0, BigHeap(huge - 2),
             GameMove<BigHeap>::single(0, huge), takes);
  // Moore's Nim, k = 2, from heap 0: h0 counts, each alone or with a count from a later heap.
  check_ends(MooreRules<BigHeap>{2}, Big{huge, 3, huge}, 0, BigHeap(huge * (1 + 3 + huge)),
             {{{0, huge}, {2, huge}}, {}});
  check_ends(WythoffRules<BigHeap>{}, Big{huge, 7}, 0, BigHeap(huge + 7), {{{0, 7}, {1, 7}}, {}});
  check_ends(StaircaseRules<BigHeap>{}, Big{3, huge}, 1, huge, GameMove<BigHeap>::single(1, huge));
  // Lasker's Nim: h takes, then the splits (a, h - a) for a up to h / 2.
  check_ends(LaskerRules<BigHeap>{}, Big{huge}, 0, BigHeap(huge + huge / 2),
             {{{0, 0}}, {{BigHeap(huge / 2), BigHeap(huge / 2)}}});
  check_ends(LaskerRules<BigHeap>{}, Big{7, huge}, 0, 10, {{{0, 0}}, {{3, 4}}});
}

}  // namespace
}  // namespace nim
