// The Python module nim_game: the library's answers as Python values. analyse() gives the record
// `nim-game -H ...` writes (the same JSON, read by Python's json); label() and best_moves() answer
// a numpy array of positions on every core, without the GIL; positions() draws what
// `nim-game positions` draws; NimEnv is a game against a built-in agent for reinforcement learning.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>
#include <vector>

#include "cli/input/agent_spec.hpp"
#include "cli/input/game_table.hpp"
#include "cli/input/options.hpp"
#include "format/json_records.hpp"
#include "nim/analysis.hpp"
#include "nim/any_position.hpp"
#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"
#include "nim/strategy.hpp"
#include "python/nim_env.hpp"

namespace py = pybind11;

namespace nim {

namespace {

// A Python integer (or anything with __index__, such as a numpy integer) as a number of any size;
// `what` names it in the message when it is not one.
BigHeap to_number(const py::handle& value, const std::string& what) {
  PyObject* index = PyNumber_Index(value.ptr());
  if (!index) {
    PyErr_Clear();
    throw py::value_error(what + " " + py::repr(value).cast<std::string>() +
                          " is not a whole number");
  }
  return BigHeap(py::reinterpret_steal<py::int_>(index).attr("__str__")().cast<std::string>());
}

// The rules of a game of the table, from the keyword arguments.
AnyRules read_rules(const std::string& game, bool misere, const py::object& max_take) {
  const auto table = game_table();
  if (std::none_of(table.begin(), table.end(),
                   [&](const GameRow& row) { return row.name == game; })) {
    std::string names;
    for (const GameRow& row : table) {
      if (!names.empty()) names += ", ";
      names += row.name;
    }
    throw py::value_error("game " + quoted(game) + " is not one of: " + names);
  }
  NimRules<BigHeap> rules{misere, std::nullopt};
  if (!max_take.is_none()) {
    BigHeap cap = to_number(max_take, "max_take");
    if (cap < 1) throw py::value_error("max_take must be at least 1, not " + cap.get_str());
    rules.max_take = std::move(cap);
  }
  return AnyRules(std::move(rules));
}

// The same rules on machine words, for arrays of 64-bit heaps: a cap beyond 64 bits is no cap,
// since no heap of the array reaches it.
NimRules<SmallHeap> small_rules(bool misere, const py::object& max_take) {
  const AnyRules rules = read_rules("nim", misere, max_take);
  if (rules.small()) return std::get<NimRules<SmallHeap>>(*rules.small());
  return NimRules<SmallHeap>{misere, std::nullopt};
}

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

unsigned thread_count(int threads) {
  if (threads < 0)
    throw py::value_error("threads must be 0 (every core) or more, not " + std::to_string(threads));
  if (threads > 0) return static_cast<unsigned>(threads);
  return std::max(1u, std::thread::hardware_concurrency());
}

// Calls work(first, last) on `threads` threads for consecutive ranges of the rows; small arrays on
// the calling thread alone, where starting threads would cost more than the work.
template <class Work>
void in_chunks(std::size_t rows, unsigned threads, Work&& work) {
  constexpr std::size_t rows_per_thread = 16384;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, rows / rows_per_thread + 1));
  if (threads <= 1) return work(std::size_t{0}, rows);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] { work(rows * t / threads, rows * (t + 1) / threads); });
  for (std::thread& thread : pool)
    thread.join();
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

py::array_t<bool> label(const py::array& positions, bool misere, const py::object& max_take,
                        int threads) {
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

py::array_t<std::int64_t> best_moves(const py::array& positions, bool misere,
                                     const py::object& max_take, int threads) {
  const NimRules<SmallHeap> rules = small_rules(misere, max_take);
  const unsigned workers = thread_count(threads);
  const py::ssize_t rows = positions.ndim() == 2 ? positions.shape(0) : 0;
  py::array_t<std::int64_t> moves({rows, py::ssize_t{2}});
  std::int64_t* out = moves.mutable_data();
  constexpr auto int64_most = static_cast<SmallHeap>(std::numeric_limits<std::int64_t>::max());
  std::atomic<bool> too_large = false;  // a count beyond int64, from a uint64 array
  with_integer_type(positions, [&]<class Int>() {
    for_each_row<Int>(positions, workers, [&](std::size_t r, const Position<SmallHeap>& position) {
      SplitMix64 unused(0);  // the default policy draws nothing
      const auto move = choose_move(ScannedPosition(position, rules), Strategy{}, unused);
      if (move && move->count > int64_most) too_large = true;
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

// A whole number argument of 64 bits at most (count, sizes, seed).
std::uint64_t to_word(const py::handle& value, const std::string& what, const BigHeap& most) {
  const BigHeap n = to_number(value, what);
  if (n < 0 || n > most)
    throw py::value_error(what + " " + n.get_str() + " is not a whole number from 0 to " +
                          most.get_str());
  return to_small(n);
}

Range<std::size_t> read_heap_count(const py::object& heap_count) {
  const BigHeap most_heaps = to_big(std::uint64_t{1} << 20);
  if (py::isinstance<py::tuple>(heap_count) || py::isinstance<py::list>(heap_count)) {
    const auto pair = heap_count.cast<std::vector<py::object>>();
    if (pair.size() != 2) throw py::value_error("heap_count must be N or a pair (A, B)");
    const Range<std::size_t> range{to_word(pair[0], "heap_count", most_heaps),
                                   to_word(pair[1], "heap_count", most_heaps)};
    if (range.least < 1) throw py::value_error("heap_count must be at least 1");
    if (range.most < range.least)
      throw py::value_error("heap_count (" + std::to_string(range.least) + ", " +
                            std::to_string(range.most) + ") is empty: A must be at most B");
    return range;
  }
  const std::size_t n = to_word(heap_count, "heap_count", most_heaps);
  if (n < 1) throw py::value_error("heap_count must be at least 1");
  return {n, n};
}

template <HeapInteger Heap>
std::int64_t as_int64(const Heap& h) {
  return static_cast<std::int64_t>(to_small(to_big(h)));
}

py::array_t<std::int64_t> positions(const py::object& count, const py::object& heap_count,
                                    const py::object& max_size, const py::object& min_size,
                                    const py::object& seed, bool balanced, bool all, bool sorted,
                                    bool misere, const py::object& max_take) {
  const Range<std::size_t> heaps = read_heap_count(heap_count);
  const BigHeap int64_most = to_big(std::uint64_t{std::numeric_limits<std::int64_t>::max()});
  const BigHeap word_most = to_big(std::numeric_limits<std::uint64_t>::max());
  const Range<SmallHeap> size{to_word(min_size, "min_size", int64_most),
                              to_word(max_size, "max_size", int64_most)};
  if (size.most < size.least)
    throw py::value_error("min_size " + std::to_string(size.least) + " is more than max_size " +
                          std::to_string(size.most));
  if (all == !count.is_none())
    throw py::value_error("give count (a random sample) or all=True, not both or neither");
  if (sorted && !all) throw py::value_error("sorted needs all=True");
  if (balanced && !all && to_word(count, "count", word_most) % 2 != 0)
    throw py::value_error("balanced needs an even count (half won, half lost)");
  if (balanced && all) throw py::value_error("balanced needs count");
  if ((misere || !max_take.is_none()) && !balanced)
    throw py::value_error("misere and max_take need balanced=True (the rules decide who wins)");
  const std::uint64_t seed_in_use = seed.is_none() ? draw_seed() : to_word(seed, "seed", word_most);

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
    rows = to_word(count, "count", word_most);
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

// --- The environment ----------------------------------------------------------------------------

py::array_t<std::int64_t> observation(const NimEnv& env) {
  const auto heaps = env.board().heaps();
  py::array_t<std::int64_t> out(static_cast<py::ssize_t>(heaps.size()));
  std::int64_t* data = out.mutable_data();
  for (std::size_t i = 0; i < heaps.size(); ++i)
    data[i] = static_cast<std::int64_t>(heaps[i]);
  return out;
}

NimEnv make_env(const py::object& heaps, const py::object& heap_count, const py::object& max_size,
                const py::object& min_size, const std::string& opponent, bool misere,
                const py::object& max_take, const py::object& seed, int learner) {
  const BigHeap int64_most = to_big(std::uint64_t{std::numeric_limits<std::int64_t>::max()});
  EnvStarts starts;
  if (!heaps.is_none()) {
    if (!heap_count.is_none() || !max_size.is_none())
      throw py::value_error("give heaps, or heap_count and max_size, not both");
    Position<SmallHeap> start;
    for (const py::handle& heap : py::iterable(heaps)) {
      const BigHeap h = to_number(heap, "heap size");
      if (h < 0) throw py::value_error("heap size " + h.get_str() + " is negative");
      start.push_back(to_word(heap, "heap size", int64_most));
    }
    if (start.empty()) throw py::value_error("no heap sizes given");
    starts.heaps = std::move(start);
  } else {
    if (heap_count.is_none() || max_size.is_none())
      throw py::value_error("give heaps, or heap_count and max_size");
    starts.heap_count = read_heap_count(heap_count);
    starts.size = {to_word(min_size, "min_size", int64_most),
                   to_word(max_size, "max_size", int64_most)};
    if (starts.size.most < starts.size.least)
      throw py::value_error("min_size is more than max_size");
  }
  if (learner != 0 && learner != 1)
    throw py::value_error("learner must be 0 (moves first) or 1, not " + std::to_string(learner));
  const AgentSpec spec = parse_agent_spec(opponent);
  const auto* agent = std::get_if<BuiltInAgent>(&spec);
  if (!agent)
    throw py::value_error("opponent " + quoted(opponent) +
                          " must be a built-in agent: perfect, random or difficulty:P");
  const std::uint64_t seed_in_use =
      seed.is_none() ? draw_seed()
                     : to_word(seed, "seed", to_big(std::numeric_limits<std::uint64_t>::max()));
  return NimEnv(std::move(starts), *agent, small_rules(misere, max_take), seed_in_use, learner);
}

}  // namespace

}  // namespace nim

PYBIND11_MODULE(nim_game, m) {
  using namespace pybind11::literals;
  m.doc() = "Exact answers about Nim from the nim-game library (see the nim-game README).";
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const nim::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def("analyse", &nim::analyse_record, "heaps"_a, "misere"_a = false, "max_take"_a = py::none(),
        "game"_a = "nim", "The record `nim-game -H HEAPS` writes, as a dict (heaps of any size).");
  m.def("label", &nim::label, "positions"_a, py::kw_only(), "misere"_a = false,
        "max_take"_a = py::none(), "threads"_a = 0,
        "A bool array: True where the player to move wins (rows 0-padded; threads=0: every "
        "core).");
  m.def("best_moves", &nim::best_moves, "positions"_a, py::kw_only(), "misere"_a = false,
        "max_take"_a = py::none(), "threads"_a = 0,
        "An int64 array of shape (n, 2): the move nim-game plays, [heap, count]; [-1, -1] when "
        "the game is over.");
  m.def("positions", &nim::positions, py::kw_only(), "count"_a = py::none(), "heap_count"_a,
        "max_size"_a, "min_size"_a = 0, "seed"_a = py::none(), "balanced"_a = false,
        "all"_a = false, "sorted"_a = false, "misere"_a = false, "max_take"_a = py::none(),
        "The positions `nim-game positions` writes, as an int64 array padded with 0.");

  py::class_<nim::NimEnv>(m, "NimEnv",
                          "A game against a built-in agent, with OpenSpiel's action ids.")
      .def(py::init(&nim::make_env), "heaps"_a = py::none(), py::kw_only(),
           "heap_count"_a = py::none(), "max_size"_a = py::none(), "min_size"_a = 0,
           "opponent"_a = "perfect", "misere"_a = false, "max_take"_a = py::none(),
           "seed"_a = py::none(), "learner"_a = 0)
      .def("reset",
           [](nim::NimEnv& env) {
             env.reset();
             return nim::observation(env);
           })
      .def("step",
           [](nim::NimEnv& env, std::int64_t action) {
             env.step(action);
             const double reward = env.done() ? env.returns()[env.learner()] : 0.0;
             return py::make_tuple(nim::observation(env), reward, env.done());
           })
      .def("legal_actions", &nim::NimEnv::legal_actions)
      .def("returns", &nim::NimEnv::returns)
      .def("observation", &nim::observation)
      .def_property_readonly("done", &nim::NimEnv::done)
      .def_property_readonly("learner", &nim::NimEnv::learner)
      .def_property_readonly("current_player", &nim::NimEnv::to_move_player)
      .def_property_readonly("opponent_action", &nim::NimEnv::opponent_action);
}
