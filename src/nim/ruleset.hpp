// What a game's rules provide, so that the library is generic over the game (a ruleset is a small
// value type: its parameters, and the questions the solver, the strategies, the judge of a move
// and the exhaustive oracle of the tests ask of them). Nim's rules model them
// (nim/games/nim/nim.hpp); the games after Nim model PlayableGame (nim/games/game_move.hpp) and
// have a row each (nim/games/game_row.hpp).
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>
#include <string_view>

#include "nim/heap.hpp"
#include "nim/position.hpp"

namespace nim {

// How a ruleset answers misère play (whoever makes the last move loses).
enum class MisereTheory {
  // The Grundy values decide as in normal play while some heap is worth 2 or more; once every
  // heap is worth 0 or 1, the mover wins iff an even number of heaps is worth 1 (Bouton's misère
  // rule, which holds for Nim and for Nim with a cap).
  tame,
  // The library has no theory of misère play for this game: it refuses to answer (the ruleset's
  // misere_refusal() says why).
  none,
};

// Every ruleset: a name, misère play or not, the legal moves one by one (what the exhaustive
// oracle searches) and how it answers misère play. Positions are lists of heaps; moves are
// Move<Heap> (a heap and a count taken from it).
template <class R>
concept Ruleset = std::copyable<R> && HeapInteger<typename R::Heap> &&
    requires(const R& rules, const typename R::Heap& h, const typename R::Heap& count) {
  { R::name } -> std::convertible_to<std::string_view>;  // as --game names it
  { rules.misere } -> std::convertible_to<bool>;
  { rules.misere_theory() } -> std::same_as<MisereTheory>;
  // The legal moves in one heap of size h are the counts 1..most_taken(h) with allows(h, count).
  { rules.most_taken(h) } -> std::same_as<typename R::Heap>;
  { rules.allows(h, count) } -> std::same_as<bool>;
};

// A game that is a sum of its heaps (Sprague–Grundy): a heap of size h is worth a Nim heap of its
// Grundy value, and the position is won iff the XOR of those values is not 0 (in normal play).
template <class R>
concept HeapSumRuleset = Ruleset<R> &&
    requires(const R& rules, const typename R::Heap& h, const typename R::Heap& target) {
  { rules.grundy(h) } -> std::same_as<typename R::Heap>;
  // The count to take from a heap of size h (Grundy value g) that leaves a heap of Grundy value
  // target, if one exists; at most one does.
  { rules.take_to_reach(h, h, target) } -> std::same_as<std::optional<typename R::Heap>>;
  // Whether every heap is worth its own size (plain Nim): the solver then finds moves through the
  // position's bit queries in O(log n).
  { rules.values_are_sizes() } -> std::same_as<bool>;
};

}  // namespace nim
