// Reading `positions --split train=0.8,test=0.2`: named parts and the share of the positions each
// gets, exact decimals that add up to 1; and how many positions each part of a count gets.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nim {

// A share in billionths: 0.8 is 800,000,000 (shares have at most 9 decimals).
inline constexpr std::uint64_t whole_share = 1'000'000'000;

struct SplitPart {
  std::string name;  // letters, digits, '_', '-' and '.': it names a file
  std::uint64_t share = 0;
};

// NAME=SHARE,NAME=SHARE...: names different, shares above 0 adding up to 1. Throws UsageError
// naming `option`, the spec and what is wrong.
std::vector<SplitPart> parse_split_spec(std::string_view option, std::string_view text);

// How many of `count` positions each part gets: its share rounded down, and what rounding leaves
// over one each to the parts whose shares lost most to rounding (the first ones on ties).
std::vector<std::uint64_t> split_counts(const std::vector<SplitPart>& parts, std::uint64_t count);

}  // namespace nim
