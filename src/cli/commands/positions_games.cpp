#include "cli/commands/positions_games.hpp"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "cli/input/options.hpp"
#include "format/game_field_records.hpp"
#include "format/heap_line.hpp"
#include "format/npy_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/position_sets.hpp"

namespace nim {

namespace {

// How each position is written, chosen once from the request: its plain line (as --batch reads
// it), the game's JSON record, or the fields chosen (JSON, or a table's row).
enum class RecordForm { line, game_record, fields };

template <HeapInteger Heap, RecordForm form>
class GamePositionWriter {
 public:
  GamePositionWriter(const GamePositionsRequest& request, const GameWords& words,
                     const PreparedGame& game)
      : request_(request),
        words_(words),
        engine_(make_engine<Heap>(game)),
        lists_winning_moves_(request.fields &&
                             (has_field(*request.fields, Field::winning_moves) ||
                              has_field(*request.fields, Field::winning_actions))),
        needs_move_(lists_winning_moves_ ||
                    (request.fields && (has_field(*request.fields, Field::move) ||
                                        has_field(*request.fields, Field::action)))) {}

  GameEngine<Heap>& engine() { return *engine_; }

  bool winning(const Position<Heap>& position) {
    return engine_->winning(std::span<const Heap>(position));
  }

  // Inlined: --all writes about 90 million positions a second, and a call for each cost a fifth.
  [[gnu::always_inline]] void write(Buffer& out, const Position<Heap>& position) {
    if constexpr (form == RecordForm::line) {
      write_heap_line(out, std::span<const Heap>(position));
      out += '\n';
    } else if constexpr (form == RecordForm::fields) {
      write_fields(out, position);
    } else {
      write_game_record(out, position);
    }
  }

 private:
  // {"heaps":[...],"rules":{...}}, with --label the game's verdict, move and Grundy values.
  void write_game_record(Buffer& out, const Position<Heap>& position) {
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
      record::write_grundy_keys(w, analysis);
    }
    w.end_object();
    out += '\n';
  }

  // The fields chosen, from the position's analysis when --label asks for one (its verdict
  // alone when no field needs a move).
  void write_fields(Buffer& out, const Position<Heap>& position) {
    const std::span<const Heap> heaps(position);
    if (!request_.label || !needs_move_) {
      analysis_.position = heaps;
      if (request_.label) engine_->verdict(heaps, analysis_.verdict);
    } else {
      engine_->analyse(heaps, lists_winning_moves_ ? WinningMoves::list : WinningMoves::omit,
                       analysis_);
    }
    const GameFields<Heap> fields(words_, analysis_);
    if (request_.layout && request_.layout->kind == TableKind::npy)
      return write_npy_row(out, *request_.layout, fields);
    if (request_.layout) return write_table_row(out, *request_.layout, fields);
    JsonWriter w(out, false);
    write_field_record(w, fields, *request_.fields, {});
    out += '\n';
  }

  const GamePositionsRequest& request_;
  const GameWords& words_;
  std::unique_ptr<GameEngine<Heap>> engine_;
  bool lists_winning_moves_;
  bool needs_move_;              // a field is a move or an action
  GameAnalysis<Heap> analysis_;  // reused, with its memory
};

// --balanced with a game that aims at an outcome: a usage error unless the space holds positions
// of both outcomes, of each heap count with per-heap-count.
template <HeapInteger Heap, class DrawerOf>
void check_outcomes(const GamePositionsRequest& request, const std::string& game_words,
                    const DrawerOf& drawer_of, const SplitMix64& rng) {
  std::vector<Range<std::size_t>> ranges{request.heap_count};
  std::string options = "--balanced";
  if (request.set.balance == Balance::per_heap_count) {
    options += " per-heap-count";
    ranges.clear();
    for (std::size_t k = request.heap_count.least; k <= request.heap_count.most; ++k)
      ranges.push_back({k, k});
  }
  for (const auto& heap_count : ranges) {
    const std::unique_ptr<OutcomeDrawer<Heap>> drawer = drawer_of(heap_count);
    const auto missing = find_missing_outcome(*drawer, rng);
    if (!missing) continue;
    const std::string outcome = missing->outcome == Outcome::won ? "won" : "lost";
    const std::string space = describe_space(heap_count, to_decimal(drawer->size().least),
                                             to_decimal(drawer->size().most), game_words);
    if (missing->certain)
      throw UsageError(options + ": no position of " + space + " is " + outcome +
                       " for the player to move");
    throw UsageError(options + ": no position of " + space + " that is " + outcome +
                     " for the player to move turned up in many tries: such positions are too "
                     "rare to draw, or there are none");
  }
}

// --all: every position of the space, in order. A function of its own, so that the loop is the
// drawing and the writing of a line, inlined, whatever the rest of the command is.
template <HeapInteger Heap, class Writer, class Written>
[[gnu::noinline]] void write_every(const GamePositionsRequest& request, const Range<Heap>& size,
                                   Writer& writer, Buffer& out, Written& written_one) {
  AllPositions<Heap> all(request.heap_count, size, request.sorted);
  while (all.next()) {
    writer.write(out, all.position());
    written_one();
  }
}

// Writes the positions asked for, calling `written()` after each: --balanced aimed at each
// outcome by `drawer` when the game has one, else by drawing and rejecting.
template <HeapInteger Heap, class Writer, class Written>
void write_all(const GamePositionsRequest& request, const Range<Heap>& size, Writer& writer,
               const OutcomeDrawer<Heap>* drawer, Buffer& out, Written written_one) {
  if (!request.count) return write_every(request, size, writer, out, written_one);
  SplitMix64 rng(request.seed);
  const auto write = [&](const Position<Heap>& position) {
    writer.write(out, position);
    written_one();
  };
  if (request.balanced && drawer) {
    draw_balanced(rng, *request.count, *drawer, write);
    return;
  }
  const PositionSampler<Heap> sampler(request.heap_count, size);
  const auto missing = draw_positions<Heap>(
      rng, *request.count, sampler, request.balanced, most_fruitless_draws,
      [&](const Position<Heap>& position) { return writer.winning(position); }, write);
  if (missing) throw UsageError("--balanced: " + rare_outcome_words(*missing));
}

// What write_set needs of a game's set. A game that aims at an outcome finds every cell's
// positions (check_outcomes() saw that they exist): with repeats it never gives up, and its
// records are written as they are drawn.
template <HeapInteger Heap>
SetJob<Heap> game_set_job(const GamePositionsRequest& request, const GameSpec& spec,
                          const Range<Heap>& size, bool searched, bool aims) {
  // Staircase Nim's steps are in order; Wythoff's two heaps are alike, as every sum's heaps are.
  const Sameness game = heap_order_matters(spec) ? Sameness::ordered : Sameness::any_order;
  SetRequest set = request.set;
  if (set.unique && game == Sameness::ordered) set.unique = Sameness::ordered;
  const bool never_gives_up = aims && !set.unique;
  return {.request = std::move(set),
          .count = request.count.value_or(0),
          .heap_count = request.heap_count,
          .size = size,
          .game = game,
          .space = describe_space(request.heap_count, to_decimal(size.least), to_decimal(size.most),
                                  space_words(spec)),
          .extension = request.extension,
          .cheap = !searched,
          .patience = never_gives_up ? UINT64_MAX
                      : aims         ? small_space_work
                                     : most_fruitless_draws,
          .stream = never_gives_up};
}

// --unique, --split or --balanced per-heap-count: drawn by write_set, each try a position of the
// cell's heap counts kept when it has the cell's outcome (aimed at by the cell's drawer, from
// `drawer_of`, when the game has one).
template <HeapInteger Heap, class Writer, class DrawerOf>
void write_game_set(const SetJob<Heap>& job, std::uint64_t seed, const SetHeader& header,
                    Writer& writer, const DrawerOf& drawer_of,
                    const std::function<void()>& say_seed, Output& out) {
  const auto cells = set_cells(job.heap_count, job.request.balance);
  std::vector<PositionSampler<Heap>> samplers;
  std::vector<std::unique_ptr<OutcomeDrawer<Heap>>> drawers;
  for (const SetCell& cell : cells) {
    samplers.emplace_back(cell.heap_count, job.size);
    drawers.push_back(drawer_of(cell.heap_count));
  }
  const auto try_draw = [&](SplitMix64& rng, std::size_t c, Position<Heap>& position) {
    if (cells[c].outcome && drawers[c])
      return drawers[c]->try_draw(rng, *cells[c].outcome, position);
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

void say_drawn_seed(std::uint64_t seed) {
  std::fprintf(stderr, "nim-game: --seed %llu draws these positions again\n",
               static_cast<unsigned long long>(seed));
}

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
    if (request.seed_drawn) say_drawn_seed(request.seed);
  };
  // Misère play searched may meet a position beyond the search's bound: every record is then
  // made before any is written, so that no partial set is left behind.
  const bool searched = spec.misere && misere_is_searched(spec);
  Buffer held;
  const SetHeader header = [&](Buffer& out, const BigHeap& rows) {
    if (!request.layout) return;
    if (request.layout->kind == TableKind::npy)
      write_npy_header(out, *request.layout, rows);
    else
      write_table_header(out, *request.layout);
  };
  const auto run = [&]<HeapInteger Heap, RecordForm form>(const Range<Heap>& size) {
    GamePositionWriter<Heap, form> writer(request, words, game);
    const auto drawer_of = [&](const Range<std::size_t>& heap_count) {
      return writer.engine().outcome_drawer(heap_count, size);
    };
    const std::unique_ptr<OutcomeDrawer<Heap>> drawer = drawer_of(request.heap_count);
    if (request.count && request.balanced && drawer)
      check_outcomes<Heap>(request, space_words(spec), drawer_of, SplitMix64(request.seed));
    const SetJob<Heap> job = game_set_job(request, spec, size, searched, drawer != nullptr);
    if (request.count && draws_a_set(request.set))
      return write_game_set(job, request.seed, header, writer, drawer_of, say_seed, out);
    say_seed();
    // npy's header counts the records: --all's are counted only then (the count may be huge).
    const bool counted = request.layout && request.layout->kind == TableKind::npy;
    header(searched ? held : out.buffer(),
           request.count ? BigHeap(*request.count)
           : counted
               ? count_all_positions(request.heap_count, to_big(size.most) - to_big(size.least) + 1,
                                     request.sorted)
               : BigHeap(0));
    if (request.count && request.balanced) {
      const auto classify = [&](const Position<Heap>& position) {
        return writer.winning(position) ? Outcome::won : Outcome::lost;
      };
      note_few_different(job, {{*request.count / 2, *request.count / 2}}, classify);
    }
    if (searched) return write_all(request, size, writer, drawer.get(), held, [] {});
    write_all(request, size, writer, drawer.get(), out.buffer(), [&] { out.end_record(); });
  };
  try {
    // The largest total a position may hold must fit too where heaps may grow (staircase Nim
    // gathers coins), and the largest heap's value (fits_machine_words).
    const BigHeap most_total = request.most_size * BigHeap(request.heap_count.most);
    const SmallHeap most = fits_small(request.most_size) ? to_small(request.most_size) : 0;
    const auto run_in = [&]<RecordForm form>() {
      if (fits_small(request.most_size) && fits_machine_words(spec, std::span(&most, 1)) &&
          (!heaps_may_grow(spec) || fits_small(most_total)))
        run.template operator()<SmallHeap, form>(
            Range<SmallHeap>{to_small(request.least_size), to_small(request.most_size)});
      else
        run.template operator()<BigHeap, form>(
            Range<BigHeap>{request.least_size, request.most_size});
    };
    if (request.fields)
      run_in.template operator()<RecordForm::fields>();
    else if (request.json)
      run_in.template operator()<RecordForm::game_record>();
    else
      run_in.template operator()<RecordForm::line>();
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
