// Going on from an interrupted match (--resume FILE): the records of its --games-out file are
// played again, move for move, under this match's settings, and each must come out byte for
// byte as it was written. That checks the settings (a start drawn from another seed, other
// agents or rules would not replay) and gives back the statistics of the games played, so that
// the match goes on from the next game and ends with the report and records of a match never
// interrupted.
#pragma once

#include <cstdint>
#include <string>

#include "cli/commands/match_settings.hpp"
#include "format/match_sink.hpp"
#include "nim/match_statistics.hpp"

namespace nim {

struct ResumedMatch {
  MatchStatistics statistics;
  std::uint64_t games = 0;  // the games in the file: the match goes on from the next
};

// Replays the records of the file open on `fd` (read and write, named `path` in messages). A
// last line without its newline (the interrupted nim-game died mid-write) is cut off, and its
// game played again. Throws UsageError naming the first record that does not replay, and why.
ResumedMatch resume_match(const MatchSettings& settings, const MatchSink& sink, int fd,
                          const std::string& path);

}  // namespace nim
