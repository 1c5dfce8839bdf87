// The options of a playout (--playout, --max-plies, --trace), declared, read and checked here for
// the analyse command of Nim and of the games after it, and the note on stderr when a playout
// stopped at the default limit.
#pragma once

#include <cstdint>

#include "cli/input/game_options.hpp"
#include "cli/input/options.hpp"
#include "cli/system/output.hpp"

namespace nim {

namespace option {
inline constexpr std::string_view playout = "playout";
inline constexpr std::string_view trace = "trace";
}  // namespace option

enum class Trace { full, moves };

struct PlayoutRequest {
  bool playout = false;
  std::uint64_t max_plies = default_max_plies;
  bool default_limit = true;  // max_plies was not given
  Trace trace = Trace::full;
};

OptionGroup playout_options();  // --playout, --max-plies, --trace

// Reads the options; a UsageError for a value that is not one.
PlayoutRequest read_playout_request(const ParsedOptions& given);

// Checks them against the rest of the request: --move judges one move, --max-plies and --trace
// need --playout, --all-moves and --explain add to the full record, --trace is JSON's.
void check_playout_request(const ParsedOptions& given, const PlayoutRequest& request, bool move,
                           bool all_moves, bool explain, bool text);

// Flushes `out`, then says on stderr that a playout stopped at the default limit.
void report_default_limit(Output& out);

}  // namespace nim
