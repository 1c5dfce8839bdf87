// nim_game._core.GameEnvs: a batch of games for reinforcement learning (nim/game_envs.hpp), made
// by the game's engine from the game keywords, for every game whose moves take from one heap. The
// Python classes of nim_game/envs.py (Gymnasium's and PettingZoo's contracts, the vectorised
// environment) are built on it; this file reads their arguments and hands out numpy arrays.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cli/input/agent_spec.hpp"
#include "format/rules_words.hpp"
#include "nim/engine/game_engine.hpp"
#include "python/arguments.hpp"

namespace nim::python {

namespace {

// The most a move takes, where the rules bound it below the largest heap: Nim's --max-take, a
// subtraction or octal game's largest take.
SmallHeap most_take_of(const GameSpec& spec, SmallHeap most_heap) {
  SmallHeap most = most_heap;
  if (spec.max_take && fits_small(*spec.max_take)) most = std::min(most, to_small(*spec.max_take));
  if (spec.heap_game.is_finite_octal()) most = std::min(most, spec.heap_game.largest_take());
  return most;
}

// A seat's built-in agent; none: the caller moves for it.
std::optional<BuiltInAgent> read_agent(const py::object& agent) {
  if (agent.is_none()) return std::nullopt;
  const auto text = agent.cast<std::string>();
  const AgentSpec spec = parse_agent_spec(text);
  const auto* built_in = std::get_if<BuiltInAgent>(&spec);
  if (!built_in)
    throw py::value_error("opponent " + quoted(text) +
                          " must be a built-in agent: perfect, random or difficulty:P");
  return *built_in;
}

std::unique_ptr<GameEnvs> make_envs(const py::dict& game_keywords, const py::object& heaps,
                                    const py::object& heap_count, const py::object& max_size,
                                    const py::object& min_size, const py::object& max_heaps,
                                    const py::object& first_agent, const py::object& second_agent,
                                    const py::object& games, const py::object& seed) {
  const GameSpec spec = read_game(game_keywords).spec;
  if (!moves_take_from_one_heap(spec))
    throw py::value_error(
        "an environment numbers moves as actions, (take - 1) * max_heaps + "
        "heap, which hold only moves that take from one heap and leave it "
        "whole; " +
        game_name(spec) + " has moves that split a heap or take from several");
  EnvSettings settings;
  read_starts(settings, heaps, heap_count, max_size, min_size);
  const SmallHeap largest = settings.heaps
                                ? *std::max_element(settings.heaps->begin(), settings.heaps->end())
                                : settings.size.most;
  const std::size_t most_heaps = settings.heaps ? settings.heaps->size() : settings.heap_count.most;
  settings.max_heaps = most_heaps;
  if (!max_heaps.is_none()) {
    settings.max_heaps = to_word(max_heaps, "max_heaps", to_big(std::uint64_t{most_heap_count}), 1);
    if (settings.max_heaps < most_heaps)
      throw py::value_error("max_heaps " + std::to_string(settings.max_heaps) +
                            " is fewer than the " + std::to_string(most_heaps) +
                            " heaps a start may have");
  }
  if (largest == 0) throw py::value_error("every heap is 0: no game has a move");
  // Where a move adds to a heap (staircase Nim's coins go down a step), one heap may come to hold
  // every coin of the position.
  settings.most_heap = largest;
  if (heaps_may_grow(spec)) {
    const BigHeap total = settings.heaps ? [&] {
      BigHeap sum(0);
      for (const SmallHeap h : *settings.heaps) sum += to_big(h);
      return sum;
    }()
                                         : to_big(largest) * to_big(std::uint64_t{most_heaps});
    if (total > int64_most())
      throw py::value_error("the coins of a start may come to " + total.get_str() +
                            " on one step, beyond 2^63 - 1");
    settings.most_heap = to_small(total);
  }
  settings.most_take = most_take_of(spec, settings.most_heap);
  const BigHeap actions = to_big(settings.most_take) * to_big(std::uint64_t{settings.max_heaps});
  if (actions > to_big(std::uint64_t{std::numeric_limits<std::int32_t>::max()}))
    throw py::value_error(actions.get_str() + " actions (max_heaps " +
                          std::to_string(settings.max_heaps) + " times takes up to " +
                          std::to_string(settings.most_take) + ") are more than 2^31 - 1");
  settings.agents = {read_agent(first_agent), read_agent(second_agent)};
  settings.games = to_word(games, "num_envs", to_big(std::uint64_t{1} << 24), 1);
  const std::uint64_t seed_in_use =
      seed.is_none() ? draw_seed() : to_word(seed, "seed", word_most());
  const PreparedGame game(spec, to_big(settings.most_heap));
  const auto engine = make_engine<SmallHeap>(game);
  engine->require_values_to(settings.most_heap);
  return engine->environments(settings, seed_in_use);
}

// The games as Python holds them: step() releases the GIL while the games move, so that other
// threads run meanwhile, and `stepping` (read and written only under the GIL) refuses them these
// games until it ends.
struct Games {
  std::unique_ptr<GameEnvs> envs;
  bool stepping = false;
};

// The games, unless a step of them is under way in another thread.
GameEnvs& use(Games& games) {
  if (games.stepping)
    throw std::runtime_error(
        "these environments are being stepped in another thread: one thread at a time may use "
        "them");
  return *games.envs;
}

std::size_t checked(const GameEnvs& envs, std::int64_t i) {
  if (i < 0 || static_cast<std::uint64_t>(i) >= envs.size())
    throw py::index_error("game " + std::to_string(i) + " is not below " +
                          std::to_string(envs.size()));
  return static_cast<std::size_t>(i);
}

py::array_t<std::int64_t> observation(const GameEnvs& envs, std::size_t i) {
  const std::size_t width = envs.settings().max_heaps;
  py::array_t<std::int64_t> out(static_cast<py::ssize_t>(width));
  envs.observe(i, {out.mutable_data(), width});
  return out;
}

// A game's mask as int8, as Gymnasium's Discrete.sample(mask=...) and PettingZoo take it.
py::array_t<std::int8_t> mask(const GameEnvs& envs, std::size_t i) {
  const std::size_t width = envs.settings().action_count();
  py::array_t<std::int8_t> out(static_cast<py::ssize_t>(width));
  envs.mask(i, {reinterpret_cast<std::uint8_t*>(out.mutable_data()), width});
  return out;
}

py::array_t<std::int64_t> observations(const GameEnvs& envs) {
  const std::size_t width = envs.settings().max_heaps;
  py::array_t<std::int64_t> out({envs.size(), width});
  std::int64_t* data = out.mutable_data();
  for (std::size_t i = 0; i < envs.size(); ++i)
    envs.observe(i, {data + i * width, width});
  return out;
}

// Every game's mask as bools, which numpy searches fastest (argmax).
py::array_t<bool> masks(const GameEnvs& envs) {
  const std::size_t width = envs.settings().action_count();
  py::array_t<bool> out({envs.size(), width});
  auto* data = reinterpret_cast<std::uint8_t*>(out.mutable_data());
  for (std::size_t i = 0; i < envs.size(); ++i)
    envs.mask(i, {data + i * width, width});
  return out;
}

// The pickled state: the random draws' state and each game, as plain values.
py::tuple state(const GameEnvs& envs) {
  py::list games;
  for (std::size_t i = 0; i < envs.size(); ++i) {
    const EnvGame g = envs.game(i);
    games.append(py::make_tuple(g.heaps, g.to_move, g.winner, g.agent_action));
  }
  return py::make_tuple(envs.rng_state(), games);
}

void restore(GameEnvs& envs, const py::tuple& saved) {
  const auto bad = [] { return py::value_error("not the pickled state of these environments"); };
  std::vector<EnvGame> games;
  std::uint64_t rng_state = 0;
  try {
    if (saved.size() != 2) throw bad();
    rng_state = saved[0].cast<std::uint64_t>();
    for (const py::handle& item : saved[1].cast<py::list>()) {
      const auto game = item.cast<py::tuple>();
      if (game.size() != 4) throw bad();
      games.push_back({game[0].cast<Position<SmallHeap>>(), game[1].cast<int>(), false,
                       game[2].cast<int>(), game[3].cast<std::int64_t>()});
    }
  } catch (const py::cast_error&) {
    throw bad();
  }
  if (!envs.restore(std::move(games), rng_state)) throw bad();
}

}  // namespace

void bind_game_envs(py::module_& module) {
  using namespace pybind11::literals;
  py::class_<Games>(module, "GameEnvs", "Games for reinforcement learning (nim_game.GameEnv).")
      .def(py::init([](const py::dict& game_keywords, const py::object& heaps,
                       const py::object& heap_count, const py::object& max_size,
                       const py::object& min_size, const py::object& max_heaps,
                       const py::object& first_agent, const py::object& second_agent,
                       const py::object& games, const py::object& seed) {
             return Games{make_envs(game_keywords, heaps, heap_count, max_size, min_size, max_heaps,
                                    first_agent, second_agent, games, seed)};
           }),
           "game_keywords"_a, "heaps"_a, "heap_count"_a, "max_size"_a, "min_size"_a, "max_heaps"_a,
           "first_agent"_a, "second_agent"_a, "games"_a, "seed"_a)
      .def("clone", [](Games& games) { return Games{use(games).clone()}; })
      .def("seed", [](Games& games, std::uint64_t seed) { use(games).seed(seed); })
      .def("reset",
           [](Games& games, std::int64_t i) {
             GameEnvs& envs = use(games);
             envs.reset(checked(envs, i));
           })
      .def("reset_all",
           [](Games& games) {
             GameEnvs& envs = use(games);
             for (std::size_t i = 0; i < envs.size(); ++i)
               envs.reset(i);
           })
      .def("play",
           [](Games& games, std::int64_t i, std::int64_t action, bool illegal_loses) {
             GameEnvs& envs = use(games);
             return envs.play(checked(envs, i), action, illegal_loses);
           })
      // play(), then what the game shows after it, in one call: (observation, int8 mask, legal,
      // over, winner, the agents' last action).
      .def("play_and_observe",
           [](Games& games, std::int64_t i, std::int64_t action, bool illegal_loses) {
             GameEnvs& envs = use(games);
             const std::size_t game = checked(envs, i);
             const bool legal = envs.play(game, action, illegal_loses);
             const EnvStatus& s = envs.status(game);
             return py::make_tuple(observation(envs, game), mask(envs, game), legal, s.over,
                                   s.winner, s.agent_action);
           })
      .def("observe",
           [](Games& games, std::int64_t i) {
             const GameEnvs& envs = use(games);
             return observation(envs, checked(envs, i));
           })
      .def("mask",
           [](Games& games, std::int64_t i) {
             const GameEnvs& envs = use(games);
             return mask(envs, checked(envs, i));
           })
      .def("observations", [](Games& games) { return observations(use(games)); })
      .def("masks", [](Games& games) { return masks(use(games)); })
      // (seat to move, over, the agents' last action or -1, the winner's seat or -1)
      .def("game",
           [](Games& games, std::int64_t i) {
             const GameEnvs& envs = use(games);
             const EnvStatus& s = envs.status(checked(envs, i));
             return py::make_tuple(s.to_move, s.over, s.agent_action, s.winner);
           })
      // (observations, rewards, terminated, truncated, masks): each game's row after the step,
      // in new arrays (truncated all false: every game ends). The games move without the GIL.
      .def("step",
           [](Games& games,
              const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& actions,
              int seat, bool illegal_loses) {
             GameEnvs& envs = use(games);
             if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != envs.size())
               throw py::value_error("actions must be one a game: shape (" +
                                     std::to_string(envs.size()) + ",)");
             const std::size_t n = envs.size(), width = envs.settings().max_heaps,
                               count = envs.settings().action_count();
             py::array_t<std::int64_t> obs({n, width});
             py::array_t<double> rewards(static_cast<py::ssize_t>(n));
             py::array_t<bool> terminated(static_cast<py::ssize_t>(n));
             py::array_t<bool> truncated(static_cast<py::ssize_t>(n));
             std::fill_n(truncated.mutable_data(), n, false);
             py::array_t<bool> masks({n, count});
             const std::span<const std::int64_t> moves(actions.data(), n);
             const std::span<std::int64_t> obs_out(obs.mutable_data(), n * width);
             const std::span<double> rewards_out(rewards.mutable_data(), n);
             const std::span<std::uint8_t> terminated_out(
                 reinterpret_cast<std::uint8_t*>(terminated.mutable_data()), n);
             const std::span<std::uint8_t> masks_out(
                 reinterpret_cast<std::uint8_t*>(masks.mutable_data()), n * count);
             // Cleared once the GIL is held again (the release ends before it), thrown or not.
             struct Stepping {
               bool& flag;
               ~Stepping() { flag = false; }
             };
             games.stepping = true;
             const Stepping stepping{games.stepping};
             {
               const py::gil_scoped_release release;
               envs.step(moves, seat, illegal_loses, obs_out, rewards_out, terminated_out,
                         masks_out);
             }
             return py::make_tuple(obs, rewards, terminated, truncated, masks);
           })
      .def("state", [](Games& games) { return state(use(games)); })
      .def("restore", [](Games& games, const py::tuple& saved) { restore(use(games), saved); })
      .def_property_readonly("size", [](Games& games) { return use(games).size(); })
      .def_property_readonly("max_heaps",
                             [](Games& games) { return use(games).settings().max_heaps; })
      .def_property_readonly("most_heap",
                             [](Games& games) { return use(games).settings().most_heap; })
      .def_property_readonly("most_take",
                             [](Games& games) { return use(games).settings().most_take; })
      .def_property_readonly("action_count",
                             [](Games& games) { return use(games).settings().action_count(); })
      .def_property_readonly("rng_state", [](Games& games) { return use(games).rng_state(); });
}

}  // namespace nim::python
