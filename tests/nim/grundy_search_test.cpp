// GrundySearch (nim/grundy_search.hpp) through the engines' mex_values(): the misère values of
// single heaps against the oracle's game-tree search (0 exactly where a heap alone is lost in
// misère play) and against a plain mex over a subtraction game's takes; Wythoff's table of pairs
// against a plain mex over its moves; the bound on the positions kept.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/wythoff/wythoff.hpp"
#include "nim/grundy_search.hpp"
#include "support/game_table.hpp"
#include "support/oracle.hpp"

namespace nim::grundy_search_test {
namespace {

constexpr std::uint64_t unbounded = std::numeric_limits<std::uint64_t>::max();

GameSpec misere_spec(GameSpec spec) {
  spec.misere = true;
  return spec;
}

GameSpec take_and_break(HeapGame game) {
  GameSpec spec;
  spec.heap_game = std::move(game);
  return spec;
}

// The mex of `values`.
GrundyValue mex(std::vector<GrundyValue> values) {
  std::ranges::sort(values);
  GrundyValue value = 0;
  for (GrundyValue v : values)
    if (v == value) ++value;
  return value;
}

std::vector<GrundyValue> heap_values(const GameSpec& spec, std::uint64_t up_to) {
  std::vector<Position<SmallHeap>> heaps;
  for (std::uint64_t n = 0; n <= up_to; ++n)
    heaps.push_back({n});
  return make_engine<SmallHeap>(PreparedGame(spec, BigHeap(up_to)))->mex_values(heaps, unbounded);
}

TEST_CASE("mex_values: a misère value is 0 exactly where the oracle loses a heap alone") {
  const std::vector<GameSpec> games{
      misere_spec(spec_of_kind(GameSpec::Kind::nim)),
      misere_spec(take_and_break(octal_game({0, 7, 7}))),
      misere_spec(take_and_break(octal_game({0, 0, 7}))),
      misere_spec(take_and_break(octal_game({4, 0, 7}))),
      misere_spec(take_and_break(subtraction_game({1, 3, 4}))),
      misere_spec(take_and_break(all_but_subtraction_game({2, 5}))),
      misere_spec(take_and_break(grundys_game())),
      misere_spec(spec_of_kind(GameSpec::Kind::lasker)),
  };
  for (const GameSpec& spec : games) {
    const std::uint64_t up_to = 13;
    const PreparedGame game(spec, BigHeap(up_to));
    const std::vector<GrundyValue> values = heap_values(spec, up_to);
    REQUIRE(values.size() == up_to + 1);
    std::visit(
        [&](const auto& rules) {
          testing::Oracle oracle(rules);
          for (std::uint64_t n = 0; n <= up_to; ++n) {
            CAPTURE(rules.description());
            CAPTURE(n);
            CHECK((values[n] == 0) == !oracle.winning({n}, true));
          }
        },
        rules_of<SmallHeap>(game));
    CHECK(values[0] == 1);  // an empty heap: the player to move has won
  }
}

TEST_CASE("mex_values: misère values of a subtraction game, by a plain mex over its takes") {
  // Misère play of {1, 3, 4}: an empty heap is worth 1, a heap the mex of the heaps it reaches.
  std::vector<GrundyValue> plain{1};
  for (std::uint64_t n = 1; n <= 40; ++n) {
    std::vector<GrundyValue> reached;
    for (std::uint64_t take : {1, 3, 4})
      if (take <= n) reached.push_back(plain[n - take]);
    plain.push_back(mex(reached));
  }
  CHECK(heap_values(misere_spec(take_and_break(subtraction_game({1, 3, 4}))), 40) == plain);
  // Misère Nim: 1, 0, then the heap's own size.
  CHECK(heap_values(misere_spec(spec_of_kind(GameSpec::Kind::nim)), 5) ==
        std::vector<GrundyValue>{1, 0, 2, 3, 4, 5});
  // Normal play: the Grundy values the game computes.
  const GameSpec kayles = take_and_break(octal_game({0, 7, 7}));
  const GrundySequence computed = compute_sequence(kayles.heap_game, 30, 30, unbounded);
  CHECK(heap_values(kayles, 30) ==
        std::vector<GrundyValue>(computed.values.begin(), computed.values.begin() + 31));
}

TEST_CASE("mex_values: Wythoff's table of pairs, by a plain mex over its moves") {
  constexpr std::uint64_t up_to = 20;
  // G(a, b): the mex over (a - k, b), (a, b - k) and (a - k, b - k).
  std::vector<std::vector<GrundyValue>> plain(up_to + 1, std::vector<GrundyValue>(up_to + 1));
  std::vector<Position<SmallHeap>> pairs;
  for (std::uint64_t a = 0; a <= up_to; ++a)
    for (std::uint64_t b = 0; b <= up_to; ++b) {
      std::vector<GrundyValue> reached;
      for (std::uint64_t k = 1; k <= std::max(a, b); ++k) {
        if (k <= a) reached.push_back(plain[a - k][b]);
        if (k <= b) reached.push_back(plain[a][b - k]);
        if (k <= a && k <= b) reached.push_back(plain[a - k][b - k]);
      }
      plain[a][b] = mex(reached);
      pairs.push_back({a, b});
    }
  const auto values =
      make_engine<SmallHeap>(PreparedGame(spec_of_kind(GameSpec::Kind::wythoff), BigHeap(up_to)))
          ->mex_values(pairs, unbounded);
  REQUIRE(values.size() == pairs.size());
  const auto at = [&](std::uint64_t a, std::uint64_t b) { return values[a * (up_to + 1) + b]; };
  for (std::uint64_t a = 0; a <= up_to; ++a)
    for (std::uint64_t b = 0; b <= up_to; ++b) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(at(a, b) == plain[a][b]);
    }
  CHECK(at(0, 0) == 0);
  CHECK(at(1, 2) == 0);
  CHECK(at(3, 5) == 0);
  CHECK(at(5, 3) == 0);
  for (std::uint64_t n = 0; n <= up_to; ++n)
    CHECK(at(0, n) == n);
}

TEST_CASE("GrundySearch: nothing beyond its bound, and the positions kept go on being used") {
  GrundySearch search(WythoffRules<SmallHeap>{false}, 10);
  const Position<SmallHeap> far{5, 5};
  CHECK_THROWS_AS(search.value(far), Unanswerable);
  const Position<SmallHeap> near{1, 2};
  CHECK(search.value(near) == 0);
}

}  // namespace
}  // namespace nim::grundy_search_test
