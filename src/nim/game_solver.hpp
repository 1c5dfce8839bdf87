// Answers any game after Nim (games/game_move.hpp's PlayableGame): its theory where it has one,
// and in misère play of the games that have none (take-and-break games, staircase Nim) an
// exhaustive search of the positions the position reaches, memoised, up to a stated bound of
// positions; beyond it, Unanswerable. One solver keeps its memo from position to position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
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
    std::unordered_set<Position<Heap>, PositionHash<Heap>> seen{start};
    std::vector<Position<Heap>> unexplored{start};
    while (!unexplored.empty()) {
      const Position<Heap> next = std::move(unexplored.back());
      unexplored.pop_back();
      for_each_move(game_, std::span<const Heap>(next), [&](const GameMove<Heap>& move) {
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
  }

 private:
  // The position as the memo keys it: without empty heaps and in order when those do not matter.
  Position<Heap> key(Position<Heap> position) const {
    if (game_.order_free()) {
      std::erase_if(position, [](const Heap& h) { return is_zero(h); });
      std::ranges::sort(position);
    } else {
      while (!position.empty() && is_zero(position.back()))
        position.pop_back();
    }
    return position;
  }

  std::string too_far() const {
    return "misère play of " + game_.description() +
           " has no formula: nim-game searches every position this one can reach, and there "
           "are more than " +
           std::to_string(search_bound_) + " (the search's bound)";
  }

  // Depth first, without recursion (a game may be millions of moves long): each frame holds a
  // position's options not yet known, searched in turn; a position is won iff some option is lost.
  bool search(std::span<const Heap> root) {
    // A position whose options are all known is decided at once: won if one is lost, or if it
    // has none (misère play: the opponent moved last), else lost; and so is one with an option
    // known to be lost. Otherwise a frame holds its options not yet known.
    const auto open = [&](Position<Heap> position) {
      if (memo_.size() + stack_.size() >= search_bound_) throw Unanswerable(too_far());
      Frame frame{std::move(position), {}, 0};
      const std::span<const Heap> heaps(frame.position);
      bool any_move = false, won = false;
      for (std::size_t i = 0; i < heaps.size() && !won; ++i) {
        // In a game where heap order does not matter, the key's equal heaps are side by side,
        // and a move from one leads where the same move from the one before it leads.
        if (game_.order_free() && i > 0 && heaps[i] == heaps[i - 1]) continue;
        game_.for_each_move_from(heaps, i, [&](const GameMove<Heap>& move) {
          any_move = true;
          Position<Heap> option = key(after(game_, heaps, move));
          if (const auto known = memo_.find(option); known != memo_.end())
            won = !known->second;
          else
            frame.options.push_back(std::move(option));
          return !won;
        });
      }
      if (!any_move) won = true;
      if (won || frame.options.empty())
        memo_.emplace(std::move(frame.position), won);
      else
        stack_.push_back(std::move(frame));
    };
    const Position<Heap> root_key = key(Position<Heap>(root.begin(), root.end()));
    if (const auto known = memo_.find(root_key); known != memo_.end()) return known->second;
    stack_.clear();
    open(root_key);
    while (!stack_.empty()) {
      Frame& frame = stack_.back();
      std::optional<bool> won;
      while (!won && frame.next < frame.options.size()) {
        const auto known = memo_.find(frame.options[frame.next]);
        if (known == memo_.end()) break;
        if (!known->second) won = true;
        ++frame.next;
      }
      if (!won && frame.next == frame.options.size()) won = false;
      if (won) {
        memo_.emplace(std::move(frame.position), *won);
        stack_.pop_back();
        continue;
      }
      open(frame.options[frame.next]);
    }
    return memo_.at(root_key);
  }

  struct Frame {
    Position<Heap> position;
    std::vector<Position<Heap>> options;  // as keys, unknown when the frame was opened
    std::size_t next = 0;                 // the options before it are won
  };

  Game game_;
  std::uint64_t search_bound_;
  std::unordered_map<Position<Heap>, bool, PositionHash<Heap>> memo_;
  std::vector<Frame> stack_;
  Verdict<Heap> scratch_;  // winning()'s, kept for its storage
};

}  // namespace nim
