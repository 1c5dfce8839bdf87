#include "cli/commands/positions_games.hpp"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "cli/input/options.hpp"
#include "format/game_field_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/position_sets.hpp"

namespace nim {

namespace {

template <HeapInteger Heap>
class GamePositionWriter {
 public:
  GamePositionWriter(const GamePositionsRequest& request, const GameWords& words,
                     const PreparedGame& game)
      : request_(request),
        words_(words),
        engine_(make_engine<Heap>(game)),
        lists_winning_moves_(request.fields &&
                             (has_field(*request.fields, Field::winning_moves) ||
                              has_field(*request.fields, Field::winning_actions))) {}

  bool winning(const Position<Heap>& position) {
    return engine_->winning(std::span<const Heap>(position));
  }

  void write(Buffer& out, const Position<Heap>& position) {
    if (request_.fields) return write_fields(out, position);
    if (!request_.json) {
      out += heap_list(std::span<const Heap>(position));
      out += '\n';
      return;
    }
    JsonWriter w(out, false);
    w.begin_object();
    w.key("heaps");
    record::write_heaps(w, std::span<const Heap>(position));
    w.key("rules");
    w.raw_value() += words_.rules;
    if (request_.label) {
      const auto analysis = engine_->analyse(std::span<const Heap>(position));
      w.key("winning");
      w.boolean(analysis.verdict.winning);
      w.key("move");
      record::write_game_move(w, analysis.move);
      record::write_grundy_keys(w, analysis.verdict);
    }
    w.end_object();
    out += '\n';
  }

 private:
  // The fields chosen, from the position's analysis when --label asks for one.
  void write_fields(Buffer& out, const Position<Heap>& position) {
    const std::span<const Heap> heaps(position);
    GameAnalysis<Heap> analysis;
    if (request_.label)
      engine_->analyse(heaps, lists_winning_moves_ ? WinningMoves::list : WinningMoves::omit,
                       analysis);
    else
      analysis.position = heaps;
    const GameFields<Heap> fields(words_, analysis);
    if (request_.layout) return write_table_row(out, *request_.layout, fields);
    JsonWriter w(out, false);
    write_field_record(w, fields, *request_.fields, {});
    out += '\n';
  }

  const GamePositionsRequest& request_;
  const GameWords& words_;
  std::unique_ptr<GameEngine<Heap>> engine_;
  bool lists_winning_moves_;
};

// Writes the positions asked for, calling `written()` after each.
template <HeapInteger Heap, class Writer, class Written>
void write_all(const GamePositionsRequest& request, const Range<Heap>& size, Writer& writer,
               Buffer& out, Written written_one) {
  if (!request.count) {
    AllPositions<Heap> all(request.heap_count, size, request.sorted);
    while (all.next()) {
      writer.write(out, all.position());
      written_one();
    }
    return;
  }
  SplitMix64 rng(request.seed);
  const PositionSampler<Heap> sampler(request.heap_count, size);
  const auto missing = draw_positions(
      rng, *request.count, sampler, request.balanced, most_fruitless_draws,
      [&](const Position<Heap>& position) { return writer.winning(position); },
      [&](const Position<Heap>& position) {
        writer.write(out, position);
        written_one();
      });
  if (missing) throw UsageError("--balanced: " + rare_outcome_words(*missing));
}

// What write_set needs of a game's set.
template <HeapInteger Heap>
SetJob<Heap> game_set_job(const GamePositionsRequest& request, const GameSpec& spec,
                          const Range<Heap>& size, bool searched) {
  // Staircase Nim's steps are in order; Wythoff's two heaps are alike, as every sum's heaps are.
  const Sameness game = heap_order_matters(spec) ? Sameness::ordered : Sameness::any_order;
  SetRequest set = request.set;
  if (set.unique && game == Sameness::ordered) set.unique = Sameness::ordered;
  return {.request = std::move(set),
          .count = request.count.value_or(0),
          .heap_count = request.heap_count,
          .size = size,
          .game = game,
          .space = describe_space(request.heap_count, to_decimal(size.least), to_decimal(size.most),
                                  " in " + game_name(spec) + (spec.misere ? ", misère play" : "")),
          .extension = request.extension,
          .cheap = !searched,
          .patience = most_fruitless_draws};
}

// --unique, --split or --balanced per-heap-count: drawn by write_set, each try a position of the
// cell's heap counts kept when it has the cell's outcome.
template <HeapInteger Heap, class Writer>
void write_game_set(const SetJob<Heap>& job, std::uint64_t seed, const Buffer& header,
                    Writer& writer, const std::function<void()>& say_seed, Output& out) {
  const auto cells = set_cells(job.heap_count, job.request.balance);
  std::vector<PositionSampler<Heap>> samplers;
  for (const SetCell& cell : cells)
    samplers.emplace_back(cell.heap_count, job.size);
  const auto try_draw = [&](SplitMix64& rng, std::size_t c, Position<Heap>& position) {
    samplers[c].draw(rng, position);
    return !cells[c].outcome || writer.winning(position) == (*cells[c].outcome == Outcome::won);
  };
  const auto classify = [&](const Position<Heap>& position) {
    return writer.winning(position) ? Outcome::won : Outcome::lost;
  };
  const auto write = [&](Buffer& out, const Position<Heap>& position) {
    writer.write(out, position);
  };
  SplitMix64 rng(seed);
  write_set(job, rng, header, write, try_draw, classify, say_seed, out);
}

}  // namespace

int write_game_positions(const GamePositionsRequest& request, const GameWords& words, Output& out) {
  const GameSpec& spec = words.spec;
  if (const auto heaps = fixed_heap_count(spec);
      heaps && (request.heap_count.least != *heaps || request.heap_count.most != *heaps))
    throw UsageError(game_name(spec) + " is played on exactly " + std::to_string(*heaps) +
                     " heaps: give --heap-count " + std::to_string(*heaps));
  const PreparedGame game(spec, request.most_size);
  // The largest heap first: beyond the Grundy values known, nothing is written.
  if (request.balanced || request.label) {
    try {
      make_engine<BigHeap>(game)->require_values_to(request.most_size);
    } catch (const Unanswerable& e) {
      throw UsageError(e.what());
    }
  }
  const std::function<void()> say_seed = [&] {
    if (request.seed_drawn)
      std::fprintf(stderr, "nim-game: --seed %llu draws these positions again\n",
                   static_cast<unsigned long long>(request.seed));
  };
  // Misère play searched may meet a position beyond the search's bound: every record is then
  // made before any is written, so that no partial set is left behind.
  const bool searched = spec.misere && misere_is_searched(spec);
  Buffer held;
  Buffer& records = searched ? held : out.buffer();
  Buffer header;
  if (request.layout) write_table_header(header, *request.layout);
  const auto run = [&]<HeapInteger Heap>(const Range<Heap>& size) {
    GamePositionWriter<Heap> writer(request, words, game);
    const SetJob<Heap> job = game_set_job(request, spec, size, searched);
    if (request.count && draws_a_set(request.set))
      return write_game_set(job, request.seed, header, writer, say_seed, out);
    say_seed();
    records += header.view();
    if (request.count && request.balanced) {
      const auto classify = [&](const Position<Heap>& position) {
        return writer.winning(position) ? Outcome::won : Outcome::lost;
      };
      note_few_different(job, {{*request.count / 2, *request.count / 2}}, classify);
    }
    write_all(request, size, writer, records, [&] {
      if (!searched) out.end_record();
    });
  };
  try {
    // The largest total a position may hold must fit too where heaps may grow (staircase Nim
    // gathers coins), and the largest heap's value (fits_machine_words).
    const BigHeap most_total = request.most_size * BigHeap(request.heap_count.most);
    const SmallHeap most = fits_small(request.most_size) ? to_small(request.most_size) : 0;
    if (fits_small(request.most_size) && fits_machine_words(spec, std::span(&most, 1)) &&
        (!heaps_may_grow(spec) || fits_small(most_total)))
      run(Range<SmallHeap>{to_small(request.least_size), to_small(request.most_size)});
    else
      run(Range<BigHeap>{request.least_size, request.most_size});
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
  if (searched) {
    out.buffer() += held.view();
    out.end_record();
  }
  return 0;
}

}  // namespace nim
