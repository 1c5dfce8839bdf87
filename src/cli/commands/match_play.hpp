// The games of a match, played on --jobs threads in blocks and gathered in game order, so that
// the statistics and the game records do not depend on --jobs.
#pragma once

#include "cli/commands/match_settings.hpp"
#include "cli/system/output.hpp"
#include "format/match_sink.hpp"
#include "nim/match_statistics.hpp"

namespace nim {

// Plays every game of the match. With `games_out`, the record of each game goes there, written
// by `sink`, in game order.
MatchStatistics play_match(const MatchSettings& settings, const MatchSink& sink, Output* games_out);

}  // namespace nim
