// A key of a game's `rules` object as the library states it, for the format layer to write: the
// library says which keys and values describe a game, never how they are written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "nim/heap.hpp"

namespace nim {

// {"game", "octal"}, {"code", "0.77"}, {"subtract", [1, 3, 4]}, {"heaps_per_move", 2},
// {"misere", false}, {"max_take", null} (std::monostate), {"max_take", 10^30}.
struct RulesKey {
  using Value = std::variant<std::monostate, bool, std::string, std::uint64_t,
                             std::vector<std::uint64_t>, BigHeap>;
  std::string_view key;
  Value value;
};

}  // namespace nim
