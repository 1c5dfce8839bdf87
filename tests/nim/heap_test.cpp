// Heaps of any size (issue 4, section 3). The GMP path is checked two ways: against an
// independent computation on decimal text that never uses GMP, and against the 64-bit path on
// every position where both apply.
#include "nim/heap.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "nim/move_check.hpp"
#include "nim/position_view.hpp"
#include "nim/solver.hpp"
#include "nim/strategy.hpp"
#include "support/nim_engine.hpp"
#include "support/numbers.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

// ---- An independent model: whole numbers as decimal text, worked on digit by digit ----------

namespace text {

using Decimal = std::string;    // digits, most significant first, no leading zeros ("0" for 0)
using Bits = std::vector<int>;  // binary digits, least significant first, no leading zeros

Decimal normalized(const Decimal& digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == Decimal::npos ? "0" : digits.substr(first);
}

// Binary digits of a decimal number, by repeated halving of the decimal text.
Bits halve_repeatedly(Decimal decimal) {
  Bits bits;
  while (decimal != "0") {
    Decimal half;
    int carry = 0;
    for (char c : decimal) {
      const int value = carry * 10 + (c - '0');
      half += static_cast<char>('0' + value / 2);
      carry = value % 2;
    }
    bits.push_back(carry);
    decimal = normalized(half);
  }
  return bits;
}

// The same, remembered: the tests ask for the bits of each 300-digit heap many times.
const Bits& to_bits(const Decimal& decimal) {
  static std::map<Decimal, Bits> known;
  auto found = known.find(decimal);
  if (found == known.end()) found = known.emplace(decimal, halve_repeatedly(decimal)).first;
  return found->second;
}

// The decimal number of binary digits, by repeated doubling of the decimal text.
Decimal from_bits(const Bits& bits) {
  Decimal decimal = "0";
  for (auto bit = bits.rbegin(); bit != bits.rend(); ++bit) {
    int carry = *bit;
    for (auto digit = decimal.rbegin(); digit != decimal.rend(); ++digit) {
      const int value = (*digit - '0') * 2 + carry;
      *digit = static_cast<char>('0' + value % 10);
      carry = value / 10;
    }
    if (carry != 0) decimal.insert(decimal.begin(), static_cast<char>('0' + carry));
  }
  return normalized(decimal);
}

Bits xor_bits(const Bits& a, const Bits& b) {
  Bits out(std::max(a.size(), b.size()), 0);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = (i < a.size() ? a[i] : 0) ^ (i < b.size() ? b[i] : 0);
  while (!out.empty() && out.back() == 0)
    out.pop_back();
  return out;
}

Decimal xor_all(const std::vector<Decimal>& numbers) {
  Bits sum;
  for (const Decimal& n : numbers)
    sum = xor_bits(sum, to_bits(n));
  return from_bits(sum);
}

int compare(const Decimal& a, const Decimal& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  return a < b ? -1 : (a == b ? 0 : 1);
}

// a - b, for a >= b.
Decimal subtract(const Decimal& a, const Decimal& b) {
  Decimal out = a;
  int borrow = 0;
  for (std::size_t k = 0; k < out.size(); ++k) {
    const std::size_t i = out.size() - 1 - k;
    int value = (out[i] - '0') - borrow - (k < b.size() ? b[b.size() - 1 - k] - '0' : 0);
    borrow = value < 0 ? 1 : 0;
    out[i] = static_cast<char>('0' + value + 10 * borrow);
  }
  return normalized(out);
}

unsigned mod_small(const Decimal& a, unsigned m) {
  unsigned r = 0;
  for (char c : a)
    r = (r * 10 + static_cast<unsigned>(c - '0')) % m;
  return r;
}

// A number of `digits` digits drawn from rng.
Decimal random_number(SplitMix64& rng, int digits) {
  Decimal out(1, static_cast<char>('1' + uniform_below(rng, 9)));
  while (static_cast<int>(out.size()) < digits)
    out += static_cast<char>('0' + uniform_below(rng, 10));
  return out;
}

Decimal power_of_two(unsigned k) {
  Bits bits(k + 1, 0);
  bits[k] = 1;
  return from_bits(bits);
}

}  // namespace text

using text::Decimal;
using Decimals = std::vector<Decimal>;

Position<BigHeap> to_position(const Decimals& heaps) {
  Position<BigHeap> out;
  for (const Decimal& h : heaps)
    out.emplace_back(h);
  return out;
}

std::string describe(const Decimals& heaps) {
  std::string out = "heaps";
  for (const Decimal& h : heaps)
    out += ' ' + h;
  return out;
}

// Moves as decimal text, to compare GMP's answers with the model's.
struct TextMove {
  std::size_t heap;
  Decimal count;
  friend bool operator==(const TextMove&, const TextMove&) = default;
};

std::vector<TextMove> as_text(const std::vector<Move<BigHeap>>& moves) {
  std::vector<TextMove> out;
  for (const auto& m : moves)
    out.push_back({m.heap, to_decimal(m.count)});
  return out;
}

// The model's winning moves in normal play without a cap: heap i reduced to h_i XOR X wherever
// that is smaller than h_i.
std::vector<TextMove> xor_moves(const Decimals& heaps) {
  const text::Bits x = text::to_bits(text::xor_all(heaps));
  std::vector<TextMove> moves;
  if (x.empty()) return moves;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const Decimal target = text::from_bits(text::xor_bits(text::to_bits(heaps[i]), x));
    if (text::compare(target, heaps[i]) < 0) moves.push_back({i, text::subtract(heaps[i], target)});
  }
  return moves;
}

// Positions that mix small, 64-bit and 300-digit heaps; the last ones have a nim-sum of zero.
std::vector<Decimals> make_mixed_positions() {
  SplitMix64 rng(300);
  const Decimal a = text::random_number(rng, 300), b = text::random_number(rng, 300);
  // c shares all but its last digits with a, so that a XOR c is small.
  const Decimal c = a.substr(0, 295) + "00000";
  std::vector<Decimals> positions{
      {a},
      {"0", a},
      {"0", "0", a, "0"},
      {a, "3", b, "0", "18446744073709551615", "7"},
      {a, a, "5"},
      {a, c, "1", "2"},
      {"1", "2", "3", b},
      {std::string("1").append(40, '0'), text::power_of_two(200), "3"},
      {text::subtract(text::power_of_two(200), "1"), text::power_of_two(200)},
      {text::power_of_two(64), "18446744073709551615", "1"},
  };
  for (int round = 0; round < 16; ++round) {
    Decimals heaps(2 + uniform_below(rng, 5));
    for (Decimal& h : heaps) {
      switch (uniform_below(rng, 4)) {
        case 0:
          h = std::to_string(uniform_below(rng, 1000));
          break;
        case 1:
          h = std::to_string(rng());
          break;
        case 2:
          h = text::power_of_two(64 + static_cast<unsigned>(uniform_below(rng, 900)));
          break;
        default:
          h = text::random_number(rng, 1 + static_cast<int>(uniform_below(rng, 300)));
      }
    }
    if (round % 2 == 1) heaps.push_back(text::xor_all(heaps));  // a lost position
    positions.push_back(heaps);
  }
  positions.push_back({a, b, text::xor_all({a, b})});
  positions.push_back({a, "9", b, "12", text::xor_all({a, b, "9", "12"})});
  positions.push_back({a, c, text::xor_all({a, c})});
  return positions;
}

const std::vector<Decimals>& mixed_positions() {
  static const std::vector<Decimals> positions = make_mixed_positions();
  return positions;
}

std::size_t count_at_least_two(const Decimals& heaps) {
  return static_cast<std::size_t>(std::count_if(
      heaps.begin(), heaps.end(), [](const Decimal& h) { return text::compare(h, "2") >= 0; }));
}

TEST_CASE("the independent model is itself right on numbers GMP and 64 bits can check") {
  // Only here does the model meet GMP and the machine: to make sure it is a model worth trusting.
  SplitMix64 rng(1);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = rng() >> uniform_below(rng, 64), y = rng() >> uniform_below(rng, 64);
    CHECK(text::xor_all({std::to_string(x), std::to_string(y)}) == std::to_string(x ^ y));
    CHECK(text::from_bits(text::to_bits(std::to_string(x))) == std::to_string(x));
    const std::uint64_t lo = std::min(x, y), hi = std::max(x, y);
    CHECK(text::subtract(std::to_string(hi), std::to_string(lo)) == std::to_string(hi - lo));
    CHECK(text::compare(std::to_string(x), std::to_string(y)) == (x < y ? -1 : (x == y ? 0 : 1)));
    CHECK(text::mod_small(std::to_string(x), 6) == x % 6);
  }
  CHECK(text::power_of_two(200) == "1606938044258990275541962092341162602522202993782792835301376");
  const Decimal big = text::random_number(rng, 300);
  CHECK(text::from_bits(text::to_bits(big)) == big);
  CHECK(text::to_bits(big).size() == mpz_sizeinbase(BigHeap(big).get_mpz_t(), 2));
}

TEST_CASE("big heaps, normal play: nim-sum, outcome and the default move match the model") {
  for (const Decimals& heaps : mixed_positions()) {
    INFO(describe(heaps));
    const Position<BigHeap> position = to_position(heaps);
    const NimRules<BigHeap> normal;
    const ScannedPosition view(position, normal);
    const Decimal x = text::xor_all(heaps);

    CHECK(to_decimal(nim_sum(position)) == x);
    CHECK(to_decimal(view.tally().nim_sum) == x);
    CHECK(is_winning(view) == (x != "0"));

    const auto expected = xor_moves(heaps);
    CHECK(as_text(winning_moves(view)) == expected);
    SplitMix64 rng(0);
    const auto move = choose_move(view, Strategy{}, rng);
    REQUIRE(move.has_value());
    if (x != "0") {
      // The first heap holding X's highest bit, reduced to h XOR X.
      const text::Bits x_bits = text::to_bits(x);
      const std::size_t top = x_bits.size() - 1;
      std::size_t first = 0;
      const auto holds_top_bit = [&](const Decimal& h) {
        const text::Bits& bits = text::to_bits(h);
        return bits.size() > top && bits[top] == 1;
      };
      while (!holds_top_bit(heaps[first]))
        ++first;
      CHECK(move->heap == first);
      REQUIRE(!expected.empty());
      CHECK(TextMove{move->heap, to_decimal(move->count)} == expected.front());
      Decimals next = heaps;
      next[move->heap] = text::subtract(heaps[move->heap], to_decimal(move->count));
      CHECK(text::xor_all(next) == "0");
      CHECK(to_decimal(after(position, *move)[move->heap]) == next[move->heap]);
    } else {
      // Lost: one object from the largest heap, the first among equals.
      std::size_t largest = 0;
      for (std::size_t i = 1; i < heaps.size(); ++i)
        if (text::compare(heaps[i], heaps[largest]) > 0) largest = i;
      CHECK(move->heap == largest);
      CHECK(move->count == 1);
    }

    for (const Strategy& strategy : {Strategy{Choice::largest, WhenLosing::first_one},
                                     Strategy{Choice::random, WhenLosing::random}}) {
      SplitMix64 draws(11);
      const auto chosen = choose_move(view, strategy, draws);
      REQUIRE(chosen.has_value());
      const TextMove as_text_move{chosen->heap, to_decimal(chosen->count)};
      if (x != "0") {
        CHECK(std::find(expected.begin(), expected.end(), as_text_move) != expected.end());
      } else {
        CHECK(chosen->count >= 1);
        CHECK(text::compare(as_text_move.count, heaps[chosen->heap]) <= 0);
      }
    }
  }
}

TEST_CASE("big heaps, misère play without a cap: outcome and winning moves match the model") {
  const NimRules<BigHeap> misere{true, {}};
  std::vector<Decimals> positions = mixed_positions();
  const Decimal big = positions.front().front();
  // Exactly one heap of 2 or more: it is reduced to 0 or 1 so as to leave an odd number of 1s.
  // Then none at all: only 1s, and the mover wins with an even number of them.
  positions.push_back({big, "1", "1", "0"});
  positions.push_back({"1", big});
  positions.push_back({"0", "1", "1", "1", big});
  positions.push_back({"1", "1", "0", "1"});
  for (const Decimals& heaps : positions) {
    INFO(describe(heaps));
    const Position<BigHeap> position = to_position(heaps);  // the view refers to it
    const ScannedPosition view(position, misere);
    const Decimal x = text::xor_all(heaps);
    const std::size_t at_least_two = count_at_least_two(heaps);
    const auto ones = static_cast<std::size_t>(std::count(heaps.begin(), heaps.end(), "1"));
    CHECK(is_winning(view) == (at_least_two > 0 ? x != "0" : ones % 2 == 0));

    std::optional<std::vector<TextMove>> expected;
    if (at_least_two >= 3) {
      expected = xor_moves(heaps);  // no single move can end the normal-play phase
    } else if (at_least_two == 1) {
      const std::size_t i = static_cast<std::size_t>(
          std::find_if(heaps.begin(), heaps.end(),
                       [](const Decimal& h) { return text::compare(h, "2") >= 0; }) -
          heaps.begin());
      expected = std::vector<TextMove>{{i, text::subtract(heaps[i], ones % 2 == 1 ? "0" : "1")}};
    } else if (at_least_two == 0) {
      expected.emplace();
      if (ones % 2 == 0)
        for (std::size_t i = 0; i < heaps.size(); ++i)
          if (heaps[i] == "1") expected->push_back({i, "1"});
    }
    if (expected) {
      CHECK(as_text(winning_moves(view)) == *expected);
      const auto first = first_winning_move(view);
      CHECK(first.has_value() == !expected->empty());
      if (first) CHECK(TextMove{first->heap, to_decimal(first->count)} == expected->front());
    }
  }
}

// The theory of issue 3 on Grundy values that the model computes by long division.
bool theory_winning(const std::vector<unsigned>& grundy_values, bool misere) {
  unsigned sum = 0;
  bool any_two = false;
  for (unsigned g : grundy_values) {
    sum ^= g;
    any_two |= g >= 2;
  }
  return misere && !any_two ? sum == 0 : sum != 0;
}

TEST_CASE("big heaps with a cap: outcome and every winning move match the model") {
  for (const auto& small_rules : testing::all_tested_rules()) {
    if (!small_rules.max_take) continue;
    const unsigned cap = static_cast<unsigned>(*small_rules.max_take);
    const NimRules<BigHeap> rules{small_rules.misere, to_big(cap)};
    for (const Decimals& heaps : mixed_positions()) {
      INFO(describe(heaps), " K=", cap, small_rules.misere ? " misere" : " normal");
      const Position<BigHeap> position = to_position(heaps);  // the view refers to it
      const ScannedPosition view(position, rules);
      const auto grundy_of = [&](const Decimals& position) {
        std::vector<unsigned> out;
        for (const Decimal& h : position)
          out.push_back(text::mod_small(h, cap + 1));
        return out;
      };
      unsigned grundy_sum = 0;
      for (unsigned g : grundy_of(heaps))
        grundy_sum ^= g;
      CHECK(view.tally().grundy_sum == grundy_sum);
      const bool won = theory_winning(grundy_of(heaps), rules.misere);
      CHECK(is_winning(view) == won);

      // Every legal move, tried one by one: the winning ones leave a lost position.
      std::vector<TextMove> expected;
      if (won) {
        for (std::size_t i = 0; i < heaps.size(); ++i) {
          for (unsigned count = 1; count <= cap; ++count) {
            if (text::compare(std::to_string(count), heaps[i]) > 0) break;
            Decimals next = heaps;
            next[i] = text::subtract(heaps[i], std::to_string(count));
            if (!theory_winning(grundy_of(next), rules.misere))
              expected.push_back({i, std::to_string(count)});
          }
        }
      }
      CHECK(as_text(winning_moves(view)) == expected);
      for (const Strategy& strategy : {Strategy{}, Strategy{Choice::random, WhenLosing::random}}) {
        SplitMix64 rng(4);
        const auto move = choose_move(view, strategy, rng);
        REQUIRE(move.has_value());
        CHECK(move->count <= cap);
        const TextMove chosen{move->heap, to_decimal(move->count)};
        CHECK(text::compare(chosen.count, heaps[move->heap]) <= 0);
        if (won) CHECK(std::find(expected.begin(), expected.end(), chosen) != expected.end());
      }
    }
  }

  SUBCASE("a cap larger than every heap changes nothing") {
    const NimRules<BigHeap> huge_cap{false, BigHeap(std::string("1").append(400, '0'))};
    for (const Decimals& heaps : mixed_positions()) {
      INFO(describe(heaps));
      const Position<BigHeap> position = to_position(heaps);  // the view refers to it
      const ScannedPosition view(position, huge_cap);
      CHECK(is_winning(view) == (text::xor_all(heaps) != "0"));
      CHECK(as_text(winning_moves(view)) == xor_moves(heaps));
    }
  }
}

// ---- The GMP path against the 64-bit path, where both apply ----------------------------------

Position<BigHeap> big_of(const Position<SmallHeap>& position) {
  Position<BigHeap> out;
  for (SmallHeap h : position)
    out.push_back(to_big(h));
  return out;
}
NimRules<BigHeap> big_of(const NimRules<SmallHeap>& rules) {
  NimRules<BigHeap> out{rules.misere, {}};
  if (rules.max_take) out.max_take = to_big(*rules.max_take);
  return out;
}
std::optional<TextMove> text_of(const std::optional<Move<SmallHeap>>& move) {
  if (!move) return std::nullopt;
  return TextMove{move->heap, to_decimal(move->count)};
}
std::optional<TextMove> text_of(const std::optional<Move<BigHeap>>& move) {
  if (!move) return std::nullopt;
  return TextMove{move->heap, to_decimal(move->count)};
}
template <class Heap>
std::vector<TextMove> text_of(const std::vector<Move<Heap>>& moves) {
  std::vector<TextMove> out;
  for (const auto& m : moves)
    out.push_back(*text_of(std::optional<Move<Heap>>(m)));
  return out;
}
// The verdict on taking `count` from heap `heap`, as check_move gives it on a scanned view.
template <class Heap>
MoveVerdict<Heap> verdict_of(const Position<Heap>& position, const NimRules<Heap>& rules,
                             std::size_t heap, const BigHeap& count) {
  return check_move(ScannedPosition(position, rules), ProposedMove{to_big(heap), count});
}

template <class Heap>
std::vector<std::optional<TextMove>> playout_moves(const Position<Heap>& start,
                                                   const NimRules<Heap>& rules,
                                                   const Strategy& strategy, std::uint64_t seed) {
  std::vector<std::optional<TextMove>> moves;
  SplitMix64 rng(seed);
  testing::nim_engine(rules)->play_out(
      std::span<const Heap>(start), strategy, rng, 120, WinningMoves::omit, PlyDetail::move,
      [&](const GamePly<Heap>& ply) {
        moves.push_back(text_of(testing::nim_move_of(ply.analysis.move)));
      });
  return moves;
}

TEST_CASE("on positions that fit in 64 bits, the GMP path gives the 64-bit path's answers") {
  std::vector<NimRules<SmallHeap>> rule_sets = testing::all_tested_rules();
  for (bool misere : {false, true})
    for (SmallHeap cap : {SmallHeap{1} << 32, SmallHeap{1} << 63, max64 - 1, max64})
      rule_sets.push_back({misere, cap});

  SplitMix64 rng(64);
  for (int round = 0; round < 60; ++round) {
    Position<SmallHeap> small(1 + uniform_below(rng, 6));
    for (SmallHeap& h : small) {
      switch (uniform_below(rng, 4)) {
        case 0:
          h = uniform_below(rng, 12);
          break;
        case 1:
          h = max64 - uniform_below(rng, 3);
          break;
        default:
          h = rng() >> uniform_below(rng, 64);
      }
    }
    const Position<BigHeap> big = big_of(small);
    for (const auto& small_rules : rule_sets) {
      const NimRules<BigHeap> big_rules = big_of(small_rules);
      std::string where = "heaps";
      for (SmallHeap h : small)
        where += ' ' + std::to_string(h);
      if (small_rules.max_take) where += " K=" + std::to_string(*small_rules.max_take);
      INFO(where, small_rules.misere ? " misere" : " normal");

      const ScannedPosition small_view(small, small_rules);
      const ScannedPosition big_view(big, big_rules);
      REQUIRE(is_winning(small_view) == is_winning(big_view));
      CHECK(is_over(small_view) == is_over(big_view));
      CHECK(to_big(small_view.tally().nim_sum) == big_view.tally().nim_sum);
      CHECK(to_big(small_view.tally().grundy_sum) == big_view.tally().grundy_sum);
      CHECK(small_view.tally().big_count == big_view.tally().big_count);
      CHECK(small_view.tally().nonempty_count == big_view.tally().nonempty_count);
      CHECK(text_of(winning_moves(small_view)) == text_of(winning_moves(big_view)));
      CHECK(text_of(first_winning_move(small_view)) == text_of(first_winning_move(big_view)));

      for (const Strategy& strategy : testing::all_strategies()) {
        SplitMix64 small_rng(round), big_rng(round);
        CHECK(text_of(choose_move(small_view, strategy, small_rng)) ==
              text_of(choose_move(big_view, strategy, big_rng)));
        CHECK(small_rng() == big_rng());  // the same number of draws
        if (round % 10 == 0)
          CHECK(playout_moves(small, small_rules, strategy, round) ==
                playout_moves(big, big_rules, strategy, round));
      }

      // Proposed moves around every boundary: nothing, one, the heap, past the heap, the cap.
      for (std::size_t i = 0; i <= small.size(); ++i) {
        const SmallHeap h = i < small.size() ? small[i] : 5;
        std::vector<SmallHeap> counts{0, 1, 2, h / 2, h - 1, h};
        if (h < max64) counts.push_back(h + 1);
        if (small_rules.max_take) {
          counts.push_back(*small_rules.max_take);
          if (*small_rules.max_take < max64) counts.push_back(*small_rules.max_take + 1);
        }
        for (SmallHeap count : counts) {
          INFO("move ", i, ",", count);
          const auto small_verdict = verdict_of(small, small_rules, i, to_big(count));
          const auto big_verdict = verdict_of(big, big_rules, i, to_big(count));
          CHECK(small_verdict.illegal == big_verdict.illegal);
          CHECK(text_of(small_verdict.move) == text_of(big_verdict.move));
          CHECK(small_verdict.next_winning == big_verdict.next_winning);
          CHECK(small_verdict.optimal == big_verdict.optimal);
        }
      }
    }
  }
}

TEST_CASE("check_move on big heaps: legality and outcome are exact") {
  const Decimal big = std::string("1").append(299, '0');
  const Position<BigHeap> position = to_position({big, "5", big});
  const NimRules<BigHeap> normal;
  CHECK(verdict_of(position, normal, 0, BigHeap(big)).illegal == Illegal::none);
  CHECK(verdict_of(position, normal, 0, BigHeap(BigHeap(big) + 1)).illegal ==
        Illegal::more_than_the_heap);
  CHECK(verdict_of(position, NimRules<BigHeap>{false, BigHeap(BigHeap(big) - 1)}, 0, BigHeap(big))
            .illegal == Illegal::above_the_cap);
  // Taking the 5 leaves two equal heaps: a lost position for the opponent.
  const auto verdict = verdict_of(position, normal, 1, BigHeap(5));
  CHECK(verdict.optimal);
  CHECK_FALSE(verdict.next_winning);
  CHECK(text_of(verdict.move) == TextMove{1, "5"});
  // Taking one object from a big heap instead leaves a won position for the opponent.
  const auto worse = verdict_of(position, normal, 2, BigHeap(1));
  CHECK_FALSE(worse.optimal);
  CHECK(worse.next_winning);
  CHECK(text_of(worse.move) == TextMove{2, "1"});
}

}  // namespace
}  // namespace nim
