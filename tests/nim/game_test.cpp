#include "nim/game.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

constexpr std::array<Controller, 2> person_first{Controller::human, Controller::computer};

ProposedMove typed(long heap, long count) {
  return {BigHeap(heap), BigHeap(count)};
}

TEST_CASE("a game alternates turns, refuses illegal moves, and names the winner") {
  Game<NimRules<SmallHeap>> game(Small{5, 4, 3, 2, 1}, NimRules<SmallHeap>{}, person_first);
  CHECK(game.to_move() == Player::first);
  CHECK(game.controller(Player::first) == Controller::human);
  CHECK(game.controller(Player::second) == Controller::computer);
  CHECK_FALSE(game.over());
  CHECK(game.winner() == std::nullopt);

  SUBCASE("an illegal move changes nothing and says why") {
    for (const auto& [move, reason] : std::vector<std::pair<ProposedMove, Illegal>>{
             {typed(5, 1), Illegal::no_such_heap},
             {typed(-1, 1), Illegal::no_such_heap},
             {typed(0, 0), Illegal::takes_nothing},
             {typed(4, 2), Illegal::more_than_the_heap}}) {
      const auto verdict = game.play(move);
      CHECK(verdict.illegal == reason);
      CHECK(game.position() == Small{5, 4, 3, 2, 1});
      CHECK(game.to_move() == Player::first);
      CHECK(game.moves().empty());
    }
  }
  SUBCASE("a legal move is played and recorded") {
    const auto verdict = game.play(typed(0, 1));  // 4 4 3 2 1: nim-sum 0, a winning move
    REQUIRE(verdict.move);
    CHECK(game.position() == Small{4, 4, 3, 2, 1});
    CHECK(game.to_move() == Player::second);
    REQUIRE(game.moves().size() == 1);
    const auto& played = game.moves().front();
    CHECK(played.number == 0);
    CHECK(played.player == Player::first);
    CHECK(played.move == SmallMove{0, 1});
    CHECK(played.from_won);
    CHECK(played.optimal);
    CHECK(played.keeping == std::nullopt);
  }
  SUBCASE("normal play: whoever takes the last object wins") {
    Game<NimRules<SmallHeap>> last(Small{0, 2}, NimRules<SmallHeap>{}, person_first);
    last.play(typed(1, 1));
    CHECK_FALSE(last.over());
    last.play(typed(1, 1));
    CHECK(last.over());
    CHECK(last.winner() == Player::second);
  }
  SUBCASE("misère play: whoever takes the last object loses") {
    Game<NimRules<SmallHeap>> last(Small{0, 2}, NimRules<SmallHeap>{true, {}}, person_first);
    last.play(typed(1, 2));
    CHECK(last.winner() == Player::second);
  }
  SUBCASE("an empty board is over before any move") {
    Game<NimRules<SmallHeap>> empty(Small{0, 0}, NimRules<SmallHeap>{}, person_first);
    CHECK(empty.over());
    CHECK(empty.winner() == Player::second);  // the first player, to move, has lost
    Game<NimRules<SmallHeap>> misere(Small{0, 0}, NimRules<SmallHeap>{true, {}}, person_first);
    CHECK(misere.winner() == Player::first);
  }
}

TEST_CASE("the cap and big heaps: the game judges by its rules and its integers") {
  Game<NimRules<SmallHeap>> capped(Small{5, 4}, NimRules<SmallHeap>{false, 3}, person_first);
  CHECK(capped.play(typed(0, 4)).illegal == Illegal::above_the_cap);
  CHECK(capped.play(typed(0, 3)).move == SmallMove{0, 3});

  const BigHeap huge("100000000000000000000000000000");
  Game<NimRules<BigHeap>> big(Position<BigHeap>{huge, 3}, NimRules<BigHeap>{}, person_first);
  CHECK(big.play({0, BigHeap(huge + 1)}).illegal == Illegal::more_than_the_heap);
  const auto verdict = big.play({0, BigHeap(huge - 3)});
  REQUIRE(verdict.move);
  CHECK(big.position() == Position<BigHeap>{3, 3});
  CHECK(big.moves().back().optimal);
}

TEST_CASE(
    "advice is the strategy's move, the same for the same board, and asking changes nothing") {
  const Strategy random{Choice::random, WhenLosing::random};
  Game<NimRules<SmallHeap>> game(Small{7, 5, 3, 6}, NimRules<SmallHeap>{}, person_first, random,
                                 42);
  const auto first = game.advice();
  CHECK(first.move == analyse(game.position(), game.rules(), random, 42).move);
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
      for (const auto& first : oracle.legal_moves(position)) {
        const Small middle = after(position, first);
        for (const auto& controllers : {std::array{Controller::human, Controller::computer},
                                        std::array{Controller::computer, Controller::human},
                                        std::array{Controller::human, Controller::human}}) {
          Game<NimRules<SmallHeap>> game(position, rules, controllers);
          REQUIRE(game.play(proposed(first)).move);
          std::vector<SmallMove> expected;
          const bool first_erred = oracle.winning(position) && oracle.winning(middle);
          if (first_erred && controllers[0] == Controller::human) expected.push_back(first);
          const auto replies = oracle.legal_moves(middle);
          if (!replies.empty()) {
            const SmallMove& reply = replies.back();
            REQUIRE(game.play(proposed(reply)).move);
            if (oracle.winning(middle) && oracle.winning(after(middle, reply)) &&
                controllers[1] == Controller::human)
              expected.push_back(reply);
          }
          const auto review = game.review();
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
