#include "python/game_answers.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "format/game_records.hpp"
#include "format/sum_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_engine.hpp"
#include "python/array_rows.hpp"

namespace nim::python {

namespace {

// The game with its Grundy values computed for heaps up to `largest`, without the GIL (Grundy's
// game computes every value up to its largest heap).
std::optional<PreparedGame> prepared(const GameSpec& spec, const BigHeap& largest) {
  py::gil_scoped_release release;
  return std::optional<PreparedGame>(std::in_place, spec, largest);
}

// The game prepared for the rows of an array: a game of a fixed number of heaps (Wythoff's: 2)
// needs as many columns, and every other game reads a row as it is (see the header); only a game
// whose values are computed needs the largest heap (a pass over the array).
template <class Int>
std::optional<PreparedGame> prepared_for_rows(const py::array& positions,
                                              const py::array_t<Int, py::array::c_style>& typed,
                                              const GameSpec& spec) {
  if (const auto heaps = fixed_heap_count(spec);
      heaps && static_cast<std::size_t>(positions.shape(1)) != *heaps)
    throw py::value_error("the rows are read as whole positions, their 0s as heaps, and " +
                          game_name(spec) + " is played on exactly " + std::to_string(*heaps) +
                          " heaps: give an array of " + std::to_string(*heaps) + " columns, not " +
                          std::to_string(positions.shape(1)));
  return prepared(spec, values_are_computed(spec) ? to_big(largest_heap(typed)) : BigHeap(0));
}

// Answers the rows in blocks, each thread with an engine of its own on machine words:
// answer(engine, first, count, heaps). Each row is searched on its own, as the command line
// searches each position: what it refuses is refused here, and the memory of a search stays within
// its bound. Machine words suffice even where a staircase's coins together pass 64 bits (analyse()
// then takes GMP's numbers, for its next position): a row gives only its verdict and its move,
// which normal play finds without adding coins, and misère play's search refuses a step of more
// coins than its bound of positions before it moves any.
template <class Answer>
void answer_blocks(const py::array& positions, const GameSpec& spec, unsigned threads,
                   Answer&& answer) {
  with_integer_type(positions, [&]<class Int>() {
    const auto typed = typed_rows<Int>(positions);
    const std::optional<PreparedGame> game = prepared_for_rows(positions, typed, spec);
    for_each_block<Int>(typed, threads, [&] {
      return [&, engine = make_engine<SmallHeap>(*game)](std::size_t first, std::size_t count,
                                                         std::span<const SmallHeap> heaps) {
        if (count > 0) answer(*engine, first, count, heaps);
      };
    });
  });
}

}  // namespace

py::object analyse_game_record(AnyPosition heaps, const GameSpec& spec) {
  Buffer text;
  {
    py::gil_scoped_release release;
    const PreparedGame game(spec, heaps.largest_heap());
    if (!heaps.is_big() && !fits_machine_words(spec, heaps.small())) heaps.make_big();
    const GameWords words(spec);
    const auto answer = [&]<HeapInteger Heap>(const Position<Heap>& position) {
      SplitMix64 unused(0);  // the default policy draws nothing
      const auto analysis =
          make_engine<Heap>(game)->analyse(std::span<const Heap>(position), Strategy{}, unused);
      JsonWriter writer(text, false);
      write_game_analysis(writer, words, analysis, RecordContext{});
    };
    if (heaps.is_big())
      answer(heaps.big());
    else
      answer(heaps.small());
  }
  return py::module_::import("json").attr("loads")(py::str(text.data(), text.size()));
}

py::object analyse_sum_answer(std::vector<AnyPosition> heaps, const std::vector<GameSpec>& specs,
                              bool misere, std::uint64_t search_limit) {
  Buffer text;
  {
    py::gil_scoped_release release;
    std::vector<PreparedGame> games;
    for (std::size_t c = 0; c < specs.size(); ++c)
      games.emplace_back(specs[c], heaps[c].largest_heap());
    const SumWords words(specs, misere);
    with_sum_position(specs, heaps, [&]<HeapInteger Heap>(const Position<Heap>& position) {
      SplitMix64 unused(0);  // the default policy draws nothing
      const auto analysis = make_sum_engine<Heap>(games, misere, search_limit)
                                ->analyse(std::span<const Heap>(position), Strategy{}, unused);
      JsonWriter writer(text, false);
      write_sum_analysis(writer, words, analysis, std::nullopt);
    });
  }
  return py::module_::import("json").attr("loads")(py::str(text.data(), text.size()));
}

py::array_t<bool> label_game_rows(const py::array& positions, const GameSpec& spec,
                                  unsigned threads) {
  py::array_t<bool> won(positions.ndim() == 2 ? positions.shape(0) : 0);
  bool* out = won.mutable_data();
  const std::size_t columns = positions.ndim() == 2 ? positions.shape(1) : 0;
  answer_blocks(positions, spec, threads,
                [&](GameEngine<SmallHeap>& engine, std::size_t first, std::size_t count,
                    std::span<const SmallHeap> heaps) {
                  engine.winning_rows(heaps, columns, std::span<bool>(out + first, count));
                });
  return won;
}

py::array_t<std::int64_t> best_game_moves(const py::array& positions, const GameSpec& spec,
                                          unsigned threads) {
  if (!moves_take_from_one_heap(spec))
    throw py::value_error(
        "best_moves writes a move as [heap, count], which holds only moves "
        "that take from one heap; " +
        game_name(spec) +
        " has moves that split a heap or take from several: analyse() gives "
        "them");
  const py::ssize_t rows = positions.ndim() == 2 ? positions.shape(0) : 0;
  py::array_t<std::int64_t> moves({rows, py::ssize_t{2}});
  std::int64_t* out = moves.mutable_data();
  constexpr auto most_int64 = static_cast<SmallHeap>(std::numeric_limits<std::int64_t>::max());
  std::atomic<bool> too_large = false;  // a count beyond int64, from a uint64 array
  const std::size_t columns = positions.ndim() == 2 ? positions.shape(1) : 0;
  answer_blocks(positions, spec, threads,
                [&](GameEngine<SmallHeap>& engine, std::size_t first, std::size_t count,
                    std::span<const SmallHeap> heaps) {
                  std::vector<std::optional<Move<SmallHeap>>> chosen(count);
                  engine.moves_rows(heaps, columns, chosen);
                  for (std::size_t k = 0; k < count; ++k) {
                    const auto& move = chosen[k];
                    const std::size_t r = first + k;
                    if (move && move->count > most_int64) too_large = true;
                    out[2 * r] = move ? static_cast<std::int64_t>(move->heap) : -1;
                    out[2 * r + 1] = move ? static_cast<std::int64_t>(move->count) : -1;
                  }
                });
  if (too_large) raise_count_beyond_int64();
  return moves;
}

}  // namespace nim::python
