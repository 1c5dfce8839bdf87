// Games for reinforcement learning: a batch of games of one game (one game for an environment, N
// for a vectorised one), each played by a caller (the learner, or both players in self-play) and
// the built-in agents (nim/agent.hpp) of the seats the settings give them. A move is an action id,
// (take - 1) * max_heaps + heap, the same id for the same move whatever the heap count drawn, so
// only a game whose every move takes from one heap (moves_take_from_one_heap()) has them. The
// game's engine makes them (GameEngine::environments(), nim/game_envs_of.hpp), so that a batch is
// stepped by the game's own code, one virtual call a batch.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/agent.hpp"
#include "nim/position.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"

namespace nim {

struct EnvSettings {
  // Where each game starts: always these heaps, or heap_count heaps of sizes in `size`, drawn.
  std::optional<Position<SmallHeap>> heaps;
  Range<std::size_t> heap_count{1, 1};
  Range<SmallHeap> size{0, 0};
  std::size_t max_heaps = 1;  // the observation's length and the action ids' stride
  SmallHeap most_heap = 0;    // the largest heap a position may hold (the observation's bound)
  SmallHeap most_take = 1;    // the largest take an action id names
  // The built-in agent of each seat (seat 0 moves first); none: the caller moves for that seat.
  std::array<std::optional<BuiltInAgent>, 2> agents{};
  std::size_t games = 1;

  std::size_t action_count() const { return max_heaps * most_take; }
};

// One game of a batch as a value: what a saved state holds of it.
struct EnvGame {
  Position<SmallHeap> heaps;
  int to_move = 0;    // the seat to move
  bool over = false;  // no legal move is left, or the caller's illegal move lost the game
  int winner = -1;    // the seat that won, once over
  std::int64_t agent_action = -1;  // the last built-in agent's move since the caller's; -1: none
};

// A game of a batch beside its heaps (EnvGame's fields), 16 bytes.
struct EnvStatus {
  std::int64_t agent_action = -1;
  std::uint32_t count = 0;  // its heaps: the first `count` of its row, the rest 0
  std::int8_t to_move = 0;
  bool over = false;
  std::int8_t winner = -1;
};

class GameEnvs {
 public:
  virtual ~GameEnvs() = default;

  virtual std::unique_ptr<GameEnvs> clone() const = 0;

  const EnvSettings& settings() const { return settings_; }
  std::size_t size() const { return status_.size(); }
  const EnvStatus& status(std::size_t i) const { return status_[i]; }
  // Game i's heaps (its row without the padding).
  std::span<const SmallHeap> heaps(std::size_t i) const {
    return {heaps_.data() + i * settings_.max_heaps, status_[i].count};
  }
  EnvGame game(std::size_t i) const {
    const EnvStatus& s = status_[i];
    const std::span<const SmallHeap> h = heaps(i);
    return {Position<SmallHeap>(h.begin(), h.end()), s.to_move, s.over, s.winner, s.agent_action};
  }
  std::uint64_t rng_state() const { return rng_.state(); }
  void seed(std::uint64_t seed) { rng_ = SplitMix64(seed); }

  // The heaps of game i, padded with 0 to max_heaps (out holds max_heaps).
  void observe(std::size_t i, std::span<std::int64_t> out) const {
    std::copy_n(heaps_.data() + i * settings_.max_heaps, out.size(), out.data());
  }

  // A saved state made again: false (nothing changed) when a game could not have been reached
  // under the settings (more heaps than max_heaps, a heap beyond most_heap, no seat 0 or 1, a game
  // with no move left and no winner).
  bool restore(std::vector<EnvGame> games, std::uint64_t rng_state) {
    if (games.size() != status_.size()) return false;
    for (EnvGame& g : games) {
      if (g.heaps.size() > settings_.max_heaps || (g.to_move != 0 && g.to_move != 1) ||
          g.winner < -1 || g.winner > 1 || g.agent_action < -1)
        return false;
      for (const SmallHeap h : g.heaps)
        if (h > settings_.most_heap) return false;
      g.over = g.winner >= 0;
      if (!g.over && !has_move(g.heaps)) return false;
    }
    const std::size_t width = settings_.max_heaps;
    std::fill(heaps_.begin(), heaps_.end(), SmallHeap{0});
    for (std::size_t i = 0; i < games.size(); ++i) {
      const EnvGame& g = games[i];
      std::copy(g.heaps.begin(), g.heaps.end(), heaps_.begin() + i * width);
      status_[i] = {g.agent_action, static_cast<std::uint32_t>(g.heaps.size()),
                    static_cast<std::int8_t>(g.to_move), g.over,
                    static_cast<std::int8_t>(g.winner)};
    }
    rng_ = SplitMix64(rng_state);
    return true;
  }

  // A new game i: a start drawn again until the caller has a move to make once the agents before
  // it have moved (std::invalid_argument when none comes in many draws).
  virtual void reset(std::size_t i) = 0;
  // The caller's move in game i, then the agents' until the caller is to move or the game is over.
  // Throws std::invalid_argument, changing nothing, for an action that is no id, a game over, or a
  // game where a built-in agent is to move; an illegal action too, unless `illegal_loses`: the
  // caller then loses the game at once, and play() returns false.
  virtual bool play(std::size_t i, std::int64_t action, bool illegal_loses) = 0;
  // Game i's legal actions as 1s among action_count() 0s.
  virtual void mask(std::size_t i, std::span<std::uint8_t> out) const = 0;

  // The vectorised step: actions[i] is seat `seat`'s move in game i, every action checked before
  // any is played (std::invalid_argument naming the game), as play() checks it; then the agents
  // answer, and a game that ends gives reward[i] +1 (seat `seat` won) or -1 and starts again at
  // once (terminated[i] 1). observations: size() * max_heaps heaps after the step; masks (unless
  // empty): size() * action_count() marks of the legal actions after it, as mask() writes them.
  virtual void step(std::span<const std::int64_t> actions, int seat, bool illegal_loses,
                    std::span<std::int64_t> observations, std::span<double> rewards,
                    std::span<std::uint8_t> terminated, std::span<std::uint8_t> masks) = 0;

 protected:
  GameEnvs(EnvSettings settings, std::uint64_t seed)
      : settings_(std::move(settings)),
        heaps_(settings_.games * settings_.max_heaps),
        status_(settings_.games),
        rng_(seed) {}
  virtual bool has_move(std::span<const SmallHeap> heaps) const = 0;

  EnvSettings settings_;
  // Every game's heaps in one array, a row of max_heaps a game padded with 0 (as observe() gives
  // them): the vectorised step reads and writes them in order, and copies a row out whole.
  std::vector<SmallHeap> heaps_;
  std::vector<EnvStatus> status_;
  SplitMix64 rng_;
};

}  // namespace nim
