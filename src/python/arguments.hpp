// Python arguments read into the library's values, for every part of the module nim_game._core:
// bad ones are ValueErrors in the command line's words.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "nim/any_position.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/sampling.hpp"
#include "text/escape.hpp"

namespace nim::python {

namespace py = pybind11;

// The functions that take or give arrays need numpy; without it they say so in one line, while
// analyse() works as it is (it needs no array).
inline void require_numpy(const std::string& what) {
  try {
    py::module_::import("numpy");
  } catch (py::error_already_set& error) {
    if (!error.matches(PyExc_ImportError)) throw;
    throw py::import_error("nim_game." + what + " needs numpy: apt-get install python3-numpy");
  }
}

// A Python integer (or anything with __index__, such as a numpy integer) as a number of any size;
// `what` names it in the message when it is not one.
inline BigHeap to_number(const py::handle& value, const std::string& what) {
  // A bool (Python's or numpy's) is an int to Python, but never a count: True is no heap of 1, as
  // label() refuses an array of bools.
  if (py::isinstance<py::bool_>(value) ||
      std::string_view(Py_TYPE(value.ptr())->tp_name) == "numpy.bool_")
    throw py::value_error(what + " " + py::repr(value).cast<std::string>() +
                          " is a bool, not a whole number");
  PyObject* index = PyNumber_Index(value.ptr());
  if (!index) {
    PyErr_Clear();
    throw py::value_error(what + " " + py::repr(value).cast<std::string>() +
                          " is not a whole number");
  }
  return BigHeap(py::reinterpret_steal<py::int_>(index).attr("__str__")().cast<std::string>());
}

// A whole number argument of 64 bits at most (count, sizes, seed), from `least` to `most`.
inline std::uint64_t to_word(const py::handle& value, const std::string& what, const BigHeap& most,
                             std::uint64_t least = 0) {
  const BigHeap n = to_number(value, what);
  if (n < least || n > most)
    throw py::value_error(what + " " + n.get_str() + " is not a whole number from " +
                          std::to_string(least) + " to " + most.get_str());
  return to_small(n);
}

inline const BigHeap& int64_most() {
  static const BigHeap most = to_big(std::uint64_t{std::numeric_limits<std::int64_t>::max()});
  return most;
}

inline const BigHeap& word_most() {
  static const BigHeap most = to_big(std::numeric_limits<std::uint64_t>::max());
  return most;
}

// The game the keyword arguments name (game, misere, max_take, octal, subtract, subtract_all_but,
// heaps_per_move, grundy_limit, limit_search; those absent or None are not given), read by the
// command line's own readers from the options they stand for (--octal, --heaps-per-move, ...), so
// that a bad one is the command line's refusal, in its words: Nim's rules, or a game after Nim.
// game="nim" is the default, which names no game: it is not --game nim.
struct GameChoice {
  GameSpec spec;  // the game, Nim included
  bool is_nim() const { return spec.kind == GameSpec::Kind::nim; }
};
GameChoice read_game(const py::dict& keywords);
// The options those keywords stand for, as arguments ("--octal=0.77"), for a command to read.
std::vector<std::string> game_arguments(const py::dict& keywords);

// The names of the game keywords, one an option (limit_search for --limit-search), in the order
// of the command line's help.
std::vector<std::string> game_keyword_names();

// Nim's rules on machine words, for what plays Nim only (NimEnv), read as the command line reads
// --misere and --max-take: a cap beyond 64 bits is no cap, since no heap of 64 bits reaches it.
inline NimRules<SmallHeap> small_rules(bool misere, const py::object& max_take) {
  py::dict keywords;
  keywords["misere"] = misere;
  keywords["max_take"] = max_take;
  const GameSpec nim = read_game(keywords).spec;
  if (!nim.max_take || !fits_small(*nim.max_take)) return {nim.misere, std::nullopt};
  return {nim.misere, to_small(*nim.max_take)};
}

// The most heaps a drawn position may have.
inline constexpr std::size_t most_heap_count = std::size_t{1} << 20;

inline Range<std::size_t> read_heap_count(const py::object& heap_count) {
  const BigHeap most_heaps = to_big(std::uint64_t{most_heap_count});
  if (py::isinstance<py::tuple>(heap_count) || py::isinstance<py::list>(heap_count)) {
    const auto pair = heap_count.cast<std::vector<py::object>>();
    if (pair.size() != 2) throw py::value_error("heap_count must be N or a pair (A, B)");
    const Range<std::size_t> range{to_word(pair[0], "heap_count", most_heaps, 1),
                                   to_word(pair[1], "heap_count", most_heaps, 1)};
    if (range.most < range.least)
      throw py::value_error("heap_count (" + std::to_string(range.least) + ", " +
                            std::to_string(range.most) + ") is empty: A must be at most B");
    return range;
  }
  const std::size_t n = to_word(heap_count, "heap_count", most_heaps, 1);
  return {n, n};
}

// Where an environment's games start, into `starts` (NimEnv's EnvStarts, GameEnvs' EnvSettings:
// their heaps, heap_count and size): always `heaps`, or drawn, heap_count heaps of sizes from
// min_size to max_size.
template <class Starts>
void read_starts(Starts& starts, const py::object& heaps, const py::object& heap_count,
                 const py::object& max_size, const py::object& min_size) {
  if (!heaps.is_none()) {
    if (!heap_count.is_none() || !max_size.is_none())
      throw py::value_error("give heaps, or heap_count and max_size, not both");
    Position<SmallHeap> start;
    for (const py::handle& heap : py::iterable(heaps)) {
      const BigHeap h = to_number(heap, "heap size");
      if (h < 0) throw py::value_error("heap size " + h.get_str() + " is negative");
      start.push_back(to_word(heap, "heap size", int64_most()));
    }
    if (start.empty()) throw py::value_error("no heap sizes given");
    starts.heaps = std::move(start);
    return;
  }
  if (heap_count.is_none() || max_size.is_none())
    throw py::value_error("give heaps, or heap_count and max_size");
  starts.heap_count = read_heap_count(heap_count);
  starts.size = {to_word(min_size, "min_size", int64_most()),
                 to_word(max_size, "max_size", int64_most())};
  if (starts.size.most < starts.size.least) throw py::value_error("min_size is more than max_size");
}

// The part of the module that binds NimEnv (nim_env_binding.cpp).
void bind_nim_env(py::module_& module);
// The part that binds GameEnvs, the games of the environments (game_envs_binding.cpp).
void bind_game_envs(py::module_& module);

}  // namespace nim::python
