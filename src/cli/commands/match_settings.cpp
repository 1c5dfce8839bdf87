// The settings of nim-game match (and of check-agent, which plays a match too): its options, and
// the command line read into a MatchSettings, checked.
#include "cli/commands/match_settings.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/match_positions.hpp"
#include "cli/commands/match_settings.hpp"
#include "cli/input/agent_spec.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/sprt_spec.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/input/time_control.hpp"
#include "nim/match.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view games = "games";
constexpr std::string_view heap_count = "heap-count";
constexpr std::string_view max_size = "max-size";
constexpr std::string_view positions = "positions";
constexpr std::string_view games_out = "games-out";
constexpr std::string_view move_timeout = "move-timeout";
constexpr std::string_view start_timeout = "start-timeout";
constexpr std::string_view time_control = "time-control";
constexpr std::string_view sprt = "sprt";
constexpr std::string_view report_every = "report-every";
constexpr std::string_view log = "log";
constexpr std::string_view gauntlet = "gauntlet";
constexpr std::string_view positions_order = "positions-order";
constexpr std::string_view blunders_out = "blunders-out";
constexpr std::string_view resume = "resume";
constexpr std::string_view anchor = "anchor";
constexpr std::string_view sum = "sum";
}  // namespace option

constexpr std::uint64_t most_heaps = 1'000'000;

std::vector<OptionGroup> options() {
  return {
      {"",
       {
           {.name = option::games,
            .value = "N",
            .help = "games for each pair of agents, even: each start twice, once with each agent "
                    "first (default 100)"},
           {.name = option::positions,
            .value = "FILE",
            .help = "start positions, one a line in the --batch forms, used in order and cycling"},
           {.name = option::positions_order,
            .value = "ORDER",
            .help = "the order --positions are used in: file (the default), shuffled (by the "
                    "seed), or from:K (from the K-th, then on and round)"},
           {.name = option::heap_count,
            .value = "A..B",
            .help = "otherwise starts are drawn from the seed: A to B heaps (default 3..5)"},
           {.name = option::sum,
            .value = "GAME",
            .help = "play a sum of games, each --sum one game's options (--sum '--octal 0.77'), "
                    "each game's heaps drawn as --heap-count and --max-size say"},
           {.name = option::max_size,
            .value = "M",
            .help = "of sizes 0 to M, never all empty (default 10)"},
           jobs_option("games played at once: threads, and one program per job for each cmd: "
                       "agent (default 1; 0: one per core)"),
           {.name = option::games_out,
            .value = "FILE",
            .help = "write one JSON record per game to FILE, in game order"},
           {.name = option::resume,
            .value = "FILE",
            .help = "go on from the --games-out FILE of an interrupted match given the same "
                    "options and --seed, appending to FILE"},
           {.name = option::move_timeout,
            .value = "SECONDS",
            .help = "a cmd: agent that has not replied by then loses the game (default 5)"},
           {.name = option::start_timeout,
            .value = "SECONDS",
            .help = "the same for a program's first reply, each time it starts (default 60, or "
                    "--move-timeout if longer)"},
           {.name = option::time_control,
            .value = "BASE+INC",
            .help = "each cmd: agent has a clock of BASE seconds a game, INC more after each "
                    "move (10+0.1), sent in its requests: one that runs out loses on time"},
           {.name = option::max_plies,
            .value = "N",
            .help = "a game still going after N plies goes to the side exact play says wins "
                    "(default 1000000)"},
           {.name = option::sprt,
            .value = "TEST",
            .help = "elo0=A,elo1=B[,alpha=P,beta=P,model=logistic|normalized]: with two "
                    "agents, stop once a sequential test of the first against the second is "
                    "decided (alpha, beta 0.05; logistic Elo)"},
           {.name = option::anchor,
            .value = "NAME=ELO",
            .help = "the rating list (three agents or more, or with this option) fixes the "
                    "agent NAME at ELO (default: the first agent at 0)"},
           {.name = option::blunders_out,
            .value = "FILE",
            .help = "write each move that lost a won position to FILE, as a position line with "
                    "the move and a winning one (appended to with --resume)"},
           {.name = option::gauntlet,
            .value = "N",
            .help = "the first N agents each play every other agent; the others do not play "
                    "each other"},
           {.name = option::log,
            .value = "FILE",
            .help = "append every line sent to and received from the programs to FILE, with "
                    "the time and the thread, as it happens"},
           {.name = option::report_every,
            .value = "N",
            .help = "write the report so far on stderr every N games, as text, also when "
                    "stderr is no terminal"},
       }},
      rule_options(),
      game_choice_options(),
      choice_options(),
      output_options(),
  };
}

// The options of a match beside --sum that are not its own: the sum's play and how moves are
// chosen and written. Those that name one game's rules are each --sum's.
constexpr std::array<std::string_view, 7> sum_options{
    "misere", "limit-search", "choose", "when-losing", "seed", "format", "pretty"};

// Refuses what a sum does not take; the sum's games, read from each --sum, and its play.
MatchSettings::Sum read_sum(const ParsedOptions& given) {
  std::vector<std::string_view> taken(sum_options.begin(), sum_options.end());
  const std::vector<OptionGroup> groups = match_options();
  for (const OptionSpec& own : groups.front().options)
    taken.push_back(own.name);
  refuse_options_beside_sums(given, groups, taken);
  SumGames games = read_sum_games(given, SumHeaps::drawn);
  return {.specs = std::move(games.specs),
          .texts = std::move(games.texts),
          .misere = given.has(option::misere),
          .search_limit = games.search_limit};
}

// The largest heap of any start: the Grundy values of a game after Nim are computed that far.
BigHeap largest_start_heap(const MatchSettings& settings) {
  if (settings.positions.empty()) return settings.max_size;
  BigHeap largest = 0;
  for (const AnyPosition& position : settings.positions)
    largest = std::max(largest, position.largest_heap());
  return largest;
}

MatchSettings read_settings(const ParsedOptions& given, std::span<const std::string> agents) {
  MatchSettings settings;
  if (given.has(option::sum)) settings.sum = read_sum(given);
  settings.game = read_game_options(given);
  const GameSpec game_spec =
      settings.sum ? spec_of_kind(GameSpec::Kind::nim) : read_game(given, settings.game.rules);
  // A game of a fixed number of heaps (Wythoff's: 2) has its starts drawn so unless asked
  // otherwise.
  if (const auto heaps = fixed_heap_count(game_spec); heaps && !settings.sum)
    settings.heap_count = {*heaps, *heaps};
  std::vector<std::optional<std::string>> given_names;
  for (const std::string& operand : agents) {
    const NamedSpec named = split_agent_name(operand);
    settings.agents.push_back(parse_agent_spec(named.spec));
    settings.specs.emplace_back(named.spec);
    given_names.push_back(named.name);
  }
  if (settings.specs.size() < 2)
    throw UsageError("a match needs at least two agents, as in: nim-game match perfect random");
  settings.names = agent_names(settings.specs, given_names);
  for (std::size_t i = 0; i < settings.names.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (settings.names[i] == settings.names[j])
        throw UsageError("two agents are named " + quoted(settings.names[i]) +
                         ": give them different names, as in NAME=SPEC");

  if (const auto* text = given.value(option::games)) {
    settings.games_per_pair = parse_whole_number("--games", *text, 2);
    if (settings.games_per_pair % 2 != 0)
      throw UsageError("--games " + quoted(*text) +
                       " is odd: each start is played twice, once with each agent first");
    if (settings.games_per_pair > UINT64_MAX / pair_count(settings.specs.size()))
      throw UsageError("--games " + quoted(*text) + " makes more than 2^64 games in all");
  }
  if (const auto* path = given.value(option::positions)) {
    for (const char* generated : {"heap-count", "max-size"})
      if (given.has(generated))
        throw UsageError(std::string("--") + generated +
                         " shapes the starts drawn from the seed; --positions gives them instead");
    settings.positions = settings.sum ? read_sum_start_positions(*path, *settings.sum)
                                      : read_start_positions(*path, game_spec);
  }
  if (const auto* text = given.value(option::heap_count)) {
    const auto [least, most] = parse_range("--heap-count", *text, 1);
    if (most > most_heaps)
      throw UsageError("--heap-count " + quoted(*text) + " is more than " +
                       std::to_string(most_heaps) + " heaps");
    settings.heap_count = {least, most};
  }
  if (const auto* text = given.value(option::max_size))
    settings.max_size =
        parse_positive_integer("--max-size", *text, "a start needs an object to take");
  if (const auto* text = given.value(option::jobs)) settings.jobs = parse_jobs(*text);
  if (const auto* path = given.value(option::games_out)) settings.games_out = *path;
  if (const auto* path = given.value(option::resume)) {
    if (given.has(option::games_out))
      throw UsageError("--resume " + quoted(*path) +
                       " appends the games to that file: --games-out is not needed");
    if (!settings.game.seed)
      throw UsageError("--resume " + quoted(*path) +
                       " needs the interrupted match's --seed (its report gives it)");
    settings.games_out = *path;
    settings.resume = true;
  }
  if (const auto* text = given.value(option::move_timeout))
    settings.move_timeout = read_seconds(dashed(option::move_timeout), *text);
  // A first reply is a move too: it gets no less than --move-timeout unless told otherwise.
  settings.start_timeout = std::max(settings.start_timeout, settings.move_timeout);
  if (const auto* text = given.value(option::start_timeout))
    settings.start_timeout = read_seconds(dashed(option::start_timeout), *text);
  if (const auto* text = given.value(option::time_control))
    settings.time_control = read_time_control(dashed(option::time_control), *text);
  if (const auto* text = given.value(option::max_plies))
    settings.max_plies = parse_whole_number(dashed(option::max_plies), *text, 1);
  if (const auto* text = given.value(option::sprt)) {
    settings.sprt = parse_sprt(*text);
    if (settings.specs.size() != 2)
      throw UsageError("--sprt tests one agent against another: give exactly two agents");
  }
  if (const auto* text = given.value(option::anchor))
    settings.anchor = parse_anchor(*text, settings.names);
  if (const auto* file = given.value(option::log)) settings.log = *file;
  if (const auto* file = given.value(option::blunders_out)) settings.blunders_out = *file;
  if (const auto* text = given.value(option::gauntlet)) {
    const std::size_t agents = settings.specs.size();
    settings.gauntlet = parse_whole_number("--gauntlet", *text, 1, ~std::uint64_t{0});
    if (settings.gauntlet >= agents)
      throw UsageError("--gauntlet " + *text + " needs more than " + *text +
                       " agents: the first N play the others, and there are " +
                       std::to_string(agents));
  }
  if (const auto* text = given.value(option::report_every))
    settings.report_every = parse_whole_number("--report-every", *text, 1, ~std::uint64_t{0});
  settings.seed = *seed_in_use(settings.game, true, "");  // the starts are always drawn
  if (const auto* order = given.value(option::positions_order))
    order_positions(settings.positions, *order, settings.seed);
  if (settings.sum)
    settings.sum->games =
        prepare_sum_games(settings.sum->specs, settings.sum->texts, largest_start_heap(settings));
  else
    settings.prepared = PreparedGame(game_spec, largest_start_heap(settings));
  check_drawn_starts(settings);
  return settings;
}

}  // namespace

// (Within the unnamed namespace, this file's option names hide the shared ones they extend.)
std::vector<OptionGroup> match_options() {
  return options();
}

MatchSettings read_match_settings(const ParsedOptions& given, std::span<const std::string> agents) {
  return read_settings(given, agents);
}

}  // namespace nim
