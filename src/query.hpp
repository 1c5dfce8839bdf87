// One position in, its records out: the options turned into rules and a strategy for one heap
// type, and the code that solves a position and writes its record (or its playout's records).
// The single query and every --batch line go through answer().
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "cli_options.hpp"
#include "move_check.hpp"
#include "move_choice.hpp"
#include "output.hpp"
#include "playout.hpp"
#include "position_view.hpp"
#include "record_writer.hpp"

namespace nim {

// Whether an option holds a number beyond 64 bits (the cap, a proposed count), so that the query
// must run on GMP integers even when every heap is small.
inline bool needs_big_heaps(const Options& options) {
  if (options.max_take && !fits_small(*options.max_take)) return true;
  return options.move && options.move->count >= 1 && !fits_small(options.move->count);
}

template <class Heap>
Heap heap_from(const BigHeap& n) {
  if constexpr (std::is_same_v<Heap, BigHeap>)
    return n;
  else
    return to_small(n);
}

template <class Heap>
struct Query {
  Rules<Heap> rules;
  std::optional<std::uint64_t> seed;  // set when a random policy is in use
  const Options* options;

  Query(const Options& given, std::optional<std::uint64_t> seed_in_use)
      : seed(seed_in_use), options(&given) {
    rules.misere = given.misere;
    if (given.max_take) rules.max_take = heap_from<Heap>(*given.max_take);
  }
};

// Writes the records of one position: its analysis, the verdict on --move, or its playout.
// The random generator restarts from the seed for every position, so a --batch record equals
// the single query with the same seed.
template <class Heap>
void answer(const Position<Heap>& position, const Query<Heap>& query,
            std::optional<std::uint64_t> line, Output& out) {
  const Options& options = *query.options;
  SplitMix64 rng(query.seed.value_or(0));
  const RecordTail tail{query.seed, line};
  const auto end_record = [&] {
    out.buffer() += '\n';
    out.end_record();
  };

  if (options.playout) {
    play_out(position, query.rules, options.strategy, rng, options.max_plies,
             [&](const IndexedPosition<Heap>& board, const Ply<Heap>& ply) {
               JsonWriter w(out.buffer(), options.pretty);
               if (options.trace == Trace::moves)
                 write_ply_move(w, ply, tail);
               else
                 write_analysis(w, board, ply.move, options.all_moves, &ply, tail);
               end_record();
             });
    return;
  }

  const PositionView view(position, query.rules);
  const auto best = choose_move(view, options.strategy, rng);
  JsonWriter w(out.buffer(), options.pretty);
  if (options.move) {
    // Out-of-range numbers make the move illegal; the library sees them as no heap, 0 objects.
    const ProposedMove& proposed = *options.move;
    const bool heap_exists = proposed.heap >= 0 && proposed.heap < to_big(position.size());
    const std::size_t heap = heap_exists ? to_small(proposed.heap) : no_heap;
    const Heap count = proposed.count >= 1 ? heap_from<Heap>(proposed.count) : Heap(0);
    write_move_check(w, view, proposed.heap, proposed.count,
                     check_move(position, query.rules, heap, count), best, options.all_moves, tail);
  } else {
    write_analysis(w, view, best, options.all_moves, nullptr, tail);
  }
  end_record();
}

}  // namespace nim
