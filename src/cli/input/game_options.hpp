// The options that every command playing or analysing Nim shares, declared and read here and
// nowhere else: the rules, how the perfect player picks its move, the seed, and the output format.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "cli/input/options.hpp"
#include "nim/any_position.hpp"
#include "nim/strategy.hpp"

namespace nim {

enum class Format { json, text };

struct GameOptions {
  AnyRules rules;                     // --misere, --max-take
  Strategy strategy;                  // --choose, --when-losing
  std::optional<std::uint64_t> seed;  // --seed, as given
  Format format = Format::json;       // --format (the default of most commands: check has())
  bool pretty = false;                // --pretty
};

OptionGroup rule_options();    // --misere, --max-take
OptionGroup choice_options();  // --choose, --when-losing, --seed
OptionSpec seed_option();      // --seed alone, for commands without a move choice
OptionSpec format_option(std::string_view help);  // --format alone, for commands without --pretty
OptionGroup output_options(Format default_format = Format::json);  // --format, --pretty

// Reads whichever of the options above the command declares; the others keep their defaults.
GameOptions read_game_options(const ParsedOptions& given, Format default_format = Format::json);

}  // namespace nim
