// A game's rules that give up when asked to: every look at a heap's moves (one in 256, which costs
// nothing) calls `stop_here`, which throws to stop, so that no search (a misère search of a million
// positions at a game's start) and no look through a position's moves outlasts a signal by more
// than a few heaps' moves. The rest is the game's own.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>

#include "nim/games/game_move.hpp"

namespace nim {

template <PlayableGame Game>
class StoppableRules {
 public:
  using Heap = typename Game::Heap;

  StoppableRules(Game rules, const std::function<void()>& stop_here)
      : misere(rules.misere), rules_(std::move(rules)), stop_here_(&stop_here) {}

  bool misere;

  std::string description() const { return rules_.description(); }
  void check(std::span<const Heap> position) const { rules_.check(position); }
  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t heap, Visit visit) const {
    if (++looks_ % 256 == 0) (*stop_here_)();
    return rules_.for_each_move_from(position, heap, std::move(visit));
  }
  BigHeap move_count_from(std::span<const Heap> position, std::size_t heap) const {
    return rules_.move_count_from(position, heap);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t heap,
                               const BigHeap& n) const {
    return rules_.nth_move_from(position, heap, n);
  }
  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    return rules_.is_legal(position, move);
  }
  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { rules_.apply(heaps, move); }
  bool order_free() const { return rules_.order_free(); }
  bool knows_misere() const { return rules_.knows_misere(); }
  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    rules_.solve(position, verdict);
  }

 private:
  Game rules_;
  const std::function<void()>* stop_here_;
  mutable std::uint32_t looks_ = 0;  // one game's, on one thread
};

}  // namespace nim
