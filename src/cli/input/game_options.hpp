// The options that every command playing or analysing Nim shares, declared and read here and
// nowhere else: the rules, how the perfect player picks its move, the seed, and the output format.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "cli/input/options.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/strategy.hpp"

namespace nim {

// csv and tsv only for the commands that write tables (analyse, positions); svg and binary only for
// sequence; npy (numpy's array file) only for positions.
enum class Format { json, text, csv, tsv, svg, binary, npy };

// The names of the shared options, declared once: the option tables and the readers use these.
namespace option {
inline constexpr std::string_view choose = "choose";
inline constexpr std::string_view when_losing = "when-losing";
inline constexpr std::string_view seed = "seed";
inline constexpr std::string_view format = "format";
inline constexpr std::string_view pretty = "pretty";
inline constexpr std::string_view max_plies = "max-plies";
inline constexpr std::string_view misere = "misere";
inline constexpr std::string_view max_take = "max-take";
}  // namespace option

// Without --max-plies, a playout or a game between programs stops here: a game of huge heaps
// would otherwise go on for ever.
inline constexpr std::uint64_t default_max_plies = 1'000'000;

struct GameOptions {
  GameSpec rules;                     // Nim's: --misere, --max-take
  Strategy strategy;                  // --choose, --when-losing
  std::optional<std::uint64_t> seed;  // --seed, as given
  Format format = Format::json;       // --format (the default of most commands: check has())
  bool pretty = false;                // --pretty
};

OptionGroup rule_options();    // --misere, --max-take
OptionGroup choice_options();  // --choose, --when-losing, --seed
OptionSpec seed_option();      // --seed alone, for commands without a move choice
// Whether a command's --format offers csv and tsv besides json and text, and besides those svg (a
// picture) and binary (the values as bytes), or npy (numpy's array file).
enum class Tables { no, yes, and_picture_and_bytes, and_arrays };
// --format alone, for commands without --pretty
OptionSpec format_option(std::string_view help, Tables tables = Tables::no);
// --format, --pretty
OptionGroup output_options(Format default_format = Format::json, Tables tables = Tables::no);

// Nim under the rules given (--misere, --max-take); throws UsageError for a bad cap.
GameSpec read_rules(const ParsedOptions& given);

// Reads whichever of the options above the command declares; the others keep their defaults.
GameOptions read_game_options(const ParsedOptions& given, Format default_format = Format::json,
                              Tables tables = Tables::no);

// The seed policy of every command: a seed is in use when something random is (`random`), and it
// is the one given with --seed or else one drawn; none when nothing is random. A seed given when
// nothing is random is a usage error, "--seed needs " + `what_would_use_it`.
std::optional<std::uint64_t> seed_in_use(const GameOptions& options, bool random,
                                         std::string_view what_would_use_it);

// Every command's check of its operands: any beyond the first `allowed` is a usage error that
// names it ("unexpected argument "4"") and adds `hint`.
void reject_operands(const ParsedOptions& given, std::size_t allowed = 0,
                     std::string_view hint = "");

}  // namespace nim
