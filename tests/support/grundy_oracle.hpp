// The Grundy values of a heap game the plain way, for the tests to check the fast computation
// (nim/grundy_sequence.hpp) against: every option of every heap listed from the rules as the game
// states them, a heap's value the mex of its options' values. Quadratic, and knows no rare values.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "nim/heap_game.hpp"

namespace nim::testing {

inline std::vector<std::uint32_t> oracle_grundy_values(const HeapGame& game, std::uint64_t most) {
  std::vector<std::uint32_t> g;
  for (std::uint64_t n = 0; n <= most; ++n) {
    std::set<std::uint32_t> options;
    const auto splits = [&](std::uint64_t rest, bool unequal) {
      for (std::uint64_t a = 1; a < rest; ++a)
        if (!unequal || 2 * a != rest) options.insert(g[a] ^ g[rest - a]);
    };
    switch (game.kind) {
      case HeapGameKind::subtraction:
        for (std::uint64_t k : game.set)
          if (k <= n) options.insert(g[n - k]);
        break;
      case HeapGameKind::all_but_subtraction:
        for (std::uint64_t k = 1; k <= n; ++k)
          if (std::find(game.set.begin(), game.set.end(), k) == game.set.end())
            options.insert(g[n - k]);
        break;
      case HeapGameKind::octal:
        for (std::uint64_t k = 0; k < game.digits.size() && k <= n; ++k) {
          const unsigned digit = game.digits[k];
          if ((digit & 1) != 0 && n == k) options.insert(0);
          if ((digit & 2) != 0 && n > k) options.insert(g[n - k]);
          if ((digit & 4) != 0) splits(n - k, false);
        }
        break;
      case HeapGameKind::grundy:
        splits(n, true);
        break;
    }
    std::uint32_t mex = 0;
    while (options.count(mex) != 0)
      ++mex;
    g.push_back(mex);
  }
  return g;
}

}  // namespace nim::testing
