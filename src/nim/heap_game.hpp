// A heap game given by the moves of one heap, as CGSuite describes one (Subtraction([1,3,4]),
// TakeAndBreak("0.77")): a subtraction game, an all-but subtraction game, an octal game or Grundy's
// game. A position is a sum of heaps, so a heap's Grundy value (grundy_sequence.hpp) answers it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace nim {

enum class HeapGameKind {
  subtraction,          // take k in the set (k <= the heap)
  all_but_subtraction,  // take any k >= 1 not in the set
  octal,                // the take-and-break code d0.d1d2...
  grundy,               // split a heap into two unequal nonempty heaps
};

// What an octal digit allows, as bits: take k leaving no heap, one heap, or two nonempty heaps.
inline constexpr std::uint8_t leave_none = 1, leave_one = 2, leave_two = 4;

struct HeapGame {
  HeapGameKind kind = HeapGameKind::grundy;
  // subtraction, all_but_subtraction: the numbers, increasing, each at least 1.
  std::vector<std::uint64_t> set;
  // octal: digits[k] = d_k, digits[0] the one before the point; at least one digit after it.
  std::vector<std::uint8_t> digits;

  // The largest k a move's rule names (max(S), or the last digit's k); 0 for Grundy's game.
  std::uint64_t largest_take() const {
    if (kind == HeapGameKind::octal) return digits.size() - 1;
    return set.empty() ? 0 : set.back();
  }

  // Whether a move may leave two heaps: the values then need the mex over splits.
  bool splits() const {
    if (kind == HeapGameKind::grundy) return true;
    return kind == HeapGameKind::octal &&
           std::any_of(digits.begin(), digits.end(),
                       [](std::uint8_t d) { return (d & leave_two) != 0; });
  }

  // A finite rule whose moves leave at most two heaps: a subtraction game is the octal game with
  // d_k = 3 for k in S. The Guy–Smith theorem then proves a period (grundy_sequence.hpp).
  bool is_finite_octal() const {
    return kind == HeapGameKind::subtraction || kind == HeapGameKind::octal;
  }

  friend bool operator==(const HeapGame&, const HeapGame&) = default;
};

inline HeapGame subtraction_game(std::vector<std::uint64_t> set) {
  return {HeapGameKind::subtraction, std::move(set), {}};
}
inline HeapGame all_but_subtraction_game(std::vector<std::uint64_t> excluded) {
  return {HeapGameKind::all_but_subtraction, std::move(excluded), {}};
}
inline HeapGame octal_game(std::vector<std::uint8_t> digits) {
  return {HeapGameKind::octal, {}, std::move(digits)};
}
inline HeapGame grundys_game() {
  return {HeapGameKind::grundy, {}, {}};
}

// The octal code as CGSuite writes it: "0.77", "4.07".
inline std::string octal_code(const HeapGame& game) {
  std::string code(1, static_cast<char>('0' + game.digits.at(0)));
  code += '.';
  for (std::size_t k = 1; k < game.digits.size(); ++k)
    code += static_cast<char>('0' + game.digits[k]);
  return code;
}

}  // namespace nim
