// The computer of a chosen difficulty (choose_move_at_difficulty). The policies of choose_move
// are checked against the oracle in solver_test.cpp.
#include "nim/strategy.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

TEST_CASE("difficulty 1 always plays the strategy's move: it wins every won position") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& position) {
      const ScannedPosition view(position, rules);
      for (std::uint64_t seed = 0; seed < 3; ++seed) {
        SplitMix64 rng(seed), same(seed);
        const auto move = choose_move_at_difficulty(view, Strategy{}, 1.0, rng);
        same();  // the draw that decides between the perfect and a random move
        CHECK(move == choose_move(view, Strategy{}, same));
        if (move && oracle.winning(position)) CHECK_FALSE(oracle.winning(after(position, *move)));
      }
    });
  }
}

TEST_CASE("difficulty 0 plays random_move: a uniform heap, then a uniform count") {
  const Small position{5, 4, 3, 2, 1};
  const NimRules<SmallHeap> rules;
  const ScannedPosition view(position, rules);
  SplitMix64 rng(2024);
  std::map<std::size_t, int> heaps;
  std::map<std::pair<std::size_t, SmallHeap>, int> moves;
  const int draws = 150000;
  for (int i = 0; i < draws; ++i) {
    const auto move = choose_move_at_difficulty(view, Strategy{}, 0.0, rng);
    REQUIRE(move);
    REQUIRE(move->count >= 1);
    REQUIRE(move->count <= position[move->heap]);
    ++heaps[move->heap];
    ++moves[{move->heap, move->count}];
  }
  // Each heap a fifth of the time; each count of heap i 1/(5 h_i) of the time. Pearson's
  // chi-square over the 15 moves, 14 degrees of freedom: 36.1 is its 0.1% critical value.
  REQUIRE(heaps.size() == 5);
  double chi_square = 0;
  for (const auto& [move, seen] : moves) {
    const double expected = draws / 5.0 / static_cast<double>(position[move.first]);
    chi_square += (seen - expected) * (seen - expected) / expected;
  }
  CHECK(moves.size() == 15);
  CHECK(chi_square < 36.1);
}

TEST_CASE("difficulty 0.5 plays the perfect move about half the time, at random otherwise") {
  // From 1 2 32 the one winning move is 29 from heap 3; a random move hits it 1/3 * 1/32 of the
  // time, so it is played with probability 0.5 + 0.5/96.
  const Small position{1, 2, 32};
  const NimRules<SmallHeap> rules;
  const ScannedPosition view(position, rules);
  SplitMix64 rng(7);
  int perfect = 0;
  const int draws = 100000;
  for (int i = 0; i < draws; ++i)
    perfect += choose_move_at_difficulty(view, Strategy{}, 0.5, rng) == SmallMove{2, 29};
  const double expected = draws * (0.5 + 0.5 / 96);
  CHECK(perfect > expected - 800);  // about five standard deviations (158) either side
  CHECK(perfect < expected + 800);
}

TEST_CASE("first_nim_move is choose_move with the default strategy, in normal and misere Nim") {
  for (const bool misere : {false, true}) {
    NimRules<SmallHeap> rules;
    rules.misere = misere;
    int positions = 0;
    testing::for_each_position(5, 9, [&](const Small& position) {
      if (std::ranges::all_of(position, [](SmallHeap h) { return h == 0; })) return;
      SplitMix64 rng(1);
      const auto expected = choose_move(ScannedPosition(position, rules), Strategy{}, rng);
      REQUIRE(expected);
      CHECK(first_nim_move(position, misere) == *expected);
      ++positions;
    });
    CHECK(positions == 111110 - 5);  // 10 + 100 + ... + 100000 positions, less the empty ones
  }
}

}  // namespace
}  // namespace nim
