// The JSON events of `nim-game play --format json` (Nim's play only), one record a line, for
// programs: start, move, invalid, hint, help and end. Indices are 0-based, as in every JSON record;
// the words of a reason name heaps from 1, as the person typed them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "format/json_writer.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/game.hpp"

namespace nim {

// {"event":"start","position":[...],"rules":{...},"players":["human","computer"],
//  "difficulty":P or null}
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_start_event(JsonWriter& w, const Game<Rules>& game, std::optional<double> difficulty);

// {"event":"move","player":...,"move":[i,n],"next_position":[...],"optimal":bool}, for the move
// being made: the game still shows the board before it.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_move_event(JsonWriter& w, const Game<Rules>& game, const MoveRecord<Heap>& played);

// {"event":"invalid","input":"...","reason":"..."}
void write_invalid_event(JsonWriter& w, std::string_view input, std::string_view reason);

// {"event":"hint","winning":bool,"move":[i,n] or null,"explanation":{...}}
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_hint_event(JsonWriter& w, const Analysis<Rules>& advice,
                      const Explanation<Heap>& explanation);

// {"event":"help","text":"..."}
void write_help_event(JsonWriter& w);

// {"event":"end","winner":... or null,"ending":"over", "quit" or "end_of_input",
//  "mistakes":[{"ply":k,"player":...,"move":[i,n],"keeping":[i,n]}],"seed":S or null}
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_end_event(JsonWriter& w, const Game<Rules>& game, Ending ending,
                     std::optional<std::uint64_t> seed);

}  // namespace nim
