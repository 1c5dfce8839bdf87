// The misère search of nim/game_solver.hpp at its bounds: a heap whose moves alone pass the bound
// of positions refused before any search, positions counted against it, and the bound on the
// moves looked at. Its answers within the bounds are checked against the oracle in
// game_analysis_test.cpp.
#include "nim/game_solver.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <span>
#include <string>

#include "nim/games/lasker/lasker.hpp"
#include "nim/games/staircase/staircase.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"
#include "nim/grundy_sequence.hpp"

namespace nim {
namespace {

const BigHeap ten_to_30("1000000000000000000000000000000");

template <class Game>
void check_refused(Game game, std::uint64_t bound, const Position<typename Game::Heap>& position,
                   const std::string& message) {
  using Heap = typename Game::Heap;
  GameSolver solver(game, bound);
  const std::span<const Heap> heaps(position);
  CHECK_THROWS_WITH_AS(solver.verdict(heaps), message.c_str(), Unanswerable);
  CHECK_THROWS_WITH_AS(solver.require_searchable(heaps), message.c_str(), Unanswerable);
}

std::shared_ptr<const GrundySequence> kayles() {
  static const auto sequence =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 100, 10'000));
  return sequence;
}

TEST_CASE("misère search: a heap whose moves alone pass the bound is refused before searching") {
  // Each of its moves leads to another position: a step of 10^30 coins reaches more than any
  // bound, and so does a heap of 10^30 in Kayles.
  check_refused(
      StaircaseRules<BigHeap>{true}, 1'000'000, {ten_to_30, BigHeap(3)},
      "misère play of staircase Nim has no formula in nim-game, which searches every position "
      "this one can reach, and a heap of 1000000000000000000000000000000 alone reaches "
      "more than 1000000 (the search's bound)");
  check_refused(
      LaskerRules<BigHeap>{true}, 1'000'000, {ten_to_30},
      "misère play of Lasker's Nim has no formula in nim-game, which searches every position "
      "this one can reach, and a heap of 1000000000000000000000000000000 alone reaches "
      "more than 1000000 (the search's bound)");
  check_refused(
      TakeAndBreakRules<BigHeap>{kayles(), true}, 10, {BigHeap(3), ten_to_30},
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this one can reach, and a heap of 1000000000000000000000000000000 alone "
      "reaches more than 10 (the search's bound)");
  // Two steps whose moves together pass it: more positions than the bound, each an option.
  check_refused(
      StaircaseRules<SmallHeap>{true}, 1000, {600, 600},
      "misère play of staircase Nim has no formula in nim-game, which searches every position "
      "this one can reach, and there are more than 1000 (the search's bound)");
}

TEST_CASE("misère search: every position searched or on the stack counts against the bound") {
  // A chain of 1,000 heaps, one a move: the bound of 1,000 is passed on the way down.
  const auto sequence =
      std::make_shared<const GrundySequence>(compute_sequence(subtraction_game({1}), 10, 100));
  const TakeAndBreakRules<SmallHeap> take_one{sequence, true};
  check_refused(
      take_one, 1000, {1000},
      "misère play of the subtraction game {1} has no formula in nim-game, which searches every "
      "position this one can reach, and there are more than 1000 (the search's bound)");
  // Heap 998 reaches 999 positions, itself included: within the bound, and answered (misère
  // play of one heap taken one at a time: lost when the heap is odd).
  GameSolver solver(take_one, 1000);
  const Position<SmallHeap> within{998};
  CHECK(solver.verdict(std::span<const SmallHeap>(within)).winning);
  CHECK_NOTHROW(solver.require_searchable(std::span<const SmallHeap>(within)));
}

TEST_CASE("misère search: the moves looked at are bounded too, 32 for each position of the bound") {
  // Staircase Nim on steps 3000 and 1 reaches about 6,000 positions, within the bound of 10,000;
  // but every position of a step of n coins has n moves, looked at again after each option
  // searched: millions of looks, more than 320,000.
  const std::string message =
      "misère play of staircase Nim has no formula in nim-game, which searches every position this "
      "one "
      "can reach, and looked at more than 320000 moves without an answer (32 for each position "
      "of the search's bound, 10000)";
  check_refused(StaircaseRules<SmallHeap>{true}, 10'000, {3000, 1}, message);
  // With a bound of 1,000,000, the same position is answered.
  GameSolver solver(StaircaseRules<SmallHeap>{true}, 1'000'000);
  const Position<SmallHeap> position{3000, 1};
  CHECK(solver.verdict(std::span<const SmallHeap>(position)).winning);
}

TEST_CASE("misère search: forget() starts the count of positions and looks afresh") {
  // A step of n coins alone: n + 1 positions, about n^2 looks (100,000 for n = 316), within the
  // bound of 320,000 looks; thirty of them pass it together, but each line is searched alone.
  GameSolver solver(StaircaseRules<SmallHeap>{true}, 10'000);
  for (SmallHeap line = 0; line < 30; ++line) {
    INFO("line " << line);
    solver.forget();
    const Position<SmallHeap> position{300 + line};
    CHECK_NOTHROW(solver.winning(std::span<const SmallHeap>(position)));
  }
}

}  // namespace
}  // namespace nim
