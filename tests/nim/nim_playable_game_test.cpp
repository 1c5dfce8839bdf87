// Nim as a PlayableGame (nim/games/nim/nim.hpp): the machinery of the games after Nim (GameSolver,
// analyse_game() under every strategy, judge_move, the match game) answers Nim, normal and misère,
// with and without a cap, on machine words and on GMP heaps, exactly as Nim's own solver and
// strategies do (nim::analyse, check_move, built_in_move): the same verdict, Grundy sum and values,
// the same moves chosen (random ones drawn the same from the same seed), the same winning moves,
// the same match games. Its playouts: nim_playout_test.cpp.
// The oracle checks both against the game tree (game_analysis_test.cpp, solver_test.cpp).
#include "nim/games/nim/nim.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "nim/agent.hpp"
#include "nim/analysis.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_playout.hpp"
#include "nim/game_strategy.hpp"
#include "nim/match_game.hpp"
#include "nim/move_check.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

constexpr std::uint64_t nim_search_bound = 1'000;  // Nim never searches: it knows misère play

template <HeapInteger Heap>
std::optional<GameMove<Heap>> as_game_move(const std::optional<Move<Heap>>& move) {
  if (!move) return std::nullopt;
  return GameMove<Heap>::single(move->heap, move->count);
}

template <HeapInteger Heap>
Position<Heap> heaps_as(const Position<SmallHeap>& position) {
  Position<Heap> heaps;
  for (const SmallHeap h : position)
    heaps.push_back(*narrow<Heap>(to_big(h)));
  return heaps;
}

template <HeapInteger Heap>
NimRules<Heap> rules_on(const NimRules<SmallHeap>& rules) {
  return *rules.template with_heap<Heap>();
}

// One position: the verdict, every strategy's analysis and every move judged, by both stacks.
template <HeapInteger Heap>
void check_as_nim_does(GameSolver<NimRules<Heap>>& solver, const Position<Heap>& position,
                       std::uint64_t seed) {
  const NimRules<Heap>& rules = solver.game();
  const std::span<const Heap> heaps(position);
  const Verdict<Heap> verdict = solver.verdict(heaps);
  const Analysis<NimRules<Heap>> nim = analyse(position, rules, {}, seed, WinningMoves::list);
  REQUIRE(verdict.winning == nim.winning);
  CHECK(verdict.grundy_sum == nim.grundy_sum);
  // Without a cap the values are the heaps themselves; with one, every value here fits a word,
  // read from the heap (modulo K + 1 on machine words) or listed.
  if (!rules.max_take) {
    CHECK(verdict.values_are_heaps);
  } else {
    GameAnalysis<Heap> analysis;
    analysis.position = heaps;
    analysis.verdict = verdict;
    REQUIRE(analysis.has_grundy_values());
    std::size_t i = 0;
    analysis.for_each_grundy_value([&](const auto& value) {
      REQUIRE(i < position.size());
      CHECK(BigHeap(value) == to_big(rules.grundy(position[i++])));
    });
    CHECK(i == position.size());
    CHECK((verdict.heap_modulus != 0) == std::same_as<Heap, SmallHeap>);
  }
  // The theory's move is the solver's first winning move (analyse's with --choose first).
  CHECK(verdict.winning_move == (nim.winning ? as_game_move(nim.move) : std::nullopt));

  for (const Strategy& strategy : testing::all_strategies()) {
    INFO("choice=" << static_cast<int>(strategy.choice)
                   << " when_losing=" << static_cast<int>(strategy.when_losing));
    SplitMix64 rng(seed);
    const GameAnalysis<Heap> game = analyse_game(solver, heaps, strategy, rng, WinningMoves::list);
    const Analysis<NimRules<Heap>> expected =
        analyse(position, rules, strategy, seed, WinningMoves::list);
    CHECK(game.verdict.winning == expected.winning);
    CHECK(game.game_over == expected.game_over);
    REQUIRE(game.move == as_game_move(expected.move));
    REQUIRE(game.winning_moves->size() == expected.winning_moves->size());
    for (std::size_t k = 0; k < game.winning_moves->size(); ++k)
      CHECK((*game.winning_moves)[k] == as_game_move(std::optional((*expected.winning_moves)[k])));
    if (game.move) {
      REQUIRE(game.next_position.size() == position.size());
      for (std::size_t i = 0; i < position.size(); ++i)
        CHECK(game.next_position[i] == expected.heap_after(i));
    }
  }

  // Every count from 0 to one past the heap, on every heap and one past the last: judged alike.
  const ScannedPosition view(position, rules);
  for (std::size_t i = 0; i <= position.size(); ++i) {
    const Heap h = i < position.size() ? position[i] : Heap(1);
    for (Heap count(0); count <= Heap(h + Heap(1)); ++count) {
      const MoveVerdict<Heap> checked = check_move(view, {to_big(i), to_big(count)});
      const GameMoveVerdict judged = judge_move(solver, heaps, GameMove<Heap>::single(i, count));
      INFO("heap " << i << " count " << to_decimal(count));
      CHECK(judged == (checked.illegal != Illegal::none ? GameMoveVerdict::illegal
                       : checked.next_winning           ? GameMoveVerdict::losing
                                                        : GameMoveVerdict::winning));
    }
  }
}

template <HeapInteger Heap>
void check_nim_positions(std::size_t max_heaps, SmallHeap max_size) {
  for (const NimRules<SmallHeap>& small_rules : testing::all_tested_rules()) {
    GameSolver solver(rules_on<Heap>(small_rules), nim_search_bound);
    std::uint64_t seed = 0;
    testing::for_each_position(max_heaps, max_size, [&](const Position<SmallHeap>& position) {
      INFO(testing::describe(position, small_rules));
      check_as_nim_does(solver, heaps_as<Heap>(position), ++seed);
    });
  }
}

TEST_CASE("Nim as a PlayableGame answers as Nim's stack: every position of up to 4 heaps of 6") {
  check_nim_positions<SmallHeap>(4, 6);
}

TEST_CASE("Nim as a PlayableGame on GMP heaps answers as Nim's stack: up to 3 heaps of 6") {
  check_nim_positions<BigHeap>(3, 6);
}

TEST_CASE("Nim as a PlayableGame on heaps of 10^30, and with a cap of 2^64 - 1") {
  const BigHeap huge("1000000000000000000000000000000");
  const std::vector<Position<BigHeap>> positions{
      {huge, BigHeap(huge + 1)},
      {huge, BigHeap(huge * 3), BigHeap(7)},
      {BigHeap(1), BigHeap(huge - 1), BigHeap(huge / 5), BigHeap(0)},
      {huge, huge},
      {BigHeap(1), huge}};
  for (const bool misere : {false, true})
    for (const std::optional<BigHeap>& cap :
         {std::optional<BigHeap>{}, std::optional(BigHeap(3)), std::optional(huge),
          std::optional(BigHeap(to_big(~SmallHeap{0})))}) {
      const NimRules<BigHeap> rules{misere, cap};
      GameSolver solver(rules, nim_search_bound);
      for (const Position<BigHeap>& position : positions) {
        INFO((misere ? "misère" : "normal") << " cap " << (cap ? cap->get_str() : "none"));
        const Verdict<BigHeap> verdict = solver.verdict(position);
        const Analysis<NimRules<BigHeap>> nim = analyse(position, rules, {}, 0);
        CHECK(verdict.winning == nim.winning);
        CHECK(verdict.grundy_sum == nim.grundy_sum);
        CHECK(verdict.winning_move == (nim.winning ? as_game_move(nim.move) : std::nullopt));
        // The heaps' values are the heaps themselves without a cap, of any size; under a cap
        // machine words, or not given at all.
        const bool values_fit = std::ranges::all_of(
            position, [&](const BigHeap& h) { return fits_small(rules.grundy(h)); });
        CHECK(verdict.values_are_heaps == !cap);
        if (cap) CHECK(verdict.grundy_values.has_value() == values_fit);
        // Every winning move listed, and one chosen among them, though a heap has 10^30 moves.
        const Analysis<NimRules<BigHeap>> listed =
            analyse(position, rules, {}, 0, WinningMoves::list);
        std::vector<GameMove<BigHeap>> expected;
        for (const Move<BigHeap>& move : *listed.winning_moves)
          expected.push_back(GameMove<BigHeap>::single(move.heap, move.count));
        const std::span<const BigHeap> heaps(position);
        CHECK(analyse_game(solver, heaps, WinningMoves::list).winning_moves == expected);
        for (const Choice choice : {Choice::random, Choice::largest}) {
          const Strategy strategy{.choice = choice};
          SplitMix64 rng(5);
          CHECK(analyse_game(solver, heaps, strategy, rng).move ==
                as_game_move(analyse(position, rules, strategy, 5).move));
        }
      }
      // A heap's moves: as many as the most one move takes, the last of them that most.
      const Position<BigHeap> one{huge};
      const BigHeap most = rules.most_taken(huge);
      CHECK(rules.move_count_from(one, 0) == most);
      CHECK(rules.nth_move_from(one, 0, BigHeap(most - 1)) == GameMove<BigHeap>::single(0, most));
      CHECK(rules.is_legal(one, GameMove<BigHeap>::single(0, most)));
      CHECK_FALSE(rules.is_legal(one, GameMove<BigHeap>::single(0, BigHeap(most + 1))));
    }
  // The game in words, for messages (Nim's are never needed: it knows misère play).
  CHECK(NimRules<SmallHeap>{}.description() == "Nim");
  CHECK(NimRules<BigHeap>{true, huge}.description() ==
        "Nim with at most 1000000000000000000000000000000 taken a move");
  // A cap of 2^64 - 1 on machine words: the last move of the largest heap is visited, once.
  const NimRules<SmallHeap> capped{false, ~SmallHeap{0}};
  const Position<SmallHeap> largest{~SmallHeap{0}};
  CHECK(capped.move_count_from(largest, 0) == to_big(~SmallHeap{0}));
  CHECK(capped.nth_move_from(largest, 0, to_big(~SmallHeap{0} - 1)) ==
        GameMove<SmallHeap>::single(0, ~SmallHeap{0}));
}

// A match game between built-in agents, played on the games' board, makes the moves Nim's own
// built-in agents make on Nim's view of the position (strategy.hpp), drawn the same.
template <HeapInteger Heap>
void check_match_games_agree(GameSolver<NimRules<Heap>>& solver, const Position<Heap>& start,
                             const BuiltInAgent& first, const BuiltInAgent& second,
                             const Strategy& strategy, std::uint64_t seed,
                             std::uint64_t max_plies) {
  SplitMix64 rng(seed);
  auto ask = [&](Player mover, const GameBoard<NimRules<Heap>>& board, std::uint64_t) {
    const BuiltInAgent& agent = mover == Player::first ? first : second;
    return AgentAnswer<Heap>(built_in_game_move(agent, board, strategy, rng));
  };
  const MatchGame<Heap> game = play_match_game(solver, start, max_plies, ask);
  SplitMix64 nim_rng(seed);
  Position<Heap> board = start;
  for (std::size_t k = 0; k < game.moves.size(); ++k) {
    const BuiltInAgent& agent = k % 2 == 0 ? first : second;
    const Move<Heap> expected =
        built_in_move(agent, ScannedPosition(board, solver.game()), strategy, nim_rng);
    CHECK(game.moves[k].move == GameMove<Heap>::single(expected.heap, expected.count));
    board[expected.heap] -= expected.count;
  }
  CHECK(game.end == board);
  const bool over = std::ranges::all_of(board, [](const Heap& h) { return is_zero(h); });
  CHECK(game.termination == (over ? Termination::normal : Termination::adjudicated));
  if (!over) CHECK(game.moves.size() == max_plies);
}

template <HeapInteger Heap>
void check_nim_match_games(std::size_t max_heaps, SmallHeap max_size) {
  const BuiltInAgent perfect{.kind = BuiltInAgent::Kind::perfect};
  const BuiltInAgent random{.kind = BuiltInAgent::Kind::random};
  const BuiltInAgent half{.kind = BuiltInAgent::Kind::difficulty, .perfect = 0.5};
  for (const NimRules<SmallHeap>& small_rules : testing::all_tested_rules()) {
    GameSolver solver(rules_on<Heap>(small_rules), nim_search_bound);
    std::uint64_t seed = 0;
    testing::for_each_position(max_heaps, max_size, [&](const Position<SmallHeap>& start) {
      for (const Strategy& strategy : testing::all_strategies())
        for (const auto& agents :
             {std::pair{perfect, perfect}, std::pair{random, perfect}, std::pair{half, random}}) {
          // Named copies, not structured bindings: clang will not capture those in INFO's lambda.
          const BuiltInAgent& first = agents.first;
          const BuiltInAgent& second = agents.second;
          INFO(testing::describe(start, small_rules, strategy)
               << " agents " << static_cast<int>(first.kind) << " "
               << static_cast<int>(second.kind));
          ++seed;
          check_match_games_agree(solver, heaps_as<Heap>(start), first, second, strategy, seed,
                                  1000);
          check_match_games_agree(solver, heaps_as<Heap>(start), first, second, strategy, seed, 2);
        }
    });
  }
}

TEST_CASE("Nim's match game as a PlayableGame plays Nim's match game: up to 3 heaps of 5") {
  check_nim_match_games<SmallHeap>(3, 5);
}

TEST_CASE("Nim's match game as a PlayableGame on GMP heaps plays Nim's: up to 2 heaps of 5") {
  check_nim_match_games<BigHeap>(2, 5);
}

}  // namespace
}  // namespace nim
