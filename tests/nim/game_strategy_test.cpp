// The random move of the games after Nim (nim/game_strategy.hpp's random_game_move, and
// GameBoard's, which draws the same numbers): a heap that has a move, each alike, then each of
// its moves alike, however many it has; checked by Pearson's chi-squared against the moves
// for_each_move_from lists, and on a heap of more moves than any list would hold.
#include "nim/game_strategy.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "nim/game_board.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"
#include "support/game_table.hpp"

namespace nim {
namespace {

// Draws random_game_move() `draws` times from `position` and compares the counts of each move
// with a heap that has a move drawn uniformly, then one of its moves.
template <PlayableGame Game>
void check_uniform(const Game& game, const Position<SmallHeap>& position, int draws) {
  const std::span<const SmallHeap> heaps(position);
  std::vector<std::vector<GameMove<SmallHeap>>> by_heap;
  for (std::size_t i = 0; i < position.size(); ++i) {
    std::vector<GameMove<SmallHeap>> moves;
    game.for_each_move_from(heaps, i, [&](const auto& move) {
      moves.push_back(move);
      return true;
    });
    if (!moves.empty()) by_heap.push_back(std::move(moves));
  }
  std::map<std::string, int> seen;
  const auto key = [](const GameMove<SmallHeap>& move) {
    std::string text;
    for (const auto& [heap, count] : move.takes)
      text += std::to_string(heap) + ":" + std::to_string(count) + " ";
    if (move.split)
      text += std::to_string((*move.split)[0]) + "|" + std::to_string((*move.split)[1]);
    return text;
  };
  SplitMix64 rng(11);
  for (int d = 0; d < draws; ++d)
    ++seen[key(*random_game_move(game, heaps, rng))];
  double chi2 = 0;
  std::size_t cells = 0;
  for (const auto& moves : by_heap)
    for (const auto& move : moves) {
      const double expected = draws / static_cast<double>(by_heap.size() * moves.size());
      const double observed = seen[key(move)];
      chi2 += (observed - expected) * (observed - expected) / expected;
      ++cells;
    }
  CHECK(seen.size() == cells);  // no move drawn that is not listed
  const double df = static_cast<double>(cells - 1);
  CHECK(chi2 < df + 6 * std::sqrt(2 * df));  // six standard deviations
}

TEST_CASE("random_game_move: a heap that has a move, then each of its moves alike") {
  const auto kayles =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 100, 1023));
  check_uniform(TakeAndBreakRules<SmallHeap>{kayles}, {5, 0, 3}, 40'000);
  check_uniform(TakeAndBreakRules<SmallHeap>{kayles}, {9, 1, 2}, 40'000);
  const auto grundy =
      std::make_shared<const GrundySequence>(compute_sequence(grundys_game(), 20, 20));
  check_uniform(TakeAndBreakRules<SmallHeap>{grundy}, {2, 9, 1, 6}, 40'000);  // 2, 1: no move
  check_uniform(MooreRules<SmallHeap>{2}, {2, 3, 0, 1}, 40'000);
}

TEST_CASE("random_game_move: every move of a heap of a million objects can be drawn") {
  // A heap of 10^6 in Kayles has 10^6 moves; a list of its first 100,000 once bounded the draw.
  const auto kayles =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 100, 1023));
  const TakeAndBreakRules<SmallHeap> game{kayles};
  const Position<SmallHeap> position{1'000'000};
  SplitMix64 rng(3);
  // The moves after the first 100,000: those that take 1 and leave a smaller part of 100,000 or
  // more, and those that take 2.
  int beyond = 0;
  for (int d = 0; d < 1000; ++d) {
    const auto move = *random_game_move(game, std::span<const SmallHeap>(position), rng);
    beyond += move.takes[0].count == 2 || (move.split && (*move.split)[0] >= 100'000) ? 1 : 0;
  }
  CHECK(beyond > 850);  // 90% of the moves
}

TEST_CASE("GameBoard's random move is random_game_move's, drawn the same, on every game") {
  std::vector<GameSpec> specs;
  for (const HeapGame& heap_game :
       {octal_game({0, 7, 7}), grundys_game(), all_but_subtraction_game({2, 5})})
    specs.push_back(GameSpec{.heap_game = heap_game});
  for (const GameSpec::Kind kind :
       {GameSpec::Kind::moore, GameSpec::Kind::staircase, GameSpec::Kind::lasker})
    specs.push_back(GameSpec{.kind = kind, .heap_game = {}});
  for (const bool misere : {false, true})
    for (const GameSpec& spec : specs) {
      GameSpec game = spec;
      game.misere = misere;
      const PreparedGame prepared(game, 40);
      std::visit(
          [&](const auto& rules) {
            GameSolver solver(rules, 1'000'000);
            SplitMix64 positions(7), a(8), b(8);
            for (int round = 0; round < 200; ++round) {
              Position<SmallHeap> position(1 + positions() % 6);
              for (SmallHeap& h : position)
                h = positions() % 41;
              const GameBoard board(solver, std::span<const SmallHeap>(position));
              CHECK(board.random_move(a) ==
                    random_game_move(rules, std::span<const SmallHeap>(position), b));
            }
          },
          rules_of<SmallHeap>(prepared));
    }
}

}  // namespace
}  // namespace nim
