// nim-game positions --sum: random positions of a sum of different games (one --sum for each
// game, its options alone), each game's heaps drawn as the positions of that game are, in the
// plain form --batch of the same sum reads ("5 | 3 4 | 7") or as the JSON of its lines, labelled by
// the sum's engine if asked, balanced won and lost by drawing and rejecting.
#include "cli/commands/positions_sums.hpp"

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include "cli/commands/positions_games.hpp"

#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "format/sum_records.hpp"
#include "nim/games/sum/sum_engine.hpp"
#include "nim/games/sum/sum_sampler.hpp"
#include "nim/position_sets.hpp"
#include "nim/sampling.hpp"

namespace nim {

namespace {

// The options of positions that a sum takes; the others name one game's rules, or are not
// offered for sums (sets without repeats or split in parts need a canonical form of the sum's
// positions, the tables a column for each heap).
constexpr std::array<std::string_view, 11> sum_options{
    "sum",  "count",  "heap-count",   "max-size", "min-size", "balanced",
    "seed", "misere", "limit-search", "format",   "label"};

template <HeapInteger Heap>
void write_sums(const PositionsRequest& request, const SumWords& words,
                const std::vector<GameSpec>& specs, const std::vector<PreparedGame>& games,
                std::uint64_t search_limit, const Range<Heap>& size, Output& out) {
  // Only a labelled or balanced set asks who wins.
  const std::unique_ptr<GameEngine<Heap>> engine =
      games.empty() ? nullptr : make_sum_engine<Heap>(games, words.misere, search_limit);
  const std::size_t components = specs.size();
  GameAnalysis<Heap> analysis;
  const auto analyse = [&](std::span<const Heap> position) -> const GameAnalysis<Heap>& {
    engine->forget();  // each position searched on its own, within the bound
    SplitMix64 rng(0);
    engine->analyse(position, Strategy{}, rng, WinningMoves::omit, analysis);
    return analysis;
  };
  // Misère play is searched, and so are the values of a game without a value of one heap
  // (Wythoff's game, Moore's Nim): a position beyond the bound may turn up, so every record is
  // then made before any is written, and no partial set is left behind.
  bool searched = words.misere;
  for (const GameSpec& spec : specs)
    searched = searched || !values_come_from_single_heaps(spec);
  const bool hold = engine && searched;
  Buffer held;
  Buffer& buffer = hold ? held : out.buffer();
  const bool json = request.game.format == Format::json;
  const auto write = [&](const Position<Heap>& position) {
    const std::span<const Heap> heaps(position);
    if (json) {
      JsonWriter w(buffer, false);
      write_sum_position_record(w, words, heaps, request.label ? &analyse(heaps) : nullptr);
    } else {
      record::append_sum_line(buffer, heaps, components);
    }
    buffer += '\n';
    if (!hold) out.end_record();
  };
  SplitMix64 rng(request.seed);
  const auto missing = draw_positions<Heap>(
      rng, *request.count, SumSampler<Heap>(specs, request.heap_count, size), request.balanced,
      most_fruitless_draws,
      [&](const Position<Heap>& position) { return engine->winning(position); }, write);
  if (missing) throw UsageError("--balanced: " + rare_outcome_words(*missing));
  if (hold) {
    out.buffer() += held.view();
    out.end_record();
  }
}

}  // namespace

int write_sum_positions(const ParsedOptions& given, Output& out) {
  refuse_options_beside_sums(given, positions_options(), sum_options);
  const PositionsRequest request = read_positions_request(given);
  if (request.table())
    throw UsageError("--format " + *given.value(option::format) +
                     " is not offered for a sum of games (--sum): give text or json");
  if (request.set.balance == Balance::per_heap_count)
    throw UsageError("--balanced per-heap-count is not offered for a sum of games (--sum)");
  const SumGames sum = read_sum_games(given, SumHeaps::drawn);
  const std::uint64_t search_limit = sum.search_limit;
  const std::vector<GameSpec>& specs = sum.specs;
  const std::vector<std::string>& texts = sum.texts;
  const SumWords words(specs, given.has(option::misere));
  // The largest heap first: beyond the Grundy values known, nothing is written.
  const std::vector<PreparedGame> games = request.balanced || request.label
                                              ? prepare_sum_games(specs, texts, request.most_size)
                                              : std::vector<PreparedGame>();
  if (request.seed_drawn) say_drawn_seed(request.seed);
  try {
    if (sum_fits_machine_words(specs, request.heap_count.most, request.most_size))
      write_sums(request, words, specs, games, search_limit,
                 Range<SmallHeap>{to_small(request.least_size), to_small(request.most_size)}, out);
    else
      write_sums(request, words, specs, games, search_limit,
                 Range<BigHeap>{request.least_size, request.most_size}, out);
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
  return exit_ok;
}

}  // namespace nim
