// The start positions of a match: those of --positions FILE (one a line, in the --batch forms,
// comments and blank lines skipped), or drawn from the seed.
#pragma once

#include <string>
#include <vector>

#include "cli/commands/match_settings.hpp"
#include "nim/any_position.hpp"
#include "nim/match.hpp"

namespace nim {

// The positions of the file at `path`, in order. Every failure is a UsageError that names the
// file (and the line), but a failed read, which is a ReadError, as for any input.
// `after_nim`: the game after Nim played, none for Nim under `rules`.
std::vector<AnyPosition> read_start_positions(const std::string& path, const AnyRules& rules,
                                              const std::optional<GameSpec>& after_nim);

// Start `start` (0-based) of the match: from --positions, cycling, or drawn from the seed.
AnyPosition match_start(const MatchSettings& settings, const MatchSeeds& seeds,
                        std::uint64_t start);

}  // namespace nim
