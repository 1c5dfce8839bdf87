// What a match measures of its programs' replies beyond their moves: how long they took (and how
// long the programs said they thought), and how well the values they gave foretold exact play.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace nim {

// The times of a program's moves: how many, the median (the mean of the middle two of an even
// count) and the 90th percentile (the nearest rank: the least time that 90% of the moves took at
// most), in microseconds.
struct MoveTimes {
  std::uint64_t moves = 0;
  double median = 0;
  std::uint64_t p90 = 0;
};
inline std::optional<MoveTimes> move_times(std::vector<std::uint64_t> times) {
  if (times.empty()) return std::nullopt;
  const std::size_t n = times.size();
  std::sort(times.begin(), times.end());
  const double median =
      n % 2 == 1 ? static_cast<double>(times[n / 2])
                 : (static_cast<double>(times[n / 2 - 1]) + static_cast<double>(times[n / 2])) / 2;
  return MoveTimes{n, median, times[(9 * n + 9) / 10 - 1]};  // rank ceil(0.9 n), from 1
}

// How well a program's values ("value": its chance to win, as the mover) foretold exact play:
// the moves that gave one, their Brier score (the mean of (value - outcome)^2, the outcome 1 when
// the position moved from was won for the mover, else 0) and how many named the winner rightly (a
// value of at least 0.5 for a won position, below it for a lost one).
struct ValueScore {
  std::uint64_t moves = 0;
  double brier = 0;
  std::uint64_t right = 0;

  double accuracy() const { return static_cast<double>(right) / static_cast<double>(moves); }
};

// A move's squared error, and whether its value named the winner.
inline double value_error(double value, bool won) {
  const double outcome = won ? 1 : 0;
  return (value - outcome) * (value - outcome);
}
inline bool value_right(double value, bool won) {
  return (value >= 0.5) == won;
}

}  // namespace nim
