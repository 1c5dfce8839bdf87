// nim_game's answers for every game, Nim's included, by the game engine the command line answers
// with (nim/engine/game_engine.hpp): the record, and the verdicts and moves of arrays of
// positions.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

#include "nim/any_position.hpp"
#include "nim/games/capabilities.hpp"

namespace nim::python {

namespace py = pybind11;

// The record `nim-game -H HEAPS` writes for the game, as json.loads reads it. A position the
// theory cannot answer (a heap beyond the Grundy values, a misère search past its bound) is a
// ValueError in the command line's words.
py::object analyse_game_record(AnyPosition heaps, const GameSpec& spec);
// The record `nim-game --sum ...` writes for the sum of these games (each in normal play), each
// holding its heaps, played misère or not, every search within `search_limit`.
py::object analyse_sum_answer(std::vector<AnyPosition> heaps, const std::vector<GameSpec>& specs,
                              bool misere, std::uint64_t search_limit);

// Each row's winning flag, the row read as the position it is, 0s and all: a take-and-break game
// and Moore's Nim are sums, which heaps of 0 do not change; 0s after a staircase's steps are empty
// steps at its top, which no move reaches. Wythoff's game needs an array of 2 columns.
py::array_t<bool> label_game_rows(const py::array& positions, const GameSpec& spec,
                                  unsigned threads);

// Each row's move as [heap, count] (the record's "move"), [-1, -1] when the game is over; only
// for the games whose every move is one heap and a count (moves_take_from_one_heap()).
py::array_t<std::int64_t> best_game_moves(const py::array& positions, const GameSpec& spec,
                                          unsigned threads);

}  // namespace nim::python
