// nim-game check-agent SPEC: a program of the agent protocol put through what a match asks of it,
// before a long match finds out: it starts and answers its first request; it plays games against
// `random` (the game and starts of the options given, from won and lost positions, with the end
// events and legal moves it asks for), every reply a legal move in time, one line to each
// request and none besides; and it exits when its input ends. Each check is a line, passed or
// failed with the fault in the match's words; the exit status is 0 only when all pass.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cli/commands/agent_start_check.hpp"
#include "cli/commands/command.hpp"
#include "cli/commands/match_agents.hpp"
#include "cli/commands/match_play.hpp"
#include "cli/commands/match_positions.hpp"
#include "cli/commands/match_settings.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/game_record.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/interrupt.hpp"
#include "format/match_records.hpp"
#include "format/match_sink.hpp"
#include "format/rules_words.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// Games against random unless --games says otherwise: every start twice, once with each first.
constexpr std::uint64_t default_games = 20;

// The match's options that shape the games the program is checked in, read by the match's reader.
constexpr std::array<std::string_view, 8> match_options_kept{
    "games",        "heap-count",    "max-size",     "sum",
    "move-timeout", "start-timeout", "time-control", "log"};

std::vector<OptionGroup> check_agent_options() {
  OptionGroup own{"", {}};
  for (const OptionGroup& group : match_command().options())
    for (const OptionSpec& option : group.options)
      if (std::ranges::find(match_options_kept, option.name) != match_options_kept.end())
        own.options.push_back(option);
  own.options.front().help = "games against random, even (default 20)";
  own.options.push_back(seed_option());
  std::vector<OptionGroup> groups{own, rule_options()};
  for (OptionGroup& group : match_command().options())
    if (group.title.starts_with("Game")) groups.push_back(std::move(group));
  return groups;
}

struct CheckResult {
  bool passed = false;
  std::string words;  // what was checked, and what went wrong
};

std::string decoded_string(std::string_view json) {
  JsonReader reader(json);
  return reader.string();
}

// What the games' records say of the program: its games, its moves, the games it lost by a fault
// of its own (random, its opponent, makes none) and the first of them, in the match's words.
struct GamesSeen {
  std::uint64_t games = 0;
  std::uint64_t program_moves = 0;
  std::uint64_t faulty_games = 0;
  std::string first_fault;
};

GamesSeen read_games(std::string_view records, const std::string& name) {
  GamesSeen seen;
  std::size_t start = 0;
  while (start < records.size()) {
    const std::size_t end = records.find('\n', start);
    const std::string_view line = records.substr(start, end - start);
    start = end == std::string_view::npos ? records.size() : end + 1;
    const std::optional<RecordedGame> game = read_game_record(line);
    if (!game) continue;
    ++seen.games;
    // The program's plies: the even ones when it moved first (`name`, its name in the records).
    const bool first = decoded_string(game->field("first")) == name;
    seen.program_moves += (game->moves.size() + (first ? 1 : 0)) / 2;
    if ((game->fault || game->illegal) && seen.faulty_games++ == 0)
      seen.first_fault =
          "game " + std::string(game->field("game")) + ": " + decoded_string(game->field("reason"));
  }
  return seen;
}

std::string asked_words(const AgentAsks& asks) {
  if (asks.end && asks.legal_moves) return "asks for the end of each game and the legal moves";
  if (asks.end) return "asks for the end of each game";
  if (asks.legal_moves) return "asks for the legal moves";
  return "asks for nothing more";
}

int run(const ParsedOptions& given, Output& out) {
  const std::vector<std::string>& operands = given.operands();
  if (operands.size() != 1)
    throw UsageError(
        "check-agent checks one program: give its spec, as in nim-game check-agent "
        "'cmd:python3 agent.py'");
  if (!std::holds_alternative<ExternalAgent>(parse_agent_spec(split_agent_name(operands[0]).spec)))
    throw UsageError("agent " + quoted(operands[0]) +
                     " is built in: check-agent checks a program, cmd:COMMAND");
  const std::array<std::string, 2> agents{operands[0], "random"};
  MatchSettings settings = read_match_settings(given, agents);
  if (!given.has("games")) settings.games_per_pair = default_games;
  const InterruptCatcher catcher;
  std::optional<AgentLog> log;
  if (settings.log) log.emplace(*settings.log);

  Buffer& text = out.buffer();
  text += "check-agent " + settings.specs[0] + ": " + match_game_words(settings).title() + ", " +
          std::to_string(settings.games_per_pair) + " games against random (--seed " +
          std::to_string(settings.seed) + ")\n";
  std::vector<CheckResult> results;
  const auto report = [&](CheckResult result) {
    text += result.passed ? "passed  " : "FAILED  ";
    text += result.words;
    text += '\n';
    out.end_record();
    results.push_back(std::move(result));
  };

  try {
    settings.asks = check_agents_start(settings, log ? &*log : nullptr);
    report({true, "start: it answered its first request, and " + asked_words(settings.asks[0])});
  } catch (const UsageError& e) {
    report({false, std::string("start: ") + e.what()});
  }
  if (InterruptCatcher::caught()) return InterruptCatcher::exit_status(InterruptCatcher::caught());

  if (results.back().passed) {
    Buffer records;
    Output games([&records](std::string_view lines) { records += lines; });
    const JsonMatchSink sink(false);
    const MatchStreams streams{.games = &games, .log = log ? &*log : nullptr};
    play_match(
        settings, sink, streams, [] { return InterruptCatcher::caught() != 0; },
        ResumedMatch{MatchStatistics(settings.specs.size(), sum_games(settings))});
    games.flush();
    if (InterruptCatcher::caught())
      return InterruptCatcher::exit_status(InterruptCatcher::caught());
    const GamesSeen seen = read_games(records.view(), settings.names[0]);
    const std::string played = std::to_string(seen.games) + " games, " +
                               std::to_string(seen.program_moves) + " moves of its own";
    const std::optional<TimeControl> clock =
        time_control_of(std::get<ExternalAgent>(settings.agents[0]), settings.time_control);
    const std::string on_clock = clock ? ", on a clock of " + fixed_point(clock->base, 6) + "+" +
                                             fixed_point(clock->increment, 6) + " s"
                                       : "";
    if (seen.faulty_games == 0)
      report({true, "games: " + played + ", every reply a legal move within " +
                        plain_decimal(settings.move_timeout) + " s" + on_clock});
    else
      report({false, "games: " + played + ": " + std::to_string(seen.faulty_games) +
                         " lost by a fault, the first " + seen.first_fault});

    // The end of its input: a new process, asked once, then told that nothing more comes.
    const auto& program = std::get<ExternalAgent>(settings.agents[0]);
    AgentProcess process(program.command);
    const auto reply = logged_exchange(process, {log ? &*log : nullptr, 0, settings.names[0]},
                                       start_up_request(settings),
                                       start_timeout_of(program, settings.start_timeout));
    if (const auto* fault = std::get_if<AgentFault>(&reply))
      report({false, "end of input: started again, " + fault->message});
    else if (process.finish(finish_grace))
      report({true, "end of input: it exited within 1 s of its input closing"});
    else
      report({false,
              "end of input: it was still running 1 s after its input closed: a program must "
              "exit at the end of its input (Python: a `for line in sys.stdin` loop ends there)"});
  }

  std::size_t failed = 0;
  for (const CheckResult& result : results)
    failed += result.passed ? 0 : 1;
  if (failed == 0)
    text += "all " + std::to_string(results.size()) + " checks passed\n";
  else
    text += std::to_string(failed) + " of " + std::to_string(results.size()) + " checks failed" +
            (results.size() < 3 ? " (the others cannot run)" : "") + "\n";
  return failed == 0 ? exit_ok : exit_check_failed;
}

constexpr const char* epilogue = R"(Checks, in order: start (the program starts and answers the
start-up request within --start-timeout); games (--games games against random,
in the game and from the starts the options give, every reply one line, a legal
move, within --move-timeout, with the end events and legal moves it asks for);
end of input (it exits within 1 s of its input closing). Run it with the options
of the matches the program will play: each game's moves have their own forms.

Examples:
  nim-game check-agent 'cmd:python3 examples/agents/random_agent.py'
  nim-game check-agent 'cmd:./agent' --octal 0.77 --games 100 --move-timeout 1

Exit status: 0 every check passed; 1 a check failed; 2 bad command line.
)";

}  // namespace

Command check_agent_command() {
  return {.name = "check-agent",
          .summary = "check that a program speaks the agent protocol, before a match",
          .guide = "agent-protocol.md",
          .usage = "check-agent cmd:COMMAND [OPTION...]",
          .options = check_agent_options,
          .run = run,
          .epilogue = epilogue};
}

}  // namespace nim
