// Why a position of any game is won or lost, as --explain shows it: the facts the theory uses, for
// the format to lay out. Nim: Bouton's explanation (nim/explanation.hpp). Take-and-break games:
// each heap's Grundy value as the mex of the values its options reach (small heaps) or from the
// period (heaps beyond the values computed). Moore's Nim: the binary columns' counts of 1s.
// Wythoff's game: the lost position the move leaves, with its index n and the square root that
// gives it. Staircase Nim and Lasker's Nim: the values Bouton's table is made of. Each game's facts
// come from its folder's explain.hpp (nim/games/<game>/).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "nim/explanation.hpp"
#include "nim/game_analysis.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap.hpp"

namespace nim {

// How many of Wythoff's lost positions --explain lists at most.
inline constexpr std::size_t wythoff_lost_shown = 12;

template <HeapInteger Heap>
struct GameExplanation {
  struct HeapValue {
    Heap size{};
    std::uint64_t value = 0;
    std::optional<std::vector<GrundyValue>> reached{};  // heaps within the values computed
    std::optional<std::uint64_t> same_as{};  // beyond the values computed: the heap of the period
  };
  std::vector<HeapValue> heaps{};  // take-and-break games
  std::optional<Period> period{};
  std::vector<std::uint64_t> column_ones{};        // Moore's Nim: 1s a column, the highest first
  std::vector<std::uint64_t> column_ones_after{};  // the same after the move
  // Wythoff's game: the lost position the move leaves (or the position, when lost), as n, a_n and
  // ⌊√(5n²)⌋; or, in misère play, the pair (0, 1) or (2, 2) that takes the place of (1, 2) or
  // (0, 0), as its heaps.
  std::optional<std::array<BigHeap, 3>> wythoff{};
  std::optional<std::array<BigHeap, 2>> wythoff_misere_pair{};
  // Wythoff's lost positions whose smaller heap is at most the position's larger heap, by their
  // smaller heap, the first wythoff_lost_shown of them; wythoff_more_lost when more are.
  std::vector<std::array<BigHeap, 2>> wythoff_lost{};
  bool wythoff_more_lost = false;
  std::vector<Heap> values{};                 // Lasker's Nim: each heap's value, of any size
  std::optional<Explanation<Heap>> bouton{};  // Nim
  bool searched = false;                      // misère play answered by the search
};

}  // namespace nim
