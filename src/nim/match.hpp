// A match between agents: its schedule (every pair of agents plays each start position twice,
// once with each agent moving first), the seeds that make every game reproducible whatever order
// the games are played in, the start positions drawn from the seed, and the names that tell
// agents with the same spec apart.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nim/player.hpp"
#include "nim/position.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"

namespace nim {

struct ScheduledGame {
  std::uint64_t number = 0;  // 1-based, in match order
  std::size_t first = 0;     // the agent that moves first, as an index into the match's agents
  std::size_t second = 0;    // its opponent
  std::uint64_t start = 0;   // the start position, 0-based; the same starts for every pair

  // The agent that plays `side`.
  std::size_t agent(Player side) const { return side == Player::first ? first : second; }
};

// How many pairs `agents` agents make: each plays each other once (a round robin).
inline std::uint64_t pair_count(std::size_t agents) {
  return agents < 2 ? 0 : std::uint64_t{agents} * (agents - 1) / 2;
}

// Pairs play in order (0,1), (0,2), ..., (1,2), ...; each plays games_per_pair (even) games in
// twos: start k with the pair's first agent moving first, then start k with the other one first.
// Whether agents a < b play each other: every pair in a round robin (gauntlet 0); in a gauntlet
// of the first N agents, each of those plays every other agent, and the others none of each other.
inline bool plays_each_other(std::size_t a, [[maybe_unused]] std::size_t b, std::size_t gauntlet) {
  return gauntlet == 0 || a < gauntlet;
}

class Schedule {
 public:
  Schedule(std::size_t agents, std::uint64_t games_per_pair, std::size_t gauntlet = 0)
      : games_per_pair_(games_per_pair) {
    for (std::size_t a = 0; a < agents; ++a)
      for (std::size_t b = a + 1; b < agents; ++b)
        if (plays_each_other(a, b, gauntlet)) pairs_.emplace_back(a, b);
  }

  std::uint64_t games() const { return pairs_.size() * games_per_pair_; }
  std::uint64_t starts() const { return games_per_pair_ / 2; }  // start positions per pair

  // The game of 0-based index `index` < games().
  ScheduledGame game(std::uint64_t index) const {
    const auto& [a, b] = pairs_[index / games_per_pair_];
    const std::uint64_t within = index % games_per_pair_;
    const bool swapped = within % 2 == 1;
    return {.number = index + 1,
            .first = swapped ? b : a,
            .second = swapped ? a : b,
            .start = within / 2};
  }

 private:
  std::vector<std::pair<std::size_t, std::size_t>> pairs_;
  std::uint64_t games_per_pair_;
};

// The seeds of each start position and of each game's random choices, drawn from the match's
// seed by position in two independent streams: a game's randomness depends only on the seed and
// its index, so games played in parallel, in any order, are the games played one by one.
class MatchSeeds {
 public:
  explicit MatchSeeds(std::uint64_t seed) : starts_(nth_draw(seed, 0)), games_(nth_draw(seed, 1)) {}

  std::uint64_t start(std::uint64_t start_index) const { return nth_draw(starts_, start_index); }
  std::uint64_t game(std::uint64_t game_index) const { return nth_draw(games_, game_index); }

 private:
  std::uint64_t starts_;
  std::uint64_t games_;
};

// A random start position: random_position() drawn again until `playable` says it has a move, so
// that the starts are random_position's draws that have one, each as likely as before. Some
// position of the ranges must be playable, or this never returns.
template <HeapInteger Heap, class Playable>
requires std::predicate < Playable&, const Position<Heap>
& > Position<Heap> random_start(SplitMix64& rng, const Range<std::size_t>& heap_count,
                                const Range<Heap>& size, Playable playable) {
  for (;;) {
    Position<Heap> position = random_position(rng, heap_count, size);
    if (playable(std::as_const(position))) return position;
  }
}

// The same for Nim: drawn again until some heap is non-empty, so `size.most` must be at least 1.
template <HeapInteger Heap>
Position<Heap> random_start(SplitMix64& rng, const Range<std::size_t>& heap_count,
                            const Range<Heap>& size) {
  return random_start(rng, heap_count, size, [](const Position<Heap>& position) {
    return std::any_of(position.begin(), position.end(), [](const Heap& h) { return !is_zero(h); });
  });
}

// Each agent's name: the one given (NAME=SPEC on the command line), or else its spec, with #1, #2,
// ... appended when several unnamed agents share it (perfect#1 against perfect#2).
inline std::vector<std::string> agent_names(
    const std::vector<std::string>& specs,
    const std::vector<std::optional<std::string>>& given = {}) {
  const auto unnamed = [&](std::size_t i) { return i >= given.size() || !given[i]; };
  std::vector<std::string> names;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!unnamed(i)) {
      names.push_back(*given[i]);
      continue;
    }
    std::size_t same = 0, before = 0;
    for (std::size_t j = 0; j < specs.size(); ++j)
      if (unnamed(j) && specs[j] == specs[i]) {
        ++same;
        before += j < i;
      }
    names.push_back(same == 1 ? specs[i] : specs[i] + "#" + std::to_string(before + 1));
  }
  return names;
}

}  // namespace nim
