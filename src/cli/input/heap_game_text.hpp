// Readers of a heap game's parameters as the command line gives them: an octal code ("0.77",
// "4.07", read as CGSuite reads TakeAndBreak codes) and a set of takes ("1,3,4"). Each names the
// bad value in a UsageError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nim/heap_game.hpp"

namespace nim {

// The largest take a set or an octal code may name: the values must be computed past it.
inline constexpr std::uint64_t most_named_take = 1'000'000;

// The most digits of an octal code that may allow a split (4 to 7): each asks every heap for all
// its splits, about n/2 for a heap of n, when its value is computed and when a winning move is
// looked for. 200 of them spent minutes computing values before the first --batch line.
inline constexpr std::size_t most_splitting_digits = 64;

// An octal code: one digit before the point (0, or 4: a heap may be split without taking), a
// point, then one or more octal digits (d_1 d_2 ...), at most most_named_take of them and at most
// most_splitting_digits digits (the one before the point included) that allow a split. Read in its
// normal form, without the last digits 0 (which allow no move) but one: 0.770 is 0.77.
HeapGame read_octal_code(std::string_view text);

// A game's rules as a record carries them (one JSON value): an octal game's "code" replaced by its
// normal form (a code written "0.770" is the game 0.77, as --octal reads it), else as given.
std::string with_normal_octal_code(std::string_view rules);

// A set of takes, as --subtract and --subtract-all-but give it: numbers from 1 to
// most_named_take, separated by commas, none twice, at least one. Returned increasing.
std::vector<std::uint64_t> read_take_set(std::string_view option, std::string_view text);

}  // namespace nim
