// nim-game positions: position sets for data sets. A random sample (--count), balanced between
// won and lost positions if asked (--balanced), without repeats (--unique), split into files that
// share no position (--split), or every position of a space in order (--all); one a line in the
// plain form --batch reads, as JSON objects with their rules, or as CSV or TSV rows, labelled with
// what the rules say of them if asked (--label, --fields).
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/field_options.hpp"
#include "cli/commands/positions_games.hpp"
#include "cli/commands/positions_request.hpp"
#include "cli/commands/positions_sets.hpp"
#include "cli/input/field_list.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"
#include "format/position_sink.hpp"
#include "format/rules_words.hpp"
#include "nim/any_position.hpp"
#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"
#include "nim/set_plan.hpp"

namespace nim {

namespace {

// The space in words, for a message: "1 to 3 heaps of sizes 0 to 5 under normal play".
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
std::string describe(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                     const Rules& rules) {
  return describe_space(heap_count, to_decimal(size.least), to_decimal(size.most),
                        under_rules(rules));
}

// Once the request is known to be good (stderr then holds only this line).
void say_seed(const PositionsRequest& request) {
  if (request.seed_drawn)
    std::fprintf(stderr, "nim-game: --seed %llu draws these positions again\n",
                 static_cast<unsigned long long>(request.seed));
}

// The records of positions, through the sink: each analysed first when its fields need it.
template <PositionSink Sink, HeapSumRuleset Rules, class Heap = typename Rules::Heap>
class RecordWriter {
 public:
  RecordWriter(const PositionsRequest& request, const Rules& rules, const Sink& sink)
      : rules_(rules),
        sink_(sink),
        label_(request.label),
        unlabelled_{.position = {}, .rules = rules} {
    for (const Field field : {Field::winning_moves, Field::winning_actions})
      if (has_field(request.fields, field)) winning_ = WinningMoves::list;
  }

  void header(Buffer& out) const { sink_.header(out); }

  // Inlined: --all writes about 90 million positions a second, and a call for each cost a fifth.
  [[gnu::always_inline]] void operator()(Buffer& out, const Position<Heap>& position) {
    if (!label_) {
      unlabelled_.position = position;
      return sink_.position(out, unlabelled_);
    }
    SplitMix64 rng(0);  // the default policies draw nothing
    sink_.position(out, analyse(ScannedPosition(position, rules_), Strategy{}, rng, winning_));
  }

 private:
  const Rules& rules_;
  const Sink& sink_;
  bool label_;
  WinningMoves winning_ = WinningMoves::omit;
  Analysis<Rules> unlabelled_;  // without --label: the position and the rules alone, made once
};

// --balanced: a usage error unless the space holds positions of both outcomes, of each heap count
// with per-heap-count.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void check_outcomes(const PositionsRequest& request, const Range<Heap>& size, const Rules& rules,
                    const SplitMix64& rng) {
  std::vector<Range<std::size_t>> ranges{request.heap_count};
  std::string options = "--balanced";
  if (request.set.balance == Balance::per_heap_count) {
    options += " per-heap-count";
    ranges.clear();
    for (std::size_t k = request.heap_count.least; k <= request.heap_count.most; ++k)
      ranges.push_back({k, k});
  }
  for (const auto& heap_count : ranges) {
    const auto missing = find_missing_outcome(OutcomeSampler(heap_count, size, rules), rng);
    if (!missing) continue;
    const std::string outcome = missing->outcome == Outcome::won ? "won" : "lost";
    const std::string space = describe(heap_count, size, rules);
    if (missing->certain)
      throw UsageError(options + ": no position of " + space + " is " + outcome +
                       " for the player to move");
    throw UsageError(options + ": no position of " + space + " that is " + outcome +
                     " for the player to move turned up in many tries: such positions are too "
                     "rare to draw, or there are none");
  }
}

// The file name extension of a format's records, in the order of Format: json, text, csv, tsv.
std::string extension_of(Format format) {
  constexpr std::array<std::string_view, 4> extensions{".jsonl", ".txt", ".csv", ".tsv"};
  return std::string(extensions[static_cast<std::size_t>(format)]);
}

template <PositionSink Sink, HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_positions(const PositionsRequest& request, const Range<Heap>& size, const Rules& rules,
                     const Sink& sink, Output& out) {
  RecordWriter writer(request, rules, sink);
  const auto write = [&](const Position<Heap>& position) {
    writer(out.buffer(), position);
    out.end_record();
  };
  if (!request.count) {
    writer.header(out.buffer());
    AllPositions<Heap> all(request.heap_count, size, request.sorted);
    while (all.next()) {  // the writer itself, not `write`, which GCC does not inline here
      writer(out.buffer(), all.position());
      out.end_record();
    }
    return;
  }
  SplitMix64 rng(request.seed);
  if (request.balanced) check_outcomes(request, size, rules, rng);
  const SetJob<Heap> job{.request = request.set,
                         .count = *request.count,
                         .heap_count = request.heap_count,
                         .size = size,
                         .space = describe(request.heap_count, size, rules),
                         .extension = extension_of(request.game.format),
                         // With repeats, a position of each cell is known to exist: never
                         // give up, as --balanced does not.
                         .patience = request.set.unique ? small_space_work : UINT64_MAX,
                         .stream = !request.set.unique};
  const auto classify = [&](const Position<Heap>& position) { return outcome_of(position, rules); };
  if (draws_a_set(request.set)) {
    const auto cells = set_cells(request.heap_count, request.set.balance);
    std::vector<OutcomeSampler<Rules>> samplers;
    for (const SetCell& cell : cells)
      samplers.emplace_back(cell.heap_count, size, rules);
    const PositionSampler<Heap> sampler(request.heap_count, size);
    const auto try_draw = [&](SplitMix64& random, std::size_t c, Position<Heap>& position) {
      if (!cells[c].outcome) {
        sampler.draw(random, position);
        return true;
      }
      return samplers[c].try_draw(random, *cells[c].outcome, position);
    };
    Buffer header;
    writer.header(header);
    return write_set(
        job, rng, header, writer, try_draw, classify, [&] { say_seed(request); }, out);
  }
  say_seed(request);
  writer.header(out.buffer());
  if (request.balanced) {
    note_few_different(job, {{*request.count / 2, *request.count / 2}}, classify);
    draw_balanced(rng, *request.count, OutcomeSampler(request.heap_count, size, rules), write);
    return;
  }
  const PositionSampler<Heap> sampler(request.heap_count, size);
  Position<Heap> position;
  for (std::uint64_t k = 0; k < *request.count; ++k) {
    sampler.draw(rng, position);
    write(position);
  }
}

// The table asked for: a column for each heap a position may have.
TableLayout table_layout_of(const PositionsRequest& request, bool move_as_json = false) {
  return {.kind = request.game.format == Format::csv ? TableKind::csv : TableKind::tsv,
          .fields = request.fields,
          .heap_columns = request.heap_count.most,
          .pad = request.pad,
          .move_as_json = move_as_json};
}

// The sink of the format asked for, chosen here once.
template <class Run>
void with_sink(const PositionsRequest& request, Run&& run) {
  switch (request.game.format) {
    case Format::text:
      return run(TextPositionSink{});
    case Format::json:
      return run(JsonPositionSink(request.fields));
    case Format::csv:
    case Format::tsv:
      return run(TablePositionSink(table_layout_of(request)));
  }
}

// The games after Nim: the options they offer, checked, then positions_games.cpp.
int run_games(const PositionsRequest& request, const GameSpec& spec, Output& out) {
  // The fields chosen, or a table's; otherwise the game's own record.
  std::optional<std::vector<Field>> fields;
  std::optional<TableLayout> layout;
  if (request.fields_given || request.table()) {
    check_action_fields(request.fields, spec);
    fields = request.fields;
  }
  if (request.table()) layout = table_layout_of(request, !moves_take_from_one_heap(spec));
  return write_game_positions({.count = request.count,
                               .balanced = request.balanced,
                               .sorted = request.sorted,
                               .json = request.game.format == Format::json,
                               .label = request.label,
                               .heap_count = request.heap_count,
                               .least_size = request.least_size,
                               .most_size = request.most_size,
                               .seed = request.seed,
                               .seed_drawn = request.seed_drawn,
                               .set = request.set,
                               .fields = std::move(fields),
                               .layout = std::move(layout),
                               .extension = extension_of(request.game.format)},
                              GameWords(spec), out);
}

int run(const ParsedOptions& given, Output& out) {
  const PositionsRequest request = read_positions_request(given);
  if (const auto spec = read_game_spec(given)) return run_games(request, *spec, out);
  // The smallest and largest sizes, as a position, so that with_heaps chooses 64-bit or GMP.
  AnyPosition bounds;
  bounds.push_back(request.least_size);
  bounds.push_back(request.most_size);
  with_heaps(bounds, request.game.rules, [&](const auto& sizes, const auto& rules) {
    using Heap = std::decay_t<decltype(sizes[0])>;
    const Range<Heap> size{sizes[0], sizes[1]};
    with_sink(request, [&](const auto& sink) { write_positions(request, size, rules, sink, out); });
  });
  return exit_ok;
}

constexpr const char* epilogue = R"(Examples:
  nim-game positions --count 5 --heap-count 1..4 --max-size 10 --seed 1
  nim-game positions --count 1000 --heap-count 3..5 --max-size 100 --balanced --misere
  nim-game positions --all --heap-count 1..3 --max-size 7 --sorted
  nim-game positions --all --heap-count 2 --max-size 3 | nim-game --batch
  nim-game positions --count 1000 --heap-count 3..8 --max-size 100 --balanced --label --format csv
  nim-game positions --count 10000 --heap-count 3..6 --max-size 31 --balanced --label \
      --format csv --split train=0.8,test=0.2 --output-prefix data/
  nim-game positions --count 100 --heap-count 2 --max-size 20 --game wythoff --balanced \
      --label --format json

Exit status: 0 success; 2 bad command line, or --balanced or --unique asks for positions that
cannot be found; 3 output (or a --split file) failed, or memory ran out.
)";

}  // namespace

Command positions_command() {
  return {"positions",
          "write position sets: random samples, balanced won/lost, or every position",
          "positions --count N --heap-count A..B --max-size M [OPTION...]\n"
          "  nim-game positions --all --heap-count A..B --max-size M [--sorted] [OPTION...]",
          positions_options,
          run,
          epilogue};
}

}  // namespace nim
