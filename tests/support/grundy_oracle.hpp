// The Grundy values of a heap game the plain way, for the tests to check the fast computation
// (nim/grundy_sequence.hpp) against: every option of every heap listed from the rules as the game
// states them, a heap's value the mex of its options' values. Quadratic, and knows no rare values;
// an option's value is marked with its heap (no set to clear), so that it reaches heap 10^5.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nim/heap_game.hpp"

namespace nim::testing {

inline std::vector<std::uint32_t> oracle_grundy_values(const HeapGame& game, std::uint64_t most) {
  std::vector<std::uint32_t> g;
  // marked_by[v] == n + 1: heap n has an option of value v (it grows as the values do).
  std::vector<std::uint64_t> marked_by;
  for (std::uint64_t n = 0; n <= most; ++n) {
    const auto insert = [&](std::uint32_t value) {
      if (value >= marked_by.size()) marked_by.resize(2 * std::size_t{value} + 2, 0);
      marked_by[value] = n + 1;
    };
    // Splits into a and rest - a: each pair once, as the two orders are the same position.
    const auto splits = [&](std::uint64_t rest, bool unequal) {
      for (std::uint64_t a = 1; 2 * a <= rest; ++a)
        if (!unequal || 2 * a != rest) insert(g[a] ^ g[rest - a]);
    };
    switch (game.kind) {
      case HeapGameKind::subtraction:
        for (std::uint64_t k : game.set)
          if (k <= n) insert(g[n - k]);
        break;
      case HeapGameKind::all_but_subtraction:
        for (std::uint64_t k = 1; k <= n; ++k)
          if (std::find(game.set.begin(), game.set.end(), k) == game.set.end()) insert(g[n - k]);
        break;
      case HeapGameKind::octal:
        for (std::uint64_t k = 0; k < game.digits.size() && k <= n; ++k) {
          const unsigned digit = game.digits[k];
          if ((digit & 1) != 0 && n == k) insert(0);
          if ((digit & 2) != 0 && n > k) insert(g[n - k]);
          if ((digit & 4) != 0) splits(n - k, false);
        }
        break;
      case HeapGameKind::grundy:
        splits(n, true);
        break;
    }
    std::uint32_t mex = 0;
    while (mex < marked_by.size() && marked_by[mex] == n + 1)
      ++mex;
    g.push_back(mex);
  }
  return g;
}

}  // namespace nim::testing
