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
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/input/options.hpp"
#include "nim/any_position.hpp"
#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"
#include "python/arguments.hpp"
#include "python/array_rows.hpp"
#include "python/game_answers.hpp"

namespace nim::python {

namespace {

// The heap sizes of a position, whole numbers of any size; a ValueError names a bad one.
AnyPosition read_position(const py::iterable& heaps) {
  // Bytes iterate as small numbers, but are no list of heaps (b"\x01\x02" is not 1 2).
  if (py::isinstance<py::bytes>(heaps) || py::isinstance<py::bytearray>(heaps))
    throw py::value_error("heaps must be whole numbers, not " +
                          py::str(py::type::handle_of(heaps).attr("__name__")).cast<std::string>());
  AnyPosition position;
  for (const py::handle& heap : heaps) {
    BigHeap size = to_number(heap, "heap size");
    if (size < 0) throw py::value_error("heap size " + size.get_str() + " is negative");
    position.push_back(size);
  }
  if (position.empty()) throw py::value_error("no heap sizes given");
  return position;
}

py::object analyse_record(const py::iterable& heaps, const py::dict& game_keywords) {
  const GameChoice game = read_game(game_keywords);
  return analyse_game_record(read_position(heaps), game.spec);
}

// A sum of games: each a dict of its "heaps" and its game keywords (analyse()'s, but misere and
// limit_search, which are the whole sum's).
py::object analyse_sum_record(const py::list& games, bool misere, const py::object& limit_search) {
  std::uint64_t search_limit = GameSpec{}.search_limit;
  if (!limit_search.is_none())
    search_limit = parse_whole_number(
        "--limit-search", to_number(limit_search, "limit_search").get_str(), 1, 100'000'000);
  if (games.empty()) throw py::value_error("no games given: a sum has one game or more");
  const std::vector<std::string> keywords = game_keyword_names();
  std::vector<GameSpec> specs;
  std::vector<AnyPosition> heaps;
  for (const py::handle& item : games) {
    const std::string which = "component " + std::to_string(specs.size() + 1) + " of the sum";
    if (!py::isinstance<py::dict>(item))
      throw py::value_error(which + " is not a dict of its heaps and game keywords");
    const auto game = py::reinterpret_borrow<py::dict>(item);
    for (const auto& [key, value] : game) {
      const std::string name = py::str(key);
      if (name == "misere" || name == "limit_search")
        throw py::value_error(which + ": " + name +
                              " is the whole sum's: give it to analyse_sum, not to one game");
      if (name != "heaps" && std::ranges::find(keywords, name) == keywords.end())
        throw py::value_error(which + ": " + py::repr(key).cast<std::string>() +
                              " is neither \"heaps\" nor a game keyword");
    }
    if (!game.contains("heaps")) throw py::value_error(which + " has no \"heaps\"");
    specs.push_back(read_game(game).spec);
    specs.back().search_limit = search_limit;
    heaps.push_back(read_position(game["heaps"]));
  }
  return analyse_sum_answer(std::move(heaps), specs, misere, search_limit);
}

// --- Arrays of positions, one a row --------------------------------------------------------------

py::array_t<bool> label(const py::object& rows, const py::dict& game_keywords,
                        const py::object& threads) {
  const py::array positions = to_array(rows, "label");
  const GameChoice game = read_game(game_keywords);
  return label_game_rows(positions, game.spec, thread_count(threads));
}

py::array_t<std::int64_t> best_moves(const py::object& rows_given, const py::dict& game_keywords,
                                     const py::object& threads) {
  const py::array positions = to_array(rows_given, "best_moves");
  const GameChoice game = read_game(game_keywords);
  return best_game_moves(positions, game.spec, thread_count(threads));
}

// --- Position sets ------------------------------------------------------------------------------

py::array_t<std::int64_t> positions(const py::object& count, const py::object& heap_count,
                                    const py::object& max_size, const py::object& min_size,
                                    const py::object& seed, bool balanced, bool all, bool sorted,
                                    const py::dict& game_keywords) {
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
  const GameChoice game = read_game(game_keywords);
  if (!balanced && (!game.is_nim() || game_keywords["misere"].cast<bool>() ||
                    !game_keywords["max_take"].is_none()))
    throw py::value_error(
        std::string(!game.is_nim() ? "a game after Nim needs" : "misere and max_take need") +
        " balanced=True (the rules decide who wins)");
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

  if (balanced) {
    draw_game_positions(game.spec, heaps, size, rows, seed_in_use, data, columns);
    return out;
  }
  // Without balance the game decides nothing: the positions of `nim-game positions`.
  std::int64_t* row = data;
  const auto write = [&](const Position<SmallHeap>& position) {
    std::copy(position.begin(), position.end(), row);
    row += columns;
  };
  if (all) {
    AllPositions<SmallHeap> every(heaps, size, sorted);
    while (every.next())
      write(every.position());
    return out;
  }
  SplitMix64 rng(seed_in_use);
  const PositionSampler<SmallHeap> sampler(heaps, size);
  Position<SmallHeap> position;
  for (std::uint64_t k = 0; k < rows; ++k) {
    sampler.draw(rng, position);
    write(position);
  }
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
    } catch (const nim::Unanswerable& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::invalid_argument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def("game_keywords", &nim::python::game_keyword_names);
  m.def("analyse", &nim::python::analyse_record, "heaps"_a, "game"_a);
  m.def("analyse_sum", &nim::python::analyse_sum_record, "games"_a, "misere"_a, "limit_search"_a);
  m.def("label", &nim::python::label, "positions"_a, "game"_a, "threads"_a);
  m.def("best_moves", &nim::python::best_moves, "positions"_a, "game"_a, "threads"_a);
  m.def("positions", &nim::python::positions, "count"_a, "heap_count"_a, "max_size"_a, "min_size"_a,
        "seed"_a, "balanced"_a, "all"_a, "sorted"_a, "game"_a);
  nim::python::bind_nim_env(m);
}
