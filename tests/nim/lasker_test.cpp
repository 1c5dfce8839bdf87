// Lasker's Nim (nim/games/lasker/lasker.hpp): its value formula against the plain mex of a heap's
// options, and its winning move on heaps of any size, the split included. Every small position is
// checked against the oracle with the other games (game_analysis_test.cpp).
#include "nim/games/lasker/lasker.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "nim/game_analysis.hpp"
#include "support/game_table.hpp"

namespace nim {
namespace {

TEST_CASE("Lasker's Nim: a heap's value is the mex of its options' values, heaps 0 to 200") {
  // The options as the rules state them: every smaller heap (a take), every split into two.
  std::vector<std::uint64_t> g;
  for (std::uint64_t h = 0; h <= 200; ++h) {
    std::set<std::uint64_t> options(g.begin(), g.end());
    for (std::uint64_t a = 1; a < h; ++a)
      options.insert(g[a] ^ g[h - a]);
    std::uint64_t mex = 0;
    while (options.contains(mex))
      ++mex;
    g.push_back(mex);
    INFO("heap " << h);
    CHECK(LaskerRules<SmallHeap>::grundy(h) == mex);
    CHECK(LaskerRules<BigHeap>::grundy(to_big(h)) == to_big(mex));
  }
  // The formula's rows, as Winning Ways gives them.
  CHECK(std::vector<std::uint64_t>(g.begin(), g.begin() + 13) ==
        std::vector<std::uint64_t>{0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11});
}

TEST_CASE("Lasker's Nim: a heap of 10^30 + 3 to be worth itself is split into 1 and the rest") {
  const BigHeap h("1000000000000000000000000000003");  // 3 mod 8: worth h + 1, and h ^ (h + 1) = 7
  const Position<BigHeap> position{h, BigHeap(h + 1)};
  const LaskerRules<BigHeap> game;
  const Verdict<BigHeap> verdict = GameSolver(game, 1000).verdict(position);
  CHECK(verdict.winning);
  CHECK(verdict.grundy_sum == BigHeap(7));
  CHECK_FALSE(verdict.grundy_values);  // worth more than a machine word holds
  REQUIRE(verdict.winning_move);
  CHECK(*verdict.winning_move == GameMove<BigHeap>{{{0, BigHeap(0)}}, {{BigHeap(1), h - 1}}});
  const Position<BigHeap> next =
      after(game, std::span<const BigHeap>(position), *verdict.winning_move);
  CHECK(next == Position<BigHeap>{1, h - 1, h + 1});
  CHECK_FALSE(GameSolver(game, 1000).verdict(next).winning);
  // A take where one reaches the value: 7 (worth 8) beside 4 (worth 3) goes down to the heap
  // worth 8 ^ 8 ^ 3 = 3, which is 4.
  const Position<BigHeap> takes{BigHeap(7), BigHeap(4)};
  const Verdict<BigHeap> take = GameSolver(game, 1000).verdict(takes);
  CHECK(*take.winning_move == GameMove<BigHeap>::single(0, 3));
  CHECK(take.grundy_values == std::vector<std::uint64_t>{8, 3});  // GMP heaps whose values fit
}

TEST_CASE("Lasker's Nim: a heap of 2^64 - 1 is worth 2^64, so it is played on GMP heaps") {
  const GameSpec spec{.kind = GameSpec::Kind::lasker, .heap_game = {}};
  const std::vector<SmallHeap> largest{3, ~SmallHeap{0}}, below{3, ~SmallHeap{0} - 1};
  CHECK_FALSE(fits_machine_words(spec, largest));
  CHECK(fits_machine_words(spec, below));
  CHECK(LaskerRules<BigHeap>::grundy(to_big(~SmallHeap{0})) == BigHeap(to_big(~SmallHeap{0}) + 1));
}

}  // namespace
}  // namespace nim
