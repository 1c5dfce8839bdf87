// Answers any game after Nim (games/game_move.hpp's PlayableGame): its theory where it has one,
// and in misère play of the games that have none (take-and-break games, staircase Nim) an
// exhaustive search of the positions the position reaches, memoised, up to a stated bound of
// positions and of moves looked at (32 a position); beyond them, Unanswerable. Each position is
// kept once, in the memo or on the stack, and never a list of its options: memory stays within
// about 100 bytes a position of the bound, plus the heaps'. One solver keeps its memo from
// position to position.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "nim/games/game_move.hpp"

namespace nim {

template <PlayableGame Game>
class GameSolver {
 public:
  using Heap = typename Game::Heap;

  GameSolver(Game game, std::uint64_t search_bound)
      : game_(std::move(game)), search_bound_(search_bound) {}

  const Game& game() const { return game_; }

  // The theory's verdict; in misère play without one, the search's outcome and its first
  // winning move (the Grundy values of normal play stay in the verdict). Into `verdict`, which
  // may be the last position's (Verdict: its storage is kept).
  void verdict(std::span<const Heap> position, Verdict<Heap>& verdict) {
    game_.check(position);
    verdict.values_are_heaps = false;
    verdict.heap_modulus = 0;
    game_.solve(position, verdict);
    if (!game_.misere || game_.knows_misere()) return;
    verdict.winning = search(position);
    verdict.winning_move.reset();
    if (verdict.winning)
      for_each_move(game_, position, [&](const GameMove<Heap>& move) {
        if (search(after(game_, position, move))) return true;
        verdict.winning_move = move;
        return false;
      });
  }
  Verdict<Heap> verdict(std::span<const Heap> position) {
    Verdict<Heap> answer;
    verdict(position, answer);
    return answer;
  }

  // Throws Unanswerable unless every question about the positions `position` reaches can be
  // answered within the search's bound: a match checks its starts so, before any game is played.
  void require_searchable(std::span<const Heap> position) const {
    if (!game_.misere || game_.knows_misere()) return;
    const Position<Heap> start = key(Position<Heap>(position.begin(), position.end()));
    check_moves(start);
    std::unordered_set<Position<Heap>, PositionHash<Heap>> seen{start};
    std::vector<Position<Heap>> unexplored{start};
    std::uint64_t looks = 0;
    while (!unexplored.empty()) {
      const Position<Heap> next = std::move(unexplored.back());
      unexplored.pop_back();
      for_each_move(game_, std::span<const Heap>(next), [&](const GameMove<Heap>& move) {
        if (++looks > most_looks()) throw Unanswerable(too_long());
        Position<Heap> option = key(after(game_, next, move));
        if (seen.contains(option)) return true;
        if (seen.size() + 1 >= search_bound_) throw Unanswerable(too_far());
        unexplored.push_back(option);
        seen.insert(std::move(option));
        return true;
      });
    }
  }

  bool winning(std::span<const Heap> position) {
    if (game_.misere && !game_.knows_misere()) return search(position);
    game_.solve(position, scratch_);
    return scratch_.winning;
  }

  // Forgets the positions searched: a --batch line is searched within the bound on its own.
  void forget() {
    if (!memo_.empty()) memo_.clear();  // clear() costs even when empty: --batch calls this a line
    looks_ = 0;
  }

  // The search's bound on the moves it looks at, for each position of its bound on positions: a
  // position's moves are looked at once, and again after each option searched from it, so that
  // a search of few positions with many moves each (staircase Nim on a step of 100,000 coins:
  // 5 billion looks) is refused in seconds rather than answered in hours.
  static constexpr std::uint64_t looks_per_position = 32;

 private:
  // The position as the memo keys it: without empty heaps and in order when those do not matter.
  void make_key(Position<Heap>& position) const {
    if (game_.order_free()) {
      std::erase_if(position, [](const Heap& h) { return is_zero(h); });
      std::ranges::sort(position);
    } else {
      while (!position.empty() && is_zero(position.back()))
        position.pop_back();
    }
  }
  Position<Heap> key(Position<Heap> position) const {
    make_key(position);
    return position;
  }

  std::uint64_t most_looks() const {
    std::uint64_t most;
    if (__builtin_mul_overflow(search_bound_, looks_per_position, &most)) return UINT64_MAX;
    return most;
  }

  std::string too_far() const {
    return "misère play of " + game_.description() +
           " has no formula in nim-game, which searches every position this one can reach, and "
           "there "
           "are more than " +
           std::to_string(search_bound_) + " (the search's bound)";
  }
  std::string too_long() const {
    return "misère play of " + game_.description() +
           " has no formula in nim-game, which searches every position this one can reach, and "
           "looked "
           "at more than " +
           std::to_string(most_looks()) + " moves without an answer (" +
           std::to_string(looks_per_position) + " for each position of the search's bound, " +
           std::to_string(search_bound_) + ")";
  }

  // Refuses at once a position whose moves alone pass the bound (a heap of 10^30): in the games
  // searched, the moves of a position, from heaps that differ, lead to as many positions.
  void check_moves(const Position<Heap>& start) const {
    const std::span<const Heap> heaps(start);
    std::uint64_t moves = 0;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (game_.order_free() && i > 0 && heaps[i] == heaps[i - 1]) continue;
      std::uint64_t of_heap = 0;
      game_.for_each_move_from(heaps, i,
                               [&](const GameMove<Heap>&) { return ++of_heap < search_bound_; });
      if (of_heap >= search_bound_)
        throw Unanswerable(
            "misère play of " + game_.description() +
            " has no formula in nim-game, which searches every position this one can "
            "reach, and a heap of " +
            to_decimal(heaps[i]) + " alone reaches more than " + std::to_string(search_bound_) +
            " (the search's bound)");
      moves += of_heap;
      if (moves >= search_bound_) throw Unanswerable(too_far());
    }
  }

  // A position being searched. Its moves are looked at in order, heap by heap: first all of them,
  // for an option known to be lost; then from the first whose option was not known, going deeper
  // at each option still not known. Only the place reached is kept, not the options: a heap of n
  // has about n of them, and the stack may be thousands of frames deep.
  struct Frame {
    Position<Heap> position;   // as a key
    std::size_t heap = 0;      // whose moves are being looked at
    std::uint64_t move = 0;    // of that heap's moves, the first not known to be won
    bool looked_over = false;  // all the moves were looked at once
  };
  enum class Look { won, lost, deeper };

  // Calls look(heap, move number) for each move of the position from the frame's place on, with
  // its option as a key in option_, until look returns false; returns false if it was stopped.
  template <class LookAt>
  bool look_from(const Frame& frame, LookAt look) {
    const std::span<const Heap> heaps(frame.position);
    for (std::size_t i = frame.heap; i < heaps.size(); ++i) {
      // In a game where heap order does not matter, the key's equal heaps are side by side,
      // and a move from one leads where the same move from the one before it leads.
      if (game_.order_free() && i > 0 && heaps[i] == heaps[i - 1]) continue;
      const std::uint64_t first = i == frame.heap ? frame.move : 0;
      std::uint64_t move = 0;
      const bool on = game_.for_each_move_from(heaps, i, [&](const GameMove<Heap>& each) {
        if (move++ < first) return true;
        if (++looks_ > most_looks()) throw Unanswerable(too_long());
        option_.assign(heaps.begin(), heaps.end());
        game_.apply(option_, each);
        make_key(option_);
        return look(i, move - 1);
      });
      if (!on) return false;
    }
    return true;
  }

  // Looks at the frame's moves: won at an option known to be lost (or without any move: misère
  // play), lost when every option is known to be won, else deeper (the option in option_).
  Look look_on(Frame& frame) {
    std::optional<Look> found;
    if (!frame.looked_over) {
      frame.looked_over = true;
      bool any_move = false;
      std::optional<std::pair<std::size_t, std::uint64_t>> unknown;  // the first
      look_from(frame, [&](std::size_t heap, std::uint64_t move) {
        any_move = true;
        const auto known = memo_.find(option_);
        if (known == memo_.end()) {
          if (!unknown) unknown.emplace(heap, move);
        } else if (!known->second) {
          found = Look::won;
        }
        return !found;
      });
      if (found) return *found;
      if (!unknown) return any_move ? Look::lost : Look::won;
      std::tie(frame.heap, frame.move) = *unknown;
    }
    look_from(frame, [&](std::size_t heap, std::uint64_t move) {
      frame.heap = heap;
      frame.move = move;
      const auto known = memo_.find(option_);
      if (known == memo_.end())
        found = Look::deeper;
      else if (!known->second)
        found = Look::won;
      return !found;
    });
    return found.value_or(Look::lost);
  }

  // Depth first, without recursion (a game may be millions of moves long); a position is won iff
  // some option is lost. Every position on the stack or in the memo counts toward the bound.
  bool search(std::span<const Heap> root) {
    const Position<Heap> root_key = key(Position<Heap>(root.begin(), root.end()));
    if (const auto known = memo_.find(root_key); known != memo_.end()) return known->second;
    check_moves(root_key);
    if (memo_.size() >= search_bound_) throw Unanswerable(too_far());
    stack_.clear();
    stack_.push_back(Frame{root_key});
    while (!stack_.empty()) {
      const Look look = look_on(stack_.back());
      if (look == Look::deeper) {
        if (memo_.size() + stack_.size() >= search_bound_) throw Unanswerable(too_far());
        stack_.push_back(Frame{std::move(option_)});
        continue;
      }
      memo_.emplace(std::move(stack_.back().position), look == Look::won);
      stack_.pop_back();
    }
    return memo_.at(root_key);
  }

  Game game_;
  std::uint64_t search_bound_;
  std::unordered_map<Position<Heap>, bool, PositionHash<Heap>> memo_;
  std::vector<Frame> stack_;
  std::uint64_t looks_ = 0;  // moves looked at since the memo was last forgotten
  Position<Heap> option_;    // the option looked at, kept for its storage
  Verdict<Heap> scratch_;    // winning()'s, kept for its storage
};

}  // namespace nim
