// What the commands may ask of a game without compiling it: its capabilities, read from
// each game's row (nim/games/game_row.hpp: the facts each game states of itself; defined in
// nim/engine/capabilities.cpp), and a PreparedGame, which make_engine()
// (nim/engine/game_engine.hpp) turns into the game's engine. A command includes this, never the
// games: an edit to one game rebuilds that game's translation units and the links.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "nim/games/game_spec.hpp"
#include "nim/games/typed_move_words.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap.hpp"

namespace nim {

// A game that states no fact has the default (the most common answer).

// The number of heaps every position of the game has, if it is fixed (Wythoff's game: 2).
std::optional<std::size_t> fixed_heap_count(const GameSpec& spec);

// Whether a position and its heaps in another order may have different answers (staircase Nim's
// steps are in order); in the other games a position is a set of heaps.
bool heap_order_matters(const GameSpec& spec);

// Whether a move may add to a heap, so that one heap may come to hold the whole of the position
// (staircase Nim moves coins onto the step below); in the other games moves only lower heaps.
bool heaps_may_grow(const GameSpec& spec);

// Whether the heaps are the steps of a staircase, numbered from the lowest, and a move moves
// coins from one down to the next (staircase Nim): a move is said so.
bool heaps_are_steps(const GameSpec& spec);

// Whether a move may split what is left of a heap in two (a typed move then may name the parts).
bool moves_may_split(const GameSpec& spec);

// Whether every move splits a heap in two and takes nothing (Grundy's game): a typed move may then
// be the heap and the parts alone.
bool moves_only_split(const GameSpec& spec);

// Whether a move may take from more than one heap (Moore's Nim of 2 heaps a move or more,
// Wythoff's game).
bool moves_take_from_several_heaps(const GameSpec& spec);

// Whether every move of the game is one heap and a count (GameMove::single): no split of what is
// left, no second heap. Staircase Nim's move also puts its coins on the step below, which its step
// and count say; Moore's Nim of one heap a move is Nim.
bool moves_take_from_one_heap(const GameSpec& spec);

// Whether a labelled position's JSON record says who wins and no more (Nim's, as it was first
// written); the other games' add the move and the Grundy values.
bool labels_winning_only(const GameSpec& spec);

// Whether the game's records are Nim's, as they were first written (its description's words, the
// nim-sum of the sizes: GameRow::nim_records).
bool writes_nim_records(const GameSpec& spec);

// Whether misère play of the game is answered by the bounded search (game_solver.hpp), which
// --limit-search bounds, rather than by a theory (the game's knows_misere(), known here before its
// rules are made).
bool misere_is_searched(const GameSpec& spec);

// How a person types a move of the game in play: the game's typed_move words, or its
// typed_move_with_split when its moves may split (a take-and-break game that splits), or its
// typed_move_only_split when they only split (Grundy's game).
const TypedMoveWords& typed_move_words(const GameSpec& spec);
// What a move is in an agent's reply, said when a reply holds none: "[heap, count], two whole
// numbers" (Nim), "a move of the game: [heap, count], ...".
std::string_view reply_move_form(const GameSpec& spec);

// Whether a position is worth the XOR of its heaps' Grundy values, each heap's value its own
// whatever the other heaps: every move changes one heap (a split leaves two heaps played apart),
// so that the game has a value of a single heap and `nim-game sequence` lists them. Nim's values
// come from single heaps too (its rules are no GameSpec); Moore's Nim of one heap a move is Nim.
bool values_come_from_single_heaps(const GameSpec& spec);

// Whether the game's values are computed (a take-and-break game's, from its HeapGame: see
// PreparedGame) rather than given by its theory or its moves.
bool values_are_computed(const GameSpec& spec);

// Whether the game's positions from these heaps stay within machine words: every heap, or where
// heaps may grow (heaps_may_grow) their total, is at most the largest heap the game answers in a
// machine word (its largest_machine_heap: in Lasker's Nim a heap of 2^64 - 1 is worth 2^64).
bool fits_machine_words(const GameSpec& spec, std::span<const SmallHeap> heaps);

struct MoveIndex;  // nim/games/take_and_break/move_index.hpp

// A game ready to answer positions: its rules, with its Grundy values computed as far as the
// largest heap asked needs (or, while no period is proved, on to the limit).
class PreparedGame {
 public:
  PreparedGame(GameSpec spec, const BigHeap& largest_heap);

  const GameSpec& spec() const { return spec_; }
  const std::shared_ptr<const GrundySequence>& sequence() const { return sequence_; }
  // A take-and-break game's index of its heaps' first options (its rules' from()).
  const std::shared_ptr<const MoveIndex>& move_index() const { return move_index_; }

 private:
  GameSpec spec_;
  std::shared_ptr<const GrundySequence> sequence_;
  std::shared_ptr<const MoveIndex> move_index_;
};

}  // namespace nim
