// GameEnvs (nim/game_envs.hpp) played by one game's own code: its moves, its judge of a move and
// the built-in agents' moves, as built_in_game_move() draws them in a match (the perfect move is
// analyse_game()'s with the default strategy, Nim's choose_move() for a sum of heap values).
// Included only by the engine's translation units (nim/engine/engine_of.hpp), one per game.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "nim/game_envs.hpp"
#include "nim/game_solver.hpp"
#include "nim/game_strategy.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"
#include "nim/sampling.hpp"
#include "nim/strategy.hpp"

namespace nim {

template <PlayableGame Game>
class GameEnvsOf final : public GameEnvs {
 public:
  GameEnvsOf(Game rules, std::uint64_t search_limit, EnvSettings settings, std::uint64_t seed)
      : GameEnvs(std::move(settings), seed),
        solver_(std::move(rules), search_limit),
        sampler_(settings_.heap_count, settings_.size) {}

  std::unique_ptr<GameEnvs> clone() const override { return std::make_unique<GameEnvsOf>(*this); }

  void reset(std::size_t i) override {
    // A random agent moving first may end a short game, and a drawn start may have no move: drawn
    // again, within a bound that a start which always ends so reaches at once.
    constexpr int most_draws = 10'000;
    EnvGame& g = games_[i];
    for (int draw = 0; draw < most_draws; ++draw) {
      if (settings_.heaps)
        g.heaps = *settings_.heaps;
      else
        sampler_.draw(rng_, g.heaps);
      g = EnvGame{std::move(g.heaps)};
      g.over = !has_move(g.heaps);
      agents_move(g);
      if (!g.over) return;
      if (settings_.heaps && !settings_.agents[0]) break;  // the same start, the same end
    }
    throw std::invalid_argument(
        "no start leaves the caller a move: every start drawn was over before the caller's first "
        "move");
  }

  bool play(std::size_t i, std::int64_t action, bool illegal_loses) override {
    EnvGame& g = games_[i];
    if (refused(g, action, illegal_loses)) throw std::invalid_argument(refusal(g, action));
    g.agent_action = -1;
    if (!legal(g, static_cast<std::uint64_t>(action))) {
      forfeit(g);
      return false;
    }
    apply(g, static_cast<std::uint64_t>(action));
    agents_move(g);
    return true;
  }

  void mask(std::size_t i, std::span<std::uint8_t> out) const override {
    std::fill(out.begin(), out.end(), std::uint8_t{0});
    const EnvGame& g = games_[i];
    if (g.over) return;
    const Game& game = solver_.game();
    const std::span<const SmallHeap> heaps(g.heaps);
    // Held in locals: the marks' stores could otherwise be the settings' for all the compiler
    // knows, and the settings would be read again at each mark.
    const std::size_t stride = settings_.max_heaps;
    const SmallHeap most_take = settings_.most_take;
    const auto mark = [&](std::size_t heap, SmallHeap take) {
      // most_take bounds every take of the game's heaps up to most_heap (its settings say so).
      if (take > most_take) throw std::logic_error("a move takes beyond most_take");
      out[(take - 1) * stride + heap] = 1;
    };
    for (std::size_t h = 0; h < heaps.size(); ++h) {
      if constexpr (Ruleset<Game>) {
        // A ruleset's moves in a heap are the counts up to most_taken() that it allows. The
        // rules are copied (a cap and misère play), to be read from registers.
        const Game rules = game;
        const SmallHeap heap = heaps[h], most = rules.most_taken(heap);
        if (most > 0) mark(h, most);  // checks the largest once
        std::uint8_t* marks = out.data() + h;
        for (SmallHeap take = 1; take <= most; ++take, marks += stride)
          *marks = rules.allows(heap, take);
      } else {
        game.for_each_move_from(heaps, h, [&](const GameMove<SmallHeap>& move) {
          mark(h, move.takes.front().count);
          return true;
        });
      }
    }
  }

  void step(std::span<const std::int64_t> actions, int seat, bool illegal_loses,
            std::span<std::int64_t> observations, std::span<double> rewards,
            std::span<std::uint8_t> terminated, std::span<std::uint8_t> masks) override {
    for (std::size_t i = 0; i < games_.size(); ++i)
      if (refused(games_[i], actions[i], illegal_loses))
        throw std::invalid_argument("game " + std::to_string(i) + ": " +
                                    refusal(games_[i], actions[i]));
    const std::size_t width = settings_.max_heaps;
    for (std::size_t i = 0; i < games_.size(); ++i) {
      EnvGame& g = games_[i];
      const auto action = static_cast<std::uint64_t>(actions[i]);
      g.agent_action = -1;
      if (legal(g, action)) {
        apply(g, action);
        agents_move(g);
      } else {
        forfeit(g);
      }
      rewards[i] = 0;
      terminated[i] = g.over;
      if (g.over) {
        rewards[i] = g.winner == seat ? 1 : -1;
        reset(i);
      }
      observe(i, observations.subspan(i * width, width));
      if (!masks.empty()) mask(i, masks.subspan(i * actions_, actions_));
    }
  }

 protected:
  bool has_move(std::span<const SmallHeap> heaps) const override {
    if constexpr (Ruleset<Game>) {
      const Game& game = solver_.game();
      return std::ranges::any_of(heaps, [&](SmallHeap h) {
        for (SmallHeap take = 1, most = game.most_taken(h); take <= most; ++take)
          if (game.allows(h, take)) return true;
        return false;
      });
    } else {
      return nim::has_move(solver_.game(), heaps);
    }
  }

 private:
  std::size_t heap_of(std::uint64_t action) const { return action % settings_.max_heaps; }
  SmallHeap take_of(std::uint64_t action) const { return action / settings_.max_heaps + 1; }

  // Whether the caller cannot play `action` in game g (an illegal move too, unless it loses).
  bool refused(const EnvGame& g, std::int64_t action, bool illegal_loses) const {
    return g.over || settings_.agents[static_cast<std::size_t>(g.to_move)] || action < 0 ||
           static_cast<std::uint64_t>(action) >= actions_ ||
           (!illegal_loses && !legal(g, static_cast<std::uint64_t>(action)));
  }

  // Why, when refused().
  std::string refusal(const EnvGame& g, std::int64_t action) const {
    if (g.over) return "the game is over: call reset()";
    if (settings_.agents[static_cast<std::size_t>(g.to_move)])
      return "a built-in agent is to move, not the caller";
    if (action < 0) return "action " + std::to_string(action) + " is negative";
    const auto n = static_cast<std::uint64_t>(action);
    if (n >= actions_)
      return "action " + std::to_string(action) + " is not below " + std::to_string(actions_) +
             ", the number of actions";
    return "action " + std::to_string(action) + " (take " + std::to_string(take_of(n)) +
           " from heap " + std::to_string(heap_of(n)) + ") is not legal here";
  }

  // The caller's illegal move: it loses.
  void forfeit(EnvGame& g) {
    g.over = true;
    g.winner = 1 - g.to_move;
  }

  bool legal(const EnvGame& g, std::uint64_t action) const {
    const std::size_t heap = heap_of(action);
    if (heap >= g.heaps.size()) return false;
    const SmallHeap take = take_of(action);
    if constexpr (Ruleset<Game>)
      return take <= solver_.game().most_taken(g.heaps[heap]) &&
             solver_.game().allows(g.heaps[heap], take);
    else
      return solver_.game().is_legal(g.heaps, GameMove<SmallHeap>::single(heap, take));
  }

  void apply(EnvGame& g, std::uint64_t action) {
    if constexpr (Ruleset<Game>)
      g.heaps[heap_of(action)] -= take_of(action);  // a ruleset's move only takes
    else
      solver_.game().apply(g.heaps, GameMove<SmallHeap>::single(heap_of(action), take_of(action)));
    g.to_move = 1 - g.to_move;
    g.over = !has_move(g.heaps);
    // The player to move at the end lost in normal play (the other made the last move).
    if (g.over) g.winner = solver_.game().misere ? g.to_move : 1 - g.to_move;
  }

  // The built-in agents' moves until the caller is to move or the game is over.
  void agents_move(EnvGame& g) {
    while (!g.over) {
      const auto& agent = settings_.agents[static_cast<std::size_t>(g.to_move)];
      if (!agent) return;
      const Move<SmallHeap> move = agent_move(*agent, g.heaps);
      const std::uint64_t action = (move.count - 1) * settings_.max_heaps + move.heap;
      g.agent_action = static_cast<std::int64_t>(action);
      apply(g, action);
    }
  }

  // built_in_game_move()'s draws, on the heaps as they are.
  Move<SmallHeap> agent_move(const BuiltInAgent& agent, std::span<const SmallHeap> heaps) {
    const bool perfect =
        agent.kind == BuiltInAgent::Kind::perfect ||
        (agent.kind == BuiltInAgent::Kind::difficulty && chance(rng_, agent.perfect));
    if constexpr (HeapSumRuleset<Game>) {
      const ScannedPosition view(heaps, solver_.game());
      return *(perfect ? choose_move(view, Strategy{}, rng_) : random_move(view, rng_));
    } else {
      if (!perfect) return as_take(*random_game_move(solver_.game(), heaps, rng_));
      analyse_game(solver_, heaps, Strategy{}, rng_, WinningMoves::omit, analysis_);
      return as_take(*analysis_.move);
    }
  }

  GameSolver<Game> solver_;
  PositionSampler<SmallHeap> sampler_;
  std::size_t actions_ = settings_.action_count();
  GameAnalysis<SmallHeap> analysis_;  // the perfect agent's, kept for its storage
};

}  // namespace nim
