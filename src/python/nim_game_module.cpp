// The compiled part of the Python package nim_game, nim_game._core: the library's answers as Python
// values. analyse() gives the record `nim-game -H ...` writes (the same JSON, read by Python's
// json); label() and best_moves() answer a numpy array of positions on every core, without the
// GIL; write_positions() runs `nim-game positions` itself; NimEnv (nim_env_binding.cpp) is a game
// against a built-in agent for reinforcement learning. The package's __init__.py gives the
// functions their keywords and defaults (and makes them picklable by reference).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/options.hpp"
#include "cli/input/split_spec.hpp"
#include "cli/system/output.hpp"
#include "nim/any_position.hpp"
#include "nim/random.hpp"
#include "python/arguments.hpp"
#include "python/array_rows.hpp"
#include "python/game_answers.hpp"
#include "text/escape.hpp"

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

// The games of a sum, each a dict of its game keywords (analyse()'s, but misere and limit_search,
// which are the whole sum's) and, when `heaps`, of its "heaps"; `function` names the caller in a
// ValueError.
std::vector<py::dict> sum_games(const py::list& games, bool heaps, const std::string& function) {
  if (games.empty()) throw py::value_error("no games given: a sum has one game or more");
  const std::vector<std::string> keywords = game_keyword_names();
  std::vector<py::dict> dicts;
  for (const py::handle& item : games) {
    const std::string which = "component " + std::to_string(dicts.size() + 1) + " of the sum";
    if (!py::isinstance<py::dict>(item))
      throw py::value_error(which + (heaps ? " is not a dict of its heaps and game keywords"
                                           : " is not a dict of its game keywords"));
    const auto game = py::reinterpret_borrow<py::dict>(item);
    for (const auto& [key, value] : game) {
      const std::string name = py::str(key);
      if (name == "misere" || name == "limit_search")
        throw py::value_error(which + ": " + name + " is the whole sum's: give it to " + function +
                              ", not to one game");
      if (name == "heaps" && !heaps)
        throw py::value_error(which + ": " + function + " draws the heaps: give none");
      if (name != "heaps" && std::ranges::find(keywords, name) == keywords.end())
        throw py::value_error(
            which + ": " + py::repr(key).cast<std::string>() +
            (heaps ? " is neither \"heaps\" nor a game keyword" : " is not a game keyword"));
    }
    if (heaps && !game.contains("heaps")) throw py::value_error(which + " has no \"heaps\"");
    dicts.push_back(game);
  }
  return dicts;
}

// --limit-search of a sum: the bound of every search, the default when none is given.
std::uint64_t sum_search_limit(const py::object& limit_search) {
  if (limit_search.is_none()) return GameSpec{}.search_limit;
  return parse_whole_number("--limit-search", to_number(limit_search, "limit_search").get_str(), 1,
                            100'000'000);
}

// A sum of games: each a dict of its "heaps" and its game keywords.
py::object analyse_sum_record(const py::list& games, bool misere, const py::object& limit_search) {
  const std::uint64_t search_limit = sum_search_limit(limit_search);
  std::vector<GameSpec> specs;
  std::vector<AnyPosition> heaps;
  for (const py::dict& game : sum_games(games, true, "analyse_sum")) {
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

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

// A keyword that is True, False or one word: balanced ("per-heap-count"), unique ("ordered").
void append_flag(std::vector<std::string>& arguments, const py::dict& keywords, const char* name,
                 const std::string& option) {
  const py::object value = keywords[name];
  if (py::isinstance<py::str>(value))
    arguments.push_back(option + "=" + value.cast<std::string>());
  else if (!py::isinstance<py::bool_>(value))
    throw py::value_error(std::string(name) + " must be True, False or a str, not " +
                          type_name(value));
  else if (value.cast<bool>())
    arguments.push_back(option);
}

// The options of `nim-game positions` that positions()'s keywords stand for (count=100 is
// --count=100, heap_count=(3, 5) is --heap-count=3..5, split={"train": 0.8, "test": 0.2} is
// --split=train=0.8,test=0.2): their types checked here, everything else by the command.
std::vector<std::string> positions_arguments(const py::dict& keywords, const std::string& folder) {
  std::vector<std::string> arguments{"--format=npy"};
  const auto given = [&](const char* name) { return !keywords[name].is_none(); };
  const auto number = [&](const char* name, const BigHeap& most) {
    return std::to_string(to_word(keywords[name], name, most));
  };
  if (given("count")) arguments.push_back("--count=" + number("count", word_most()));
  if (keywords["all"].cast<bool>()) arguments.push_back("--all");
  const Range<std::size_t> heaps = read_heap_count(keywords["heap_count"]);
  arguments.push_back("--heap-count=" + std::to_string(heaps.least) + ".." +
                      std::to_string(heaps.most));
  arguments.push_back("--max-size=" + number("max_size", int64_most()));
  arguments.push_back("--min-size=" + number("min_size", int64_most()));
  // A seed not given is drawn here, so that the command has none to report.
  if (given("seed"))
    arguments.push_back("--seed=" + number("seed", word_most()));
  else if (given("count"))
    arguments.push_back("--seed=" + std::to_string(draw_seed()));
  append_flag(arguments, keywords, "balanced", "--balanced");
  append_flag(arguments, keywords, "unique", "--unique");
  if (keywords["sorted"].cast<bool>()) arguments.push_back("--sorted");
  if (given("split")) {
    const py::object split = keywords["split"];
    std::string text;
    if (py::isinstance<py::dict>(split)) {
      for (const auto& [name, share] : split.cast<py::dict>()) {
        if (!text.empty()) text += ',';
        text += py::str(name).cast<std::string>() + "=" + py::str(share).cast<std::string>();
      }
    } else if (py::isinstance<py::str>(split)) {
      text = split.cast<std::string>();
    } else {
      throw py::value_error(
          "split must be a dict such as {\"train\": 0.8, \"test\": 0.2} or a "
          "str such as \"train=0.8,test=0.2\", not " +
          type_name(split));
    }
    arguments.push_back("--split=" + text);
    arguments.push_back("--output-prefix=" + folder + "/");
  }
  if (given("split_key")) arguments.push_back("--split-key=" + number("split_key", word_most()));
  if (keywords["label"].cast<bool>()) arguments.push_back("--label");
  if (given("fields")) {
    const py::object fields = keywords["fields"];
    std::string text;
    if (py::isinstance<py::str>(fields)) {
      text = fields.cast<std::string>();
    } else {
      for (const py::handle& field : fields.cast<py::iterable>()) {
        if (!text.empty()) text += ',';
        text += py::str(field).cast<std::string>();
      }
    }
    arguments.push_back("--fields=" + text);
  }
  return arguments;
}

// `given` read by the options of `command`, as its command line would be.
ParsedOptions parsed_arguments(const Command& command, const std::vector<std::string>& given) {
  std::vector<const char*> argv;
  for (const std::string& argument : given)
    argv.push_back(argument.c_str());
  const std::vector<OptionGroup> groups = command.options();
  return parse_options(groups, argv);
}

// Runs `nim-game positions` (its own code, in this process) with the options the keywords stand
// for and --format npy: its standard output goes to a file in memory (memfd_create), whose
// descriptor it returns with the parts' names; with split, each part is NAME.npy in `folder` and
// the file in memory is empty. What the command draws, splits and refuses, in its words, the
// package's positions() does too.
std::pair<int, std::vector<std::string>> write_positions(const py::dict& keywords,
                                                         const py::dict& game_keywords,
                                                         const std::string& folder) {
  require_numpy("positions");
  std::vector<std::string> given = positions_arguments(keywords, folder);
  for (std::string& argument : game_arguments(game_keywords))
    given.push_back(std::move(argument));
  const Command command = positions_command();
  const ParsedOptions parsed = parsed_arguments(command, given);
  const int fd = ::memfd_create("nim-game positions", MFD_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
  try {
    Output out(fd);
    py::gil_scoped_release unlocked;
    command.run(parsed, out);
    out.flush();
  } catch (...) {
    ::close(fd);
    throw;
  }
  std::vector<std::string> parts;
  if (const auto* split = parsed.value("split"))
    for (const SplitPart& part : parse_split_spec("--split", *split))
      parts.push_back(part.name);
  return {fd, parts};
}

// Runs `nim-game positions --sum ...` with the options the keywords stand for and --format json:
// its records, one a line, each game of `games` its --sum (its game keywords as options).
std::string sum_positions(const py::list& games, const py::dict& keywords, bool misere,
                          const py::object& limit_search) {
  std::vector<std::string> given = positions_arguments(keywords, "");
  given.front() = "--format=json";
  std::size_t component = 0;
  for (const py::dict& game : sum_games(games, false, "positions_sum")) {
    ++component;
    std::string text;
    for (const std::string& argument : game_arguments(game)) {
      // A --sum is read as words: a value with a blank would be two.
      if (argument.find_first_of(" \t") != std::string::npos)
        throw py::value_error("component " + std::to_string(component) + " of the sum: " +
                              quoted(argument) + " holds a blank, which no game's option does");
      text += (text.empty() ? "" : " ") + argument;
    }
    given.push_back("--sum=" + (text.empty() ? std::string("--game=nim") : text));
  }
  if (misere) given.push_back("--misere");
  if (!limit_search.is_none())
    given.push_back("--limit-search=" + std::to_string(sum_search_limit(limit_search)));
  const Command command = positions_command();
  const ParsedOptions parsed = parsed_arguments(command, given);
  std::string records;
  Output out([&records](std::string_view written) { records += written; });
  {
    py::gil_scoped_release unlocked;
    command.run(parsed, out);
    out.flush();
  }
  return records;
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
    } catch (const nim::WriteError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });

  m.def("game_keywords", &nim::python::game_keyword_names);
  m.def("analyse", &nim::python::analyse_record, "heaps"_a, "game"_a);
  m.def("analyse_sum", &nim::python::analyse_sum_record, "games"_a, "misere"_a, "limit_search"_a);
  m.def("label", &nim::python::label, "positions"_a, "game"_a, "threads"_a);
  m.def("best_moves", &nim::python::best_moves, "positions"_a, "game"_a, "threads"_a);
  m.def("write_positions", &nim::python::write_positions, "keywords"_a, "game"_a, "folder"_a);
  m.def("sum_positions", &nim::python::sum_positions, "games"_a, "keywords"_a, "misere"_a,
        "limit_search"_a);
  nim::python::bind_nim_env(m);
  nim::python::bind_game_envs(m);
}
