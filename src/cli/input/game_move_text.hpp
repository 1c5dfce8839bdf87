// A move of any game as the command line gives it (--move): "I,N" (take N from heap I), or its JSON
// form as records write it: [I,N], [I,N,[L,R]] (what is left of heap I split into heaps of L and
// R), [[I,N],[J,M],...] (from several heaps at once). The numbers are kept exact, so that the
// judge, not the reader, says what is wrong with a move that takes too much.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

// The move, or none when the text has none of those forms. Its numbers may be negative (the judge
// calls such a move illegal, as Nim's --move does).
std::optional<GivenGameMove> read_game_move(std::string_view text);

// The move of --move, as read_game_move() reads it; a text of none of its forms is a UsageError.
GivenGameMove read_move_option(std::string_view text);

// The JSON forms alone, as the agent protocol and match records write a move: none when a number
// is negative (no move of any game). A heap index beyond any position reads as the largest index,
// which no position has.
std::optional<GameMove<BigHeap>> read_json_game_move(std::string_view text);

// The forms of a move a person types in play, by what the game's moves do.
enum class TypedMoveForm {
  takes,       // pairs of heap and count: "3 1"; "1 2 2 2" takes from heaps 1 and 2
  with_split,  // "3 1", and "3 1 2 2": what is left of heap 3 split into 2 and 2
  only_split,  // with_split's forms, and "3 1 2": heap 3 split into 1 and 2, taking nothing
};

// The forms of the game's moves: only_split where every move splits and takes nothing (Grundy's
// game), with_split where a move may split, takes otherwise.
TypedMoveForm typed_move_form(const GameSpec& spec);

// A move as a person types it in play, heaps numbered from 1, in the forms `form` allows: "3 1"
// takes 1 from heap 3; "3 1 2 2" also splits what is left into 2 and 2 (with_split, only_split);
// "3 1 2" splits heap 3 into 1 and 2, as "3 0 1 2" does (only_split); otherwise "1 2 2 2" takes 2
// from heap 1 and 2 from heap 2. The numbers are integers, separated by blanks or by one comma
// (blanks around it allowed: "4,1", "4, 1"), with blanks and a \r around the whole. None for any
// other text. Numbers are kept as typed, negative or beyond any heap, for the judge to refuse
// with its reason (heap 0 is index -1).
std::optional<GivenGameMove> read_typed_move(std::string_view text, TypedMoveForm form);

// A move of a sum of games as a person types it: the component's number from 1, then the move in
// that component's form (`forms`, one a component), separated as its numbers are: "2 4 1" takes 1
// from heap 4 of component 2. None for any other text. The component's number is kept as typed,
// for the caller to refuse one the sum lacks by its number (its move then read in any form).
struct TypedSumMove {
  BigHeap component;  // from 1, as typed
  GivenGameMove move;
  friend bool operator==(const TypedSumMove&, const TypedSumMove&) = default;
};
std::optional<TypedSumMove> read_typed_sum_move(std::string_view text,
                                                std::span<const TypedMoveForm> forms);

}  // namespace nim
