// The table of games: every ruleset nim-game knows. Nim is a Ruleset (ruleset.hpp), answered by
// the solver built for it; the games after it are PlayableGames (games/game_move.hpp), answered by
// game_solver.hpp. A new game is a file in this folder, stating its facts in its rules, and its
// entry here (and its row in the command line's table, src/cli/input/game_choice.cpp, with its
// words in src/format/).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "nim/games/game_spec.hpp"
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

// The rules type of a game's kind, on SmallHeaps (a game's facts are the same on both heap
// types): f(std::type_identity<Rules>{}). The one place where a kind becomes its rules' type; the
// capabilities below read each game's facts, stated in its own file, through it.
template <class F>
decltype(auto) with_rules_type(GameSpec::Kind kind, F&& f) {
  switch (kind) {
    case GameSpec::Kind::take_and_break:
      return f(std::type_identity<TakeAndBreakRules<SmallHeap>>{});
    case GameSpec::Kind::moore:
      return f(std::type_identity<MooreRules<SmallHeap>>{});
    case GameSpec::Kind::wythoff:
      return f(std::type_identity<WythoffRules<SmallHeap>>{});
    case GameSpec::Kind::staircase:
      return f(std::type_identity<StaircaseRules<SmallHeap>>{});
    case GameSpec::Kind::lasker:
      return f(std::type_identity<LaskerRules<SmallHeap>>{});
  }
  // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
  __builtin_unreachable();
}

// The facts a game states of itself, as static members of its rules; a game that states none has
// the default (the most common answer), given here.

// The number of heaps every position of the game has, if it is fixed (Wythoff's game: 2).
inline std::optional<std::size_t> fixed_heap_count(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::fixed_heap_count; })
      return std::optional<std::size_t>(Rules::fixed_heap_count);
    else
      return std::optional<std::size_t>();
  });
}

// Whether a position and its heaps in another order may have different answers (staircase Nim's
// steps are in order); in the other games a position is a set of heaps.
inline bool heap_order_matters(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::heap_order_matters; })
      return Rules::heap_order_matters;
    else
      return false;
  });
}

// Whether a move may add to a heap, so that one heap may come to hold the whole of the position
// (staircase Nim moves coins onto the step below); in the other games moves only lower heaps.
inline bool heaps_may_grow(const GameSpec& spec) {
  return with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::heaps_may_grow; })
      return Rules::heaps_may_grow;
    else
      return false;
  });
}

// Whether a move may split what is left of a heap in two (a typed move then may name the parts).
inline bool moves_may_split(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::moves_may_split(spec); })
      return Rules::moves_may_split(spec);
    else
      return false;
  });
}

// Whether a move may take from more than one heap (Moore's Nim of 2 heaps a move or more,
// Wythoff's game).
inline bool moves_take_from_several_heaps(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::moves_take_from_several_heaps(spec); })
      return Rules::moves_take_from_several_heaps(spec);
    else
      return false;
  });
}

// Whether every move of the game is one heap and a count (GameMove::single): no split of what is
// left, no second heap. Staircase Nim's move also puts its coins on the step below, which its step
// and count say; Moore's Nim of one heap a move is Nim.
inline bool moves_take_from_one_heap(const GameSpec& spec) {
  return !moves_may_split(spec) && !moves_take_from_several_heaps(spec);
}

// Whether misère play of the game is answered by the bounded search (game_solver.hpp), which
// --limit-search bounds, rather than by a theory (the game's knows_misere(), known here before its
// rules are made).
inline bool misere_is_searched(const GameSpec& spec) {
  return with_rules_type(
      spec.kind, []<class Rules>(std::type_identity<Rules>) { return !Rules::knows_misere(); });
}

// How a person types a move of the game, heaps numbered from 1: the game's move_form, or its
// move_form_with_split when its moves may split (a take-and-break game that splits).
inline std::string_view move_form(const GameSpec& spec) {
  return with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::move_form_with_split; })
      if (moves_may_split(spec)) return std::string_view(Rules::move_form_with_split);
    return std::string_view(Rules::move_form);
  });
}

// Whether a position is worth the XOR of its heaps' Grundy values, each heap's value its own
// whatever the other heaps: every move changes one heap (a split leaves two heaps played apart),
// so that the game has a value of a single heap and `nim-game sequence` lists them. Nim's values
// come from single heaps too (its rules are no GameSpec); Moore's Nim of one heap a move is Nim.
inline bool values_come_from_single_heaps(const GameSpec& spec) {
  return !moves_take_from_several_heaps(spec) && !heaps_may_grow(spec);
}

// The heap up to which a take-and-break game computes its values without being asked: enough
// for most positions, and for the known periods to be proved (Kayles' at heap 167).
inline constexpr std::uint64_t first_values = 1023;

// Whether the game's positions from these heaps stay within machine words: every heap, or where
// heaps may grow (heaps_may_grow) their total, is at most the largest heap the game answers in a
// machine word (its largest_machine_heap: in Lasker's Nim a heap of 2^64 - 1 is worth 2^64).
inline bool fits_machine_words(const GameSpec& spec, std::span<const SmallHeap> heaps) {
  const SmallHeap largest = with_rules_type(spec.kind, []<class Rules>(std::type_identity<Rules>) {
    if constexpr (requires { Rules::largest_machine_heap; })
      return SmallHeap{Rules::largest_machine_heap};
    else
      return ~SmallHeap{0};
  });
  if (!heaps_may_grow(spec))
    return std::ranges::all_of(heaps, [&](SmallHeap h) { return h <= largest; });
  SmallHeap total = 0;
  for (SmallHeap h : heaps)
    if (__builtin_add_overflow(total, h, &total)) return false;
  return total <= largest;
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
