#include "nim/match_game.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/agent.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

// A game between two built-in agents.
MatchGame<SmallHeap> play(const Small& start, const NimRules<SmallHeap>& rules,
                          const BuiltInAgent& first, const BuiltInAgent& second,
                          std::uint64_t seed = 1, std::uint64_t max_plies = 1000,
                          const Strategy& strategy = {}) {
  SplitMix64 rng(seed);
  return play_match_game(start, rules, max_plies,
                         [&](Player mover, const auto& view, std::uint64_t) {
                           const auto& agent = mover == Player::first ? first : second;
                           return AgentAnswer<SmallHeap>(built_in_move(agent, view, strategy, rng));
                         });
}

const BuiltInAgent perfect{.kind = BuiltInAgent::Kind::perfect};
const BuiltInAgent random_agent{.kind = BuiltInAgent::Kind::random};

// Replays the game with the oracle and checks every verdict the game gives: legal moves, from_won
// and optimal as an exhaustive search sees them, a board emptied, the winner under the rules.
void check_against_oracle(const Small& start, const NimRules<SmallHeap>& rules,
                          const MatchGame<SmallHeap>& game,
                          testing::Oracle<NimRules<SmallHeap>>& oracle) {
  CHECK(game.start == start);
  CHECK(game.start_won == oracle.winning(start));
  CHECK(game.termination == Termination::normal);
  Small board = start;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    const auto& played = game.moves[ply];
    const auto legal = oracle.legal_moves(board);
    REQUIRE(std::find(legal.begin(), legal.end(), played.move) != legal.end());
    const bool won = oracle.winning(board);
    board = after(board, played.move);
    CHECK(played.from_won == won);
    CHECK(played.optimal == (!won || !oracle.winning(board)));
  }
  CHECK(testing::is_empty(board));
  CHECK(game.end == board);
  // The last mover took the last object: the winner in normal play, the loser in misère play.
  const Player last = game.moves.size() % 2 == 1 ? Player::first : Player::second;
  CHECK(game.winner == (rules.misere ? other(last) : last));
}

TEST_CASE("perfect against perfect: the first mover wins exactly the starts the oracle says won") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& start) {
      if (testing::is_empty(start)) return;
      INFO("misere ", rules.misere, " cap ", rules.max_take.value_or(0), " start ", start.size());
      const auto game = play(start, rules, perfect, perfect);
      check_against_oracle(start, rules, game, oracle);
      CHECK((game.winner == Player::first) == oracle.winning(start));
      for (const auto& played : game.moves)
        CHECK(played.optimal);
    });
  }
}

TEST_CASE("random and difficulty agents: every move's verdict is the oracle's") {
  const BuiltInAgent half{.kind = BuiltInAgent::Kind::difficulty, .perfect = 0.5};
  std::uint64_t seed = 0;
  std::uint64_t blunders = 0;
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 5, [&](const Small& start) {
      if (testing::is_empty(start)) return;
      for (const auto& [first, second] :
           {std::pair{random_agent, perfect}, std::pair{half, random_agent}}) {
        const auto game = play(start, rules, first, second, ++seed);
        check_against_oracle(start, rules, game, oracle);
        for (const auto& played : game.moves)
          blunders += played.optimal ? 0 : 1;
      }
    });
  }
  CHECK(blunders > 1000);  // the checks above saw both verdicts
}

// An agent that answers from a script, one answer per call, and records what it was asked.
struct Scripted {
  std::vector<AgentAnswer<SmallHeap>> answers;
  std::vector<std::pair<Player, std::uint64_t>> asked{};

  template <PositionView View>
  AgentAnswer<SmallHeap> operator()(Player mover, const View&, std::uint64_t ply) {
    asked.emplace_back(mover, ply);
    return answers.at(asked.size() - 1);
  }
};

TEST_CASE("proposed moves are judged: legal ones are played, an illegal one loses the game") {
  Scripted agents{{ProposedMove{0, 1}, ProposedMove{BigHeap(2), BigHeap(2)},
                   ProposedMove{BigHeap(9), BigHeap(1)}}};
  const auto game = play_match_game(Small{1, 3, 5}, NimRules<SmallHeap>{}, 1000, agents);
  REQUIRE(game.moves.size() == 2);
  CHECK(game.moves[0] == MoveRecord<SmallHeap>{0, Player::first, SmallMove{0, 1}, true, false});
  CHECK(game.moves[1] == MoveRecord<SmallHeap>{1, Player::second, SmallMove{2, 2}, true, true});
  CHECK(game.termination == Termination::illegal_move);
  REQUIRE(game.illegal.has_value());
  CHECK(game.illegal->heap == 9);
  CHECK(game.illegal->count == 1);
  CHECK(game.why == Illegal::no_such_heap);
  CHECK(game.winner == Player::second);  // the first player proposed it, at ply 2
  CHECK(game.faulty() == Player::first);
  CHECK(game.end == Small{0, 3, 3});  // the board it was proposed on
  CHECK(agents.asked == std::vector<std::pair<Player, std::uint64_t>>{
                            {Player::first, 0}, {Player::second, 1}, {Player::first, 2}});

  SUBCASE("each reason a move is illegal") {
    const std::vector<std::pair<ProposedMove, Illegal>> cases{
        {{BigHeap(-1), BigHeap(1)}, Illegal::no_such_heap},
        {{BigHeap(0), BigHeap(0)}, Illegal::takes_nothing},
        {{BigHeap(0), BigHeap(-2)}, Illegal::takes_nothing},
        {{BigHeap(1), BigHeap(4)}, Illegal::more_than_the_heap},
        {{BigHeap(1), BigHeap("1" + std::string(400, '0'))}, Illegal::more_than_the_heap},
        {{BigHeap(2), BigHeap(4)}, Illegal::above_the_cap},
    };
    for (const auto& [proposed, why] : cases) {
      Scripted one{{proposed}};
      const auto lost = play_match_game(Small{1, 3, 5}, NimRules<SmallHeap>{false, 3}, 1000, one);
      CHECK(lost.termination == Termination::illegal_move);
      CHECK(lost.why == why);
      CHECK(lost.moves.empty());
      CHECK(lost.winner == Player::second);
    }
  }
}

TEST_CASE("an agent's fault ends the game: it loses, and the game says why") {
  for (Termination termination :
       {Termination::bad_reply, Termination::timeout, Termination::exited}) {
    Scripted agents{{SmallMove{2, 5}, AgentFault{termination, "no reply within 5 s"}}};
    const auto game = play_match_game(Small{1, 3, 5}, NimRules<SmallHeap>{}, 1000, agents);
    CHECK(game.termination == termination);
    CHECK(game.fault == "no reply within 5 s");
    CHECK(game.winner == Player::first);
    CHECK(game.faulty() == Player::second);
    CHECK(game.moves.size() == 1);
    CHECK(game.end == Small{1, 3, 0});
  }
}

TEST_CASE("who wins when the board empties, in normal and misère play") {
  Scripted normal{{SmallMove{0, 2}}};
  const auto won = play_match_game(Small{2}, NimRules<SmallHeap>{}, 1000, normal);
  CHECK(won.winner == Player::first);
  CHECK(won.termination == Termination::normal);
  CHECK_FALSE(won.faulty().has_value());
  Scripted misere{{SmallMove{0, 2}}};
  CHECK(play_match_game(Small{2}, NimRules<SmallHeap>{true, {}}, 1000, misere).winner ==
        Player::second);
}

TEST_CASE("at the ply limit the game goes to the side that wins with perfect play") {
  // 5 5: the first mover is lost; after one move the second is won, after two the first is lost.
  for (std::uint64_t limit : {1, 2, 3}) {
    const auto game = play(Small{5, 5}, {}, perfect, perfect, 1, limit);
    CHECK(game.termination == Termination::adjudicated);
    CHECK(game.moves.size() == limit);
    CHECK(game.winner == Player::second);
    CHECK_FALSE(game.faulty().has_value());
  }
  const auto whole = play(Small{5, 5}, {}, perfect, perfect, 1, 10);
  CHECK(whole.termination ==
        Termination::normal);  // 10 plies: 1 object a move from the lost side, no cut
  CHECK(whole.moves.size() == 10);
}

TEST_CASE("games on GMP heaps are judged exactly") {
  const BigHeap huge = BigHeap(1) << 200;
  const Position<BigHeap> start{huge, BigHeap(huge + 1)};
  SplitMix64 rng(3);
  const auto game = play_match_game(
      start, NimRules<BigHeap>{}, 6, [&](Player mover, const auto& view, std::uint64_t ply) {
        if (mover == Player::first)
          return AgentAnswer<BigHeap>(built_in_move(perfect, view, {}, rng));
        // One object too many for heap 1, by then 2^200: the count is compared
        // exactly.
        return AgentAnswer<BigHeap>(ProposedMove{BigHeap(ply), BigHeap(huge + 1)});
      });
  REQUIRE(game.moves.size() == 1);
  CHECK(game.moves[0].move == Move<BigHeap>{1, BigHeap(1)});
  CHECK(game.moves[0].from_won);
  CHECK(game.moves[0].optimal);
  CHECK(game.termination == Termination::illegal_move);
  CHECK(game.why == Illegal::more_than_the_heap);
  CHECK(game.end == Position<BigHeap>{huge, huge});
}

// A game's moves cost O(log n) each for n heaps, not a pass over the board: 0.2.0 rebuilt a
// scanned view of every heap at each ply, and a game on 100,000 heaps of 1 took 30 s.
TEST_CASE("a game on 200,000 heaps of one object each is played to the end") {
  const Small start(200'000, 1);
  const auto game = play(start, NimRules<SmallHeap>{}, perfect, perfect, 1, 1'000'000);
  CHECK(game.termination == Termination::normal);
  CHECK(game.moves.size() == 200'000);
  CHECK(game.winner == Player::second);  // an even number of ones: the second takes the last
  CHECK(game.end == Small(200'000, 0));
}

}  // namespace
}  // namespace nim
