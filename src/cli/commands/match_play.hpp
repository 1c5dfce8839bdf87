// The games of a match, played on --jobs threads in blocks and gathered in game order, so that
// the statistics and the game records do not depend on --jobs.
#pragma once

#include <functional>
#include <string>

#include "cli/commands/match_resume.hpp"
#include "cli/commands/match_settings.hpp"
#include "cli/system/agent_log.hpp"
#include "cli/system/output.hpp"
#include "format/match_sink.hpp"
#include "nim/match_statistics.hpp"

namespace nim {

// Where a match writes as it plays, besides its report; each is optional.
struct MatchStreams {
  Output* games = nullptr;     // --games-out: each game's record, in game order, as it ends
  Output* blunders = nullptr;  // --blunders-out: each blunder, a position line, in game order
  AgentLog* log = nullptr;     // --log: every line exchanged with the programs
  // --report-every N: each time the games counted pass a multiple of N before the last game, the
  // text this gives is written on stderr.
  std::function<std::string(const MatchStatistics&)> interim{};
};

// Plays the games of the match in order until all are played or stopping() says to stop, which is
// asked before each game and each ply (and a signal also ends a wait for a program's reply): no
// game starts after it, the games in flight are given up, and only games that follow no unplayed
// game are counted. The record of each game counted goes to streams.games, written by `sink`,
// in game order, as soon as it is known. The match
// goes on from `resumed`: its games are counted, not played.
MatchStatistics play_match(const MatchSettings& settings, const MatchSink& sink,
                           const MatchStreams& streams, const std::function<bool()>& stopping,
                           ResumedMatch resumed);

}  // namespace nim
