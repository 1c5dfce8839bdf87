// The table of games as the command line knows them: each game's name, its parameters (options),
// how they are read, and its help. A new game is a row here beside its ruleset in src/nim/games/.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "cli/input/options.hpp"
#include "nim/any_position.hpp"

namespace nim {

struct GameRow {
  std::string_view name;     // the ruleset's name
  std::string_view summary;  // one line, for the help
  std::vector<OptionSpec> (*options)();
  // The game's rules from the options given; throws UsageError for a bad parameter.
  AnyRules (*read)(const ParsedOptions& given);
};

// Every game, nim (the default) first.
std::span<const GameRow> game_table();

}  // namespace nim
