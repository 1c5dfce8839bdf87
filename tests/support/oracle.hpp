// The oracle: an exhaustive, memoised game-tree search that knows nothing of nim-sums, Grundy
// theory or any game's formula. It asks a game (PlayableGame: Nim and every game after it) for
// its legal moves and the position after each (for_each_move_from, after), and nothing else, so
// it checks every game of the table as it is. A position is won iff some move leads to a lost
// one; with no move it is lost in normal play and won in misère play. A position's Grundy value
// is the mex of its options' values (normal play), from the same moves: it checks every value the
// library claims.
#pragma once

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/position.hpp"
#include "nim/strategy.hpp"

namespace nim::testing {

// One oracle answers both plays of a game (the moves are the same); winning() and
// winning_moves() without a play answer the game's own. Every answer is remembered, for every
// later question, in a table keyed by the position packed in one word (or, for a position too
// large for a word, by the position itself).
template <PlayableGame Game>
requires std::same_as<typename Game::Heap, SmallHeap>
class Oracle {
 public:
  using Heap = SmallHeap;

  explicit Oracle(Game game) : game_(std::move(game)) {}

  // Every legal move, in the game's order (heap by heap).
  std::vector<GameMove<Heap>> moves(const Position<Heap>& position) const {
    std::vector<GameMove<Heap>> moves;
    for_each_move(game_, std::span<const Heap>(position), [&](const GameMove<Heap>& move) {
      moves.push_back(move);
      return true;
    });
    return moves;
  }

  bool winning(Position<Heap> position, bool misere) {
    return facts(std::move(position)).won[misere];
  }
  bool winning(Position<Heap> position) { return winning(std::move(position), game_.misere); }

  // The legal moves that leave the opponent a lost position, in the game's order.
  std::vector<GameMove<Heap>> winning_moves(const Position<Heap>& position, bool misere) {
    std::vector<GameMove<Heap>> found;
    for (const auto& move : moves(position))
      if (!winning(after(game_, position, move), misere)) found.push_back(move);
    return found;
  }
  std::vector<GameMove<Heap>> winning_moves(const Position<Heap>& position) {
    return winning_moves(position, game_.misere);
  }

  // The Grundy value of the position (normal play).
  std::uint64_t grundy(Position<Heap> position) { return facts(std::move(position)).grundy; }

 private:
  static constexpr std::uint32_t unknown = ~std::uint32_t{0};

  // What the oracle knows of a position, found in one pass over its options.
  struct Facts {
    std::uint32_t grundy = unknown;  // normal play
    bool won[2] = {false, false};    // normal, misère play
  };

  struct Entry {
    std::uint64_t key = 0;  // 0: a free slot (no position packs to 0)
    Facts facts;
  };

  Facts facts(Position<Heap> position) {
    canonicalise(position);
    const std::optional<std::uint64_t> key = pack(position);
    if (const Facts known = key ? memo_.at(*key).facts : large_[position]; known.grundy != unknown)
      return known;
    Facts found;
    // The values the options reach: those below 64 as bits, the others listed.
    std::uint64_t small_values = 0;
    std::vector<std::uint32_t> large_values;
    bool any_move = false;
    for_each_move(game_, std::span<const Heap>(position), [&](const GameMove<Heap>& move) {
      any_move = true;
      const Facts option = facts(after(game_, position, move));
      if (option.grundy < 64)
        small_values |= std::uint64_t{1} << option.grundy;
      else
        large_values.push_back(option.grundy);
      for (const bool misere : {false, true})
        found.won[misere] = found.won[misere] || !option.won[misere];
      return true;
    });
    if (!any_move) found.won[true] = true;  // misère play: the opponent made the last move
    found.grundy = static_cast<std::uint32_t>(std::countr_one(small_values));
    if (found.grundy == 64) {
      std::ranges::sort(large_values);
      for (const std::uint32_t value : large_values)
        if (value == found.grundy) ++found.grundy;
    }
    // Looked up again: the searches above may have grown the table.
    (key ? memo_.at(*key).facts : large_[position]) = found;
    return found;
  }

  // Open addressing with linear probing, at most half full: a splitting game reaches hundreds of
  // thousands of positions, and a node-based map spends its time allocating and missing the cache.
  class Memo {
   public:
    // The entry of `key`, created empty if new; valid until the next call.
    Entry& at(std::uint64_t key) {
      if (2 * (size_ + 1) > slots_.size()) grow();
      Entry& entry = find(slots_, key);
      if (entry.key == 0) {
        entry.key = key;
        ++size_;
      }
      return entry;
    }

   private:
    static Entry& find(std::vector<Entry>& slots, std::uint64_t key) {
      const std::size_t mask = slots.size() - 1;
      // Fibonacci hashing: the top bits of key * 2^64 / phi, as many as the table needs.
      std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> (64 - std::bit_width(mask));
      while (slots[i].key != 0 && slots[i].key != key)
        i = (i + 1) & mask;
      return slots[i];
    }

    void grow() {
      std::vector<Entry> larger(std::max<std::size_t>(1024, 2 * slots_.size()));
      for (const Entry& entry : slots_)
        if (entry.key != 0) find(larger, entry.key) = entry;
      slots_ = std::move(larger);
    }

    std::vector<Entry> slots_;
    std::size_t size_ = 0;
  };

  // Heap order and empty heaps dropped where the game says they do not matter (a symmetry the
  // tests of its own check: the outcome of every order is compared).
  void canonicalise(Position<Heap>& position) const {
    if (!game_.order_free()) return;
    std::erase_if(position, [](const Heap& h) { return is_zero(h); });
    // By insertion: a move leaves a sorted position sorted but for a heap or two.
    for (std::size_t i = 1; i < position.size(); ++i)
      for (std::size_t j = i; j > 0 && position[j] < position[j - 1]; --j)
        std::swap(position[j], position[j - 1]);
  }

  // The position as one word, one to one: a 1, then for each heap as many 0s as it exceeds the
  // heap before it (order-free games: the heaps are sorted) or as it holds, and a 1. A position
  // of n heaps takes 1 + n + its largest heap (order-free) or its total (otherwise) bits: 61 at
  // most for what 4 heaps of 12 split into (48 heaps of 1 at most). None when it takes more.
  std::optional<std::uint64_t> pack(const Position<Heap>& position) const {
    std::uint64_t key = 1;
    Heap before = 0;
    for (const Heap h : position) {
      const Heap zeros = game_.order_free() ? h - before : h;
      if (zeros + 1 > static_cast<Heap>(std::countl_zero(key))) return std::nullopt;
      key = (key << zeros << 1) | 1;
      before = h;
    }
    return key;
  }

  Game game_;
  Memo memo_;
  std::map<Position<Heap>, Facts> large_;  // the positions that do not pack in a word
};

// A game's moves as a heap and a count each, for the tests of Nim's own stack (nim/solver.hpp's
// moves): every move of Nim takes from one heap and splits nothing.
inline std::vector<Move<SmallHeap>> as_takes(const std::vector<GameMove<SmallHeap>>& moves) {
  std::vector<Move<SmallHeap>> takes;
  for (const auto& move : moves) {
    if (move.split || move.takes.size() != 1)
      throw std::logic_error("as_takes: a move that is not a take from one heap");
    takes.push_back({move.heap(), move.takes.front().count});
  }
  return takes;
}

// Whether `move` can be played on `position` under `game`'s rules: one of the moves the game
// visits in that heap.
template <PlayableGame Game>
bool is_legal(const Position<SmallHeap>& position, const Game& game, const Move<SmallHeap>& move) {
  if (move.heap >= position.size()) return false;
  const auto wanted = GameMove<SmallHeap>::single(move.heap, move.count);
  return !game.for_each_move_from(std::span<const SmallHeap>(position), move.heap,
                                  [&](const GameMove<SmallHeap>& each) { return each != wanted; });
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

// Every rule set of Nim the oracle tests cover: (normal, misère) x (no cap, K = 1, 2, 3, 5).
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
