// A move of any game as the command line gives it (--move): "I,N" (take N from heap I), or its JSON
// form as records write it: [I,N], [I,N,[L,R]] (what is left of heap I split into heaps of L and
// R), [[I,N],[J,M],...] (from several heaps at once). The numbers are kept exact, so that the
// judge, not the reader, says what is wrong with a move that takes too much.
#pragma once

#include <optional>
#include <string_view>

#include "nim/games/game_move.hpp"

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

// A move as a person types it in play, heaps numbered from 1: "3 1" takes 1 from heap 3; with
// `splits` (a take-and-break game), "3 1 2 2" also splits what is left into 2 and 2; otherwise
// "1 2 2 2" takes 2 from heap 1 and 2 from heap 2. The numbers are integers, in pairs, separated
// by blanks or by one comma (blanks around it allowed: "4,1", "4, 1"), with blanks and a \r
// around the whole. None for any other text. Numbers are kept as typed, negative or beyond any
// heap, for the judge to refuse with its reason (heap 0 is index -1).
std::optional<GivenGameMove> read_typed_move(std::string_view text, bool splits);

}  // namespace nim
