#include "nim/match_game.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "nim/agent.hpp"
#include "nim/match.hpp"
#include "support/game_table.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

const BuiltInAgent perfect{.kind = BuiltInAgent::Kind::perfect};
const BuiltInAgent random_agent{.kind = BuiltInAgent::Kind::random};

// A game between two built-in agents, as a match plays it.
template <PlayableGame Game, class Heap = typename Game::Heap>
MatchGame<Heap> play_game(GameSolver<Game>& solver, const Position<Heap>& start,
                          const BuiltInAgent& first, const BuiltInAgent& second,
                          std::uint64_t seed = 1, std::uint64_t max_plies = 1000,
                          const Strategy& strategy = {}) {
  SplitMix64 rng(seed);
  const auto ask = [&](Player mover, const GameBoard<Game>& board, std::uint64_t) {
    const auto& agent = mover == Player::first ? first : second;
    return AgentAnswer<Heap>(built_in_game_move(agent, board, strategy, rng));
  };
  return play_match_game(solver, start, max_plies, ask);
}

// The same in Nim under `rules`.
template <HeapInteger Heap>
MatchGame<Heap> play(const Position<Heap>& start, const NimRules<Heap>& rules,
                     const BuiltInAgent& first, const BuiltInAgent& second, std::uint64_t seed = 1,
                     std::uint64_t max_plies = 1000, const Strategy& strategy = {}) {
  GameSolver solver(rules, 1000);
  return play_game(solver, start, first, second, seed, max_plies, strategy);
}

// An agent that answers from a script, one answer per call, and records what it was asked.
struct Scripted {
  std::vector<AgentAnswer<SmallHeap>> answers;
  std::vector<std::pair<Player, std::uint64_t>> asked{};

  template <class Board>
  AgentAnswer<SmallHeap> operator()(Player mover, const Board&, std::uint64_t ply) {
    asked.emplace_back(mover, ply);
    return answers.at(asked.size() - 1);
  }
};

// Nim under `rules` from `start`, each move answered by `agents`.
MatchGame<SmallHeap> play_scripted(const Small& start, const NimRules<SmallHeap>& rules,
                                   Scripted& agents) {
  GameSolver solver(rules, 1000);
  return play_match_game(solver, start, 1000, agents);
}

GameMove<BigHeap> big_move(std::size_t heap, const BigHeap& count,
                           std::optional<std::array<BigHeap, 2>> split = {}) {
  return {{{heap, count}}, std::move(split)};
}
ProposedGameMove proposed(std::size_t heap, const BigHeap& count) {
  return {big_move(heap, count)};
}
GameMove<SmallHeap> take(std::size_t heap, SmallHeap count) {
  return GameMove<SmallHeap>::single(heap, count);
}

// Replays the game with the oracle and checks every verdict the game gives: legal moves, from_won
// and optimal as an exhaustive search sees them, a board emptied, the winner under the rules.
template <PlayableGame Game>
void check_game_against_oracle(const Game& rules, testing::Oracle<Game>& oracle, const Small& start,
                               const MatchGame<SmallHeap>& game) {
  CHECK(game.start == start);
  CHECK(game.start_won == oracle.winning(start, rules.misere));
  CHECK(game.termination == Termination::normal);
  Small board = start;
  for (const auto& played : game.moves) {
    const auto legal = oracle.moves(board);
    REQUIRE(std::ranges::find(legal, played.move) != legal.end());
    const bool won = oracle.winning(board, rules.misere);
    board = after(rules, board, played.move);
    CHECK(played.from_won == won);
    CHECK(played.optimal == (!won || !oracle.winning(board, rules.misere)));
  }
  CHECK(oracle.moves(board).empty());
  CHECK(game.end == board);
  // The last mover made the last move: the winner in normal play, the loser in misère play.
  const Player last = game.moves.size() % 2 == 1 ? Player::first : Player::second;
  CHECK(game.winner == (rules.misere ? other(last) : last));
}

TEST_CASE("Nim, perfect against perfect: the first mover wins exactly the starts the oracle says") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& start) {
      if (testing::is_empty(start)) return;
      INFO("misere ", rules.misere, " cap ", rules.max_take.value_or(0), " start ", start.size());
      const auto game = play(start, rules, perfect, perfect);
      check_game_against_oracle(rules, oracle, start, game);
      CHECK((game.winner == Player::first) == oracle.winning(start, rules.misere));
      for (const auto& played : game.moves)
        CHECK(played.optimal);
    });
  }
}

TEST_CASE("Nim, random and difficulty agents: every move's verdict is the oracle's") {
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
        check_game_against_oracle(rules, oracle, start, game);
        for (const auto& played : game.moves)
          blunders += played.optimal ? 0 : 1;
      }
    });
  }
  CHECK(blunders > 1000);  // the checks above saw both verdicts
}

TEST_CASE("Nim: proposed moves are judged, legal ones are played, an illegal one loses the game") {
  Scripted agents{{proposed(0, 1), proposed(2, 2), proposed(9, 1)}};
  const auto game = play_scripted(Small{1, 3, 5}, NimRules<SmallHeap>{}, agents);
  REQUIRE(game.moves.size() == 2);
  CHECK(game.moves[0] ==
        MoveRecord<SmallHeap, GameMove<SmallHeap>>{0, Player::first, take(0, 1), true, false});
  CHECK(game.moves[1] ==
        MoveRecord<SmallHeap, GameMove<SmallHeap>>{1, Player::second, take(2, 2), true, true});
  CHECK(game.termination == Termination::illegal_move);
  REQUIRE(game.illegal.has_value());
  CHECK(game.illegal->move == big_move(9, 1));
  CHECK(game.winner == Player::second);  // the first player proposed it, at ply 2
  CHECK(game.faulty() == Player::first);
  CHECK(game.end == Small{0, 3, 3});  // the board it was proposed on
  CHECK(agents.asked == std::vector<std::pair<Player, std::uint64_t>>{
                            {Player::first, 0}, {Player::second, 1}, {Player::first, 2}});

  SUBCASE(
      "each way a move is illegal: no such heap, nothing taken, more than the heap or the cap, "
      "a split, two heaps") {
    for (const ProposedGameMove& illegal :
         {proposed(3, 1), proposed(0, 0), proposed(1, 4),
          proposed(1, BigHeap("1" + std::string(400, '0'))), proposed(2, 4),
          ProposedGameMove{big_move(2, 1, {{BigHeap(1), BigHeap(3)}})},
          ProposedGameMove{{{{0, BigHeap(1)}, {1, BigHeap(1)}}, std::nullopt}}}) {
      Scripted one{{illegal}};
      const auto lost = play_scripted(Small{1, 3, 5}, NimRules<SmallHeap>{false, 3}, one);
      CHECK(lost.termination == Termination::illegal_move);
      CHECK(lost.illegal->move == illegal.move);
      CHECK(lost.moves.empty());
      CHECK(lost.winner == Player::second);
    }
  }
}

TEST_CASE("Nim: an agent's fault ends the game: it loses, and the game says why") {
  for (Termination termination :
       {Termination::bad_reply, Termination::timeout, Termination::exited}) {
    Scripted agents{{take(2, 5), AgentFault{termination, "no reply within 5 s"}}};
    const auto game = play_scripted(Small{1, 3, 5}, NimRules<SmallHeap>{}, agents);
    CHECK(game.termination == termination);
    CHECK(game.fault == "no reply within 5 s");
    CHECK(game.winner == Player::first);
    CHECK(game.faulty() == Player::second);
    CHECK(game.moves.size() == 1);
    CHECK(game.end == Small{1, 3, 0});
  }
}

TEST_CASE("Nim: who wins when the board empties, in normal and misère play") {
  Scripted normal{{take(0, 2)}};
  const auto won = play_scripted(Small{2}, NimRules<SmallHeap>{}, normal);
  CHECK(won.winner == Player::first);
  CHECK(won.termination == Termination::normal);
  CHECK_FALSE(won.faulty().has_value());
  Scripted misere{{take(0, 2)}};
  CHECK(play_scripted(Small{2}, NimRules<SmallHeap>{true, {}}, misere).winner == Player::second);
}

TEST_CASE("Nim: at the ply limit the game goes to the side that wins with perfect play") {
  // 5 5: the first mover is lost; after one move the second is won, after two the first is lost.
  for (std::uint64_t limit : {1, 2, 3}) {
    const auto game = play(Small{5, 5}, NimRules<SmallHeap>{}, perfect, perfect, 1, limit);
    CHECK(game.termination == Termination::adjudicated);
    CHECK(game.moves.size() == limit);
    CHECK(game.winner == Player::second);
    CHECK_FALSE(game.faulty().has_value());
  }
  const auto whole = play(Small{5, 5}, NimRules<SmallHeap>{}, perfect, perfect, 1, 10);
  CHECK(whole.termination ==
        Termination::normal);  // 10 plies: 1 object a move from the lost side, no cut
  CHECK(whole.moves.size() == 10);
}

TEST_CASE("Nim: games on GMP heaps are judged exactly, and their moves chosen by value") {
  const BigHeap huge = BigHeap(1) << 200;
  const Position<BigHeap> start{huge, BigHeap(huge + 1)};
  SplitMix64 rng(3);
  GameSolver solver(NimRules<BigHeap>{}, 1000);
  const auto ask = [&](Player mover, const GameBoard<NimRules<BigHeap>>& board, std::uint64_t ply) {
    if (mover == Player::first)
      return AgentAnswer<BigHeap>(built_in_game_move(perfect, board, {}, rng));
    // One object too many for heap 1, by then 2^200: the count is compared exactly.
    return AgentAnswer<BigHeap>(ProposedGameMove{big_move(ply, BigHeap(huge + 1))});
  };
  const auto game = play_match_game(solver, start, 6, ask);
  REQUIRE(game.moves.size() == 1);
  CHECK(game.moves[0].move == GameMove<BigHeap>::single(1, BigHeap(1)));
  CHECK(game.moves[0].from_won);
  CHECK(game.moves[0].optimal);
  CHECK(game.termination == Termination::illegal_move);
  CHECK(game.end == Position<BigHeap>{huge, huge});

  // --choose random and largest find the winning moves by the heaps' values: 2^200 moves are
  // never listed.
  for (const Choice choice : {Choice::random, Choice::largest}) {
    const auto chosen =
        play(start, NimRules<BigHeap>{}, perfect, perfect, 1, 2, Strategy{.choice = choice});
    REQUIRE(chosen.moves.size() == 2);
    CHECK(chosen.moves[0].move == GameMove<BigHeap>::single(1, BigHeap(1)));
    CHECK(chosen.termination == Termination::adjudicated);
  }
}

// A game's moves cost O(log n) each for n heaps, not a pass over the board: 0.2.0 rebuilt a
// scanned view of every heap at each ply, and a game on 100,000 heaps of 1 took 30 s.
TEST_CASE("Nim: a game on 200,000 heaps of one object each is played to the end") {
  const Small start(200'000, 1);
  const auto game = play(start, NimRules<SmallHeap>{}, perfect, perfect, 1, 1'000'000);
  CHECK(game.termination == Termination::normal);
  CHECK(game.moves.size() == 200'000);
  CHECK(game.winner == Player::second);  // an even number of ones: the second takes the last
  CHECK(game.end == Small(200'000, 0));
}

// Every game of the table as a match plays it, in normal and misère play.
GameSpec spec_of(GameSpec::Kind kind, bool misere, HeapGame heap_game = octal_game({0, 7, 7})) {
  GameSpec spec;
  spec.kind = kind;
  spec.heap_game = std::move(heap_game);
  spec.misere = misere;
  return spec;
}

std::vector<GameSpec> every_game() {
  std::vector<GameSpec> games;
  for (const bool misere : {false, true}) {
    for (const HeapGame& game :
         {octal_game({0, 7, 7}), octal_game({0, 1, 3, 7}), subtraction_game({1, 3, 4}),
          all_but_subtraction_game({2, 5}), grundys_game()})
      games.push_back(spec_of(GameSpec::Kind::take_and_break, misere, game));
    for (const auto kind : {GameSpec::Kind::nim, GameSpec::Kind::moore, GameSpec::Kind::wythoff,
                            GameSpec::Kind::staircase, GameSpec::Kind::lasker})
      games.push_back(spec_of(kind, misere));
  }
  return games;
}

// The starts of a game's tests: 2 heaps for Wythoff's game, 3 for the others.
std::vector<Small> starts_of(const GameSpec& spec) {
  std::vector<Small> starts;
  const std::size_t heaps = spec.kind == GameSpec::Kind::wythoff ? 2 : 3;
  SplitMix64 rng(15);
  while (starts.size() < 12)
    starts.push_back(random_start<SmallHeap>(rng, {heaps, heaps}, {0, 7}));
  return starts;
}

// Calls check(game rules, oracle, start) for every game and each of its starts.
template <class Check>
void for_each_game_start(Check check) {
  for (const GameSpec& spec : every_game()) {
    const PreparedGame prepared(spec, 7);
    std::visit(
        [&](const auto& rules) {
          testing::Oracle oracle(rules);
          for (const Small& start : starts_of(spec)) {
            INFO("game ", static_cast<int>(spec.kind), " misere ", spec.misere, " start ", start[0],
                 " ", start[1], " ", start.back());
            check(rules, oracle, start);
          }
        },
        rules_of<SmallHeap>(prepared));
  }
}

TEST_CASE("every game: perfect against perfect wins exactly the starts the oracle says won") {
  std::uint64_t games = 0;
  for_each_game_start([&](const auto& rules, auto& oracle, const Small& start) {
    GameSolver solver(rules, 1'000'000);
    const auto game = play_game(solver, start, perfect, perfect, 1);
    check_game_against_oracle(rules, oracle, start, game);
    CHECK((game.winner == Player::first) == oracle.winning(start, rules.misere));
    for (const auto& played : game.moves)
      CHECK(played.optimal);
    ++games;
  });
  CHECK(games == 20 * 12);
}

TEST_CASE("every game: random and difficulty agents, every verdict the oracle's") {
  const BuiltInAgent half{.kind = BuiltInAgent::Kind::difficulty, .perfect = 0.5};
  std::uint64_t seed = 0;
  std::uint64_t blunders = 0;
  for_each_game_start([&](const auto& rules, auto& oracle, const Small& start) {
    GameSolver solver(rules, 1'000'000);
    for (const auto& [first, second] :
         {std::pair{random_agent, perfect}, std::pair{half, random_agent}}) {
      const auto game = play_game(solver, start, first, second, ++seed);
      check_game_against_oracle(rules, oracle, start, game);
      for (const auto& played : game.moves)
        blunders += played.optimal ? 0 : 1;
    }
  });
  CHECK(blunders > 100);  // the checks above saw both verdicts
}

TEST_CASE("Kayles: a proposed move is judged, an illegal one loses, a fault loses") {
  const PreparedGame kayles(spec_of(GameSpec::Kind::take_and_break, false), 7);
  GameSolver solver(std::get<TakeAndBreakRules<SmallHeap>>(rules_of<SmallHeap>(kayles)), 1000);
  const ProposedGameMove split{big_move(0, BigHeap(1), {{BigHeap(1), BigHeap(4)}})};
  const ProposedGameMove three{big_move(1, BigHeap(3))};  // Kayles takes 1 or 2
  Scripted agents{{split, three}};
  const auto game = play_match_game(solver, Small{6, 4}, 1000, agents);
  REQUIRE(game.moves.size() == 1);
  CHECK(game.moves[0].move == GameMove<SmallHeap>{{{0, 1}}, {{1, 4}}});
  CHECK(game.moves[0].from_won);       // 6 4: values 3 and 1
  CHECK_FALSE(game.moves[0].optimal);  // 1 4 4: values 1, 1 and 1, a won position
  CHECK(game.termination == Termination::illegal_move);
  REQUIRE(game.illegal.has_value());
  CHECK(game.illegal->move == three.move);
  CHECK(game.winner == Player::first);
  CHECK(game.end == Small{1, 4, 4});

  SUBCASE("a count no heap holds is illegal, not a crash") {
    Scripted huge{{ProposedGameMove{{{{0, BigHeap("1" + std::string(40, '0'))}}, std::nullopt}}}};
    const auto lost = play_match_game(solver, Small{6, 4}, 1000, huge);
    CHECK(lost.termination == Termination::illegal_move);
    CHECK(lost.moves.empty());
    CHECK(lost.winner == Player::second);
  }
  SUBCASE("a fault") {
    Scripted faulty{{AgentFault{Termination::timeout, "no reply within 5 s"}}};
    const auto lost = play_match_game(solver, Small{6, 4}, 1000, faulty);
    CHECK(lost.termination == Termination::timeout);
    CHECK(lost.fault == "no reply within 5 s");
    CHECK(lost.faulty() == Player::first);
  }
  SUBCASE("at the ply limit, the side exact play says wins") {
    // 6 4 is won for the first mover; after perfect moves, the side to move is lost each time.
    for (std::uint64_t limit : {1, 2, 3}) {
      const auto cut = play_game(solver, Small{6, 4}, perfect, perfect, 1, limit);
      CHECK(cut.termination == Termination::adjudicated);
      CHECK(cut.moves.size() == limit);
      CHECK(cut.winner == Player::first);
    }
  }
  SUBCASE("a start without a move is over before a move is asked for") {
    Scripted none{{}};
    const auto over = play_match_game(solver, Small{0, 0}, 1000, none);
    CHECK(over.moves.empty());
    CHECK(over.winner == Player::second);
    CHECK(over.termination == Termination::normal);
  }
}

}  // namespace
}  // namespace nim
