// GameEnvs (nim/game_envs.hpp) played by one game's own code: its moves, its judge of a move and
// the built-in agents' moves, as built_in_game_move() draws them in a match (the perfect move is
// analyse_game()'s with the default strategy, Nim's choose_move() for a sum of heap values).
// Included only by the engine's translation units (nim/engine/engine_of.hpp), one per game.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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
        sampler_(settings_.heap_count, settings_.size) {
    if constexpr (Ruleset<Game>) make_takes_table();
  }

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
    const auto [heap, take] = decoded(static_cast<std::uint64_t>(action));
    if (!legal(g, heap, take)) {
      forfeit(g);
      return false;
    }
    apply(g, heap, take);
    agents_move(g);
    return true;
  }

  void mask(std::size_t i, std::span<std::uint8_t> out) const override {
    const EnvGame& g = games_[i];
    if (!marks_.empty() && !g.over) return mask_from_marks(g, out.data(), actions_);
    std::fill(out.begin(), out.end(), std::uint8_t{0});
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
    // The sizes and the games' storage held in locals: a mark's store (a byte) could otherwise be
    // any of them for all the compiler knows, and they would be read again after each.
    const std::size_t width = settings_.max_heaps, games = games_.size();
    EnvGame* const game = games_.data();
    for (std::size_t i = 0; i < games; ++i) {
      EnvGame& g = game[i];
      const auto [heap, take] = decoded(static_cast<std::uint64_t>(actions[i]));
      g.agent_action = -1;
      if (legal(g, heap, take)) {
        apply(g, heap, take);
        agents_move(g);
      } else {
        forfeit(g);
      }
      terminated[i] = g.over;
      rewards[i] = !g.over ? 0 : g.winner == seat ? 1 : -1;
      if (g.over) reset(i);
      const std::size_t count = g.heaps.size();
      const SmallHeap* const heaps = g.heaps.data();
      std::int64_t* const row = observations.data() + i * width;
      for (std::size_t h = 0; h < count; ++h)
        row[h] = static_cast<std::int64_t>(heaps[h]);
      std::fill(row + count, row + width, std::int64_t{0});
      if (masks.empty()) continue;
      // A whole word of marks where the masks have room for it: what lies past this game's is
      // the next games', written after it.
      if (!marks_.empty() && !g.over && (i + 1) * actions_ + sizeof(Marks) <= masks.size())
        mask_from_marks(g, masks.data() + i * actions_, sizeof(Marks));
      else
        mask(i, masks.subspan(i * actions_, actions_));
    }
  }

 protected:
  bool has_move(std::span<const SmallHeap> heaps) const override {
    if constexpr (Ruleset<Game>) {
      if (!takes_.empty())
        return std::ranges::any_of(heaps, [&](SmallHeap h) { return movable_[h] != 0; });
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
  // An action id as its heap and its take, by one division.
  struct Take {
    std::size_t heap;
    SmallHeap take;
  };
  Take decoded(std::uint64_t action) const {
    const std::size_t width = settings_.max_heaps;
    return {action % width, action / width + 1};
  }

  // Whether the caller cannot play `action` in game g (an illegal move too, unless it loses).
  bool refused(const EnvGame& g, std::int64_t action, bool illegal_loses) const {
    if (g.over || settings_.agents[static_cast<std::size_t>(g.to_move)] || action < 0 ||
        static_cast<std::uint64_t>(action) >= actions_)
      return true;
    if (illegal_loses) return false;
    const auto [heap, take] = decoded(static_cast<std::uint64_t>(action));
    return !legal(g, heap, take);
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
    const auto [heap, take] = decoded(n);
    return "action " + std::to_string(action) + " (take " + std::to_string(take) + " from heap " +
           std::to_string(heap) + ") is not legal here";
  }

  // The caller's illegal move: it loses.
  void forfeit(EnvGame& g) {
    g.over = true;
    g.winner = 1 - g.to_move;
  }

  // Whether taking `take` (at most most_take) from heap `heap` is legal in game g.
  bool legal(const EnvGame& g, std::size_t heap, SmallHeap take) const {
    if (heap >= g.heaps.size()) return false;
    if constexpr (Ruleset<Game>) {
      if (!takes_.empty()) return takes_[g.heaps[heap] * settings_.most_take + (take - 1)] != 0;
      return take <= solver_.game().most_taken(g.heaps[heap]) &&
             solver_.game().allows(g.heaps[heap], take);
    } else {
      return solver_.game().is_legal(g.heaps, GameMove<SmallHeap>::single(heap, take));
    }
  }

  void apply(EnvGame& g, std::size_t heap, SmallHeap take) {
    if constexpr (Ruleset<Game>)
      g.heaps[heap] -= take;  // a ruleset's move only takes
    else
      solver_.game().apply(g.heaps, GameMove<SmallHeap>::single(heap, take));
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
      g.agent_action =
          static_cast<std::int64_t>((move.count - 1) * settings_.max_heaps + move.heap);
      apply(g, move.heap, move.count);
    }
  }

  // A ruleset's legal takes of every heap size up to most_heap, when they are few enough to keep:
  // the judge of a move and the end of a game then read them instead of the rules; and where a
  // game's mask is at most 64 marks, each heap's marks as words to OR together.
  void make_takes_table() {
    constexpr std::size_t most_bytes = std::size_t{1} << 16;
    const std::size_t takes = settings_.most_take, width = settings_.max_heaps;
    if (settings_.most_heap >= most_bytes / takes) return;
    const Game& rules = solver_.game();
    const std::size_t sizes = settings_.most_heap + 1;
    takes_.assign(sizes * takes, 0);
    movable_.assign(sizes, 0);
    for (SmallHeap size = 0; size < sizes; ++size) {
      const SmallHeap most = rules.most_taken(size);
      // most_take bounds every take of the game's heaps up to most_heap (its settings say so).
      if (most > settings_.most_take) throw std::logic_error("a move takes beyond most_take");
      for (SmallHeap take = 1; take <= most; ++take) {
        const bool allowed = rules.allows(size, take);
        takes_[size * takes + (take - 1)] = allowed;
        movable_[size] |= allowed;
      }
    }
    if (actions_ > sizeof(Marks) || width * sizes * sizeof(Marks) > most_bytes) return;
    marks_.assign(width * sizes, Marks{});
    for (std::size_t h = 0; h < width; ++h)
      for (std::size_t size = 0; size < sizes; ++size) {
        auto* bytes = reinterpret_cast<std::uint8_t*>(marks_[h * sizes + size].data());
        for (std::size_t take = 1; take <= takes; ++take)
          bytes[(take - 1) * width + h] = takes_[size * takes + (take - 1)];
      }
  }

  // mask() of a game not over, from marks_: its heaps' marks ORed, a word at a time (all 8 words,
  // which the compiler makes a few vector ORs), `bytes` of them written (actions_ or more).
  void mask_from_marks(const EnvGame& g, std::uint8_t* out, std::size_t bytes) const {
    const std::size_t sizes = settings_.most_heap + 1;
    Marks marks{};
    const Marks* heap_marks = marks_.data();
    for (const SmallHeap size : g.heaps) {
      const Marks& add = heap_marks[size];
      for (std::size_t w = 0; w < marks.size(); ++w)
        marks[w] |= add[w];
      heap_marks += sizes;
    }
    if (bytes == sizeof(Marks))
      std::memcpy(out, marks.data(), sizeof(Marks));  // a few stores, not a call
    else
      std::memcpy(out, marks.data(), bytes);
  }

  // built_in_game_move()'s draws, on the heaps as they are.
  Move<SmallHeap> agent_move(const BuiltInAgent& agent, std::span<const SmallHeap> heaps) {
    const bool perfect =
        agent.kind == BuiltInAgent::Kind::perfect ||
        (agent.kind == BuiltInAgent::Kind::difficulty && chance(rng_, agent.perfect));
    if constexpr (HeapSumRuleset<Game>) {
      if (perfect && solver_.game().values_are_sizes())
        return first_nim_move(heaps, solver_.game().misere);
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
  // A ruleset's takes_[size * most_take + take - 1]: 1 where the take is legal; empty where the
  // table would be large (make_takes_table()). movable_[size]: 1 where some take is.
  std::vector<std::uint8_t> takes_, movable_;
  // A game's mask is the OR of its heaps' marks: marks_[heap * (most_heap + 1) + size], where a
  // mask is at most 64 marks (and the table small); else empty.
  using Marks = std::array<std::uint64_t, 8>;
  std::vector<Marks> marks_;
};

}  // namespace nim
