// nim-game positions, for Nim and the games after it alike: sets without repeats (--unique),
// split into files (--split, --split-key), or balanced within each heap count (--balanced
// per-heap-count). The request is checked against the space first (counted exactly when it is
// small enough to go through), drawn with draw_set (nim/set_drawing.hpp), and then written, to
// standard output or to the parts' files, so that a request that cannot be met writes nothing.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/input/options.hpp"
#include "cli/input/split_spec.hpp"
#include "cli/system/output.hpp"
#include "nim/set_drawing.hpp"
#include "nim/set_enumeration.hpp"
#include "nim/set_plan.hpp"
#include "text/buffer.hpp"

namespace nim {

// What --balanced, --unique, --split, --split-key and --output-prefix ask.
struct SetRequest {
  Balance balance = Balance::none;
  std::optional<Sameness> unique;  // --unique, and always with --split
  std::vector<SplitPart> split;    // none: one part, to standard output
  std::string output_prefix;       // with --split
  SplitKey key;                    // --split-key K: (K, "nim-game")
};

// The options read, checked; `counted`: --count was given (they all need it).
SetRequest read_set_request(const ParsedOptions& given, bool counted);

// Whether the request needs draw_set: without repeats, split, or balanced per heap count.
inline bool draws_a_set(const SetRequest& request) {
  return request.unique || request.balance == Balance::per_heap_count;
}

// The space in words, for a message: "1 to 3 heaps of sizes 0 to 5" and then `rules` (" under
// normal play").
std::string describe_space(const Range<std::size_t>& heap_count, const std::string& least,
                           const std::string& most, const std::string& rules);

// Writes the header of a part of `rows` records (a table's names, npy's dtype and shape), or none.
using SetHeader = std::function<void(Buffer& out, const BigHeap& rows)>;

// What write_set needs to know of the space and its game.
template <HeapInteger Heap>
struct SetJob {
  SetRequest request;
  std::uint64_t count = 0;
  Range<std::size_t> heap_count;
  Range<Heap> size;
  Sameness game = Sameness::any_order;  // the game's own sense of the same position
  std::string space;                    // describe_space()
  std::string extension;                // of the parts' files: ".txt", ".jsonl", ".csv", ".tsv"
  bool cheap = true;                    // the rules answer every position fast (no search)
  std::uint64_t patience = UINT64_MAX;  // tries in a row without a position taken
  bool stream = false;  // with repeats, and a drawing that never gives up: written as drawn
};

namespace set_detail {

// The number of positions of each part: the count split by the shares; none of them empty, and
// each even when balanced.
std::vector<std::uint64_t> part_counts(const SetRequest& request, std::uint64_t count);

// What the messages say of a set: its space in words, the sense of "different" (and whether
// empty heaps are left out: size 0 is allowed), and the count.
struct SetWords {
  std::string space;
  Sameness sense = Sameness::any_order;
  bool empty_heaps = false;
  std::uint64_t count = 0;
};

// The usage errors of a count too large, a need unmet and a shortfall, and the note on stderr of
// a balanced cell of fewer different positions than rows.
[[noreturn]] void too_many(const SetWords& words, const BigHeap& total);
[[noreturn]] void unmet(const SetRequest& request, const SetWords& words, const SetNeed& need,
                        const SetCell& cell);
[[noreturn]] void short_of(const SetRequest& request, const SetWords& words,
                           const SetShortfall& shortfall, const SetCell& cell,
                           std::uint64_t patience);
void note_few(const SetRequest& request, const SetWords& words, const SetCell& cell,
              std::uint64_t rows, std::uint64_t different);

// Writes the parts' files, each its header (of counts[k] records) then its records; standard
// output without --split.
void write_parts(const SetRequest& request, const std::string& extension, const SetHeader& header,
                 const std::vector<std::uint64_t>& counts, const std::vector<Buffer>& records,
                 Output& out);

// Whether the different positions of the space in the sense `sense` are few enough to go through:
// about 16 million heaps in all.
template <HeapInteger Heap>
SetWords words_of(const SetJob<Heap>& job, Sameness sense) {
  return {job.space, sense, is_zero(job.size.least), job.count};
}

template <HeapInteger Heap>
bool can_go_through(const SetJob<Heap>& job, Sameness sense, BigHeap* total = nullptr) {
  const BigHeap different = count_different_positions(job.heap_count, job.size, sense);
  if (total) *total = different;
  return job.cheap && different * job.heap_count.most <= small_space_work;
}

}  // namespace set_detail

// A one-line note when a cell of a balanced set with repeats has fewer different positions than
// rows, so that its rows repeat: counted in a space small enough to go through.
template <HeapInteger Heap, class Classify>
void note_few_different(const SetJob<Heap>& job,
                        const std::vector<std::vector<std::uint64_t>>& quotas, Classify& classify) {
  if (job.request.balance == Balance::none || !set_detail::can_go_through(job, job.game)) return;
  const std::vector<SetCell> cells = set_cells(job.heap_count, job.request.balance);
  const auto have = [&](const DifferentCounts& different, std::size_t c) {
    const std::size_t klass = class_of(cells[c]);
    return job.request.balance == Balance::whole
               ? different.all[0][klass]
               : different.writable[0][klass][cells[c].heap_count.least - job.heap_count.least];
  };
  const auto enough = [&](const DifferentCounts& different) {
    for (std::size_t c = 0; c < cells.size(); ++c)
      if (have(different, c) < quotas[0][c]) return false;
    return true;
  };
  const SetPlan<Heap> plan{.heap_count = job.heap_count,
                           .size = job.size,
                           .balance = job.request.balance,
                           .unique = std::nullopt,
                           .game = job.game};
  const DifferentCounts different = count_different(plan, job.game, classify, enough);
  // The cell whose rows repeat most: the fewest different positions to a row.
  std::optional<std::size_t> most;
  for (std::size_t c = 0; c < cells.size(); ++c)
    if (have(different, c) < quotas[0][c] &&
        (!most || BigHeap(to_big(have(different, c))) * to_big(quotas[0][*most]) <
                      BigHeap(to_big(have(different, *most))) * to_big(quotas[0][c])))
      most = c;
  if (most)
    set_detail::note_few(job.request, set_detail::words_of(job, job.game), cells[*most],
                         quotas[0][*most], have(different, *most));
}

// Draws the set and writes it: each position through write(buffer, position), under `header`.
// try_draw(rng, cell, position) and classify(position) as draw_set takes them; say_seed() once the
// request is known to be good.
template <HeapInteger Heap, class Write, class TryDraw, class Classify>
void write_set(const SetJob<Heap>& job, SplitMix64& rng, const SetHeader& header, Write&& write,
               TryDraw&& try_draw, Classify&& classify, const std::function<void()>& say_seed,
               Output& out) {
  using namespace set_detail;
  const SetRequest& request = job.request;
  const std::vector<std::uint64_t> counts = part_counts(request, job.count);
  SetPlan<Heap> plan{.heap_count = job.heap_count,
                     .size = job.size,
                     .balance = request.balance,
                     .unique = request.unique,
                     .game = job.game,
                     .shares = {},
                     .key = request.key,
                     .patience = job.patience};
  for (const SplitPart& part : request.split)
    plan.shares.push_back(part.share);
  if (plan.shares.empty()) plan.shares.push_back(whole_share);
  const auto quotas = cell_quotas(counts, job.heap_count, request.balance, rng);
  const std::vector<SetCell> cells = set_cells(job.heap_count, request.balance);
  const auto never = [](const DifferentCounts&) { return false; };
  std::array<bool, 2> enumerated{false, false};
  if (request.unique) {
    const Sameness sense = *request.unique;
    BigHeap total;
    const bool small = can_go_through(job, sense, &total);
    if (total < job.count) too_many(words_of(job, sense), total);
    if (small && (request.balance != Balance::none || counts.size() > 1)) {
      const auto needs = set_needs(plan, count_different(plan, sense, classify, never), quotas);
      for (const SetNeed& need : needs)
        if (need.needed > need.available)
          unmet(request, words_of(job, sense), need, cells[need.cell]);
      enumerated = classes_near_all(needs, cells, counts.size());
    } else if (small) {
      enumerated[0] = 4 * BigHeap(job.count) >= total;
    }
  } else {  // with repeats: nothing to check but the note
    say_seed();
    note_few_different(job, quotas, classify);
  }
  if (job.stream) {  // with repeats, by a drawing that never gives up
    header(out.buffer(), job.count);
    const auto shortfall = draw_set(rng, plan, quotas, enumerated, try_draw, classify,
                                    [&](std::size_t, const Position<Heap>& position) {
                                      write(out.buffer(), position);
                                      out.end_record();
                                    });
    if (shortfall)
      short_of(request, words_of(job, plan.unique.value_or(job.game)), *shortfall,
               cells[shortfall->cell], job.patience);
    return;
  }
  std::vector<Buffer> records(counts.size());
  const auto shortfall = draw_set(
      rng, plan, quotas, enumerated, try_draw, classify,
      [&](std::size_t part, const Position<Heap>& position) { write(records[part], position); });
  if (shortfall)
    short_of(request, words_of(job, plan.unique.value_or(job.game)), *shortfall,
             cells[shortfall->cell], job.patience);
  if (request.unique) say_seed();
  write_parts(request, job.extension, header, counts, records, out);
}

}  // namespace nim
