// A move of any game of the table, and what every game provides so that the library can analyse,
// judge and search it (the PlayableGame concept). Every game models it: Nim (games/nim/nim.hpp,
// which the commands still answer through its own faster machinery, ruleset.hpp) and the games
// after it (take-and-break games, Moore's Nim, Wythoff's game, staircase Nim).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "nim/heap.hpp"
#include "nim/inline_vector.hpp"
#include "nim/position.hpp"

namespace nim {

// A count taken from one heap (staircase Nim: coins moved from one step down to the next).
template <HeapInteger Heap>
struct HeapTake {
  std::size_t heap = 0;
  Heap count{};
  friend bool operator==(const HeapTake&, const HeapTake&) = default;
};

// A move's takes, in place up to two (InlineVector).
template <HeapInteger Heap>
using HeapTakes = InlineVector<HeapTake<Heap>, 2>;

// One move: takes from one heap, or from several at once (Moore's Nim, Wythoff's game, in heap
// order); in a take-and-break game, what is left of the heap may be split into two heaps.
template <HeapInteger Heap>
struct GameMove {
  HeapTakes<Heap> takes;
  // What is left of takes[0]'s heap, as two nonempty heaps, smaller first. They take the heap's
  // place in the position: heaps before it, left, right, heaps after it.
  std::optional<std::array<Heap, 2>> split;

  static GameMove single(std::size_t heap, Heap count) { return {{{heap, std::move(count)}}, {}}; }
  std::size_t heap() const { return takes.front().heap; }
  friend bool operator==(const GameMove&, const GameMove&) = default;
};

// A move that takes from one heap and splits nothing (every move of a sum of heap values, such as
// Nim), as the heap and count the heap-sum machinery reads (position.hpp's Move).
template <HeapInteger Heap>
Move<Heap> as_take(const GameMove<Heap>& move) {
  return {move.heap(), move.takes.front().count};
}

// The same move on another heap type; none when a count does not fit it (no heap that type holds
// is that large, so the move is illegal).
template <HeapInteger Heap>
std::optional<GameMove<Heap>> narrow_move(const GameMove<BigHeap>& move) {
  GameMove<Heap> narrowed;
  for (const auto& [heap, count] : move.takes) {
    const auto small = narrow<Heap>(count);
    if (!small) return std::nullopt;
    narrowed.takes.push_back({heap, *small});
  }
  if (move.split) {
    const auto left = narrow<Heap>((*move.split)[0]), right = narrow<Heap>((*move.split)[1]);
    if (!left || !right) return std::nullopt;
    narrowed.split = {*left, *right};
  }
  return narrowed;
}

// A move as --move gives it, before it is judged: every number exact and signed. A heap -1 or a
// take of -1 has a move's form and is judged illegal, as any move the position refuses, rather
// than refused as text that is no move.
struct GivenGameMove {
  struct Take {
    BigHeap heap, count;
    friend bool operator==(const Take&, const Take&) = default;
  };
  std::vector<Take> takes;
  std::optional<std::array<BigHeap, 2>> split;  // smaller first

  // The move, when no number is negative; a heap index beyond any position's reads as the
  // largest index, which no position has.
  std::optional<GameMove<BigHeap>> move() const {
    GameMove<BigHeap> move;
    for (const auto& [heap, count] : takes) {
      if (sgn(heap) < 0 || sgn(count) < 0) return std::nullopt;
      move.takes.push_back(
          {fits_small(heap) && to_small(heap) <= std::numeric_limits<std::size_t>::max()
               ? static_cast<std::size_t>(to_small(heap))
               : std::numeric_limits<std::size_t>::max(),
           count});
    }
    if (split && (sgn((*split)[0]) < 0 || sgn((*split)[1]) < 0)) return std::nullopt;
    move.split = split;
    return move;
  }
  friend bool operator==(const GivenGameMove&, const GivenGameMove&) = default;
};

// A question the theory answers only this far: a heap beyond the Grundy values known, a misère
// search beyond its bound, a position the game is not played on. The message says which, in the
// tool's words.
class Unanswerable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a game's rules answer of a position: who wins, a winning move when there is one, and the
// Sprague–Grundy values where the game is a sum of its heaps.
// A game's solve() fills a verdict it is given, every field: the one it was given before may be
// given again (a --batch thread reuses one), and the storage of its move and values is kept, so
// that answering a position does not allocate.
template <HeapInteger Heap>
struct Verdict {
  bool winning = false;
  std::optional<GameMove<Heap>> winning_move;
  std::optional<std::vector<std::uint64_t>> grundy_values;  // one a heap: games that are sums
  std::optional<Heap> grundy_sum;                           // the position's value (normal play)
  // The values are the heaps themselves, of any size (Nim without a cap), or on machine words
  // each heap modulo heap_modulus (Nim with a cap K: K + 1, when it fits): grundy_values is left
  // empty, and the position is read when a value is wanted, as most records want none.
  bool values_are_heaps = false;
  std::uint64_t heap_modulus = 0;  // none

  // The winning move, empty, for the game to fill.
  GameMove<Heap>& new_winning_move() {
    if (!winning_move) return winning_move.emplace();
    winning_move->takes.clear();
    winning_move->split.reset();
    return *winning_move;
  }
  // The Grundy values, none yet, for the game to fill.
  std::vector<std::uint64_t>& new_grundy_values() {
    values_are_heaps = false;
    heap_modulus = 0;
    if (!grundy_values) return grundy_values.emplace();
    grundy_values->clear();
    return *grundy_values;
  }
};

// What the library asks of every game. Positions are lists of heaps; a game may refuse
// a position it is not played on (check) or one its theory cannot answer (solve), by throwing
// Unanswerable.
template <class G>
concept PlayableGame = std::copyable<G> && HeapInteger<typename G::Heap> &&
    requires(const G& game, std::span<const typename G::Heap> position,
             Position<typename G::Heap>& heaps, const GameMove<typename G::Heap>& move,
             std::size_t heap, const BigHeap& count, Verdict<typename G::Heap>& verdict) {
  { game.misere } -> std::convertible_to<bool>;
  // The game in words, for messages: "the octal game 0.77", "Wythoff's game".
  { game.description() } -> std::same_as<std::string>;
  // Throws Unanswerable when the game is not played on this position (Wythoff's: 2 heaps).
  game.check(position);
  // Calls visit(move) for each legal move in one heap (a move's takes[0] is that heap), in a fixed
  // order, until visit returns false; returns false if it was stopped.
  {
    game.for_each_move_from(position, heap, [](const GameMove<typename G::Heap>&) { return true; })
    } -> std::same_as<bool>;
  // How many moves for_each_move_from visits in heap i, and the n-th of them (from 0, below that
  // count), without visiting those before it: a random move is drawn by its number, since a heap
  // of 10^30 in Kayles has about as many moves as objects.
  { game.move_count_from(position, heap) } -> std::same_as<BigHeap>;
  { game.nth_move_from(position, heap, count) } -> std::same_as<GameMove<typename G::Heap>>;
  { game.is_legal(position, move) } -> std::same_as<bool>;
  // Makes a legal move in `heaps` (the position after it: after() below).
  game.apply(heaps, move);
  // Whether heap order and empty heaps are irrelevant to every question (a sum of heaps, Moore's
  // Nim).
  { game.order_free() } -> std::same_as<bool>;
  // Whether misère play has a theory here (solve answers it); otherwise game_solver searches.
  { game.knows_misere() } -> std::same_as<bool>;
  // Fills the verdict (Unanswerable beyond the theory).
  game.solve(position, verdict);
};

// The position after a legal move.
template <PlayableGame G>
Position<typename G::Heap> after(const G& game, std::span<const typename G::Heap> position,
                                 const GameMove<typename G::Heap>& move) {
  Position<typename G::Heap> next;
  next.reserve(position.size() + 1);  // one allocation, whether the move splits a heap or not
  next.assign(position.begin(), position.end());
  game.apply(next, move);
  return next;
}

// Every legal move of the position, heap by heap.
template <PlayableGame G, class Visit>
bool for_each_move(const G& game, std::span<const typename G::Heap> position, Visit visit) {
  for (std::size_t i = 0; i < position.size(); ++i)
    if (!game.for_each_move_from(position, i, visit)) return false;
  return true;
}

// Whether the position has a legal move: the game is not over.
template <PlayableGame G>
bool has_move(const G& game, std::span<const typename G::Heap> position) {
  return !for_each_move(game, position, [](const GameMove<typename G::Heap>&) { return false; });
}

// Makes a move that takes from some heaps (and splits the first), in their places.
template <HeapInteger Heap>
void apply_takes(Position<Heap>& heaps, const GameMove<Heap>& move) {
  for (const auto& take : move.takes)
    heaps[take.heap] -= take.count;
  if (move.split) {
    heaps[move.heap()] = (*move.split)[0];
    heaps.insert(heaps.begin() + static_cast<std::ptrdiff_t>(move.heap()) + 1, (*move.split)[1]);
  }
}

}  // namespace nim
