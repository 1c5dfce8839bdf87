// nim_game.NimEnv: the game against a built-in agent (nim_env.hpp) as a Python class, which pickles
// with its game and its random state, so that multiprocessing and Dask can hand it to another
// process and a copy plays on exactly as the original would.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "cli/input/agent_spec.hpp"
#include "nim/random.hpp"
#include "python/arguments.hpp"
#include "python/nim_env.hpp"

namespace nim::python {

namespace {

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
  require_numpy("NimEnv");
  EnvStarts starts;
  read_starts(starts, heaps, heap_count, max_size, min_size);
  if (learner != 0 && learner != 1)
    throw py::value_error("learner must be 0 (moves first) or 1, not " + std::to_string(learner));
  const AgentSpec spec = parse_agent_spec(opponent);
  const auto* agent = std::get_if<BuiltInAgent>(&spec);
  if (!agent)
    throw py::value_error("opponent " + quoted(opponent) +
                          " must be a built-in agent: perfect, random or difficulty:P");
  const std::uint64_t seed_in_use =
      seed.is_none() ? draw_seed() : to_word(seed, "seed", word_most());
  return NimEnv(std::move(starts), *agent, small_rules(misere, max_take), seed_in_use, learner);
}

// The pickled state: a tuple of plain values, its first the layout's version, so that a later
// layout can still read this one.
constexpr int state_version = 1;

py::tuple save_env(const NimEnv& env) {
  const NimEnv::State s = env.state();
  return py::make_tuple(state_version, s.starts.heaps,
                        py::make_tuple(s.starts.heap_count.least, s.starts.heap_count.most),
                        py::make_tuple(s.starts.size.least, s.starts.size.most),
                        static_cast<int>(s.opponent.kind), s.opponent.perfect, s.rules.misere,
                        s.rules.max_take, s.seed, s.rng_state, s.learner, s.heaps, s.to_move,
                        s.started, s.opponent_action);
}

// Whether make_env could have made this state (and play on from it): a pickle altered by hand
// must not become an environment that divides by zero heaps or shows a heap beyond int64.
bool could_be_made(const NimEnv::State& s) {
  const SmallHeap most = std::numeric_limits<std::int64_t>::max();
  const auto fits = [&](const Position<SmallHeap>& heaps) {
    return std::all_of(heaps.begin(), heaps.end(), [&](SmallHeap h) { return h <= most; });
  };
  const Range<std::size_t>& count = s.starts.heap_count;
  const bool starts = s.starts.heaps ? !s.starts.heaps->empty() && fits(*s.starts.heaps)
                                     : 1 <= count.least && count.least <= count.most &&
                                           count.most <= most_heap_count &&
                                           s.starts.size.least <= s.starts.size.most &&
                                           s.starts.size.most <= most;
  return starts && fits(s.heaps) && s.opponent.perfect >= 0 && s.opponent.perfect <= 1 &&
         (!s.rules.max_take || *s.rules.max_take >= 1) && (s.learner == 0 || s.learner == 1) &&
         (s.to_move == 0 || s.to_move == 1);
}

NimEnv load_env(const py::tuple& saved) {
  require_numpy("NimEnv");
  const auto bad = [] { return py::value_error("not the pickled state of a NimEnv"); };
  if (saved.size() != 15 || !py::isinstance<py::int_>(saved[0]) ||
      saved[0].cast<int>() != state_version)
    throw bad();
  NimEnv::State s;
  try {
    s.starts.heaps = saved[1].cast<std::optional<Position<SmallHeap>>>();
    const auto heap_count = saved[2].cast<std::pair<std::size_t, std::size_t>>();
    s.starts.heap_count = {heap_count.first, heap_count.second};
    const auto size = saved[3].cast<std::pair<SmallHeap, SmallHeap>>();
    s.starts.size = {size.first, size.second};
    const int kind = saved[4].cast<int>();
    if (kind < 0 || kind > static_cast<int>(BuiltInAgent::Kind::difficulty)) throw bad();
    s.opponent = {static_cast<BuiltInAgent::Kind>(kind), saved[5].cast<double>()};
    s.rules = {saved[6].cast<bool>(), saved[7].cast<std::optional<SmallHeap>>()};
    s.seed = saved[8].cast<std::uint64_t>();
    s.rng_state = saved[9].cast<std::uint64_t>();
    s.learner = saved[10].cast<int>();
    s.heaps = saved[11].cast<Position<SmallHeap>>();
    s.to_move = saved[12].cast<int>();
    s.started = saved[13].cast<bool>();
    s.opponent_action = saved[14].cast<std::optional<std::int64_t>>();
  } catch (const py::cast_error&) {
    throw bad();
  }
  if (!could_be_made(s)) throw bad();
  return NimEnv(std::move(s));
}

}  // namespace

void bind_nim_env(py::module_& module) {
  using namespace pybind11::literals;
  py::class_<NimEnv>(module, "NimEnv",
                     "A game against a built-in agent, with OpenSpiel's action ids; it pickles "
                     "with its game and its random state.")
      .def(py::init(&make_env), "heaps"_a = py::none(), py::kw_only(), "heap_count"_a = py::none(),
           "max_size"_a = py::none(), "min_size"_a = 0, "opponent"_a = "perfect",
           "misere"_a = false, "max_take"_a = py::none(), "seed"_a = py::none(), "learner"_a = 0)
      .def(py::pickle(&save_env, &load_env))
      // Every protocol as protocol 2 does it: copyreg.__newobj__ makes the object and
      // __setstate__ fills it. (Protocols 0 and 1 would otherwise call object.__new__, which a
      // pybind11 class refuses by ending the interpreter.)
      .def("__reduce__",
           [](const py::object& self) {
             return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"),
                                   py::make_tuple(py::type::of(self)), self.attr("__getstate__")());
           })
      .def("reset",
           [](NimEnv& env) {
             env.reset();
             return observation(env);
           })
      .def("step",
           [](NimEnv& env, std::int64_t action) {
             env.step(action);
             const double reward = env.done() ? env.returns()[env.learner()] : 0.0;
             return py::make_tuple(observation(env), reward, env.done());
           })
      .def("legal_actions", &NimEnv::legal_actions)
      .def("returns", &NimEnv::returns)
      .def("observation", &observation)
      .def_property_readonly("done", &NimEnv::done)
      .def_property_readonly("learner", &NimEnv::learner)
      .def_property_readonly("seed", &NimEnv::seed, "The seed in use (drawn when none was given).")
      .def_property_readonly("current_player", &NimEnv::to_move_player)
      .def_property_readonly("opponent_action", &NimEnv::opponent_action);
}

}  // namespace nim::python
