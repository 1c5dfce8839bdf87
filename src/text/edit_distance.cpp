#include "text/edit_distance.hpp"

#include <algorithm>
#include <vector>

namespace nim {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the table: distances from a's prefixes to b's prefixes of length j.
  std::vector<std::size_t> before_previous(b.size() + 1), previous(b.size() + 1),
      current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before_previous[j - 2] + 1);
    }
    std::swap(before_previous, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string_view> closest_spelling(std::string_view typed,
                                                 std::span<const std::string_view> candidates) {
  const std::size_t allowed = std::max<std::size_t>(1, typed.size() / 3);
  std::optional<std::string_view> closest;
  std::size_t closest_distance = allowed + 1;
  for (const std::string_view candidate : candidates)
    if (const std::size_t distance = edit_distance(typed, candidate); distance < closest_distance) {
      closest = candidate;
      closest_distance = distance;
    }
  return closest;
}

}  // namespace nim
