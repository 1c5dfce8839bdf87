// One game of a sum of games as --sum gives it: the game's options, as the command line takes
// them, then its heap sizes: "--octal 0.77 5" (Kayles), "--game wythoff 3 4", "7" (Nim),
// "--max-take 3 4 5". Read by the command line's own parser and readers of a game, so that a
// component takes and refuses what a game's options do, in the same words.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/options.hpp"
#include "nim/any_position.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

struct SumComponent {
  GameSpec spec;  // normal play: a sum is played misère or not as a whole (--misere)
  AnyPosition heaps;
};

// Where a component's heap sizes come from: its --sum, each --batch line, or the draws of
// `nim-game positions`.
enum class SumHeaps { given, from_lines, drawn };

// The games of every --sum given, each read as `heaps` says (read_sum_component()), and the one
// bound of every search, --limit-search: the misère play of the sum, and each game's values
// searched.
struct SumGames {
  std::vector<GameSpec> specs;     // each in normal play, its search_limit that bound
  std::vector<AnyPosition> heaps;  // each game's (none unless SumHeaps::given)
  std::vector<std::string> texts;  // each --sum as given
  std::uint64_t search_limit = GameSpec{}.search_limit;
};
SumGames read_sum_games(const ParsedOptions& given, SumHeaps heaps);

// Refuses, in one line naming it, an option of `groups` given beside --sum that is not `taken`: one
// that names one game's heaps or rules (each --sum gives its game's), or one not offered for sums.
void refuse_options_beside_sums(const ParsedOptions& given, std::span<const OptionGroup> groups,
                                std::span<const std::string_view> taken);

// The games of a sum, each prepared to `most_size`, the largest heap its positions hold; a game
// whose values cannot reach it is a UsageError that names its --sum (`texts`, one a game).
std::vector<PreparedGame> prepare_sum_games(const std::vector<GameSpec>& specs,
                                            const std::vector<std::string>& texts,
                                            const BigHeap& most_size);

// The component `text` names; a UsageError that quotes it for a bad option, value or size, for
// --misere (the whole sum's), and for heaps missing (SumHeaps::given) or given when they come
// from elsewhere.
SumComponent read_sum_component(std::string_view text, SumHeaps heaps);

// What a --batch line of a sum carries beside its heaps, each any JSON value as written (a view
// into the line): its "id", its "rules" (the sum's: {"game":"sum","misere":false}) and each game's
// "rules".
struct SumLineKeys {
  std::optional<std::string_view> id;
  std::optional<std::string_view> rules;
  std::vector<std::optional<std::string_view>> game_rules;
};

// Reads a --batch line of a sum of `games` games into `heaps` (one position each) and `keys`: the
// JSON form {"sum":[{"heaps":[5]},{"rules":RULES,"heaps":[3,4]}],"id":7}, as the records write a
// sum's position, or plain text, each game's heaps in a plain form of a line and the games
// separated by '|' ("5 | 3 4 | 7"). Returns an error message, or an empty string on success.
std::string read_sum_line(std::string_view line, std::size_t games, std::vector<AnyPosition>& heaps,
                          SumLineKeys& keys);

}  // namespace nim
