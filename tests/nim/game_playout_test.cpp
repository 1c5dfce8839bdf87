// The playouts of the games after Nim (nim/game_playout.hpp) and the move policies they follow
// (nim/game_strategy.hpp), checked against the exhaustive search of support/oracle.hpp: from
// every small position of every game, in normal and misère play, under every policy, the plies
// chain the positions with legal moves, the mover is winning exactly when the oracle says so, the
// winner keeps the win, and the last ply leaves a position with no move, its winner by the rules.
#include "nim/game_playout.hpp"
#include "nim/move_record.hpp"

#include <doctest/doctest.h>

#include <algorithm>
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

using testing::Oracle;
using PlayoutPosition = Position<SmallHeap>;

constexpr std::uint64_t playout_search_bound = 1'000'000;

// What a playout reported: the board before each ply, and the ply (its position copied).
struct GamePlayoutTrace {
  std::vector<PlayoutPosition> boards;
  std::vector<GamePly<SmallHeap>> plies;
};

template <PlayableGame Game>
GamePlayoutTrace play_game_out(GameSolver<Game>& solver, const PlayoutPosition& start,
                               const Strategy& strategy, std::uint64_t seed,
                               std::uint64_t max_plies = no_ply_limit,
                               PlyDetail detail = PlyDetail::full) {
  GamePlayoutTrace trace;
  SplitMix64 rng(seed);
  play_out_game(solver, std::span<const SmallHeap>(start), strategy, rng, max_plies,
                WinningMoves::omit, detail, [&](const GamePly<SmallHeap>& ply) {
                  trace.boards.emplace_back(ply.analysis.position.begin(),
                                            ply.analysis.position.end());
                  trace.plies.push_back(ply);
                });
  return trace;
}

// Every policy of --choose and --when-losing, each paired with one of the other.
const std::vector<Strategy> every_policy{
    {Choice::first, WhenLosing::largest_one},
    {Choice::largest, WhenLosing::first_one},
    {Choice::random, WhenLosing::random},
};

std::string describe_start(const PlayoutPosition& position) {
  std::string text = "start";
  for (SmallHeap h : position)
    text += ' ' + std::to_string(h);
  return text;
}

template <PlayableGame Game>
void check_playout(GameSolver<Game>& solver, Oracle<Game>& oracle, const PlayoutPosition& start,
                   const Strategy& strategy, std::uint64_t seed) {
  const Game& game = solver.game();
  const GamePlayoutTrace trace = play_game_out(solver, start, strategy, seed);
  REQUIRE_FALSE(trace.plies.empty());
  PlayoutPosition board = start;
  for (std::size_t k = 0; k < trace.plies.size(); ++k) {
    INFO("ply " << k);
    const GamePly<SmallHeap>& ply = trace.plies[k];
    const bool last = k + 1 == trace.plies.size();
    CHECK(ply.number == k);
    REQUIRE(trace.boards[k] == board);
    CHECK(ply.done == last);
    CHECK_FALSE(ply.truncated);
    const bool winning = oracle.winning(board, game.misere);
    REQUIRE(ply.analysis.verdict.winning == winning);
    const auto moves = oracle.moves(board);
    if (!ply.analysis.move) {  // only a start with no move
      CHECK(k == 0);
      CHECK(moves.empty());
      CHECK(ply.winner == (game.misere ? Player::first : Player::second));
      CHECK(ply.last_mover == std::nullopt);
      return;
    }
    const GameMove<SmallHeap>& move = *ply.analysis.move;
    REQUIRE(std::ranges::find(moves, move) != moves.end());
    const PlayoutPosition next = after(game, board, move);
    CHECK(ply.analysis.next_position == next);
    if (winning) {
      CHECK_FALSE(oracle.winning(next, game.misere));
      if (strategy.choice == Choice::largest)
        for (const auto& other : oracle.winning_moves(board, game.misere))
          CHECK(largest_heap_taken(std::span<const SmallHeap>(board), other) <=
                largest_heap_taken(std::span<const SmallHeap>(board), move));
    } else if (strategy.when_losing == WhenLosing::largest_one) {
      for (const auto& other : moves)
        CHECK(board[other.heap()] <= board[move.heap()]);
    } else if (strategy.when_losing == WhenLosing::first_one) {
      CHECK(move == moves.front());
    }
    board = next;
  }
  // The last move leaves no move; in normal play its maker wins, in misère play the other.
  CHECK(oracle.moves(board).empty());
  const Player last_mover = mover_at(trace.plies.size() - 1);
  CHECK(trace.plies.back().last_mover == last_mover);
  CHECK(trace.plies.back().winner == (game.misere ? other(last_mover) : last_mover));
  // --trace moves plays on the board alone (a take-and-break game's index in normal play): the
  // same moves, drawn the same, the same verdicts and the same end.
  const GamePlayoutTrace moves_only =
      play_game_out(solver, start, strategy, seed, no_ply_limit, PlyDetail::move);
  REQUIRE(moves_only.plies.size() == trace.plies.size());
  for (std::size_t k = 0; k < trace.plies.size(); ++k) {
    const GamePly<SmallHeap>& full = trace.plies[k];
    const GamePly<SmallHeap>& ply = moves_only.plies[k];
    CHECK(ply.analysis.move == full.analysis.move);
    CHECK(ply.analysis.verdict.winning == full.analysis.verdict.winning);
    CHECK(ply.done == full.done);
    CHECK(ply.last_mover == full.last_mover);
    CHECK(ply.winner == full.winner);
  }
}

// The playouts from every position of up to max_heaps heaps of up to max_size, in normal and
// misère play, under every policy.
template <class MakeGame>
void check_playouts(MakeGame make_game, std::size_t max_heaps, SmallHeap max_size) {
  for (const bool misere : {false, true}) {
    INFO(std::string(misere ? "misère" : "normal") << " play");
    auto game = make_game(misere);
    GameSolver solver(game, playout_search_bound);
    Oracle oracle(game);
    std::uint64_t seed = 0;
    testing::for_each_position(max_heaps, max_size, [&](const PlayoutPosition& start) {
      INFO(describe_start(start));
      for (const Strategy& strategy : every_policy)
        check_playout(solver, oracle, start, strategy, ++seed);
    });
  }
}

auto playout_take_and_break(const HeapGame& game) {
  auto sequence = std::make_shared<const GrundySequence>(compute_sequence(game, 100, 10'000));
  return [sequence](bool misere) { return TakeAndBreakRules<SmallHeap>{sequence, misere}; };
}

TEST_CASE("playouts of the take-and-break games end with no move, the oracle's winner winning") {
  for (const HeapGame& game :
       {subtraction_game({1, 3, 4}), all_but_subtraction_game({2, 5}), octal_game({0, 7, 7}),
        octal_game({0, 0, 7}), octal_game({4, 0, 7}), grundys_game()}) {
    INFO(describe(game));
    check_playouts(playout_take_and_break(game), 3, 7);
  }
}

TEST_CASE(
    "playouts of Moore's Nim, Wythoff's game, staircase Nim, Lasker's Nim and Nim, checked the "
    "same way") {
  for (const std::uint64_t k : {1, 2, 3}) {
    INFO("Moore's Nim, k = " << k);
    check_playouts([k](bool misere) { return MooreRules<SmallHeap>{k, misere}; }, 3, 6);
  }
  for (const bool misere : {false, true}) {
    const WythoffRules<SmallHeap> game{misere};
    GameSolver solver(game, playout_search_bound);
    Oracle oracle(game);
    for (SmallHeap a = 0; a <= 12; ++a)
      for (SmallHeap b = 0; b <= 12; ++b)
        for (const Strategy& strategy : every_policy)
          check_playout(solver, oracle, {a, b}, strategy, a * 13 + b);
  }
  check_playouts([](bool misere) { return StaircaseRules<SmallHeap>{misere}; }, 3, 6);
  check_playouts([](bool misere) { return LaskerRules<SmallHeap>{misere}; }, 3, 6);
  for (const std::optional<SmallHeap> cap :
       {std::optional<SmallHeap>{}, std::optional<SmallHeap>{2}}) {
    INFO("Nim, cap " << (cap ? std::to_string(*cap) : "none"));
    check_playouts([cap](bool misere) { return NimRules<SmallHeap>{misere, cap}; }, 3, 6);
  }
}

TEST_CASE("a game playout stops at max_plies, its last ply truncated, the plies as without it") {
  const auto make = playout_take_and_break(octal_game({0, 7, 7}));
  GameSolver solver(make(false), playout_search_bound);
  const PlayoutPosition start{9, 10, 11};
  const GamePlayoutTrace full = play_game_out(solver, start, {}, 0);
  REQUIRE(full.plies.size() > 4);
  for (const std::uint64_t limit : {1, 2, 4}) {
    INFO("max_plies " << limit);
    const GamePlayoutTrace cut = play_game_out(solver, start, {}, 0, limit);
    const GamePlayoutTrace cut_moves = play_game_out(solver, start, {}, 0, limit, PlyDetail::move);
    REQUIRE(cut.plies.size() == limit);
    REQUIRE(cut_moves.plies.size() == limit);
    for (std::size_t k = 0; k < limit; ++k) {
      CHECK(cut.boards[k] == full.boards[k]);
      CHECK(cut.plies[k].analysis.move == full.plies[k].analysis.move);
      CHECK_FALSE(cut.plies[k].done);
      CHECK(cut.plies[k].truncated == (k + 1 == limit));
      CHECK(cut_moves.plies[k].analysis.move == full.plies[k].analysis.move);
      CHECK(cut_moves.plies[k].truncated == (k + 1 == limit));
    }
  }
  CHECK(play_game_out(solver, start, {}, 0, 0).plies.empty());
}

TEST_CASE("a game playout that reaches a search beyond its bound throws before that ply") {
  // Misère Kayles searched within 310 positions: the start is answered, and the first move, but
  // --choose largest looks at every option of the position after the second.
  const auto make = playout_take_and_break(octal_game({0, 7, 7}));
  GameSolver solver(make(true), 310);
  const PlayoutPosition start{8, 9};
  std::vector<std::uint64_t> reported;
  SplitMix64 rng(0);
  CHECK_THROWS_WITH_AS(
      play_out_game(solver, std::span<const SmallHeap>(start),
                    Strategy{Choice::largest, WhenLosing::largest_one}, rng, no_ply_limit,
                    WinningMoves::omit, PlyDetail::full,
                    [&](const GamePly<SmallHeap>& ply) { reported.push_back(ply.number); }),
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this "
      "one can reach, and there are more than 310 (the search's bound)",
      Unanswerable);
  CHECK(reported == std::vector<std::uint64_t>{0, 1});
}

}  // namespace
}  // namespace nim
