// The compiled part of the Python package nim_game, nim_game._core: the library's answers as Python
// values. analyse() gives the record `nim-game -H ...` writes (the same JSON, read by Python's
// json); label() and best_moves() answer a numpy array of positions on every core, without the
// GIL; positions() draws what `nim-game positions` draws; NimEnv (nim_env_binding.cpp) is a game
// against a built-in agent for reinforcement learning. The package's __init__.py gives the
// functions their keywords and defaults (and makes them picklable by reference).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "cli/input/options.hpp"
#include "format/json_records.hpp"
#include "nim/analysis.hpp"
#include "nim/any_position.hpp"
#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"
#include "nim/strategy.hpp"
#include "nim/thread_pool.hpp"
#include "python/arguments.hpp"

namespace nim::python {

namespace {

py::object analyse_record(const py::iterable& heaps, bool misere, const py::object& max_take,
                          const std::string& game) {
  AnyRules rules = read_rules(game, misere, max_take);
  AnyPosition position;
  for (const py::handle& heap : heaps) {
    BigHeap size = to_number(heap, "heap size");
    if (size < 0) throw py::value_error("heap size " + size.get_str() + " is negative");
    position.push_back(size);
  }
  if (position.empty()) throw py::value_error("no heap sizes given");
  Buffer text;
  with_heaps(position, rules, [&](const auto& sizes, const auto& game_rules) {
    const auto analysis = nim::analyse(sizes, game_rules);
    JsonWriter writer(text, false);
    write_analysis(writer, analysis, RecordContext{});
  });
  return py::module_::import("json").attr("loads")(py::str(text.data(), text.size()));
}

// --- Arrays of positions, one a row -------------------------------------------------------------

// The positions argument as a numpy array (a list of lists is one too), numpy being there.
py::array to_array(const py::object& positions, const std::string& what) {
  require_numpy(what);
  if (py::isinstance<py::array>(positions)) return py::reinterpret_borrow<py::array>(positions);
  return py::module_::import("numpy").attr("asarray")(positions).cast<py::array>();
}

// The threads asked for: 0 is every core. A count beyond what `unsigned` holds is as good as the
// most it holds, since in_chunks starts no more threads than the rows have chunks.
unsigned thread_count(const py::object& threads) {
  const BigHeap n = to_number(threads, "threads");
  if (n < 0) throw py::value_error("threads must be 0 (every core) or more, not " + n.get_str());
  if (n == 0) return std::max(1u, std::thread::hardware_concurrency());
  constexpr unsigned most = std::numeric_limits<unsigned>::max();
  return n > most ? most : static_cast<unsigned>(n.get_ui());
}

// Calls work(first, last) on `threads` threads for consecutive ranges of the rows; small arrays on
// the calling thread alone, where starting threads would cost more than the work. When the system
// cannot start them all (no memory for their stacks, too many processes), the threads started
// finish and are joined (nim/thread_pool.hpp), and the call raises RuntimeError: an answer is
// never partial, and a thread is never left running (which would end the interpreter).
template <class Work>
void in_chunks(std::size_t rows, unsigned threads, Work&& work) {
  constexpr std::size_t rows_per_thread = 16384;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, rows / rows_per_thread + 1));
  try {
    on_threads(threads, [&](unsigned t) { work(rows * t / threads, rows * (t + 1) / threads); });
  } catch (const ThreadStartError& error) {
    throw std::runtime_error("could not start " + std::to_string(error.asked()) + " threads (" +
                             error.reason() + "): ask for fewer with threads=N");
  }
}

// The first negative heap of the lowest row, whichever thread meets it, so that the message does
// not depend on the threads.
class NegativeHeap {
 public:
  void found(std::size_t row, std::size_t column, long long value) {
    const std::lock_guard lock(mutex_);
    if (row < row_) row_ = row, column_ = column, value_ = value;
  }
  void raise_if_found() const {
    if (row_ == std::numeric_limits<std::size_t>::max()) return;
    throw py::value_error("heap size " + std::to_string(value_) + " is negative (row " +
                          std::to_string(row_) + ", column " + std::to_string(column_) + ")");
  }

 private:
  std::mutex mutex_;
  std::size_t row_ = std::numeric_limits<std::size_t>::max(), column_ = 0;
  long long value_ = 0;
};

// Answers each row of an array of integers of type Int: answer(row, position) with the row as a
// Position<SmallHeap> (one per thread, reused). Runs without the GIL.
template <class Int, class Answer>
void for_each_row(const py::array& array, unsigned threads, Answer&& answer) {
  const auto typed = py::array_t<Int, py::array::c_style>::ensure(array);
  if (!typed) throw py::error_already_set();
  const std::size_t rows = static_cast<std::size_t>(typed.shape(0));
  const std::size_t columns = static_cast<std::size_t>(typed.shape(1));
  const Int* data = typed.data();
  NegativeHeap negative;
  {
    py::gil_scoped_release release;
    in_chunks(rows, threads, [&](std::size_t first, std::size_t last) {
      Position<SmallHeap> position(columns);
      for (std::size_t r = first; r < last; ++r) {
        const Int* row = data + r * columns;
        for (std::size_t c = 0; c < columns; ++c) {
          if constexpr (std::is_signed_v<Int>) {
            if (row[c] < 0) return negative.found(r, c, static_cast<long long>(row[c]));
          }
          position[c] = static_cast<SmallHeap>(row[c]);
        }
        answer(r, position);
      }
    });
  }
  negative.raise_if_found();
}

// Calls f.template operator()<Int>() with the array's integer type.
template <class F>
void with_integer_type(const py::array& array, F&& f) {
  if (array.ndim() != 2)
    throw py::value_error("the positions must be a 2-D array (one position a row), not " +
                          std::to_string(array.ndim()) + "-D");
  const py::dtype type = array.dtype();
  const char kind = type.kind();
  const auto size = type.itemsize();
  if (kind == 'i' && size == 8) return f.template operator()<std::int64_t>();
  if (kind == 'i' && size == 4) return f.template operator()<std::int32_t>();
  if (kind == 'i' && size == 2) return f.template operator()<std::int16_t>();
  if (kind == 'i' && size == 1) return f.template operator()<std::int8_t>();
  if (kind == 'u' && size == 8) return f.template operator()<std::uint64_t>();
  if (kind == 'u' && size == 4) return f.template operator()<std::uint32_t>();
  if (kind == 'u' && size == 2) return f.template operator()<std::uint16_t>();
  if (kind == 'u' && size == 1) return f.template operator()<std::uint8_t>();
  throw py::value_error("the positions must be an array of integers, not of " +
                        py::str(type.attr("name")).cast<std::string>());
}

py::array_t<bool> label(const py::object& rows, bool misere, const py::object& max_take,
                        const py::object& threads) {
  const py::array positions = to_array(rows, "label");
  const NimRules<SmallHeap> rules = small_rules(misere, max_take);
  const unsigned workers = thread_count(threads);
  py::array_t<bool> won(positions.ndim() == 2 ? positions.shape(0) : 0);
  bool* out = won.mutable_data();
  with_integer_type(positions, [&]<class Int>() {
    for_each_row<Int>(positions, workers, [&](std::size_t r, const Position<SmallHeap>& position) {
      out[r] = is_winning(ScannedPosition(position, rules));
    });
  });
  return won;
}

py::array_t<std::int64_t> best_moves(const py::object& rows_given, bool misere,
                                     const py::object& max_take, const py::object& threads) {
  const py::array positions = to_array(rows_given, "best_moves");
  const NimRules<SmallHeap> rules = small_rules(misere, max_take);
  const unsigned workers = thread_count(threads);
  const py::ssize_t rows = positions.ndim() == 2 ? positions.shape(0) : 0;
  py::array_t<std::int64_t> moves({rows, py::ssize_t{2}});
  std::int64_t* out = moves.mutable_data();
  constexpr auto most_int64 = static_cast<SmallHeap>(std::numeric_limits<std::int64_t>::max());
  std::atomic<bool> too_large = false;  // a count beyond int64, from a uint64 array
  with_integer_type(positions, [&]<class Int>() {
    for_each_row<Int>(positions, workers, [&](std::size_t r, const Position<SmallHeap>& position) {
      SplitMix64 unused(0);  // the default policy draws nothing
      const auto move = choose_move(ScannedPosition(position, rules), Strategy{}, unused);
      if (move && move->count > most_int64) too_large = true;
      out[2 * r] = move ? static_cast<std::int64_t>(move->heap) : -1;
      out[2 * r + 1] = move ? static_cast<std::int64_t>(move->count) : -1;
    });
  });
  if (too_large)
    throw py::value_error(
        "a move takes more objects than an int64 holds: analyse() answers "
        "such positions");
  return moves;
}

// --- Position sets ------------------------------------------------------------------------------

template <HeapInteger Heap>
std::int64_t as_int64(const Heap& h) {
  return static_cast<std::int64_t>(to_small(to_big(h)));
}

py::array_t<std::int64_t> positions(const py::object& count, const py::object& heap_count,
                                    const py::object& max_size, const py::object& min_size,
                                    const py::object& seed, bool balanced, bool all, bool sorted,
                                    bool misere, const py::object& max_take) {
  require_numpy("positions");
  const Range<std::size_t> heaps = read_heap_count(heap_count);
  const Range<SmallHeap> size{to_word(min_size, "min_size", int64_most()),
                              to_word(max_size, "max_size", int64_most())};
  if (size.most < size.least)
    throw py::value_error("min_size " + std::to_string(size.least) + " is more than max_size " +
                          std::to_string(size.most));
  if (all == !count.is_none())
    throw py::value_error("give count (a random sample) or all=True, not both or neither");
  if (sorted && !all) throw py::value_error("sorted needs all=True");
  if (balanced && !all && to_word(count, "count", word_most()) % 2 != 0)
    throw py::value_error("balanced needs an even count (half won, half lost)");
  if (balanced && all) throw py::value_error("balanced needs count");
  if ((misere || !max_take.is_none()) && !balanced)
    throw py::value_error("misere and max_take need balanced=True (the rules decide who wins)");
  const std::uint64_t seed_in_use =
      seed.is_none() ? draw_seed() : to_word(seed, "seed", word_most());

  // The rows, 0-padded to the most heaps a position may have.
  const std::size_t columns = heaps.most;
  std::uint64_t rows = 0;
  if (all) {
    const BigHeap total =
        count_all_positions(heaps, to_big(size.most) - to_big(size.least) + 1, sorted);
    if (total * columns > BigHeap(1) << 34)
      throw py::value_error("all=True asks for " + total.get_str() +
                            " positions: too many for one array");
    rows = to_small(total);
  } else {
    rows = to_word(count, "count", word_most());
  }
  if (rows > (std::uint64_t{1} << 34) / columns)
    throw py::value_error("count " + std::to_string(rows) + " is too many for one array");
  py::array_t<std::int64_t> out(
      {static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(columns)});
  std::int64_t* data = out.mutable_data();
  std::fill(data, data + rows * columns, 0);

  AnyPosition bounds;
  bounds.push_back(size.least);
  bounds.push_back(size.most);
  std::string missing;
  with_heaps(bounds, read_rules("nim", misere, max_take),
             [&](const auto& sizes, const auto& rules) {
               using Heap = std::decay_t<decltype(sizes[0])>;
               const Range<Heap> range{sizes[0], sizes[1]};
               std::int64_t* row = data;
               const auto write = [&](const Position<Heap>& position) {
                 for (std::size_t c = 0; c < position.size(); ++c)
                   row[c] = as_int64(position[c]);
                 row += columns;
               };
               if (all) {
                 AllPositions<Heap> every(heaps, range, sorted);
                 while (every.next())
                   write(every.position());
                 return;
               }
               SplitMix64 rng(seed_in_use);
               if (balanced) {
                 const OutcomeSampler sampler(heaps, range, rules);
                 if (const auto absent = find_missing_outcome(sampler, rng)) {
                   missing = absent->outcome == Outcome::won ? "won" : "lost";
                   return;
                 }
                 draw_balanced(rng, rows, sampler, write);
                 return;
               }
               const PositionSampler<Heap> sampler(heaps, range);
               Position<Heap> position;
               for (std::uint64_t k = 0; k < rows; ++k) {
                 sampler.draw(rng, position);
                 write(position);
               }
             });
  if (!missing.empty())
    throw py::value_error("balanced: no position of these heap counts and sizes that is " +
                          missing + " for the player to move was found");
  return out;
}

}  // namespace

}  // namespace nim::python

// Every argument is given (positionally) by the package's wrappers in nim_game/__init__.py.
PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  using namespace pybind11::literals;
  m.doc() = "The compiled part of nim_game: use the package's functions, not these.";
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const nim::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def("analyse", &nim::python::analyse_record, "heaps"_a, "misere"_a, "max_take"_a, "game"_a);
  m.def("label", &nim::python::label, "positions"_a, "misere"_a, "max_take"_a, "threads"_a);
  m.def("best_moves", &nim::python::best_moves, "positions"_a, "misere"_a, "max_take"_a,
        "threads"_a);
  m.def("positions", &nim::python::positions, "count"_a, "heap_count"_a, "max_size"_a, "min_size"_a,
        "seed"_a, "balanced"_a, "all"_a, "sorted"_a, "misere"_a, "max_take"_a);
  nim::python::bind_nim_env(m);
}
