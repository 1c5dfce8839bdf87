#include "nim/game_loop.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "nim/indexed_position.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;
using SmallBoard = IndexedPosition<NimRules<SmallHeap>>;

// Why a test source stops.
struct Resigned {
  std::string why;
};

// A source that answers from a script, one answer per call, and records the boards and plies it
// was asked about.
struct ScriptedSource {
  std::vector<Answer<SmallHeap, Resigned>> answers;
  std::vector<std::pair<Small, std::uint64_t>> asked{};

  Answer<SmallHeap, Resigned> operator()(const SmallBoard& board, std::uint64_t ply) {
    asked.emplace_back(Small(board.heaps().begin(), board.heaps().end()), ply);
    return answers.at(asked.size() - 1);
  }
};

// What on_move saw: each record, and the board before its move.
struct SeenMoves {
  std::vector<MoveRecord<SmallHeap>> records;
  std::vector<Small> boards;

  void operator()(const SmallBoard& board, const MoveRecord<SmallHeap>& record) {
    records.push_back(record);
    boards.emplace_back(board.heaps().begin(), board.heaps().end());
  }
};

TEST_CASE("the loop asks each side in turn, judges each move, and stops when the board is empty") {
  // 1 3 5: won for the first player. [0,1] gives the win away; [2,2] takes it (1 0 ... nim-sum 0).
  ScriptedSource first{{SmallMove{0, 1}, ProposedMove{BigHeap(1), BigHeap(3)}}};
  ScriptedSource second{{ProposedMove{BigHeap(2), BigHeap(2)}, SmallMove{2, 3}}};
  SmallBoard board(Small{1, 3, 5}, NimRules<SmallHeap>{});
  SeenMoves seen;
  const auto stop = play_game<Resigned>(board, no_ply_limit, first, second, seen);

  CHECK(stop.stop == Stop::over);
  CHECK(stop.plies == 4);
  CHECK(stop.to_move == Player::first);
  CHECK(stop.winner == Player::second);  // it took the last object
  CHECK(board.heaps()[2] == 0);
  CHECK(first.asked ==
        std::vector<std::pair<Small, std::uint64_t>>{{{1, 3, 5}, 0}, {{0, 3, 3}, 2}});
  CHECK(second.asked ==
        std::vector<std::pair<Small, std::uint64_t>>{{{0, 3, 5}, 1}, {{0, 0, 3}, 3}});
  CHECK(seen.boards == std::vector<Small>{{1, 3, 5}, {0, 3, 5}, {0, 3, 3}, {0, 0, 3}});
  CHECK(seen.records == std::vector<MoveRecord<SmallHeap>>{
                            {0, Player::first, SmallMove{0, 1}, true, false},
                            {1, Player::second, SmallMove{2, 2}, true, true},
                            {2, Player::first, SmallMove{1, 3}, false, true},
                            {3, Player::second, SmallMove{2, 3}, true, true},
                        });
}

TEST_CASE("in misère play whoever takes the last object loses") {
  ScriptedSource both{{SmallMove{0, 2}}};
  SmallBoard board(Small{2}, NimRules<SmallHeap>{true, {}});
  const auto stop = play_game<Resigned>(board, no_ply_limit, both, both, SeenMoves{});
  CHECK(stop.stop == Stop::over);
  CHECK(stop.winner == Player::second);
}

TEST_CASE("a board empty at the start is over before any source is asked") {
  for (const auto& rules : testing::all_tested_rules()) {
    ScriptedSource none{{}};
    SmallBoard board(Small{0, 0}, rules);
    SeenMoves seen;
    const auto stop = play_game<Resigned>(board, 0, none, none, seen);
    CHECK(stop.stop == Stop::over);
    CHECK(stop.plies == 0);
    // The first player, to move, has lost in normal play and won in misère play.
    CHECK(stop.winner == (rules.misere ? Player::first : Player::second));
    CHECK(none.asked.empty());
    CHECK(seen.records.empty());
  }
}

TEST_CASE("the ply limit stops the game after that many moves, with no winner named") {
  for (std::uint64_t limit : {0, 1, 3}) {
    ScriptedSource both{{SmallMove{0, 1}, SmallMove{1, 1}, SmallMove{0, 1}, SmallMove{1, 1}}};
    SmallBoard board(Small{5, 5}, NimRules<SmallHeap>{});
    SeenMoves seen;
    const auto stop = play_game<Resigned>(board, limit, both, both, seen);
    CHECK(stop.stop == Stop::ply_limit);
    CHECK(stop.plies == limit);
    CHECK(stop.to_move == mover_at(limit));
    CHECK(stop.winner == std::nullopt);
    CHECK(seen.records.size() == limit);
    CHECK(both.asked.size() == limit);
  }
}

TEST_CASE("an illegal proposal stops the game, with the move and why, before the board changes") {
  ScriptedSource first{{SmallMove{0, 1}}};
  ScriptedSource second{{ProposedMove{BigHeap(1), BigHeap(4)}}};
  SmallBoard board(Small{1, 3, 5}, NimRules<SmallHeap>{});
  SeenMoves seen;
  const auto stop = play_game<Resigned>(board, no_ply_limit, first, second, seen);
  CHECK(stop.stop == Stop::illegal_move);
  CHECK(stop.plies == 1);
  CHECK(stop.to_move == Player::second);
  REQUIRE(stop.illegal.has_value());
  CHECK(stop.illegal->heap == 1);
  CHECK(stop.illegal->count == 4);
  CHECK(stop.why == Illegal::more_than_the_heap);
  CHECK(Small(board.heaps().begin(), board.heaps().end()) == Small{0, 3, 5});
  CHECK(seen.records.size() == 1);
}

TEST_CASE("a source that gives up stops the game with its reason") {
  ScriptedSource first{{SmallMove{2, 1}, Resigned{"the input ended"}}};
  ScriptedSource second{{SmallMove{2, 1}}};
  SmallBoard board(Small{1, 3, 5}, NimRules<SmallHeap>{});
  const auto stop = play_game<Resigned>(board, no_ply_limit, first, second, SeenMoves{});
  CHECK(stop.stop == Stop::gave_up);
  CHECK(stop.plies == 2);
  CHECK(stop.to_move == Player::first);
  REQUIRE(stop.gave_up.has_value());
  CHECK(stop.gave_up->why == "the input ended");
  CHECK(stop.winner == std::nullopt);
}

// Every move of random games, judged by the loop, against the exhaustive search; and the loop's
// own prediction that a move ends the game.
TEST_CASE("judged moves agree with the oracle, and takes_last with the empty board") {
  SplitMix64 rng(17);
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 4, [&](const Small& start) {
      const auto random_source = [&](const SmallBoard& view, std::uint64_t) {
        return Answer<SmallHeap, NeverGivesUp>(*random_move(view, rng));
      };
      SmallBoard board(start, rules);
      Small replay = start;
      const auto stop = play_game<NeverGivesUp>(
          board, no_ply_limit, random_source, random_source,
          [&](const SmallBoard& before, const MoveRecord<SmallHeap>& record) {
            CHECK(Small(before.heaps().begin(), before.heaps().end()) == replay);
            const bool won = oracle.winning(replay);
            replay = after(replay, record.move);
            CHECK(record.player == mover_at(record.number));
            CHECK(record.from_won == won);
            CHECK(record.optimal == (!won || !oracle.winning(replay)));
            CHECK(takes_last(before, record.move) == testing::is_empty(replay));
          });
      CHECK(stop.stop == Stop::over);
      CHECK(testing::is_empty(replay));
    });
  }
}

}  // namespace
}  // namespace nim
