// The match report for a person (--format text): the settings in a sentence, then tables of
// results, of moves judged against exact play, of losses when some were not normal, and with more
// than two agents the cross-table. The JSON report holds the same values.
#pragma once

#include "format/match_records.hpp"
#include "nim/match_statistics.hpp"
#include "text/buffer.hpp"

namespace nim {

void write_match_text(Buffer& out, const MatchReport& report, const MatchStatistics& statistics);

}  // namespace nim
