// Reading a match's clock, --time-control BASE+INC (and an agent's, time-control=BASE+INC on its
// spec): seconds, decimals allowed to the microsecond (10+0.1, 0.5+0), and the exact decimals the
// game records write times in.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "nim/match_clock.hpp"

namespace nim {

// Digits with at most one point and at most `decimals` digits after it (5, 0.25, .5, 5.) as a
// whole number of units of 10^-decimals (0.25 with 6 decimals: 250000); none for anything else
// or beyond 2^64 - 1 units.
std::optional<std::uint64_t> read_fixed_point(std::string_view text, unsigned decimals);

// BASE+INC in seconds: a base above 0, an increment from 0, each at most longest_timeout. A
// UsageError names `what` ("--time-control") and the text, and which part is wrong.
TimeControl read_time_control(std::string_view what, std::string_view text);

}  // namespace nim
