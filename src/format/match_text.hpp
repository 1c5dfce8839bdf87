// The match report for a person (--format text): the settings in a sentence, then tables of
// results, of moves judged against exact play, of losses when some were not normal, and with more
// than two agents the cross-table. The JSON report holds the same values. The sentences are wrapped
// to the style's width, and a table wider than that is split into parts, each led by the names.
#pragma once

#include "format/match_records.hpp"
#include "format/text.hpp"
#include "nim/match_statistics.hpp"
#include "text/buffer.hpp"

namespace nim {

void write_match_text(Buffer& out, const MatchReport& report, const MatchStatistics& statistics,
                      const TextStyle& style);

}  // namespace nim
