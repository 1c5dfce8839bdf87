// Every claim the library makes of the games after Nim (nim/game_analysis.hpp: who wins, every
// winning move, the move chosen, the Grundy values, the verdict on a move), checked against the
// exhaustive search of support/oracle.hpp on every position of up to 4 heaps of up to 12
// objects (Wythoff's game: 2 heaps of up to 30), in normal and misère play, for every game and
// for ten octal codes and ten subtraction sets drawn from a fixed seed, and for Nim itself.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/games/lasker/lasker.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/games/staircase/staircase.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"
#include "nim/games/wythoff/wythoff.hpp"
#include "nim/random.hpp"
#include "support/grundy_oracle.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using testing::Oracle;

// The misère search's bound in these tests: more than any position here reaches.
constexpr std::uint64_t search_bound = 1'000'000;

// A machine word of `bits` random bits (1 to 64): heaps of every magnitude.
SmallHeap random_bits(SplitMix64& rng, unsigned bits) {
  return bits == 64 ? rng() : rng() & ((SmallHeap{1} << bits) - 1);
}

std::string describe_position(const Position<SmallHeap>& position) {
  std::string text = "heaps";
  for (SmallHeap h : position)
    text += ' ' + std::to_string(h);
  return text;
}

// Moves that may or may not be legal, beside the legal ones: every one is judged as the oracle's
// list of moves says.
std::vector<GameMove<SmallHeap>> candidate_moves(const Position<SmallHeap>& position) {
  std::vector<GameMove<SmallHeap>> moves;
  for (std::size_t i = 0; i <= position.size(); ++i) {
    const SmallHeap h = i < position.size() ? position[i] : 1;
    for (SmallHeap count : {SmallHeap{0}, SmallHeap{1}, h, h + 1})
      moves.push_back(GameMove<SmallHeap>::single(i, count));
    if (h >= 2) {
      moves.push_back({{{i, 0}}, {{1, h - 1}}});
      moves.push_back({{{i, 0}}, {{1, h}}});
      moves.push_back({{{i, 1}}, {{1, h - 2}}});
      moves.push_back({{{i, 1}}, {{1, h - 1}}});  // parts that hold more than is left
      if (h % 2 == 0) moves.push_back({{{i, 0}}, {{h / 2, h / 2}}});
    }
    if (i + 1 < position.size()) {
      moves.push_back({{{i, 1}, {i + 1, 1}}, {}});
      moves.push_back({{{i + 1, 1}, {i, 1}}, {}});
      moves.push_back({{{i, 1}, {i + 1, 2}}, {}});
    }
  }
  return moves;
}

// `analysis` is the last position's, filled again, as a --batch thread fills one.
template <PlayableGame Game>
void check_position(GameSolver<Game>& solver, Oracle<Game>& oracle,
                    const Position<SmallHeap>& position, GameAnalysis<SmallHeap>& analysis) {
  INFO(describe_position(position));
  analyse_game(solver, std::span<const SmallHeap>(position), WinningMoves::list, analysis);
  const bool misere = solver.game().misere;
  const bool winning = oracle.winning(position, misere);
  REQUIRE(analysis.verdict.winning == winning);
  const auto expected_moves = oracle.winning_moves(position, misere);
  REQUIRE(*analysis.winning_moves == expected_moves);
  const auto moves = oracle.moves(position);
  CHECK(analysis.game_over == moves.empty());
  CHECK(analysis.next_position ==
        (analysis.move ? after(solver.game(), position, *analysis.move) : Position<SmallHeap>{}));
  if (moves.empty()) {
    CHECK(!analysis.move);
  } else if (winning) {
    REQUIRE(analysis.move);
    CHECK(std::ranges::find(expected_moves, *analysis.move) != expected_moves.end());
  } else {
    // The player who cannot win plays in a largest heap that has a move.
    REQUIRE(analysis.move);
    CHECK(std::ranges::find(moves, *analysis.move) != moves.end());
    for (const auto& move : moves)
      CHECK(position[move.heap()] <= position[analysis.move->heap()]);
  }
  if (analysis.has_grundy_values()) {
    std::size_t i = 0;
    analysis.for_each_grundy_value([&](const auto& value) {
      REQUIRE(i < position.size());
      CHECK(to_big(value) == to_big(oracle.grundy({position[i++]})));
    });
    CHECK(i == position.size());
  }
  if (analysis.verdict.grundy_sum) CHECK(*analysis.verdict.grundy_sum == oracle.grundy(position));
  for (const auto& move : candidate_moves(position)) {
    const bool legal = std::ranges::find(moves, move) != moves.end();
    const GameMoveVerdict expected = !legal ? GameMoveVerdict::illegal
                                     : oracle.winning(after(solver.game(), position, move), misere)
                                         ? GameMoveVerdict::losing
                                         : GameMoveVerdict::winning;
    CHECK(judge_move(solver, std::span<const SmallHeap>(position), move) == expected);
  }
  for (const auto& move : moves) {
    const bool leaves_lost = !oracle.winning(after(solver.game(), position, move), misere);
    CHECK(judge_move(solver, std::span<const SmallHeap>(position), move) ==
          (leaves_lost ? GameMoveVerdict::winning : GameMoveVerdict::losing));
  }
}

// Every position of 1 to max_heaps heaps of 0 to max_size objects (in order when the order
// matters to the game, and the sorted ones only otherwise), in normal and misère play.
template <class MakeGame>
void check_game(MakeGame make_game, std::size_t max_heaps, SmallHeap max_size) {
  Oracle oracle(make_game(false));
  for (const bool misere : {false, true}) {
    INFO(std::string(misere ? "misère" : "normal") << " play");
    auto game = make_game(misere);
    GameSolver solver(game, search_bound);
    GameAnalysis<SmallHeap> analysis;
    testing::for_each_position(max_heaps, max_size, [&](const Position<SmallHeap>& position) {
      if (game.order_free() && !std::ranges::is_sorted(position)) return;
      check_position(solver, oracle, position, analysis);
    });
  }
}

auto take_and_break(const HeapGame& game) {
  auto sequence = std::make_shared<const GrundySequence>(compute_sequence(game, 100, 10'000));
  // With the move index of the heaps up to 6 only: both ways of finding a move are checked.
  return [sequence](bool misere) {
    return TakeAndBreakRules<SmallHeap>{sequence, misere}.with_move_index(7);
  };
}

TEST_CASE("subtraction games against the oracle: {1,2,3}, {1,3,4}, {2,5} and ten at random") {
  std::vector<std::vector<std::uint64_t>> sets{{1, 2, 3}, {1, 3, 4}, {2, 5}};
  SplitMix64 rng(1515);
  while (sets.size() < 13) {
    std::vector<std::uint64_t> set;
    const std::uint64_t size = uniform_in(rng, 1, 4);
    while (set.size() < size) {
      const std::uint64_t take = uniform_in(rng, 1, 9);
      if (std::ranges::find(set, take) == set.end()) set.push_back(take);
    }
    std::ranges::sort(set);
    if (std::ranges::find(sets, set) == sets.end()) sets.push_back(set);
  }
  for (const auto& set : sets) {
    const HeapGame game = subtraction_game(set);
    INFO(describe(game));
    check_game(take_and_break(game), 4, 12);
  }
}

TEST_CASE("all-but subtraction games against the oracle") {
  for (const auto& set : std::vector<std::vector<std::uint64_t>>{{2, 5}, {1}, {1, 2}, {3}}) {
    const HeapGame game = all_but_subtraction_game(set);
    INFO(describe(game));
    check_game(take_and_break(game), 4, 12);
  }
}

// Kayles, Dawson's Kayles, 0.137, 4.07, 0.007 and ten codes drawn from a fixed seed.
std::vector<std::vector<std::uint8_t>> tested_octal_codes() {
  std::vector<std::vector<std::uint8_t>> codes{
      {0, 7, 7}, {0, 0, 7}, {0, 1, 3, 7}, {4, 0, 7}, {0, 0, 0, 7}};
  SplitMix64 rng(1516);
  while (codes.size() < 15) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(uniform_below(rng, 2) * 4)};
    const std::uint64_t length = uniform_in(rng, 1, 3);
    for (std::uint64_t d = 0; d < length; ++d)
      digits.push_back(static_cast<std::uint8_t>(uniform_below(rng, 8)));
    if (digits.back() == 0) digits.back() = 3;
    if (std::ranges::find(codes, digits) == codes.end()) codes.push_back(digits);
  }
  return codes;
}

TEST_CASE(
    "octal games against the oracle: Kayles, Dawson's Kayles, 0.137, 4.07, 0.007 and ten "
    "at random") {
  for (const auto& digits : tested_octal_codes()) {
    const HeapGame game = octal_game(digits);
    INFO(describe(game));
    check_game(take_and_break(game), 2, 12);
    check_game(take_and_break(game), 4, 5);
  }
}

TEST_CASE("Grundy's game against the oracle") {
  check_game(take_and_break(grundys_game()), 2, 12);
  check_game(take_and_break(grundys_game()), 4, 7);
}

TEST_CASE("Moore's Nim against the oracle: k = 1, 2, 3") {
  for (const std::uint64_t k : {1, 2, 3}) {
    INFO("k = " << k);
    check_game([k](bool misere) { return MooreRules<SmallHeap>{k, misere}; }, 4, 8);
  }
}

TEST_CASE("Nim against the oracle: no cap and caps of 1, 2, 3 and 5") {
  for (const std::optional<SmallHeap> cap :
       {std::optional<SmallHeap>{}, std::optional<SmallHeap>{1}, std::optional<SmallHeap>{2},
        std::optional<SmallHeap>{3}, std::optional<SmallHeap>{5}}) {
    INFO("cap " << (cap ? std::to_string(*cap) : "none"));
    check_game([cap](bool misere) { return NimRules<SmallHeap>{misere, cap}; }, 4, 8);
  }
}

// A position of heaps of 60 and more takes more than a word as the oracle's key: it keeps those
// apart, by the position itself.
TEST_CASE("the oracle beyond the positions its keys hold in a word: Nim on heaps of up to 70") {
  Oracle oracle(NimRules<SmallHeap>{});
  for (SmallHeap a = 0; a <= 70; ++a)
    for (SmallHeap b = 0; b <= 3; ++b) {
      INFO("heaps " << a << " " << b);
      CHECK(oracle.grundy({a}) == a);
      CHECK(oracle.grundy({a, b}) == (a ^ b));
      CHECK(oracle.winning({a, b}) == (a != b));
      CHECK(oracle.winning({a, b}, true) == (a > 1 || b > 1 ? a != b : a == b));
    }
  CHECK(oracle.winning_moves({70, 3}) == std::vector{GameMove<SmallHeap>::single(0, 67)});
}

TEST_CASE("staircase Nim against the oracle") {
  check_game([](bool misere) { return StaircaseRules<SmallHeap>{misere}; }, 3, 12);
  check_game([](bool misere) { return StaircaseRules<SmallHeap>{misere}; }, 4, 8);
}

// Every split of a heap is a move: a position reaches every way of cutting its heaps smaller, and
// the oracle's positions at full size (4 heaps of up to 12) stay within the misère search's bound.
TEST_CASE("Lasker's Nim against the oracle") {
  check_game([](bool misere) { return LaskerRules<SmallHeap>{misere}; }, 2, 12);
  check_game([](bool misere) { return LaskerRules<SmallHeap>{misere}; }, 4, 6);
}

// The same games at the full size, every position of up to 4 heaps of up to 12: a splitting game
// reaches every multiset of heaps below its start (half a million positions from 4 heaps of 12 in
// 4.663), tens of seconds in all in a Release build and ten times as long under the sanitizers.
// The cases above, at smaller sizes, are what the sanitizer build runs: scripts/test.sh leaves
// out the cases named "at full size" there, and runs them in the Release build.
// The fifteen codes in three cases of five, which the test run spreads over the cores (the longest
// case of the suite otherwise: two minutes alone).
void check_octal_codes_at_full_size(std::size_t first) {
  const auto codes = tested_octal_codes();
  for (std::size_t i = first; i < first + 5; ++i) {
    const HeapGame game = octal_game(codes.at(i));
    INFO(describe(game));
    check_game(take_and_break(game), 4, 12);
  }
}

TEST_CASE("octal games against the oracle at full size: 4 heaps of up to 12, codes 1 to 5") {
  check_octal_codes_at_full_size(0);
}

TEST_CASE("octal games against the oracle at full size: 4 heaps of up to 12, codes 6 to 10") {
  check_octal_codes_at_full_size(5);
}

TEST_CASE("octal games against the oracle at full size: 4 heaps of up to 12, codes 11 to 15") {
  check_octal_codes_at_full_size(10);
}

TEST_CASE("Grundy's game against the oracle at full size: 4 heaps of up to 12") {
  check_game(take_and_break(grundys_game()), 4, 12);
}

TEST_CASE("Moore's Nim against the oracle at full size: 4 heaps of up to 12, k = 1, 2, 3") {
  for (const std::uint64_t k : {1, 2, 3}) {
    INFO("k = " << k);
    check_game([k](bool misere) { return MooreRules<SmallHeap>{k, misere}; }, 4, 12);
  }
}

TEST_CASE("staircase Nim against the oracle at full size: 4 steps of up to 12") {
  check_game([](bool misere) { return StaircaseRules<SmallHeap>{misere}; }, 4, 12);
}

TEST_CASE("Lasker's Nim against the oracle at full size: 4 heaps of up to 12") {
  check_game([](bool misere) { return LaskerRules<SmallHeap>{misere}; }, 4, 12);
}

TEST_CASE("Wythoff's game against the oracle, and only on 2 heaps") {
  Oracle oracle(WythoffRules<SmallHeap>{false});
  for (const bool misere : {false, true}) {
    INFO(std::string(misere ? "misère" : "normal") << " play");
    const WythoffRules<SmallHeap> game{misere};
    GameSolver solver(game, search_bound);
    GameAnalysis<SmallHeap> analysis;
    for (SmallHeap a = 0; a <= 30; ++a)
      for (SmallHeap b = 0; b <= 30; ++b)
        check_position(solver, oracle, {a, b}, analysis);
    const Position<SmallHeap> three{1, 2, 3};
    CHECK_THROWS_WITH_AS(solver.verdict(three),
                         "Wythoff's game is played on exactly 2 heaps; the position has 3",
                         Unanswerable);
  }
}

}  // namespace
}  // namespace nim

namespace nim {
namespace {

TEST_CASE("misère play searched: refused beyond the search's bound, in one sentence") {
  const auto sequence =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 100, 10'000));
  GameSolver solver(TakeAndBreakRules<SmallHeap>{sequence, true}, 100);
  const Position<SmallHeap> position{20, 20};
  CHECK_THROWS_WITH_AS(
      solver.verdict(std::span<const SmallHeap>(position)),
      "misère play of the octal game 0.77 has no formula in nim-game, which searches "
      "every position this one can reach, and there are more than 100 (the "
      "search's bound)",
      Unanswerable);
  // A position within the bound is answered, as the oracle answers it.
  const Position<SmallHeap> small{3, 4};
  testing::Oracle oracle(TakeAndBreakRules<SmallHeap>{sequence, false});
  CHECK(solver.verdict(std::span<const SmallHeap>(small)).winning == oracle.winning(small, true));
}

const BigHeap ten_to_40("10000000000000000000000000000000000000000");

TEST_CASE(
    "a heap of 10^40 in Kayles: answered through the proved period, as the oracle answers "
    "the heap reduced by it") {
  const auto sequence =
      std::make_shared<const GrundySequence>(compute_sequence(octal_game({0, 7, 7}), 100, 10'000));
  REQUIRE(sequence->period);
  const Period period = *sequence->period;
  CHECK(period.period == 12);
  // A heap of the same class, small enough for the oracle: e + (h - e) mod p, plus p.
  const BigHeap offset = BigHeap(ten_to_40 - period.pre_period) % period.period;
  const SmallHeap reduced = period.pre_period + to_small(offset) + period.period;
  for (const SmallHeap other : {SmallHeap{0}, SmallHeap{1}, SmallHeap{4}, SmallHeap{9}}) {
    INFO("heaps 10^40 " << other);
    GameSolver big(TakeAndBreakRules<BigHeap>{sequence, false}, search_bound);
    const Position<BigHeap> position{ten_to_40, BigHeap(other)};
    const auto analysis = analyse_game(big, std::span<const BigHeap>(position));
    GameSolver small(TakeAndBreakRules<SmallHeap>{sequence, false}, search_bound);
    const Position<SmallHeap> small_position{reduced, other};
    const auto expected = analyse_game(small, std::span<const SmallHeap>(small_position));
    CHECK(analysis.verdict.winning == expected.verdict.winning);
    CHECK(*analysis.verdict.grundy_values == *expected.verdict.grundy_values);
    // The game-tree search cannot reach heaps beyond the pre-period (71): the plain mex can.
    const auto values = testing::oracle_grundy_values(octal_game({0, 7, 7}), reduced);
    CHECK((*expected.verdict.grundy_values)[0] == values[reduced]);
    CHECK(expected.verdict.winning == ((values[reduced] ^ values[other]) != 0));
    if (analysis.verdict.winning) {
      // The move found among the splits of the huge heap leaves a lost position.
      REQUIRE(analysis.move);
      CHECK(big.game().is_legal(position, *analysis.move));
      CHECK_FALSE(big.winning(analysis.next_position));
    }
  }
}

TEST_CASE("Wythoff's game at 10^40: the lost position (a_n, a_n + n) by the closed form") {
  const BigHeap& n = ten_to_40;
  const BigHeap a = wythoff::lower(n);
  // a = floor(n phi) exactly: a <= n phi < a + 1, that is (2a - n)^2 <= 5n^2 < (2a + 2 - n)^2.
  CHECK(BigHeap((2 * a - n) * (2 * a - n)) <= BigHeap(5 * n * n));
  CHECK(BigHeap(5 * n * n) < BigHeap((2 * a + 2 - n) * (2 * a + 2 - n)));
  GameSolver solver(WythoffRules<BigHeap>{false}, search_bound);
  const Position<BigHeap> lost{a, BigHeap(a + n)};
  CHECK_FALSE(solver.verdict(lost).winning);
  for (const Position<BigHeap>& won : {Position<BigHeap>{a, BigHeap(a + n + 1)},
                                       Position<BigHeap>{BigHeap(a + 5), BigHeap(a + n + 5)},
                                       Position<BigHeap>{BigHeap(a + n), BigHeap(a + 1)},
                                       Position<BigHeap>{BigHeap(a + n), BigHeap(a + n + 3)}}) {
    const auto analysis = analyse_game(solver, std::span<const BigHeap>(won));
    REQUIRE(analysis.verdict.winning);
    CHECK(solver.game().is_legal(won, *analysis.move));
    CHECK_FALSE(solver.winning(analysis.next_position));
  }
}

TEST_CASE("Moore's Nim at 10^40: the move leaves every binary column a multiple of k + 1") {
  for (const std::uint64_t k : {1, 2, 3}) {
    INFO("k = " << k);
    GameSolver solver(MooreRules<BigHeap>{k, false}, search_bound);
    const Position<BigHeap> position{ten_to_40, BigHeap(ten_to_40 + 12345), BigHeap(ten_to_40 / 7),
                                     BigHeap(3)};
    const auto analysis = analyse_game(solver, std::span<const BigHeap>(position));
    REQUIRE(analysis.verdict.winning);
    CHECK(solver.game().is_legal(position, *analysis.move));
    for (unsigned bit = 0; bit < 140; ++bit) {
      std::uint64_t ones = 0;
      for (const BigHeap& h : analysis.next_position)
        ones += test_bit(h, bit) ? 1 : 0;
      CHECK(ones % (k + 1) == 0);
    }
    CHECK_FALSE(solver.winning(analysis.next_position));
  }
}

// Up to 64 heaps of machine words, with k up to 127, take Moore's construction on every column
// at once (moore::Columns); GMP's heaps, more heaps and a larger k take it a column at a time:
// both must construct the same move.
TEST_CASE("Moore's Nim on machine words answers as in GMP's: 1 to 300 heaps of every size") {
  SplitMix64 rng(1519);
  for (const std::uint64_t k : {1, 2, 3, 7, 63, 126, 127}) {
    for (const bool misere : {false, true}) {
      GameSolver small(MooreRules<SmallHeap>{k, misere}, search_bound);
      GameSolver big(MooreRules<BigHeap>{k, misere}, search_bound);
      for (int round = 0; round < 300; ++round) {
        const auto count = static_cast<std::size_t>(round < 200   ? uniform_in(rng, 1, 20)
                                                    : round < 250 ? uniform_in(rng, 60, 70)
                                                                  : uniform_in(rng, 250, 300));
        const unsigned bits = static_cast<unsigned>(uniform_in(rng, 1, 64));
        Position<SmallHeap> position;
        Position<BigHeap> big_position;
        for (std::size_t i = 0; i < count; ++i) {
          position.push_back(random_bits(rng, bits));
          big_position.push_back(to_big(position.back()));
        }
        INFO("k = " << k << ", " << count << " heaps below 2^" << bits);
        const auto expected = analyse_game(big, std::span<const BigHeap>(big_position));
        const auto found = analyse_game(small, std::span<const SmallHeap>(position));
        REQUIRE(found.verdict.winning == expected.verdict.winning);
        REQUIRE(found.move.has_value() == expected.move.has_value());
        if (!found.move) continue;
        REQUIRE(found.move->takes.size() == expected.move->takes.size());
        for (std::size_t t = 0; t < found.move->takes.size(); ++t) {
          CHECK(found.move->takes[t].heap == expected.move->takes[t].heap);
          CHECK(to_big(found.move->takes[t].count) == expected.move->takes[t].count);
        }
      }
    }
  }
}

}  // namespace
}  // namespace nim

namespace nim {
namespace {

// The numbers a column wants, bit-sliced, against each column's count: made from the heaps, then
// after each lowering, and compared with every n up to k.
template <unsigned Planes>
void check_columns(SplitMix64& rng) {
  for (const std::uint64_t k :
       {std::uint64_t{1} << (Planes - 1), (std::uint64_t{2} << (Planes - 1)) - 1}) {
    for (int round = 0; round < 200; ++round) {
      const auto count = static_cast<std::size_t>(uniform_in(rng, 1, 64));
      const unsigned bits = static_cast<unsigned>(uniform_in(rng, 1, 64));
      Position<SmallHeap> heaps;
      for (std::size_t i = 0; i < count; ++i)
        heaps.push_back(random_bits(rng, bits));
      INFO("k = " << k << ", " << count << " heaps below 2^" << bits);
      moore::Columns<Planes> columns(heaps, k);
      std::array<std::uint64_t, 64> wanted{};  // each column's, counted one by one
      for (unsigned column = 0; column < 64; ++column) {
        for (const SmallHeap h : heaps)
          wanted[column] += h >> column & 1;
        wanted[column] = (k + 1 - wanted[column] % (k + 1)) % (k + 1);
      }
      SmallHeap any = 0;
      for (const SmallHeap h : heaps)
        any |= h;
      REQUIRE(columns.count() == std::bit_width(any));
      for (int lowering = 0; lowering < 4; ++lowering) {
        for (unsigned column = 0; column < 64; ++column)
          REQUIRE(columns.wanted(column) == wanted[column]);
        for (std::uint64_t n = 0; n <= k; ++n) {
          std::uint64_t more = 0;
          for (unsigned column = 0; column < 64; ++column)
            more |= std::uint64_t{wanted[column] > n} << column;
          REQUIRE(columns.wanting_more_than(n) == more);
        }
        const SmallHeap h = heaps[uniform_below(rng, heaps.size())];
        const auto at = static_cast<unsigned>(uniform_in(rng, 0, 63));
        columns.lower(h, at);
        for (unsigned column = 0; column < at; ++column)
          wanted[column] = (wanted[column] + (h >> column & 1)) % (k + 1);
      }
    }
  }
}

TEST_CASE("Moore's Nim's columns: what each wants, made, compared and lowered on bit planes") {
  SplitMix64 rng(64);
  check_columns<1>(rng);
  check_columns<2>(rng);
  check_columns<3>(rng);
  check_columns<4>(rng);
  check_columns<5>(rng);
  check_columns<6>(rng);
  check_columns<7>(rng);
}

TEST_CASE("Wythoff's game: the table of the small heaps' lost positions is the closed form's") {
  // 64-bit arithmetic looks the heaps below 4096 up; 128-bit arithmetic takes the roots.
  for (std::uint64_t x = 0; x < wythoff::SmallLostPositions::heaps + 1000; ++x) {
    INFO("heap " << x);
    REQUIRE(wythoff::lower(x) == wythoff::lower(wythoff::Wide{x}));
    for (const bool misere : {false, true})
      REQUIRE(wythoff::partner(x, misere) == wythoff::partner(wythoff::Wide{x}, misere));
  }
}

TEST_CASE("Wythoff's game in 128-bit arithmetic answers as in GMP's, up to 2^64 - 1") {
  SplitMix64 rng(1517);
  for (const bool misere : {false, true}) {
    GameSolver small(WythoffRules<SmallHeap>{misere}, search_bound);
    GameSolver big(WythoffRules<BigHeap>{misere}, search_bound);
    for (int k = 0; k < 20'000; ++k) {
      // Sizes of every magnitude, and lost positions among them: (a_n, a_n + n) nudged by -1..1.
      const unsigned bits = static_cast<unsigned>(uniform_in(rng, 1, 64));
      SmallHeap a = random_bits(rng, bits), b = random_bits(rng, bits);
      if (k % 2 == 0) {
        const SmallHeap n = random_bits(rng, bits) >> 1;
        const BigHeap lower = wythoff::lower(BigHeap(n));
        if (!fits_small(BigHeap(lower + n + 1))) continue;
        a = to_small(lower) + static_cast<SmallHeap>(uniform_below(rng, 3)) - 1;
        b = to_small(lower) + n;
        if (a == ~SmallHeap{0}) a = 0;
      }
      const Position<SmallHeap> position{a, b};
      const Position<BigHeap> big_position{to_big(a), to_big(b)};
      INFO("heaps " << a << " " << b);
      const auto expected = analyse_game(big, std::span<const BigHeap>(big_position));
      const auto found = analyse_game(small, std::span<const SmallHeap>(position));
      REQUIRE(found.verdict.winning == expected.verdict.winning);
      REQUIRE(found.move.has_value() == expected.move.has_value());
      if (found.move)
        for (std::size_t t = 0; t < found.move->takes.size(); ++t)
          CHECK(to_big(found.move->takes[t].count) == expected.move->takes[t].count);
    }
  }
}

}  // namespace
}  // namespace nim
