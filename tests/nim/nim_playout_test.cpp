// Nim played out through its engine (nim/game_playout.hpp on an IndexedPosition), as analyse
// --playout plays it: every ply checked, and the moves of choose_move on a scanned position.
#include "nim/game_playout.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/position_view.hpp"
#include "support/nim_engine.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

// A ply of Nim's playout, its move as Nim's.
template <class Heap>
struct NimPly {
  std::uint64_t number = 0;
  bool winning = false;
  std::optional<Move<Heap>> move;
  bool done = false, truncated = false;
  std::optional<Player> last_mover, winner;
};

// What a playout reported: the board before each ply's move, and the ply itself.
template <class Heap>
struct Trace {
  std::vector<Position<Heap>> boards;
  std::vector<NimPly<Heap>> plies;
};

// Nim's playout through its engine, as analyse --playout plays it.
template <class Heap>
Trace<Heap> play(const Position<Heap>& start, const NimRules<Heap>& rules = {},
                 const Strategy& strategy = {}, std::uint64_t seed = 0,
                 std::uint64_t max_plies = no_ply_limit) {
  Trace<Heap> trace;
  SplitMix64 rng(seed);
  testing::nim_engine(rules)->play_out(
      std::span<const Heap>(start), strategy, rng, max_plies, WinningMoves::omit, PlyDetail::full,
      [&](const GamePly<Heap>& ply) {
        // The ply's position is the playout's own board, valid during the call only: copy it.
        trace.boards.emplace_back(ply.analysis.position.begin(), ply.analysis.position.end());
        trace.plies.push_back({ply.number, ply.analysis.verdict.winning,
                               testing::nim_move_of(ply.analysis.move), ply.done, ply.truncated,
                               ply.last_mover, ply.winner});
      });
  return trace;
}

// Checks what every complete playout must satisfy, whatever the rules and strategy.
void check_complete_playout(const Small& start, const NimRules<SmallHeap>& rules,
                            const Trace<SmallHeap>& trace) {
  REQUIRE_FALSE(trace.plies.empty());
  REQUIRE(trace.boards.front() == start);
  Small board = start;
  for (std::size_t k = 0; k < trace.plies.size(); ++k) {
    const NimPly<SmallHeap>& ply = trace.plies[k];
    const bool last = k + 1 == trace.plies.size();
    CHECK(ply.number == k);
    CHECK(trace.boards[k] == board);
    CHECK(ply.done == last);
    CHECK_FALSE(ply.truncated);
    // From a lost position every move gives the opponent a won one, and the winner always
    // leaves a lost one: the flag alternates.
    if (k > 0) CHECK(ply.winning != trace.plies[k - 1].winning);
    if (!ply.move) {
      CHECK(last);
      CHECK(testing::is_empty(board));
      break;
    }
    REQUIRE(testing::is_legal(board, rules, *ply.move));
    board = after(board, *ply.move);
    CHECK(testing::is_empty(board) == last);
  }
  CHECK(testing::is_empty(board));
  // The last ply names who made the last move and who won: in normal play the one who took the
  // last object, in misère play the other.
  const NimPly<SmallHeap>& end = trace.plies.back();
  if (!end.move) return;  // checked by the test of a finished start
  const Player last_mover = (trace.plies.size() - 1) % 2 == 0 ? Player::first : Player::second;
  CHECK(end.last_mover == last_mover);
  CHECK(end.winner == (rules.misere ? other(last_mover) : last_mover));
}

TEST_CASE("the playout of 1 3 5 7 follows the 14 plies of the specification") {
  const std::vector<Small> expected{
      {1, 3, 5, 7}, {1, 3, 5, 6}, {0, 3, 5, 6}, {0, 3, 5, 5}, {0, 0, 5, 5},
      {0, 0, 4, 5}, {0, 0, 4, 4}, {0, 0, 3, 4}, {0, 0, 3, 3}, {0, 0, 2, 3},
      {0, 0, 2, 2}, {0, 0, 1, 2}, {0, 0, 1, 1}, {0, 0, 0, 1}, {0, 0, 0, 0},
  };
  const Trace<SmallHeap> trace = play(Small{1, 3, 5, 7}, {}, {}, 0, 1000);
  REQUIRE(trace.plies.size() == 14);
  for (std::size_t k = 0; k < 14; ++k) {
    INFO("ply ", k);
    const NimPly<SmallHeap>& ply = trace.plies[k];
    CHECK(trace.boards[k] == expected[k]);
    REQUIRE(ply.move.has_value());
    CHECK(after(trace.boards[k], *ply.move) == expected[k + 1]);
    CHECK(ply.number == k);
    CHECK(ply.winning == (k % 2 == 1));
    CHECK(ply.done == (k == 13));
    CHECK_FALSE(ply.truncated);
  }
  CHECK(trace.plies[0].move == SmallMove{3, 1});
  CHECK(trace.plies[1].move == SmallMove{0, 1});
  CHECK(trace.plies[13].move == SmallMove{3, 1});
  check_complete_playout(Small{1, 3, 5, 7}, {}, trace);
}

TEST_CASE("max_plies stops the playout, and marks the last ply truncated") {
  const Trace<SmallHeap> full = play(Small{1, 3, 5, 7}, {}, {}, 0, 1000);
  for (std::uint64_t limit : {1, 2, 5, 13}) {
    INFO("max_plies ", limit);
    const Trace<SmallHeap> cut = play(Small{1, 3, 5, 7}, {}, {}, 0, limit);
    REQUIRE(cut.plies.size() == limit);
    for (std::size_t k = 0; k < limit; ++k) {
      CHECK(cut.boards[k] == full.boards[k]);
      CHECK(cut.plies[k].move == full.plies[k].move);
      CHECK(cut.plies[k].winning == full.plies[k].winning);
      CHECK_FALSE(cut.plies[k].done);
      CHECK(cut.plies[k].truncated == (k + 1 == limit));
    }
  }
  SUBCASE("a limit the game does not reach changes nothing") {
    for (std::uint64_t limit : {14, 15, 1000}) {
      const Trace<SmallHeap> cut = play(Small{1, 3, 5, 7}, {}, {}, 0, limit);
      REQUIRE(cut.plies.size() == 14);
      CHECK(cut.plies.back().done);
      CHECK_FALSE(cut.plies.back().truncated);
    }
  }
  SUBCASE("a long game of huge heaps stops where asked") {
    const SmallHeap huge = 0x8000000000000000ULL;
    const Trace<SmallHeap> cut = play(Small{huge, huge}, {}, {}, 0, 100);
    REQUIRE(cut.plies.size() == 100);
    CHECK(cut.plies.back().truncated);
    // Before ply 99: 50 objects taken from heap 0 (the loser's), 49 from heap 1 (the mirror).
    CHECK(cut.boards.back() == Small{huge - 50, huge - 49});
  }
}

TEST_CASE("a playout from a finished game is one ply with no move") {
  for (const auto& rules : testing::all_tested_rules()) {
    for (const Small& start : {Small{0, 0, 0}, Small{0}, Small{}}) {
      const Trace<SmallHeap> trace = play(start, rules);
      REQUIRE(trace.plies.size() == 1);
      const NimPly<SmallHeap>& ply = trace.plies[0];
      CHECK(ply.number == 0);
      CHECK(ply.move == std::nullopt);
      CHECK(ply.done);
      CHECK_FALSE(ply.truncated);
      // The empty board is lost for the mover in normal play, won in misère play.
      CHECK(ply.winning == rules.misere);
      CHECK(ply.last_mover == std::nullopt);
      CHECK(ply.winner == (rules.misere ? Player::first : Player::second));
      CHECK(trace.boards[0] == start);
    }
  }
}

TEST_CASE("misère and capped playouts, under every strategy, end with an empty board") {
  SplitMix64 positions(99);
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    for (const Strategy& strategy : testing::all_strategies()) {
      for (int round = 0; round < 12; ++round) {
        Small start(1 + uniform_below(positions, 4));
        for (SmallHeap& h : start)
          h = uniform_below(positions, 9);
        INFO(testing::describe(start, rules, strategy));
        // At most 32 objects: a limit far above that only stops a broken playout from hanging.
        const Trace<SmallHeap> trace = play(start, rules, strategy, round, 1000);
        check_complete_playout(start, rules, trace);
        if (trace.plies.front().move) {
          // The player who is winning at the start wins: in normal play by taking the last object,
          // in misère play by leaving it to the opponent.
          CHECK(trace.plies.front().winning == oracle.winning(start));
          const bool starter_moved_last = trace.plies.size() % 2 == 1;
          CHECK(starter_moved_last == (trace.plies.front().winning != rules.misere));
        }
      }
    }
  }
}

TEST_CASE("misère 3 1 1 and a capped 5: the expected moves, to the end") {
  const Trace<SmallHeap> misere = play(Small{3, 1, 1}, NimRules<SmallHeap>{true, {}}, {}, 0, 1000);
  REQUIRE(misere.plies.size() >= 2);
  CHECK(misere.plies[0].move == SmallMove{0, 2});
  check_complete_playout(Small{3, 1, 1}, NimRules<SmallHeap>{true, {}}, misere);

  const Trace<SmallHeap> capped = play(Small{5}, NimRules<SmallHeap>{false, 3}, {}, 0, 1000);
  // Take 1 to leave 4; the opponent takes 1 from the lost 4; then take the remaining 3.
  REQUIRE(capped.plies.size() == 3);
  CHECK(capped.plies[0].move == SmallMove{0, 1});
  CHECK(capped.plies[1].move == SmallMove{0, 1});
  CHECK(capped.plies[2].move == SmallMove{0, 3});
}

// The engine's playout runs on an IndexedPosition; choose_move on a ScannedPosition of a plain
// vector answers the same queries by scanning. Both must give the same game, draw for draw.
template <class Heap>
void check_same_as_scanning(const Position<Heap>& start, const NimRules<Heap>& rules,
                            const Strategy& strategy, std::uint64_t seed, std::uint64_t max_plies) {
  const Trace<Heap> trace = play(start, rules, strategy, seed, max_plies);
  SplitMix64 rng(seed);
  Position<Heap> board = start;
  std::size_t k = 0;
  for (; k < max_plies; ++k) {
    const ScannedPosition view(board, rules);
    const auto move = choose_move(view, strategy, rng);
    REQUIRE(k < trace.plies.size());
    REQUIRE(trace.boards[k] == board);
    REQUIRE(trace.plies[k].move == move);
    REQUIRE(trace.plies[k].winning == is_winning(view));
    if (!move) {
      ++k;
      break;
    }
    board = after(board, *move);
    if (is_over(ScannedPosition(board, rules))) {
      ++k;
      break;
    }
  }
  CHECK(trace.plies.size() == k);
}

TEST_CASE("the indexed playout makes exactly the moves of choose_move on a scanned position") {
  SplitMix64 positions(2718);
  for (const auto& rules : testing::all_tested_rules()) {
    for (const Strategy& strategy : testing::all_strategies()) {
      for (int round = 0; round < 12; ++round) {
        // Few or many heaps, small sizes (long games under a cap) or any 64-bit size.
        const std::size_t n =
            round % 4 == 3 ? 60 + uniform_below(positions, 140) : 1 + uniform_below(positions, 9);
        const bool wide = round % 2 == 1 && !rules.max_take;
        Small start(n);
        for (SmallHeap& h : start) {
          if (uniform_below(positions, 5) == 0) continue;  // some empty heaps
          h = wide ? positions() >> uniform_below(positions, 64) : uniform_below(positions, 40);
        }
        INFO(testing::describe(start, rules, strategy));
        check_same_as_scanning(start, rules, strategy, positions(), n > 50 ? 200 : 400);
      }
    }
  }

  SUBCASE("and so it does on GMP integers") {
    std::string digits = "7";
    for (int i = 0; i < 120; ++i)
      digits += static_cast<char>('0' + (i * 13 + 5) % 10);
    const BigHeap big(digits);
    for (const auto& small_rules : testing::all_tested_rules()) {
      NimRules<BigHeap> rules{small_rules.misere, {}};
      if (small_rules.max_take) rules.max_take = to_big(*small_rules.max_take);
      for (const Strategy& strategy : testing::all_strategies()) {
        const Position<BigHeap> start{big, 3, big + 5, 0, BigHeap(big / 7), 12, 1, 1};
        check_same_as_scanning(start, rules, strategy, 5, 60);
      }
    }
  }
}

}  // namespace
}  // namespace nim
