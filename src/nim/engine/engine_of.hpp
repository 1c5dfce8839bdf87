// The engine of one game: GameEngine's interface answered by the game's solver, strategy,
// playout and explanation. Included only by the translation units that instantiate it, one per
// game and heap type (nim/games/<game>/engine_small.cpp and engine_big.cpp, with the game's
// explain.hpp); the game's row calls them.
#pragma once

#include <memory>
#include <stdexcept>
#include <utility>

#include "nim/engine/game_engine.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_board.hpp"
#include "nim/game_envs_of.hpp"
#include "nim/game_explanation.hpp"
#include "nim/game_playout.hpp"
#include "nim/game_strategy.hpp"
#include "nim/games/game_row.hpp"
#include "nim/grundy_search.hpp"
#include "nim/position_sets.hpp"
#include "nim/stoppable_rules.hpp"
#include "nim/strategy.hpp"

namespace nim {

namespace detail {

// A match's GameBoard, as a program sees it.
template <PlayableGame Game, class Heap = typename Game::Heap>
class BoardOf final : public MatchBoard<Heap> {
 public:
  explicit BoardOf(const GameBoard<Game>& board) : board_(board) {}
  std::span<const Heap> heaps() const override { return board_.heaps(); }

 private:
  const GameBoard<Game>& board_;
};

template <PlayableGame Game, class Heap = typename Game::Heap>
class EngineOf final : public GameEngine<Heap> {
 public:
  using typename GameEngine<Heap>::Heaps;
  using typename GameEngine<Heap>::OnPly;
  using GameEngine<Heap>::analyse;

  EngineOf(Game rules, std::uint64_t search_limit)
      : solver_(rules, search_limit),
        values_(std::move(rules), search_limit),
        search_limit_(search_limit) {}

  void forget() override {
    solver_.forget();
    values_.forget();
    if constexpr (requires(const Game& game) { game.forget(); }) solver_.game().forget();
  }
  void verdict(Heaps position, Verdict<Heap>& verdict) override {
    solver_.verdict(position, verdict);
  }
  bool winning(Heaps position) override { return winning_of(position); }
  void winning_rows(Heaps rows, std::size_t columns, std::span<bool> won) override {
    const bool searched = solver_.game().misere && !solver_.game().knows_misere();
    for (std::size_t r = 0; r < won.size(); ++r) {
      if (searched) solver_.forget();
      won[r] = winning_of(rows.subspan(r * columns, columns));
    }
  }
  void moves_rows(Heaps rows, std::size_t columns,
                  std::span<std::optional<Move<Heap>>> moves) override {
    const bool searched = solver_.game().misere && !solver_.game().knows_misere();
    SplitMix64 unused(0);  // the default strategy draws nothing
    for (std::size_t r = 0; r < moves.size(); ++r) {
      const Heaps position = rows.subspan(r * columns, columns);
      if constexpr (HeapSumRuleset<Game>) {
        moves[r] = choose_move(ScannedPosition(position, solver_.game()), Strategy{}, unused);
      } else {
        if (searched) solver_.forget();
        analyse_game(solver_, position, Strategy{}, unused, WinningMoves::omit, analysis_);
        moves[r].reset();
        if (analysis_.move) moves[r] = as_take(*analysis_.move);
      }
    }
  }
  void analyse(Heaps position, WinningMoves list, GameAnalysis<Heap>& analysis) override {
    analyse_game(solver_, position, list, analysis);
  }
  void analyse(Heaps position, const Strategy& strategy, SplitMix64& rng, WinningMoves list,
               GameAnalysis<Heap>& analysis) override {
    analyse_game(solver_, position, strategy, rng, list, analysis);
  }
  GameMoveVerdict judge(Heaps position, const GameMove<Heap>& move) override {
    return judge_move(solver_, position, move);
  }
  bool is_legal(Heaps position, const GameMove<Heap>& move) const override {
    return solver_.game().is_legal(position, move);
  }
  Position<Heap> after(Heaps position, const GameMove<Heap>& move) const override {
    return nim::after(solver_.game(), position, move);
  }
  std::optional<GameMove<Heap>> random_move(Heaps position, SplitMix64& rng) const override {
    return random_game_move(solver_.game(), position, rng);
  }
  GameExplanation<Heap> explain(const GameAnalysis<Heap>& analysis) const override {
    return explain_game(solver_.game(), analysis);
  }
  void play_out(Heaps start, const Strategy& strategy, SplitMix64& rng, std::uint64_t max_plies,
                WinningMoves list, PlyDetail detail, const OnPly& on_ply) override {
    play_out_game(solver_, start, strategy, rng, max_plies, list, detail, on_ply);
  }
  std::string description() const override { return solver_.game().description(); }
  bool order_free() const override { return solver_.game().order_free(); }
  void require_values_to(const Heap& largest) const override {
    // Only a game whose values are computed (it has a value of one heap) may not know them.
    if constexpr (requires(const Game& game) { game.value(largest); })
      solver_.game().value(largest);
  }
  void check(Heaps position) const override { solver_.game().check(position); }
  bool has_move(Heaps position) const override { return nim::has_move(solver_.game(), position); }
  std::vector<GrundyValue> mex_values(std::span<const Position<Heap>> positions,
                                      std::uint64_t most_positions) const override {
    GrundySearch<Game> search(solver_.game(), most_positions);
    std::vector<GrundyValue> values;
    for (const Position<Heap>& position : positions) {
      try {
        values.push_back(static_cast<GrundyValue>(search.value(position)));
      } catch (const Unanswerable&) {
        break;  // the bound: the values before it stand
      }
    }
    return values;
  }
  std::unique_ptr<OutcomeDrawer<Heap>> outcome_drawer(const Range<std::size_t>& heap_count,
                                                      const Range<Heap>& size) const override {
    if constexpr (HeapSumRuleset<Game>)
      return std::make_unique<OutcomeSampler<Game>>(heap_count, size, solver_.game());
    else
      return nullptr;
  }
  bool for_each_move_from(Heaps position, std::size_t heap,
                          const std::function<bool(const GameMove<Heap>&)>& visit) const override {
    return solver_.game().for_each_move_from(position, heap, visit);
  }
  BigHeap move_count_from(Heaps position, std::size_t heap) const override {
    return solver_.game().move_count_from(position, heap);
  }
  GameMove<Heap> nth_move_from(Heaps position, std::size_t heap, const BigHeap& n) const override {
    return solver_.game().nth_move_from(position, heap, n);
  }
  Heap grundy_value(Heaps position) override {
    if constexpr (has_value_theory) {
      solver_.game().check(position);
      solver_.game().solve(position, verdict_);
      return *verdict_.grundy_sum;
    } else {
      return Heap(values_.value(position));
    }
  }
  GameMove<Heap> move_to_value(Heaps position, const Heap& target) override {
    GameMove<Heap> found;
    if constexpr (has_value_theory) {
      if (solver_.game().move_to_sum(position, target, found)) return found;
    } else {
      const Game& game = solver_.game();
      const bool stopped = !nim::for_each_move(game, position, [&](const GameMove<Heap>& move) {
        if (values_.value(nim::after(game, position, move)) != target) return true;
        found = move;
        return false;
      });
      if (stopped) return found;
    }
    throw std::logic_error("move_to_value: no move reaches the value asked");
  }
  MatchGame<Heap> play_match(const Position<Heap>& start, std::uint64_t max_plies,
                             const std::function<void()>& stop_here,
                             const MatchPlayers<Heap>& players) const override {
    // Play by the theory needs no search, and its board (an index of the heaps) makes a ply cheap,
    // so the check between plies suffices; a misère search gives up inside itself.
    if (solver_.game().misere && !solver_.game().knows_misere())
      return play_match(StoppableRules(solver_.game(), stop_here), start, max_plies, stop_here,
                        players);
    return play_match(solver_.game(), start, max_plies, stop_here, players);
  }
  std::unique_ptr<GameEnvs> environments(const EnvSettings& settings,
                                         std::uint64_t seed) const override {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return std::make_unique<GameEnvsOf<Game>>(solver_.game(), search_limit_, settings, seed);
    else
      throw std::logic_error("environments are played on machine words");
  }

 private:
  bool winning_of(Heaps position) {
    if constexpr (HeapSumRuleset<Game>) {
      return is_winning(ScannedPosition(position, solver_.game()));
    } else {
      solver_.verdict(position, verdict_);
      return verdict_.winning;
    }
  }

  template <PlayableGame Rules>
  MatchGame<Heap> play_match(Rules rules, const Position<Heap>& start, std::uint64_t max_plies,
                             const std::function<void()>& stop_here,
                             const MatchPlayers<Heap>& players) const {
    const std::span<const Heap> heaps(start);
    GameSolver<Rules> solver(std::move(rules), search_limit_);
    // The start answered (or refused) before any move; a heap sum's board answers it itself.
    if constexpr (!HeapSumRuleset<Rules>) solver.verdict(heaps);
    solver.require_searchable(heaps);
    const auto asked = [&](Player mover, const GameBoard<Rules>& board,
                           std::uint64_t ply) -> AgentAnswer<Heap> {
      stop_here();
      if (const auto& agent = players.built_in[side_index(mover)])
        return built_in_game_move(*agent, board, players.strategy, *players.rng);
      return players.ask(mover, BoardOf<Rules>(board), ply);
    };
    return play_match_game(solver, start, max_plies, asked);
  }

  // Whether the game's theory gives a position's Grundy value (its solve()'s grundy_sum, in normal
  // play) and a move to any smaller one; the others' values are searched (values_).
  static constexpr bool has_value_theory =
      requires(const Game& game, std::span<const Heap> heaps, GameMove<Heap>& move) {
    game.move_to_sum(heaps, Heap{}, move);
  };

  GameSolver<Game> solver_;
  GrundySearch<Game> values_;
  std::uint64_t search_limit_;
  Verdict<Heap> verdict_;        // winning()'s, kept for its storage
  GameAnalysis<Heap> analysis_;  // moves_rows()', kept for its storage
};

}  // namespace detail

template <PlayableGame Game>
std::unique_ptr<GameEngine<typename Game::Heap>> engine_of(Game rules, std::uint64_t search_limit) {
  return std::make_unique<detail::EngineOf<Game>>(std::move(rules), search_limit);
}

}  // namespace nim
