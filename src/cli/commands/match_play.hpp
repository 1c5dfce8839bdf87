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

// Plays the games of the match in order until all are played or stopping() says to stop, which is
// asked before each game and each ply (and a signal also ends a wait for a program's reply): no
// game starts after it, the games in flight are given up, and only games that follow no unplayed
// game are counted. With `games_out`, the record of each
// game counted goes there, written by `sink`, in game order, as soon as it is known. The match
// goes on from `resumed`: its games are counted, not played. With --report-every N, each time the
// games counted pass a multiple of N before the last game, the text interim(statistics) gives is
// written on stderr. With `log`, every line exchanged with the programs goes there (--log).
MatchStatistics play_match(const MatchSettings& settings, const MatchSink& sink, Output* games_out,
                           const std::function<bool()>& stopping, ResumedMatch resumed,
                           const std::function<std::string(const MatchStatistics&)>& interim = {},
                           AgentLog* log = nullptr);

}  // namespace nim
