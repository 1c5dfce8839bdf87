// A heap game given by the moves of one heap, as CGSuite describes one (Subtraction([1,3,4]),
// TakeAndBreak("0.77")): a subtraction game, an all-but subtraction game, an octal game or Grundy's
// game. A position is a sum of heaps, so a heap's Grundy value (grundy_sequence.hpp) answers it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nim/heap.hpp"
#include "nim/rules_key.hpp"

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

  // Whether every move splits a heap in two and takes nothing (Grundy's game, the octal game 4.0):
  // a move is then said by its heap and its parts alone.
  bool only_splits() const {
    if (kind == HeapGameKind::grundy) return true;
    return kind == HeapGameKind::octal && (digits[0] & leave_two) != 0 &&
           std::all_of(digits.begin() + 1, digits.end(), [](std::uint8_t d) { return d == 0; });
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

// A move in one heap: the count taken, and the two nonempty heaps the rest is split into, smaller
// first, if it is.
template <HeapInteger Heap>
struct HeapOption {
  Heap take;
  std::optional<std::array<Heap, 2>> split;
};

// How many moves a heap of h has. Their order (the games' for_each_move_from and the n-th below):
// takes increasing; for each, leaving no heap, one heap, then the splits, smaller part increasing.
template <HeapInteger Heap>
BigHeap count_moves(const HeapGame& game, const Heap& h) {
  const std::vector<std::uint64_t>& set = game.set;
  const auto named = [&] {  // the numbers of the set up to h
    if (Heap(set.back()) <= h) return to_big(set.size());
    return to_big(static_cast<std::uint64_t>(
        std::ranges::upper_bound(set, h, {}, [](std::uint64_t k) { return Heap(k); }) -
        set.begin()));
  };
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return named();
    case HeapGameKind::all_but_subtraction:
      return to_big(h) - named();
    case HeapGameKind::octal: {
      BigHeap count = 0;
      for (std::uint64_t k = 0; k < game.digits.size() && Heap(k) <= h; ++k) {
        const std::uint8_t digit = game.digits[k];
        if ((digit & leave_none) != 0 && Heap(k) == h) ++count;
        if ((digit & leave_one) != 0 && k != 0 && Heap(k) < h) ++count;
        if ((digit & leave_two) != 0) count += to_big(Heap(h - Heap(k))) / 2;
      }
      return count;
    }
    case HeapGameKind::grundy:
      break;
  }
  return is_zero(h) ? BigHeap(0) : BigHeap(to_big(h) - 1) / 2;  // unequal parts
}

// The n-th move (from 0, below count_moves) of a heap of h, without those before it.
template <HeapInteger Heap>
HeapOption<Heap> nth_heap_option(const HeapGame& game, const Heap& h, BigHeap n) {
  const auto split = [&](const Heap& k) {  // the (n + 1)-th split of the rest
    const Heap left = *narrow<Heap>(BigHeap(n + 1));
    return HeapOption<Heap>{k, {{left, Heap(h - k - left)}}};
  };
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return {Heap(game.set[to_small(n)]), {}};
    case HeapGameKind::all_but_subtraction: {
      // The (n + 1)-th count from 1: each number of the set up to it puts it one further.
      Heap k = *narrow<Heap>(BigHeap(n + 1));
      for (std::uint64_t excluded : game.set) {
        if (k < Heap(excluded)) break;
        ++k;
      }
      return {k, {}};
    }
    case HeapGameKind::octal:
      for (std::uint64_t digit_k = 0;; ++digit_k) {
        const Heap k(digit_k);
        const std::uint8_t digit = game.digits[digit_k];
        for (const bool allowed : {(digit & leave_none) != 0 && k == h,
                                   (digit & leave_one) != 0 && digit_k != 0 && k < h}) {
          if (allowed && is_zero(n)) return {k, {}};
          if (allowed) --n;
        }
        if ((digit & leave_two) == 0) continue;
        const BigHeap splits = to_big(Heap(h - k)) / 2;
        if (n < splits) return split(k);
        n -= splits;
      }
    case HeapGameKind::grundy:
      break;
  }
  return split(Heap(0));
}

// The octal code as CGSuite writes it: "0.77", "4.07".
inline std::string octal_code(const HeapGame& game) {
  std::string code(1, static_cast<char>('0' + game.digits.at(0)));
  code += '.';
  for (std::size_t k = 1; k < game.digits.size(); ++k)
    code += static_cast<char>('0' + game.digits[k]);
  return code;
}

// The game's keys of its `rules` object: {"game":"octal","code":"0.77"}, {"game":"subtraction",
// "subtract":[1,3,4]}, {"game":"all-but-subtraction","subtract_all_but":[2,5]} or
// {"game":"grundy"}.
inline std::vector<RulesKey> rules_keys(const HeapGame& game) {
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return {{"game", "subtraction"}, {"subtract", game.set}};
    case HeapGameKind::all_but_subtraction:
      return {{"game", "all-but-subtraction"}, {"subtract_all_but", game.set}};
    case HeapGameKind::octal:
      return {{"game", "octal"}, {"code", octal_code(game)}};
    case HeapGameKind::grundy:
      break;
  }
  return {{"game", "grundy"}};
}

// "Octal game 0.77", "Subtraction game {1, 3, 4}", "All-but subtraction game: any take but
// {2, 5}", "Grundy's game".
inline std::string title(const HeapGame& game) {
  std::string set = "{";
  for (std::uint64_t take : game.set)
    set += (set.size() > 1 ? ", " : "") + std::to_string(take);
  set += "}";
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return "Subtraction game " + set;
    case HeapGameKind::all_but_subtraction:
      return "All-but subtraction game: any take but " + set;
    case HeapGameKind::octal:
      return "Octal game " + octal_code(game);
    case HeapGameKind::grundy:
      break;
  }
  return "Grundy's game";
}

// The game in words, for messages: "the octal game 0.77", "the subtraction game {1,3,4}".
inline std::string describe(const HeapGame& game) {
  const auto set = [&] {
    std::string text = "{";
    for (std::uint64_t k : game.set) {
      if (text.size() > 1) text += ',';
      text += std::to_string(k);
    }
    return text + '}';
  };
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return "the subtraction game " + set();
    case HeapGameKind::all_but_subtraction:
      return "the all-but subtraction game " + set();
    case HeapGameKind::octal:
      return "the octal game " + octal_code(game);
    case HeapGameKind::grundy:
      break;
  }
  return "Grundy's game";
}

namespace detail {

// "1", "1 or 2", "1, 3 or 4": numbers as a sentence lists them.
inline std::string or_list(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return text;
}

// What an octal code allows, one clause a digit, the takes of equal digits together: "take 1 or 2
// objects, leaving no heap, one heap or two nonempty heaps"; "no move" when no digit allows one.
inline std::string octal_moves(const HeapGame& game) {
  std::vector<std::string> clauses;
  if ((game.digits[0] & leave_two) != 0)
    clauses.push_back("split a heap into two nonempty heaps without taking");
  for (std::uint8_t digit = 1; digit <= 7; ++digit) {
    std::vector<std::string> takes;
    for (std::size_t k = 1; k < game.digits.size(); ++k)
      if (game.digits[k] == digit) takes.push_back(std::to_string(k));
    if (takes.empty()) continue;
    std::vector<std::string> leaves;
    if ((digit & leave_none) != 0) leaves.push_back("no heap");
    if ((digit & leave_one) != 0) leaves.push_back("one heap");
    if ((digit & leave_two) != 0) leaves.push_back("two nonempty heaps");
    clauses.push_back("take " + or_list(takes) +
                      (takes.size() == 1 && takes[0] == "1" ? " object" : " objects") +
                      ", leaving " + or_list(leaves));
  }
  if (clauses.empty()) return "no move";
  std::string text;
  for (const std::string& clause : clauses)
    text += (text.empty() ? "" : "; ") + clause;
  return text;
}

}  // namespace detail

// The game's name and rules in one line, for --explain: "Kayles (octal 0.77): knock down 1 or 2
// adjacent pins", "Subtraction game {1, 3, 4}: take 1, 3 or 4 objects from one heap", an octal
// code without a well-known name by what its digits allow.
inline std::string rules_text(const HeapGame& game) {
  std::vector<std::string> set;
  for (std::uint64_t k : game.set)
    set.push_back(std::to_string(k));
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return title(game) + ": take " + detail::or_list(set) +
             (game.set == std::vector<std::uint64_t>{1} ? " object" : " objects") +
             " from one heap";
    case HeapGameKind::all_but_subtraction: {
      std::string braced = "{";
      for (const std::string& k : set)
        braced += (braced.size() > 1 ? ", " : "") + k;
      return "All-but subtraction game " + braced +
             "}: take from one heap any number of objects but " + detail::or_list(set);
    }
    case HeapGameKind::octal: {
      const std::string code = octal_code(game);
      // The octal games Winning Ways names, said in their own words where they have them.
      if (code == "0.77") return "Kayles (octal 0.77): knock down 1 or 2 adjacent pins";
      if (code == "0.07") return "Dawson's Kayles (octal 0.07): knock down 2 adjacent pins";
      for (const auto& [named, name] :
           {std::pair{"0.137", "Dawson's chess"}, std::pair{"0.007", "Treblecross"},
            std::pair{"0.6", "Officers"}})
        if (code == named)
          return std::string(name) + " (octal " + code + "): " + detail::octal_moves(game);
      return title(game) + ": " + detail::octal_moves(game);
    }
    case HeapGameKind::grundy:
      break;
  }
  return "Grundy's game: split a heap into two unequal nonempty heaps";
}

}  // namespace nim
