#include "cli/input/split_spec.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"

namespace nim {

namespace {

bool is_decimal_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

// A share written as a decimal from 0 to 1 with at most 9 decimals (0.8, .25, 1, 1.0), in
// billionths; none when it is not one.
std::optional<std::uint64_t> read_share(std::string_view text) {
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  if (!std::all_of(whole.begin(), whole.end(), is_decimal_digit) ||
      !std::all_of(fraction.begin(), fraction.end(), is_decimal_digit) || fraction.size() > 9 ||
      (point != std::string_view::npos && fraction.empty()))
    return std::nullopt;
  const auto first = whole.find_first_not_of('0');
  const std::string_view units = first == std::string_view::npos ? "" : whole.substr(first);
  if (units.size() > 1 || (units == "1" && fraction.find_first_not_of('0') != fraction.npos) ||
      (!units.empty() && units != "1"))
    return std::nullopt;
  std::uint64_t share = units == "1" ? whole_share : 0;
  std::uint64_t scale = whole_share / 10;
  for (const char c : fraction) {
    share += static_cast<std::uint64_t>(c - '0') * scale;
    scale /= 10;
  }
  return share;
}

}  // namespace

std::vector<SplitPart> parse_split_spec(std::string_view option, std::string_view text) {
  const std::string head = std::string(option) + " " + quoted(text) + ": ";
  std::vector<SplitPart> parts;
  std::uint64_t total = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view item = trim_blanks(text.substr(start, end - start));
    const auto equals = item.find('=');
    if (equals == std::string_view::npos)
      throw UsageError(head + quoted(item) + " is not NAME=SHARE (as in train=0.8)");
    const std::string_view name = trim_blanks(item.substr(0, equals));
    if (name.empty() || !std::all_of(name.begin(), name.end(), is_name_character) || name == "." ||
        name == "..")
      throw UsageError(head + "the name " + quoted(name) +
                       " is not letters, digits, '_', '-' and '.' (it names a file)");
    for (const SplitPart& part : parts)
      if (part.name == name) throw UsageError(head + std::string(name) + " is given twice");
    const std::string_view share_text = trim_blanks(item.substr(equals + 1));
    const auto share = read_share(share_text);
    if (!share || *share == 0)
      throw UsageError(head + "the share " + quoted(share_text) + " of " + std::string(name) +
                       " is not a decimal above 0 and at most 1 (at most 9 decimals)");
    total += *share;
    parts.push_back({std::string(name), *share});
    start = end + 1;
  }
  if (total != whole_share) {
    std::string sum = std::to_string(total / whole_share) + "." +
                      std::to_string(whole_share + total % whole_share).substr(1);
    while (sum.back() == '0' && sum[sum.size() - 2] != '.')
      sum.pop_back();
    throw UsageError(head + "the shares add up to " + sum + ", not 1");
  }
  return parts;
}

std::vector<std::uint64_t> split_counts(const std::vector<SplitPart>& parts, std::uint64_t count) {
  std::vector<std::uint64_t> counts;
  std::vector<std::uint64_t> lost;  // what rounding down took from each, in billionths
  for (const SplitPart& part : parts) {
    // count * share / whole_share without overflow: count = q * whole_share + r, and share is at
    // most whole_share.
    const std::uint64_t q = count / whole_share, r = count % whole_share;
    counts.push_back(q * part.share + r * part.share / whole_share);
    lost.push_back(r * part.share % whole_share);
  }
  std::uint64_t left = count - std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  std::vector<std::size_t> order(parts.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return lost[a] > lost[b]; });
  for (std::size_t k = 0; left > 0; ++k, --left)
    ++counts[order[k]];
  return counts;
}

}  // namespace nim
