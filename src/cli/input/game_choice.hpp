// The options that choose a game after Nim (--game, --octal, --subtract, --subtract-all-but,
// --heaps-per-move, --grundy-limit), declared and read here for every command that offers them.
// Without them the game is Nim, whose rules game_options.hpp reads (--misere, --max-take).
#pragma once

#include <optional>

#include "cli/input/options.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

namespace option {
inline constexpr std::string_view game = "game";
inline constexpr std::string_view octal = "octal";
inline constexpr std::string_view subtract = "subtract";
inline constexpr std::string_view subtract_all_but = "subtract-all-but";
inline constexpr std::string_view heaps_per_move = "heaps-per-move";
inline constexpr std::string_view grundy_limit = "grundy-limit";
inline constexpr std::string_view search_limit = "limit-search";
}  // namespace option

// --game (nim, grundy, moore, wythoff, staircase, lasker), --octal, --subtract, --subtract-all-but,
// --heaps-per-move, --grundy-limit. With `offered`, --game offers (in its help and completion)
// Nim and the games `offered` keeps, as a command that answers only those declares it.
OptionGroup game_choice_options(bool (*offered)(const GameSpec&) = nullptr);

// The take-and-break game named by --octal, --subtract, --subtract-all-but or --game grundy, if
// one is; a UsageError for two of them, or for a bad code or list.
std::optional<HeapGame> read_take_and_break(const ParsedOptions& given);

// The game after Nim the options name (with --misere); none for Nim. A UsageError for a
// parameter of another game (--heaps-per-move without --game moore, --max-take beside a game
// after Nim).
std::optional<GameSpec> read_game_spec(const ParsedOptions& given);

// The game the options name, Nim included (`nim`: its rules, as game_options.hpp read them).
GameSpec read_game(const ParsedOptions& given, const GameSpec& nim);
// The same, the game after Nim already read (read_game_spec()): Nim when there is none.
GameSpec game_of(const std::optional<GameSpec>& named, const GameSpec& nim);

}  // namespace nim
