#include "nim/game.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

constexpr std::array<Controller, 2> person_first{Controller::human, Controller::computer};

// Plays `moves` in turn, whoever's side it is, then quits as a person would; on_move's checks
// hold for every move.
template <HeapInteger Heap>
Ending play_moves(Game<NimRules<Heap>>& game, const std::vector<Move<Heap>>& moves) {
  std::size_t next = 0;
  Position<Heap> board(game.position().begin(), game.position().end());
  const auto side = [&](const IndexedPosition<NimRules<Heap>>& view) -> Turn<Heap> {
    CHECK(&view == &game.view());
    if (next == moves.size()) return Ending::quit;
    return moves[next++];
  };
  return game.play(side, side, [&](const MoveRecord<Heap>& played) {
    // The move is about to be made: the game still shows the board and the moves before it.
    CHECK(played.number == game.moves().size());
    CHECK(played.player == game.to_move());
    CHECK(std::ranges::equal(game.position(), board));
    board = after(board, played.move);
  });
}

TEST_CASE("a game alternates turns, records each move, and names the winner") {
  Game<NimRules<SmallHeap>> game(Small{5, 4, 3, 2, 1}, NimRules<SmallHeap>{}, person_first);
  CHECK(game.to_move() == Player::first);
  CHECK(game.controller(Player::first) == Controller::human);
  CHECK(game.controller(Player::second) == Controller::computer);
  CHECK_FALSE(game.over());
  CHECK(game.winner() == std::nullopt);

  SUBCASE("a legal move is played and recorded; a side that quits ends the game") {
    // 4 4 3 2 1: nim-sum 0, a winning move.
    CHECK(play_moves(game, {SmallMove{0, 1}}) == Ending::quit);
    CHECK(Small(game.position().begin(), game.position().end()) == Small{4, 4, 3, 2, 1});
    CHECK(game.to_move() == Player::second);
    CHECK(game.moves() ==
          std::vector<MoveRecord<SmallHeap>>{{0, Player::first, SmallMove{0, 1}, true, true}});
    CHECK(game.review().empty());
    CHECK(game.winner() == std::nullopt);
  }
  SUBCASE("normal play: whoever takes the last object wins") {
    Game<NimRules<SmallHeap>> last(Small{0, 2}, NimRules<SmallHeap>{}, person_first);
    CHECK(play_moves(last, {SmallMove{1, 1}, SmallMove{1, 1}}) == Ending::over);
    CHECK(last.over());
    CHECK(last.winner() == Player::second);
  }
  SUBCASE("misère play: whoever takes the last object loses") {
    Game<NimRules<SmallHeap>> last(Small{0, 2}, NimRules<SmallHeap>{true, {}}, person_first);
    CHECK(play_moves(last, {SmallMove{1, 2}}) == Ending::over);
    CHECK(last.winner() == Player::second);
  }
  SUBCASE("an empty board is over before any move") {
    Game<NimRules<SmallHeap>> empty(Small{0, 0}, NimRules<SmallHeap>{}, person_first);
    CHECK(empty.over());
    CHECK(play_moves(empty, {}) == Ending::over);
    CHECK(empty.winner() == Player::second);  // the first player, to move, has lost
    Game<NimRules<SmallHeap>> misere(Small{0, 0}, NimRules<SmallHeap>{true, {}}, person_first);
    CHECK(misere.winner() == Player::first);
  }
}

TEST_CASE("the cap and big heaps: the game's view judges by its rules and its integers") {
  Game<NimRules<SmallHeap>> capped(Small{5, 4}, NimRules<SmallHeap>{false, 3}, person_first);
  CHECK(check_move(capped.view(), {0, 4}).illegal == Illegal::above_the_cap);
  CHECK(check_move(capped.view(), {0, 3}).move == SmallMove{0, 3});

  const BigHeap huge("100000000000000000000000000000");
  Game<NimRules<BigHeap>> big(Position<BigHeap>{huge, 3}, NimRules<BigHeap>{}, person_first);
  CHECK(check_move(big.view(), {0, BigHeap(huge + 1)}).illegal == Illegal::more_than_the_heap);
  play_moves(big, {Move<BigHeap>{0, BigHeap(huge - 3)}});
  CHECK(Position<BigHeap>(big.position().begin(), big.position().end()) == Position<BigHeap>{3, 3});
  CHECK(big.moves().back().optimal);
}

TEST_CASE(
    "advice is the strategy's move, the same for the same board, and asking changes nothing") {
  const Strategy random{Choice::random, WhenLosing::random};
  const Small start{7, 5, 3, 6};
  Game<NimRules<SmallHeap>> game(start, NimRules<SmallHeap>{}, person_first, random, 42);
  const auto first = game.advice();
  CHECK(first.move == analyse(start, game.rules(), random, 42).move);
  for (int i = 0; i < 10; ++i)
    CHECK(game.advice().move == first.move);
  CHECK(game.moves().empty());
}

// The review against the exhaustive search: after one move by each side from every small
// position, it lists exactly the people's moves that left a won position for a lost one, each
// with a move that keeps the win.
TEST_CASE("the review lists exactly the people's moves that gave a won position away") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 5, [&](const Small& position) {
      for (const auto& first : testing::as_takes(oracle.moves(position))) {
        const Small middle = after(position, first);
        for (const auto& controllers : {std::array{Controller::human, Controller::computer},
                                        std::array{Controller::computer, Controller::human},
                                        std::array{Controller::human, Controller::human}}) {
          Game<NimRules<SmallHeap>> game(position, rules, controllers);
          std::vector<SmallMove> expected;
          const bool first_erred = oracle.winning(position) && oracle.winning(middle);
          if (first_erred && controllers[0] == Controller::human) expected.push_back(first);
          const auto replies = testing::as_takes(oracle.moves(middle));
          std::vector<SmallMove> played{first};
          if (!replies.empty()) {
            const SmallMove& reply = replies.back();
            played.push_back(reply);
            if (oracle.winning(middle) && oracle.winning(after(middle, reply)) &&
                controllers[1] == Controller::human)
              expected.push_back(reply);
          }
          play_moves(game, played);
          const auto& review = game.review();
          REQUIRE(review.size() == expected.size());
          for (std::size_t k = 0; k < review.size(); ++k) {
            CHECK(review[k].move == expected[k]);
            CHECK(review[k].from_won);
            CHECK_FALSE(review[k].optimal);
            // The move that would have kept the win is a winning move there.
            const Small before = k == 0 && review[k].number == 0 ? position : middle;
            REQUIRE(review[k].keeping);
            CHECK_FALSE(oracle.winning(after(before, *review[k].keeping)));
          }
          // Every move records whether it came from a won position, and kept it.
          CHECK(game.moves()[0].from_won == oracle.winning(position));
          CHECK(game.moves()[0].optimal == (!oracle.winning(position) || !oracle.winning(middle)));
        }
      }
    });
  }
}

}  // namespace
}  // namespace nim
