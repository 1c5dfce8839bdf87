// nim-game sequence: a heap game's Grundy values and what is known of their period, as CGSuite's
// NimValueSequence and CheckPeriodicity give them. The game is given by its moves on one heap
// (--octal, --subtract, --subtract-all-but, --game grundy).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_game_text.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/sequence_sink.hpp"
#include "nim/games/take_and_break.hpp"
#include "nim/grundy_sequence.hpp"

namespace nim {

namespace {

namespace option {
using namespace ::nim::option;
constexpr std::string_view up_to = "up-to";
}  // namespace option

constexpr std::uint64_t default_up_to = 100;
constexpr std::uint64_t default_grundy_limit = 10'000;
// 4 bytes a value: 400 MB at most.
constexpr std::uint64_t most_heaps = 100'000'000;

std::vector<OptionGroup> sequence_options() {
  return {
      {"",
       {
           {.name = option::up_to,
            .value = "N",
            .help = "the values of heaps 0 to N (default 100)"},
           {.name = option::grundy_limit,
            .value = "L",
            .help = "look for a period in the values up to heap L (default 10000, at least N, "
                    "at most 100000000), in max(L, 1024)^2 steps at most"},
       }},
      [] {
        // --octal, --subtract and --subtract-all-but as analyse declares them; --game here names
        // Grundy's game only (the other games have no sequence of one heap).
        OptionGroup group{"Game (one of them)", {}};
        for (OptionSpec& spec : game_choice_options().options)
          if (spec.name == option::octal || spec.name == option::subtract ||
              spec.name == option::subtract_all_but)
            group.options.push_back(std::move(spec));
        group.options.push_back(
            {.name = option::game,
             .value = "NAME",
             .help = "grundy: Grundy's game (split a heap into two unequal heaps)",
             .choices = {"grundy"}});
        return group;
      }(),
      {"Output", {format_option("json (default) or text")}},
  };
}

HeapGame read_game(const ParsedOptions& given) {
  // Moore's Nim, Wythoff's game and staircase Nim have no Grundy sequence of one heap.
  if (const std::string* name = given.value(option::game); name && *name != "grundy")
    not_one_of("--game", *name, std::vector<std::string_view>{"grundy"});
  auto game = read_take_and_break(given);
  if (!game)
    throw UsageError(
        "sequence needs a game: --octal CODE, --subtract LIST, --subtract-all-but LIST or --game "
        "grundy");
  return *game;
}

int run(const ParsedOptions& given, Output& out) {
  const GameOptions options = read_game_options(given);
  reject_operands(given);
  HeapGame game = read_game(given);
  std::uint64_t up_to = default_up_to, limit = default_grundy_limit;
  if (const auto* text = given.value(option::up_to))
    up_to = parse_whole_number("--up-to", *text, 0, most_heaps);
  if (const auto* text = given.value(option::grundy_limit))
    limit = parse_whole_number("--grundy-limit", *text, 0, most_heaps);
  const std::uint64_t most_steps = most_grundy_steps(std::max(limit, up_to));
  const GrundySequence sequence =
      compute_sequence(std::move(game), up_to, std::max(limit, up_to), most_steps);
  if (sequence.computed_to() < up_to)
    throw UsageError("the values of " + describe(sequence.game) + " to heap " +
                     std::to_string(up_to) + " pass their bound of " + std::to_string(most_steps) +
                     " steps (the square of --grundy-limit, or of --up-to if larger) at heap " +
                     std::to_string(sequence.computed_to() + 1));
  // The output format, chosen here once.
  if (options.format == Format::json)
    JsonSequenceSink{}.sequence(out.buffer(), sequence, up_to);
  else
    TextSequenceSink{TextStyle{.width = text_width(1)}}.sequence(out.buffer(), sequence, up_to);
  out.end_record();
  return exit_ok;
}

constexpr const char* epilogue =
    R"(The values are computed to heap N and, while no period is proved, on to heap L to find one.
A period is proved by the Guy-Smith theorem for octal games (a repeated window of the last
max(S) values for games that never split a heap); an all-but subtraction game's arithmetic
period is only seen, never proved; Grundy's game has no known period.

Examples:
  nim-game sequence --octal 0.07 --up-to 200
  nim-game sequence --subtract 1,3,4 --format text
  nim-game sequence --game grundy --up-to 100000

Exit status: 0 success; 2 bad command line (a bad code or list, --up-to or --grundy-limit above
100000000); 3 output failed, or memory ran out.
)";

}  // namespace

Command sequence_command() {
  return {"sequence",
          "a heap game's Grundy values, with its period and whether it is proved",
          "sequence (--octal CODE | --subtract LIST | --subtract-all-but LIST | --game grundy) "
          "[OPTION...]",
          sequence_options,
          run,
          epilogue};
}

}  // namespace nim
