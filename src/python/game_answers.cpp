#include "python/game_answers.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "format/game_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/position_sets.hpp"
#include "python/array_rows.hpp"

namespace nim::python {

namespace {

// The game with its Grundy values computed for heaps up to `largest`, without the GIL (Grundy's
// game computes every value up to its largest heap).
std::optional<PreparedGame> prepared(const GameSpec& spec, const BigHeap& largest) {
  py::gil_scoped_release release;
  return std::optional<PreparedGame>(std::in_place, spec, largest);
}

// One thread's answers to rows of a game, by its engine on machine words. Each row is searched on
// its own, as the command line searches each position: what it refuses is refused here, and the
// memory of a search stays within its bound. Machine words suffice even where a staircase's coins
// together pass 64 bits (analyse() then takes GMP's numbers, for its next position): a row gives
// only its verdict and its move, which normal play finds without adding coins, and misère play's
// search refuses a step of more coins than its bound of positions before it moves any.
class RowSolver {
 public:
  explicit RowSolver(const PreparedGame& game) : engine_(make_engine<SmallHeap>(game)) {}

  bool winning(const Position<SmallHeap>& position) {
    engine_->forget();
    engine_->verdict(std::span<const SmallHeap>(position), analysis_.verdict);
    return analysis_.verdict.winning;
  }

  // The move the command line plays, as the heap and the count it takes; none when the game is
  // over. The game's moves take from one heap only.
  std::optional<std::pair<std::size_t, SmallHeap>> move(const Position<SmallHeap>& position) {
    engine_->forget();
    SplitMix64 unused(0);  // the default policy draws nothing
    engine_->analyse(std::span<const SmallHeap>(position), Strategy{}, unused, WinningMoves::omit,
                     analysis_);
    if (!analysis_.move) return std::nullopt;
    const auto& take = analysis_.move->takes.front();
    return std::pair(take.heap, take.count);
  }

 private:
  std::unique_ptr<GameEngine<SmallHeap>> engine_;
  GameAnalysis<SmallHeap> analysis_;  // kept for its storage
};

// Answers every row with answer(solver, row, position), each thread with a RowSolver of its own.
template <class Answer>
void answer_rows(const py::array& positions, const GameSpec& spec, unsigned threads,
                 Answer&& answer) {
  with_integer_type(positions, [&]<class Int>() {
    // A game of a fixed number of heaps (Wythoff's: 2) needs as many columns; every other game
    // reads a row as it is (see the header).
    if (const auto heaps = fixed_heap_count(spec);
        heaps && static_cast<std::size_t>(positions.shape(1)) != *heaps)
      throw py::value_error("the rows are read as whole positions, their 0s as heaps, and " +
                            game_name(spec) + " is played on exactly " + std::to_string(*heaps) +
                            " heaps: give an array of " + std::to_string(*heaps) +
                            " columns, not " + std::to_string(positions.shape(1)));
    const auto typed = typed_rows<Int>(positions);
    const std::optional<PreparedGame> game = prepared(spec, to_big(largest_heap(typed)));
    for_each_row<Int>(typed, threads, [&] {
      return [&, solver = RowSolver(*game)](std::size_t r,
                                            const Position<SmallHeap>& position) mutable {
        answer(solver, r, position);
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

py::array_t<bool> label_game_rows(const py::array& positions, const GameSpec& spec,
                                  unsigned threads) {
  py::array_t<bool> won(positions.ndim() == 2 ? positions.shape(0) : 0);
  bool* out = won.mutable_data();
  answer_rows(positions, spec, threads,
              [&](RowSolver& solver, std::size_t r, const Position<SmallHeap>& position) {
                out[r] = solver.winning(position);
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
  answer_rows(positions, spec, threads,
              [&](RowSolver& solver, std::size_t r, const Position<SmallHeap>& position) {
                const auto move = solver.move(position);
                if (move && move->second > most_int64) too_large = true;
                out[2 * r] = move ? static_cast<std::int64_t>(move->first) : -1;
                out[2 * r + 1] = move ? static_cast<std::int64_t>(move->second) : -1;
              });
  if (too_large) raise_count_beyond_int64();
  return moves;
}

void draw_game_positions(const GameSpec& spec, const Range<std::size_t>& heap_count,
                         const Range<SmallHeap>& size, std::uint64_t rows, std::uint64_t seed,
                         std::int64_t* data, std::size_t columns) {
  const std::optional<PreparedGame> game = prepared(spec, to_big(size.most));
  const auto engine = make_engine<SmallHeap>(*game);
  SplitMix64 rng(seed);
  std::int64_t* row = data;
  const auto missing = draw_positions(
      rng, rows, PositionSampler<SmallHeap>(heap_count, size), true, most_fruitless_draws,
      [&](const Position<SmallHeap>& position) { return engine->winning(position); },
      [&](const Position<SmallHeap>& position) {
        std::copy(position.begin(), position.end(), row);
        row += columns;
      });
  if (missing) throw py::value_error("balanced: " + rare_outcome_words(*missing));
}

}  // namespace nim::python
