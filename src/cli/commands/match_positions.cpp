#include "cli/commands/match_positions.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>

#include "cli/commands/batch.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/open_file.hpp"
#include "format/rules_words.hpp"
#include "format/text.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/random.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// Whether the match's game has a move from `heaps`, as its rules say (Grundy's game has none from
// heaps of 1 and 2). A position the theory cannot answer has one (a move's value was asked for) or
// is refused by the game (Wythoff's game on 3 heaps): its game refuses it when it comes, in its
// own words.
template <HeapInteger Heap>
bool has_a_move(GameEngine<Heap>& game, std::span<const Heap> heaps) {
  try {
    game.check(heaps);
    return game.has_move(heaps);
  } catch (const Unanswerable&) {
    return true;
  }
}

}  // namespace

std::vector<AnyPosition> read_start_positions(const std::string& path, const GameSpec& spec) {
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
  const LineCheck check(rules_json(spec));
  // Whether a start has a move asks only for the game's moves: its first values are enough.
  const PreparedGame game(spec, BigHeap(0));
  const auto small_game = make_engine<SmallHeap>(game);
  const auto big_game = make_engine<BigHeap>(game);
  std::uint64_t line_number = 0;
  while (const auto line = reader.next([] {})) {
    ++line_number;
    if (is_comment_or_blank(*line)) continue;
    const std::string where = named + " line " + std::to_string(line_number) + ": ";
    if (std::string error = read_heaps(*line, position, keys); !error.empty())
      throw UsageError(where + error);
    if (std::string error = check.error(position, keys); !error.empty())
      throw UsageError(where + error);
    const auto refuse_over = [&]<HeapInteger Heap>(std::span<const Heap> heaps,
                                                   GameEngine<Heap>& engine) {
      if (std::ranges::all_of(heaps, [](const Heap& h) { return is_zero(h); }))
        throw UsageError(where + "every heap is empty: the game is over before it starts");
      if (!has_a_move(engine, heaps))
        throw UsageError(where + engine.description() + " has no move from heaps " +
                         heap_list(heaps) + ": the game is over before it starts");
    };
    if (position.is_big())
      refuse_over(std::span<const BigHeap>(position.big()), *big_game);
    else
      refuse_over(std::span<const SmallHeap>(position.small()), *small_game);
    positions.push_back(position);
  }
  if (positions.empty()) throw UsageError(named + " holds no position");
  return positions;
}

AnyPosition match_start(const MatchSettings& settings, const MatchEngines& engines,
                        const MatchSeeds& seeds, std::uint64_t start) {
  if (!settings.positions.empty()) return settings.positions[start % settings.positions.size()];
  SplitMix64 rng(seeds.start(start));
  const auto draw = [&]<HeapInteger Heap>(const Range<Heap>& sizes) {
    return AnyPosition(
        random_start(rng, settings.heap_count, sizes, [&](const Position<Heap>& position) {
          return has_a_move(engines.on<Heap>(), std::span<const Heap>(position));
        }));
  };
  if (fits_small(settings.max_size)) return draw(Range<SmallHeap>{0, to_small(settings.max_size)});
  return draw(Range<BigHeap>{0, settings.max_size});
}

void check_drawn_starts(const MatchSettings& settings) {
  if (!settings.positions.empty()) return;
  const auto game = make_engine<SmallHeap>(settings.prepared);
  // One heap of h objects, the others empty (in a sum of heaps, one heap alone). Every game has
  // a move from a heap of a few objects (its takes are at most 1,000,000): the loop ends there.
  Position<SmallHeap> position(game->order_free() ? 1 : settings.heap_count.least, 0);
  for (SmallHeap h = 1; BigHeap(h) <= settings.max_size; ++h) {
    position[0] = h;
    if (has_a_move(*game, std::span<const SmallHeap>(position))) return;
  }
  const std::string most = to_decimal(settings.max_size);
  throw UsageError("--max-size " + most + ": no heap of at most " +
                   objects(most, settings.max_size == 1) + " has a move in " + game->description() +
                   ", so every start drawn would be over before it begins");
}

// Reorders the --positions starts as --positions-order says: shuffled by a stream of the seed of
// its own (Fisher–Yates, the same on every machine), or turned to start from the K-th. A start
// stays one start, both games of a pair played from it.
void order_positions(std::vector<AnyPosition>& positions, const std::string& order,
                     std::uint64_t seed) {
  const std::string named = "--positions-order " + quoted(order);
  if (positions.empty()) throw UsageError(named + " orders the starts of --positions: give it");
  if (order == "file") return;
  if (order == "shuffled") {
    SplitMix64 rng(nth_draw(seed, 2));  // the starts' and the games' streams are draws 0 and 1
    for (std::size_t i = positions.size(); i > 1; --i)
      std::swap(positions[i - 1], positions[uniform_below(rng, i)]);
    return;
  }
  if (!order.starts_with("from:")) throw UsageError(named + " is not file, shuffled or from:K");
  const std::uint64_t first =
      parse_whole_number("--positions-order from:K", order.substr(5), 1, positions.size());
  std::rotate(positions.begin(), positions.begin() + static_cast<std::ptrdiff_t>(first - 1),
              positions.end());
}

}  // namespace nim
