// The oracle: an exhaustive, memoized game-tree search that knows nothing of nim-sums or Grundy
// values. A position is won for the player to move iff some legal move leads to a lost position;
// a position with no move is lost in normal play and won in misère play. It asks the ruleset only
// for its legal moves (Ruleset: most_taken and allows), so it checks every game of the table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nim/games/nim.hpp"
#include "nim/position.hpp"
#include "nim/ruleset.hpp"
#include "nim/strategy.hpp"

namespace nim::testing {

template <Ruleset Rules>
class Oracle {
 public:
  explicit Oracle(Rules rules) : rules_(rules) {}

  bool winning(Position<SmallHeap> position) {
    std::sort(position.begin(), position.end());  // the outcome ignores heap order
    if (auto found = memo_.find(position); found != memo_.end()) return found->second;
    bool any_move = false, won = false;
    for (const auto& move : legal_moves(position)) {
      any_move = true;
      if (!winning(after(position, move))) {
        won = true;
        break;
      }
    }
    if (!any_move) won = rules_.misere;
    memo_.emplace(position, won);
    return won;
  }

  std::vector<Move<SmallHeap>> legal_moves(const Position<SmallHeap>& position) const {
    std::vector<Move<SmallHeap>> moves;
    for (std::size_t i = 0; i < position.size(); ++i)
      for (SmallHeap n = 1; n <= rules_.most_taken(position[i]); ++n)
        if (rules_.allows(position[i], n)) moves.push_back({i, n});
    return moves;
  }

  // The legal moves that leave the opponent a lost position, in heap order then count order.
  std::vector<Move<SmallHeap>> winning_moves(const Position<SmallHeap>& position) {
    std::vector<Move<SmallHeap>> moves;
    for (const auto& move : legal_moves(position))
      if (!winning(after(position, move))) moves.push_back(move);
    return moves;
  }

 private:
  Rules rules_;
  std::map<Position<SmallHeap>, bool> memo_;
};

// Whether `move` can be played on `position` under `rules`: one of Oracle::legal_moves.
template <Ruleset Rules>
bool is_legal(const Position<SmallHeap>& position, const Rules& rules,
              const Move<SmallHeap>& move) {
  return move.heap < position.size() && move.count <= position[move.heap] &&
         rules.allows(position[move.heap], move.count);
}

// Whether every heap is empty: the game is over.
inline bool is_empty(const Position<SmallHeap>& position) {
  return std::ranges::all_of(position, [](SmallHeap h) { return h == 0; });
}

// Calls visit(position) for every position of 1..max_heaps heaps, each of size 0..max_size.
template <class Visit>
void for_each_position(std::size_t max_heaps, SmallHeap max_size, Visit visit) {
  for (std::size_t n = 1; n <= max_heaps; ++n) {
    Position<SmallHeap> position(n, 0);
    for (;;) {
      visit(std::as_const(position));
      std::size_t i = 0;
      while (i < n && position[i] == max_size)
        position[i++] = 0;
      if (i == n) break;
      ++position[i];
    }
  }
}

// Every rule set the oracle tests cover: (normal, misère) x (no cap, K = 1, 2, 3, 5).
inline std::vector<NimRules<SmallHeap>> all_tested_rules() {
  std::vector<NimRules<SmallHeap>> all;
  for (bool misere : {false, true})
    for (std::optional<SmallHeap> cap :
         {std::optional<SmallHeap>{}, std::optional<SmallHeap>{1}, std::optional<SmallHeap>{2},
          std::optional<SmallHeap>{3}, std::optional<SmallHeap>{5}})
      all.push_back({misere, cap});
  return all;
}

// A position under rules (and a strategy), in words, for the message of a failed check:
// "misere K=3 choice=0 when_losing=2 heaps 1 2 3".
inline std::string describe(const Position<SmallHeap>& position, const NimRules<SmallHeap>& rules,
                            const std::optional<Strategy>& strategy = std::nullopt) {
  std::string text = rules.misere ? "misere" : "normal";
  if (rules.max_take) text += " K=" + std::to_string(*rules.max_take);
  if (strategy) {
    text += " choice=" + std::to_string(static_cast<int>(strategy->choice));
    text += " when_losing=" + std::to_string(static_cast<int>(strategy->when_losing));
  }
  text += " heaps";
  for (SmallHeap h : position)
    text += ' ' + std::to_string(h);
  return text;
}

// Every combination of --choose and --when-losing.
inline std::vector<Strategy> all_strategies() {
  std::vector<Strategy> all;
  for (Choice choice : {Choice::first, Choice::largest, Choice::random})
    for (WhenLosing when_losing :
         {WhenLosing::largest_one, WhenLosing::first_one, WhenLosing::random})
      all.push_back({choice, when_losing});
  return all;
}

}  // namespace nim::testing
