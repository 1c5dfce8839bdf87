// How far apart two words are, for the "did you mean" of a misspelt command or option.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace nim {

// The fewest insertions, deletions, substitutions and swaps of two neighbouring bytes that turn
// `a` into `b` (the optimal string alignment distance: "mirsere" is 1 from "misere").
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `typed`, the first of them on a tie, when it is near enough to be what
// was meant: at most a third of the typed length away, and at most 1 for short words. nullopt when
// none is.
std::optional<std::string_view> closest_spelling(std::string_view typed,
                                                 std::span<const std::string_view> candidates);

}  // namespace nim
