#include "cli/commands/match_positions.hpp"

#include <algorithm>
#include <cstdint>
#include <system_error>

#include "cli/commands/batch.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/open_file.hpp"
#include "format/rules_words.hpp"
#include "text/escape.hpp"

namespace nim {

std::vector<AnyPosition> read_start_positions(const std::string& path, const AnyRules& rules,
                                              const std::optional<GameSpec>& after_nim) {
  const std::string named = "--positions " + quoted(path);
  const OpenFile file = [&] {
    try {
      return OpenFile(path, O_RDONLY);
    } catch (const std::system_error& e) {
      throw UsageError(named + ": " + e.code().message());
    }
  }();
  std::vector<AnyPosition> positions;
  LineReader reader(file.fd());
  AnyPosition position;
  LineKeys keys;
  // A line made under other rules is refused.
  const LineCheck check(after_nim ? rules_json(*after_nim) : rules_json(rules.big()));
  std::uint64_t line_number = 0;
  while (const auto line = reader.next([] {})) {
    ++line_number;
    if (is_comment_or_blank(*line)) continue;
    const std::string where = named + " line " + std::to_string(line_number) + ": ";
    if (std::string error = read_heaps(*line, position, keys); !error.empty())
      throw UsageError(where + error);
    if (std::string error = check.error(position, keys); !error.empty())
      throw UsageError(where + error);
    // with_heaps moves the sizes to GMP if the cap needs it: once here, not in every game.
    const bool over = with_heaps(position, rules, [](const auto& heaps, const auto&) {
      return std::ranges::all_of(heaps, [](const auto& h) { return is_zero(h); });
    });
    if (over) throw UsageError(where + "every heap is empty: the game is over before it starts");
    positions.push_back(position);
  }
  if (positions.empty()) throw UsageError(named + " holds no position");
  return positions;
}

AnyPosition match_start(const MatchSettings& settings, const MatchSeeds& seeds,
                        std::uint64_t start) {
  if (!settings.positions.empty()) return settings.positions[start % settings.positions.size()];
  SplitMix64 rng(seeds.start(start));
  if (fits_small(settings.max_size))
    return AnyPosition(
        random_start<SmallHeap>(rng, settings.heap_count, {0, to_small(settings.max_size)}));
  return AnyPosition(random_start<BigHeap>(rng, settings.heap_count, {0, settings.max_size}));
}

}  // namespace nim
