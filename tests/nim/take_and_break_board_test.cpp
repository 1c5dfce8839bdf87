// The indexed board of the take-and-break games (nim/games/take_and_break/board.hpp) against the
// plain position it stands for: along random games from random starts, on machine words and on
// heaps of 10^30, the heaps, the Grundy sum, solve()'s winning move, the largest heap's move and
// the heaps that have a move are the ones the rules give by scanning every heap.
#include "nim/games/take_and_break/board.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_strategy.hpp"
#include "support/game_table.hpp"

namespace nim {
namespace {

template <HeapInteger Heap>
void check_same(const TakeAndBreakRules<Heap>& rules, const TakeAndBreakBoard<Heap>& board,
                const Position<Heap>& position) {
  const std::span<const Heap> heaps(position);
  Position<Heap> copied;
  board.copy_to(copied);
  REQUIRE(copied == position);
  CHECK(board.size() == position.size());
  Verdict<Heap> verdict;
  rules.solve(heaps, verdict);
  CHECK(Heap(board.grundy_sum()) == *verdict.grundy_sum);
  CHECK(board.winning_move() == verdict.winning_move);
  CHECK(board.largest_heap_move() == largest_heap_move(rules, heaps));
  CHECK(board.has_move() == has_move(rules, heaps));
  std::vector<std::size_t> with_moves;
  for (std::size_t i = 0; i < position.size(); ++i)
    if (!rules.for_each_move_from(heaps, i, [](const auto&) { return false; }))
      with_moves.push_back(i);
  REQUIRE(board.heaps_with_moves() == with_moves.size());
  for (std::size_t k = 0; k < with_moves.size(); ++k) {
    const auto [heap, index] = board.nth_heap_with_moves(k);
    CHECK(index == with_moves[k]);
    CHECK(heap == position[index]);
  }
}

// Random games from `start`: random moves (some of them the winning one), the board and the
// position moved alike, compared after every move.
template <HeapInteger Heap>
void check_games(const TakeAndBreakRules<Heap>& rules, const Position<Heap>& start,
                 std::uint64_t seed, int plies) {
  SplitMix64 rng(seed);
  TakeAndBreakBoard<Heap> board(rules, std::span<const Heap>(start));
  Position<Heap> position = start;
  for (int ply = 0; ply < plies; ++ply) {
    INFO("ply " << ply << ", heaps " << position.size());
    check_same(rules, board, position);
    auto move = rng() % 4 == 0 ? board.winning_move() : std::nullopt;
    if (!move) move = random_game_move(rules, std::span<const Heap>(position), rng);
    if (!move) return;
    board.apply(*move);
    rules.apply(position, *move);
  }
}

std::vector<GameSpec> games() {
  std::vector<GameSpec> specs;
  for (const HeapGame& game : {octal_game({0, 7, 7}), octal_game({0, 0, 7}), octal_game({4, 0, 7}),
                               octal_game({0, 1, 3, 7}), subtraction_game({1, 3, 4}),
                               all_but_subtraction_game({2, 5}), grundys_game()})
    specs.push_back(GameSpec{.heap_game = game});
  return specs;
}

TEST_CASE("take-and-break board: machine words, the values' masks and the heaps beyond them") {
  // Heaps to 3000: Grundy's game's values pass 64, the all-but game's pass the masks' 256.
  for (const GameSpec& spec : games()) {
    INFO(describe(spec.heap_game));
    const PreparedGame prepared(spec, 3000);
    const auto rules = std::get<TakeAndBreakRules<SmallHeap>>(rules_of<SmallHeap>(prepared));
    SplitMix64 starts(1);
    for (std::uint64_t round = 0; round < 12; ++round) {
      Position<SmallHeap> start(1 + starts() % 5);
      for (SmallHeap& h : start)
        h = starts() % (round % 2 == 0 ? 30 : 3001);
      INFO("start " << round);
      check_games(rules, start, round, 150);
    }
  }
}

TEST_CASE("take-and-break board: heaps of 10^30 and more, by their class in the period") {
  const BigHeap huge("1000000000000000000000000000000");
  for (const GameSpec& spec : games()) {
    if (spec.heap_game.kind == HeapGameKind::all_but_subtraction ||
        spec.heap_game.kind == HeapGameKind::grundy)
      continue;  // no proved period: such heaps are refused
    INFO(describe(spec.heap_game));
    const PreparedGame prepared(spec, huge);
    const auto rules = std::get<TakeAndBreakRules<BigHeap>>(rules_of<BigHeap>(prepared));
    SplitMix64 starts(2);
    for (std::uint64_t round = 0; round < 6; ++round) {
      Position<BigHeap> start(1 + starts() % 4);
      for (BigHeap& h : start)
        h = BigHeap(huge + to_big(starts() % 1000)) * to_big(1 + starts() % 3) +
            to_big(starts() % 400);
      start.push_back(to_big(starts() % 300));
      check_games(rules, start, round, 120);
    }
  }
}

}  // namespace
}  // namespace nim
