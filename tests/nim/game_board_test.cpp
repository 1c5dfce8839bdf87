// GameBoard (nim/game_board.hpp) against the plain position it stands for, on each of its boards:
// Nim's IndexedPosition (Nim in normal and misère play, with and without a cap), the
// TakeAndBreakBoard (take-and-break games that split and that never split), and the plain board
// (all-but subtraction games). Along random games, after every move: the heaps, whether a move is
// left, who wins, the move of every strategy (analyse_game()'s) and the random move
// (random_game_move()'s), each drawing the same numbers.
#include "nim/game_board.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "nim/games/nim/nim.hpp"
#include "support/game_table.hpp"

namespace nim {
namespace {

std::vector<Strategy> strategies() {
  std::vector<Strategy> all;
  for (const Choice choice : {Choice::first, Choice::largest, Choice::random})
    for (const WhenLosing losing :
         {WhenLosing::largest_one, WhenLosing::first_one, WhenLosing::random})
      all.push_back({choice, losing});
  return all;
}

template <PlayableGame Game, class Heap = typename Game::Heap>
void check_board(GameSolver<Game>& solver, std::uint64_t seed) {
  const Game& game = solver.game();
  SplitMix64 draw(seed), a(seed + 1), b(seed + 1);
  for (int round = 0; round < 20; ++round) {
    Position<Heap> position(1 + draw() % 7);
    for (Heap& h : position)
      h = Heap(draw() % 30);
    GameBoard<Game> board(solver, std::span<const Heap>(position));
    for (int ply = 0;; ++ply) {
      INFO("round " << round << ", ply " << ply);
      const std::span<const Heap> heaps(position);
      const auto shown = board.heaps();
      REQUIRE(Position<Heap>(shown.begin(), shown.end()) == position);
      CHECK(board.has_move() == has_move(game, heaps));
      CHECK(board.winning() == solver.winning(heaps));
      for (const Strategy& strategy : strategies()) {
        INFO("strategy " << static_cast<int>(strategy.choice) << " "
                         << static_cast<int>(strategy.when_losing));
        CHECK(board.strategy_move(strategy, a) == analyse_game(solver, heaps, strategy, b).move);
        REQUIRE(a() == b());  // the same numbers drawn
      }
      const auto random = board.random_move(a);
      CHECK(random == random_game_move(game, heaps, b));
      if (!random) break;
      // Sometimes the theory's move (which draws nothing), so that lost positions are met.
      const auto move = draw() % 3 == 0 ? board.strategy_move(Strategy{}, a) : random;
      board.apply(*move);
      game.apply(position, *move);
    }
  }
}

TEST_CASE("GameBoard plays Nim on its index as on the plain position: misère play, caps") {
  for (const bool misere : {false, true})
    for (const std::optional<SmallHeap> cap : {std::optional<SmallHeap>{}, {3}, {40}}) {
      INFO("misere " << misere << ", cap " << cap.value_or(0));
      GameSolver small(NimRules<SmallHeap>{misere, cap}, 1000);
      check_board(small, 11);
      GameSolver big(NimRules<BigHeap>{misere, cap ? std::optional<BigHeap>(*cap) : std::nullopt},
                     1000);
      check_board(big, 12);
    }
}

TEST_CASE("GameBoard plays the take-and-break games as on the plain position: split or not") {
  for (const HeapGame& heap_game :
       {subtraction_game({1, 3, 4}), subtraction_game({2, 5}), octal_game({0, 3}),
        octal_game({0, 3, 2}), octal_game({0, 7, 7}), grundys_game(),
        all_but_subtraction_game({2, 5})}) {
    // Normal play: misère play of these games is searched, on the plain board.
    INFO(describe(heap_game));
    const PreparedGame prepared(GameSpec{.heap_game = heap_game}, 60);
    std::visit(
        [&](const auto& rules) {
          GameSolver solver(rules, 1'000'000);
          check_board(solver, 21);
        },
        rules_of<SmallHeap>(prepared));
  }
}

}  // namespace
}  // namespace nim
