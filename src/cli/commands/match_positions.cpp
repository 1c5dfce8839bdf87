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
#include "cli/input/sum_component.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/open_file.hpp"
#include "format/rules_words.hpp"
#include "format/sum_records.hpp"
#include "format/text.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_sampler.hpp"
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

namespace {

// The positions of the file at `path`, one a line read by read(line, position) (an error message,
// or empty), each refused where it has no move in the game of `small` and `big`; `components`:
// the games of a sum, 0 for one game.
template <class Read>
std::vector<AnyPosition> read_positions_file(const std::string& path, GameEngine<SmallHeap>& small,
                                             GameEngine<BigHeap>& big, std::size_t components,
                                             Read&& read) {
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
  std::uint64_t line_number = 0;
  while (const auto line = reader.next([] {})) {
    ++line_number;
    if (is_comment_or_blank(*line)) continue;
    const std::string where = named + " line " + std::to_string(line_number) + ": ";
    if (std::string error = read(*line, position); !error.empty()) throw UsageError(where + error);
    const auto refuse_over = [&]<HeapInteger Heap>(std::span<const Heap> heaps,
                                                   GameEngine<Heap>& engine) {
      if (components == 0 && std::ranges::all_of(heaps, [](const Heap& h) { return is_zero(h); }))
        throw UsageError(where + "every heap is empty: the game is over before it starts");
      if (has_a_move(engine, heaps)) return;
      Buffer shown;  // a sum's in the form of its line
      if (components == 0)
        shown += heap_list(heaps);
      else
        record::append_sum_line(shown, heaps, components);
      throw UsageError(where + engine.description() + " has no move from heaps " + shown.str() +
                       ": the game is over before it starts");
    };
    if (position.is_big())
      refuse_over(std::span<const BigHeap>(position.big()), big);
    else
      refuse_over(std::span<const SmallHeap>(position.small()), small);
    positions.push_back(position);
  }
  if (positions.empty()) throw UsageError(named + " holds no position");
  return positions;
}

}  // namespace

std::vector<AnyPosition> read_start_positions(const std::string& path, const GameSpec& spec) {
  LineKeys keys;
  // A line made under other rules is refused.
  const LineCheck check(rules_json(spec));
  // Whether a start has a move asks only for the game's moves: its first values are enough.
  const PreparedGame game(spec, BigHeap(0));
  return read_positions_file(path, *make_engine<SmallHeap>(game), *make_engine<BigHeap>(game), 0,
                             [&](std::string_view line, AnyPosition& position) {
                               if (std::string error = read_heaps(line, position, keys);
                                   !error.empty())
                                 return error;
                               return check.error(position, keys);
                             });
}

std::vector<AnyPosition> read_sum_start_positions(const std::string& path,
                                                  const MatchSettings::Sum& sum) {
  std::vector<PreparedGame> games;
  for (const GameSpec& spec : sum.specs)
    games.emplace_back(spec, BigHeap(0));
  const SumWords words(sum.specs, sum.misere);
  std::vector<AnyPosition> heaps;
  SumLineKeys keys;
  return read_positions_file(
      path, *make_sum_engine<SmallHeap>(games, sum.misere, sum.search_limit),
      *make_sum_engine<BigHeap>(games, sum.misere, sum.search_limit), sum.specs.size(),
      [&](std::string_view line, AnyPosition& position) {
        std::string error = read_sum_line(line, sum.specs.size(), heaps, keys);
        if (error.empty()) error = sum_rules_error(keys, words);
        if (error.empty())
          position = with_sum_position(std::span<const GameSpec>(sum.specs), heaps,
                                       [](const auto& flat) { return AnyPosition(flat); });
        return error;
      });
}

AnyGameWords match_game_words(const MatchSettings& settings) {
  if (settings.sum) return AnyGameWords(SumWords(settings.sum->specs, settings.sum->misere));
  return AnyGameWords(GameWords(settings.prepared.spec()));
}

AnyPosition match_start(const MatchSettings& settings, const MatchEngines& engines,
                        const MatchSeeds& seeds, std::uint64_t start) {
  if (!settings.positions.empty()) return settings.positions[start % settings.positions.size()];
  SplitMix64 rng(seeds.start(start));
  if (const auto& sum = settings.sum) {
    // Each game's heaps drawn in turn (Wythoff's pair keeps its count), until the sum has a move.
    const auto draw = [&]<HeapInteger Heap>(const Range<Heap>& sizes) {
      const SumSampler<Heap> sampler(sum->specs, settings.heap_count, sizes);
      Position<Heap> position;
      do
        sampler.draw(rng, position);
      while (!has_a_move(engines.on<Heap>(), std::span<const Heap>(position)));
      return AnyPosition(position);
    };
    if (sum_fits_machine_words(sum->specs, settings.heap_count.most, settings.max_size))
      return draw(Range<SmallHeap>{0, to_small(settings.max_size)});
    return draw(Range<BigHeap>{0, settings.max_size});
  }
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
  // A sum has a move where one of its games has: each is asked as the game alone.
  const std::span<const PreparedGame> prepared =
      settings.sum ? std::span<const PreparedGame>(settings.sum->games)
                   : std::span<const PreparedGame>(&settings.prepared, 1);
  std::vector<std::unique_ptr<GameEngine<SmallHeap>>> games;
  for (const PreparedGame& each : prepared) {
    const auto& game = games.emplace_back(make_engine<SmallHeap>(each));
    // One heap of h objects, the others empty (in a sum of heaps, one heap alone). Every game
    // has a move from a heap of a few objects (its takes are at most 1,000,000): the loop ends
    // there. A game of a sum keeps its fixed heap count (Wythoff's pair).
    const std::size_t least =
        settings.sum ? fixed_heap_count(each.spec()).value_or(settings.heap_count.least)
                     : settings.heap_count.least;
    Position<SmallHeap> position(game->order_free() ? 1 : least, 0);
    for (SmallHeap h = 1; BigHeap(h) <= settings.max_size; ++h) {
      position[0] = h;
      if (has_a_move(*game, std::span<const SmallHeap>(position))) return;
    }
  }
  const std::string most = to_decimal(settings.max_size);
  throw UsageError("--max-size " + most + ": no heap of at most " +
                   objects(most, settings.max_size == 1) + " has a move in " +
                   (settings.sum ? std::string("any game of the sum") : games[0]->description()) +
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
