// Nim's rules as the command line knows them: the ruleset's name, its parameters (--misere,
// --max-take), how they are read, and its help. The games after Nim are chosen by game_choice.hpp
// from their rows (nim/games/game_row.hpp).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "cli/input/options.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

struct RulesRow {
  std::string_view name;     // the ruleset's name
  std::string_view summary;  // one line, for the help
  std::vector<OptionSpec> (*options)();
  // The game's rules from the options given; throws UsageError for a bad parameter.
  GameSpec (*read)(const ParsedOptions& given);
};

// Every ruleset: Nim's.
std::span<const RulesRow> rules_table();

}  // namespace nim
