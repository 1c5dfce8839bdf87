// nim-game match: agents play each other from paired starts (each start twice, once with each
// agent moving first), every pair of agents in turn, and the report says how each played, every
// move judged against exact play. This file reads the command line and wires the pieces: the
// start positions (match_positions), the agents' start-up check (agent_start_check), the games
// on --jobs threads (match_play), and the output, through the sink --format picks.
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "cli/commands/agent_start_check.hpp"
#include "cli/commands/command.hpp"
#include "cli/commands/match_play.hpp"
#include "cli/commands/match_resume.hpp"
#include "cli/commands/match_settings.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/interrupt.hpp"
#include "cli/system/open_file.hpp"
#include "cli/system/terminal.hpp"
#include "format/match_sink.hpp"
#include "nim/match.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// What the report says of the match besides its statistics.
MatchReport match_report(const MatchSettings& settings, int interrupted_by) {
  return {.specs = settings.specs,
          .names = settings.names,
          .seed = settings.seed,
          .game = settings.prepared.spec(),
          .sum = settings.sum ? std::optional(SumWords(settings.sum->specs, settings.sum->misere))
                              : std::nullopt,
          .games_per_pair = settings.games_per_pair,
          .version = NIM_GAME_VERSION,
          .interrupted_by = InterruptCatcher::name(interrupted_by),
          .sprt = settings.sprt,
          .gauntlet = settings.gauntlet,
          .ratings = settings.anchor || settings.names.size() > 2
                         ? std::optional(settings.anchor.value_or(RatingAnchor{}))
                         : std::nullopt};
}

// A write to --blunders-out failed: the message names the file.
struct BlundersWriteError : WriteError {
  using WriteError::WriteError;
};

int run(const ParsedOptions& given, Output& out) {
  MatchSettings settings = read_match_settings(given, given.operands());
  const std::unique_ptr<const MatchSink> sink =
      settings.game.format == Format::text
          ? std::unique_ptr<const MatchSink>(
                std::make_unique<TextMatchSink>(TextStyle{.width = text_width(1)}))
          : std::make_unique<JsonMatchSink>(settings.game.pretty);
  // From here a signal stops the match between games, the start-up check included:
  // the programs it starts are ended as the match's are.
  const InterruptCatcher catcher;
  std::optional<AgentLog> log;
  if (settings.log) log.emplace(*settings.log);
  settings.asks = check_agents_start(settings, log ? &*log : nullptr);
  std::optional<OpenFile> games_file;
  std::optional<Output> games_out;
  ResumedMatch resumed{MatchStatistics(settings.specs.size(), sum_games(settings))};
  if (settings.games_out) {
    const char* option = settings.resume ? "--resume " : "--games-out ";
    try {
      games_file.emplace(*settings.games_out,
                         settings.resume ? O_RDWR | O_APPEND : O_WRONLY | O_CREAT | O_TRUNC, 0644);
    } catch (const std::system_error& e) {
      throw WriteError(std::string("cannot ") + (settings.resume ? "open " : "write ") + option +
                       quoted(*settings.games_out) + ": " + e.code().message());
    }
    if (settings.resume)
      resumed = resume_match(settings, *sink, games_file->fd(), *settings.games_out);
    games_out.emplace(games_file->fd());
  }

  // --blunders-out: appended to when the match is resumed, its earlier games' blunders kept.
  std::optional<OpenFile> blunders_file;
  std::optional<Output> blunders_out;
  if (settings.blunders_out) {
    const std::string named = "--blunders-out " + quoted(*settings.blunders_out);
    try {
      blunders_file.emplace(*settings.blunders_out,
                            O_WRONLY | O_CREAT | (settings.resume ? O_APPEND : O_TRUNC), 0644);
    } catch (const std::system_error& e) {
      throw WriteError("cannot write " + named + ": " + e.code().message());
    }
    blunders_out.emplace([fd = blunders_file->fd(), named](std::string_view lines) {
      if (!write_all(fd, lines))
        throw BlundersWriteError("cannot write " + named + ": " + std::strerror(errno));
    });
  }

  // --report-every: the report so far, as text on stderr, headed by the games played.
  const auto interim = [&](const MatchStatistics& so_far) {
    so_far.count_distinct(settings.jobs);
    Buffer text;
    text += "nim-game match: the report after " + std::to_string(so_far.games()) + " games\n";
    TextMatchSink(TextStyle{.width = text_width(2)})
        .report(text, match_report(settings, 0), so_far);
    text += '\n';
    return text.str();
  };
  std::optional<MatchStatistics> played;
  int interrupted_by = 0;  // the signal that stopped the match early, if one did
  try {
    const MatchStreams streams{.games = games_out ? &*games_out : nullptr,
                               .blunders = blunders_out ? &*blunders_out : nullptr,
                               .log = log ? &*log : nullptr,
                               .interim = interim};
    played.emplace(play_match(
        settings, *sink, streams, [] { return InterruptCatcher::caught() != 0; },
        std::move(resumed)));
    interrupted_by = InterruptCatcher::caught();
    if (games_out) games_out->flush();
  } catch (const BlundersWriteError&) {
    throw;  // it names its file
  } catch (const WriteError& e) {
    if (!settings.games_out) throw;  // the log's, which names its file
    throw WriteError((settings.resume ? "--resume " : "--games-out ") +
                     quoted(*settings.games_out) + ": " + e.what());
  }

  sink->report(out.buffer(), match_report(settings, interrupted_by), *played);
  return interrupted_by ? InterruptCatcher::exit_status(interrupted_by) : exit_ok;
}

constexpr const char* epilogue = R"(Agents:
  perfect          the solver, choosing with --choose and --when-losing
  random           a non-empty heap at random, then a count from 1 to the most
                   allowed
  difficulty:P     the perfect move with probability P (0 to 1), else random
  cmd:COMMAND      a program run with /bin/sh -c COMMAND that speaks the agent
                   protocol (docs/agent-protocol.md): a JSON request line in, a
                   JSON reply line out
  NAME=AGENT       the agent under a name of letters, digits, _, - and .
                   (mine=cmd:./agent)

Examples:
  nim-game match perfect random    100 games from 50 starts, seed drawn
  nim-game match perfect random difficulty:0.5 --games 200 --format text
  nim-game match perfect random --heap-count 3..8 --max-size 100 --seed 1 \
      --jobs 2
  nim-game match 'mine=cmd:python3 examples/agents/nim_sum_agent.py' perfect \
      --games-out games.jsonl
  nim-game match 'cmd:nim-game --batch --misere' perfect --misere \
      --move-timeout 0.5
  nim-game match 'cmd:python3 examples/agents/nim_sum_agent.py' perfect \
      --time-control 10+0.1
  nim-game match perfect random --positions starts.txt --max-take 3 --pretty
  nim-game match perfect random --sum '--octal 0.77' --sum '--game wythoff' \
      --heap-count 1..2

Exit status: 0 the match was played (an agent's faults are results, in the
report); 2 bad command line, or a cmd: agent that cannot be started; 3 an output
could not be written.
)";

}  // namespace

Command match_command() {
  return {.name = "match",
          .summary = "agents play each other, every move judged against exact play",
          .guide = "matches.md",
          .usage = "match AGENT AGENT [AGENT...] [OPTION...]",
          .options = match_options,
          .run = run,
          .epilogue = epilogue,
          .operand_words = {"perfect", "random", "difficulty:", "cmd:"}};
}

}  // namespace nim
