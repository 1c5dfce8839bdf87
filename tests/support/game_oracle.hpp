// The oracle for the games after Nim: an exhaustive, memoised game-tree search that asks a game
// for its legal moves and the position after each (for_each_move_from, after), and nothing else.
// A position is won iff some move leads to a lost one; with no move it is lost in normal play and
// won in misère play. A position's Grundy value is the mex of its options' values (normal play),
// from the same moves: it checks every value the library claims.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "nim/games/game_move.hpp"

namespace nim::testing {

template <PlayableGame Game>
class GameOracle {
 public:
  using Heap = typename Game::Heap;

  explicit GameOracle(Game game) : game_(std::move(game)) {}

  std::vector<GameMove<Heap>> moves(const Position<Heap>& position) const {
    std::vector<GameMove<Heap>> moves;
    for_each_move(game_, std::span<const Heap>(position), [&](const GameMove<Heap>& move) {
      moves.push_back(move);
      return true;
    });
    return moves;
  }

  bool winning(const Position<Heap>& position) {
    const Position<Heap> key = canonical(position);
    if (const auto known = outcomes_.find(key); known != outcomes_.end()) return known->second;
    const auto options = moves(key);
    bool won = options.empty() && game_.misere;
    for (const auto& move : options)
      if (!winning(game_.after(key, move))) {
        won = true;
        break;
      }
    outcomes_.emplace(key, won);
    return won;
  }

  std::vector<GameMove<Heap>> winning_moves(const Position<Heap>& position) {
    std::vector<GameMove<Heap>> found;
    for (const auto& move : moves(position))
      if (!winning(game_.after(position, move))) found.push_back(move);
    return found;
  }

  // The Grundy value of the position (normal play), whatever the game's misère flag.
  std::uint64_t grundy(const Position<Heap>& position) {
    const Position<Heap> key = canonical(position);
    if (const auto known = values_.find(key); known != values_.end()) return known->second;
    std::set<std::uint64_t> options;
    for (const auto& move : moves(key))
      options.insert(grundy(game_.after(key, move)));
    std::uint64_t mex = 0;
    while (options.contains(mex))
      ++mex;
    values_.emplace(key, mex);
    return mex;
  }

 private:
  // Heap order and empty heaps dropped where the game says they do not matter (a symmetry the
  // tests of its own check: the outcome of every order is compared).
  Position<Heap> canonical(Position<Heap> position) const {
    if (game_.order_free()) {
      std::erase_if(position, [](const Heap& h) { return is_zero(h); });
      std::ranges::sort(position);
    }
    return position;
  }

  Game game_;
  std::map<Position<Heap>, bool> outcomes_;
  std::map<Position<Heap>, std::uint64_t> values_;
};

}  // namespace nim::testing
