// What a game's records can hold, checked before anything is written: analyse's --fields and
// positions' share these refusals.
#pragma once

#include <vector>

#include "nim/fields.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

// Refuses the fields of action ids (action, winning_actions) for a game whose moves are not all a
// heap and a count (moves_take_from_one_heap).
void check_action_fields(const std::vector<Field>& fields, const GameSpec& spec);

}  // namespace nim
