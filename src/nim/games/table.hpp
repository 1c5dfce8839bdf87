// The table of games: every ruleset nim-game knows. Nim is a Ruleset (ruleset.hpp), answered by
// the solver built for it; the games after it are PlayableGames (games/game_move.hpp), answered by
// game_solver.hpp. A new game is a file in this folder and its entry here (and its row in the
// command line's table, src/cli/input/game_choice.cpp, with its words in src/format/).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <variant>
#include <vector>

#include "nim/games/lasker/lasker.hpp"
#include "nim/games/moore.hpp"
#include "nim/games/nim.hpp"
#include "nim/games/staircase.hpp"
#include "nim/games/take_and_break.hpp"
#include "nim/games/wythoff.hpp"
#include "nim/heap.hpp"

namespace nim {

// The rules of one game of the table, on heaps of type Heap.
template <HeapInteger Heap>
using AnyGame = std::variant<NimRules<Heap>>;

// X(Rules) for every ruleset of the table on both heap types: the format library instantiates its
// templates with it.
#define NIM_FOR_EACH_RULESET(X) X(NimRules<SmallHeap>) X(NimRules<BigHeap>)

// Every game after Nim, on heaps of type Heap.
template <HeapInteger Heap>
using AnyPlayableGame = std::variant<TakeAndBreakRules<Heap>, MooreRules<Heap>, WythoffRules<Heap>,
                                     StaircaseRules<Heap>, LaskerRules<Heap>>;

// A game after Nim as the command line names it, before its Grundy values are computed.
struct GameSpec {
  enum class Kind { take_and_break, moore, wythoff, staircase, lasker };
  Kind kind = Kind::take_and_break;
  HeapGame heap_game;                // take_and_break
  std::uint64_t heaps_per_move = 2;  // moore
  bool misere = false;
  // take_and_break: the values are computed no further than this heap (and a heap beyond it is
  // refused unless a period is proved before it).
  std::uint64_t grundy_limit = 100'000;
  // Misère play of take-and-break games, staircase Nim and Lasker's Nim: the most positions the
  // search keeps.
  std::uint64_t search_limit = 1'000'000;
};

// Whether every move of the game is one heap and a count (GameMove::single): no split of what is
// left, no second heap. Staircase Nim's move also puts its coins on the step below, which its step
// and count say; Moore's Nim of one heap a move is Nim.
inline bool moves_take_from_one_heap(const GameSpec& spec) {
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      return !spec.heap_game.splits();
    case GameSpec::Kind::moore:
      return spec.heaps_per_move == 1;
    case GameSpec::Kind::wythoff:
    case GameSpec::Kind::lasker:  // splits a heap
      return false;
    case GameSpec::Kind::staircase:
      return true;
  }
  __builtin_unreachable();
}

// Whether misère play of the game is answered by the bounded search (game_solver.hpp), which
// --limit-search bounds, rather than by a theory (the game's knows_misere(), known here before its
// rules are made).
inline bool misere_is_searched(const GameSpec& spec) {
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
    case GameSpec::Kind::staircase:
    case GameSpec::Kind::lasker:
      return true;
    case GameSpec::Kind::moore:
    case GameSpec::Kind::wythoff:
      return false;
  }
  __builtin_unreachable();
}

// Whether a move may split what is left of a heap in two (a typed move then may name the parts).
inline bool moves_may_split(const GameSpec& spec) {
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      return spec.heap_game.splits();
    case GameSpec::Kind::lasker:
      return true;
    case GameSpec::Kind::moore:
    case GameSpec::Kind::wythoff:
    case GameSpec::Kind::staircase:
      return false;
  }
  __builtin_unreachable();
}

// Whether a position is worth the XOR of its heaps' Grundy values, each heap's value its own
// whatever the other heaps: every move changes one heap (a split leaves two heaps played apart),
// so that the game has a value of a single heap and `nim-game sequence` lists them. Nim's values
// come from single heaps too (its rules are no GameSpec); Moore's Nim of one heap a move is Nim.
inline bool values_come_from_single_heaps(const GameSpec& spec) {
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
    case GameSpec::Kind::lasker:
      return true;
    case GameSpec::Kind::moore:
      return spec.heaps_per_move == 1;
    case GameSpec::Kind::wythoff:    // a move may take from both heaps
    case GameSpec::Kind::staircase:  // a move puts coins on the step below
      return false;
  }
  __builtin_unreachable();
}

// The heap up to which a take-and-break game computes its values without being asked: enough
// for most positions, and for the known periods to be proved (Kayles' at heap 167).
inline constexpr std::uint64_t first_values = 1023;

// Whether the game's positions from these heaps stay within machine words: staircase Nim moves
// coins onto a step, so a step may come to hold them all (every other game only lowers heaps);
// in Lasker's Nim a heap of 2^64 - 1 is worth 2^64.
inline bool fits_machine_words(const GameSpec& spec, std::span<const SmallHeap> heaps) {
  if (spec.kind == GameSpec::Kind::lasker)
    return std::ranges::find(heaps, ~SmallHeap{0}) == heaps.end();
  if (spec.kind != GameSpec::Kind::staircase) return true;
  SmallHeap total = 0;
  for (SmallHeap h : heaps)
    if (__builtin_add_overflow(total, h, &total)) return false;
  return true;
}

// The heaps whose first options a prepared take-and-break game indexes (a quarter of a second for
// Grundy's game, whose every split is an option).
inline constexpr std::uint64_t indexed_heaps = 4096;

// A game ready to answer positions: its rules, with its Grundy values computed as far as the
// largest heap asked needs (or, while no period is proved, on to the limit).
class PreparedGame {
 public:
  PreparedGame(GameSpec spec, const BigHeap& largest_heap) : spec_(std::move(spec)) {
    if (spec_.kind != GameSpec::Kind::take_and_break) return;
    const std::uint64_t limit = spec_.grundy_limit;
    const std::uint64_t largest = fits_small(largest_heap) ? to_small(largest_heap) : limit;
    // Grundy's game has no period to look for: its values go as far as asked. The others start
    // with the first values and go on, doubling, while no period is proved.
    const bool grundy = spec_.heap_game.kind == HeapGameKind::grundy;
    const std::uint64_t up_to = std::min(grundy ? largest : std::min(largest, first_values), limit);
    const std::uint64_t search = std::min(std::max(largest, first_values), limit);
    sequence_ = std::make_shared<const GrundySequence>(compute_sequence(
        spec_.heap_game, up_to, std::max(search, up_to), most_grundy_steps(limit)));
    move_index_ =
        TakeAndBreakRules<SmallHeap>{sequence_, false}.with_move_index(indexed_heaps).move_index;
  }

  const GameSpec& spec() const { return spec_; }
  const std::shared_ptr<const GrundySequence>& sequence() const { return sequence_; }

  template <HeapInteger Heap>
  AnyPlayableGame<Heap> rules() const {
    switch (spec_.kind) {
      case GameSpec::Kind::take_and_break:
        return TakeAndBreakRules<Heap>{sequence_, spec_.misere, move_index_};
      case GameSpec::Kind::moore:
        return MooreRules<Heap>{spec_.heaps_per_move, spec_.misere};
      case GameSpec::Kind::wythoff:
        return WythoffRules<Heap>{spec_.misere};
      case GameSpec::Kind::staircase:
        return StaircaseRules<Heap>{spec_.misere};
      case GameSpec::Kind::lasker:
        return LaskerRules<Heap>{spec_.misere};
    }
    // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
    __builtin_unreachable();
  }

 private:
  GameSpec spec_;
  std::shared_ptr<const GrundySequence> sequence_;
  std::shared_ptr<const MoveIndex> move_index_;
};

}  // namespace nim
