// Who plays a game of `nim-game play`, read from --players and --first.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "nim/game.hpp"

namespace nim {

// The values --players and --first take, for the option table.
std::vector<std::string_view> player_set_names();
std::vector<std::string_view> first_player_names();

// The sides from --players (nullptr when not given: human,computer) and --first (nullptr when not
// given), which only a game of a person against the computer, given as human,computer, takes:
// `--players computer,human` and `--first computer` both let the computer start. Throws
// UsageError for a value not in the tables, or --first with other players.
Controllers read_players(const std::string* players, const std::string* first);

}  // namespace nim
