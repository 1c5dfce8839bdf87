#include "nim/games/sum/sum.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/sum/sum_engine.hpp"
#include "support/oracle.hpp"

namespace nim::sum_test {

GameSpec kayles() {
  GameSpec spec = spec_of_kind(GameSpec::Kind::take_and_break);
  spec.heap_game = octal_game({0, 7, 7});
  return spec;
}
GameSpec grundys() {
  GameSpec spec = spec_of_kind(GameSpec::Kind::take_and_break);
  spec.heap_game = grundys_game();
  return spec;
}
GameSpec capped_nim(std::uint64_t cap) {
  GameSpec spec = spec_of_kind(GameSpec::Kind::nim);
  spec.max_take = BigHeap(cap);
  return spec;
}

std::vector<PreparedGame> prepared(const std::vector<GameSpec>& specs) {
  std::vector<PreparedGame> games;
  for (const GameSpec& spec : specs)
    games.emplace_back(spec, BigHeap(64));
  return games;
}

// Every position of the components up to these sizes (each component's heap count fixed), as a
// sum's.
std::vector<Position<SmallHeap>> every_position(const std::vector<std::vector<SmallHeap>>& most) {
  std::vector<std::vector<Position<SmallHeap>>> parts(most.size());
  for (std::size_t c = 0; c < most.size(); ++c) {
    parts[c] = {{}};
    for (const SmallHeap top : most[c]) {
      std::vector<Position<SmallHeap>> longer;
      for (const auto& part : parts[c])
        for (SmallHeap h = 0; h <= top; ++h) {
          longer.push_back(part);
          longer.back().push_back(h);
        }
      parts[c] = std::move(longer);
    }
  }
  std::vector<std::vector<Position<SmallHeap>>> chosen{{}};
  for (const auto& options : parts) {
    std::vector<std::vector<Position<SmallHeap>>> more;
    for (const auto& so_far : chosen)
      for (const auto& part : options) {
        more.push_back(so_far);
        more.back().push_back(part);
      }
    chosen = std::move(more);
  }
  std::vector<Position<SmallHeap>> positions;
  for (const auto& components : chosen)
    positions.push_back(sum_position(components));
  return positions;
}

bool has_move(GameEngine<SmallHeap>& engine, const Position<SmallHeap>& position) {
  return engine.has_move(position);
}

// Checks every position against the oracle's search of the sum's own moves: the verdict in both
// plays, the winning move, and in normal play the Grundy sum, each component's value (the oracle's
// of that component alone) and their XOR. Returns how many positions were checked.
std::size_t check_against_oracle(const std::vector<GameSpec>& specs,
                                 const std::vector<std::vector<SmallHeap>>& most) {
  const std::vector<PreparedGame> games = prepared(specs);
  std::size_t checked = 0;
  for (const bool misere : {false, true}) {
    auto engine = make_sum_engine<SmallHeap>(games, misere, 1'000'000);
    std::vector<SumGame<SmallHeap>::Component> engines;
    for (const PreparedGame& game : games)
      engines.push_back(make_engine<SmallHeap>(game));
    testing::Oracle oracle(SumGame<SmallHeap>(engines, misere));
    // Each game alone, as a sum of one.
    std::vector<testing::Oracle<SumGame<SmallHeap>>> alone;
    for (const auto& component : engines)
      alone.emplace_back(SumGame<SmallHeap>({component}, false));
    for (const Position<SmallHeap>& position : every_position(most)) {
      std::string shown;
      for (const SmallHeap h : position)
        shown += std::to_string(h) + ' ';
      CAPTURE(shown);
      Verdict<SmallHeap> verdict;
      engine->verdict(position, verdict);
      CHECK(verdict.winning == oracle.winning(position, misere));
      // Misère play: with no move left, the player to move has won.
      REQUIRE(verdict.winning_move.has_value() == (verdict.winning && has_move(*engine, position)));
      if (verdict.winning_move) {
        const Position<SmallHeap> next = engine->after(position, *verdict.winning_move);
        CHECK_FALSE(oracle.winning(next, misere));
      }
      if (!misere) {
        REQUIRE(verdict.grundy_sum.has_value());
        CHECK(*verdict.grundy_sum == oracle.grundy(position));
        REQUIRE(verdict.grundy_values.has_value());
        const auto spans = component_spans(std::span<const SmallHeap>(position), specs.size());
        for (std::size_t c = 0; c < specs.size(); ++c) {
          const Position<SmallHeap> part = sum_position(std::vector<Position<SmallHeap>>{
              {position.begin() + static_cast<std::ptrdiff_t>(spans[c].first),
               position.begin() + static_cast<std::ptrdiff_t>(spans[c].first + spans[c].count)}});
          CHECK((*verdict.grundy_values)[c] == alone[c].grundy(part));
        }
      }
      ++checked;
    }
  }
  return checked;
}

TEST_CASE("sum: a position is each component's heaps, then their count + 1") {
  const std::vector<Position<SmallHeap>> parts{{5}, {3, 4}, {}, {7}};
  const Position<SmallHeap> position = sum_position(parts);
  CHECK(position == Position<SmallHeap>{5, 2, 3, 4, 3, 1, 7, 2});
  const auto spans = component_spans(std::span<const SmallHeap>(position), 4);
  REQUIRE(spans.size() == 4);
  CHECK(spans[1].first == 2);
  CHECK(spans[1].count == 2);
  CHECK(spans[2].first == 5);
  CHECK(spans[2].count == 0);
  CHECK(spans[3].first == 6);
  CHECK_THROWS_AS(component_spans(std::span<const SmallHeap>(position), 3), Unanswerable);
  const Position<SmallHeap> broken{5, 9};
  CHECK_THROWS_AS(component_spans(std::span<const SmallHeap>(broken), 1), Unanswerable);
}

TEST_CASE("sum: Kayles, Wythoff's game and Nim against the oracle, in both plays") {
  const GameSpec wythoff = spec_of_kind(GameSpec::Kind::wythoff);
  const GameSpec nim = spec_of_kind(GameSpec::Kind::nim);
  CHECK(check_against_oracle({kayles(), wythoff, nim}, {{5}, {3, 3}, {3}}) == 2 * 6 * 16 * 4);
}

TEST_CASE(
    "sum: Moore's Nim, staircase Nim, Grundy's game, Lasker's Nim and capped Nim against "
    "the oracle") {
  const GameSpec moore = spec_of_kind(GameSpec::Kind::moore);
  const GameSpec staircase = spec_of_kind(GameSpec::Kind::staircase);
  const GameSpec lasker = spec_of_kind(GameSpec::Kind::lasker);
  CHECK(check_against_oracle({moore, staircase, grundys()}, {{2, 2, 1}, {2, 2}, {7}}) ==
        2 * 18 * 9 * 8);
  CHECK(check_against_oracle({lasker, capped_nim(2), kayles()}, {{4, 2}, {5}, {2, 3}}) ==
        2 * 15 * 6 * 12);
}

TEST_CASE("sum: a component whose Grundy value the search cannot reach is refused, named") {
  GameSpec wythoff = spec_of_kind(GameSpec::Kind::wythoff);
  wythoff.search_limit = 1'000;
  const std::vector<PreparedGame> games = prepared({kayles(), wythoff});
  auto engine = make_sum_engine<SmallHeap>(games, false, 1'000);
  const Position<SmallHeap> position = sum_position<SmallHeap>({{5}, {30, 40}});
  Verdict<SmallHeap> verdict;
  CHECK_THROWS_WITH_AS(engine->verdict(position, verdict),
                       "component 2 of the sum (heaps 30 40): the Grundy value of a position of "
                       "Wythoff's game has no formula in "
                       "nim-game, which searches every position it can reach, and looked at more "
                       "than 32000 moves without an answer (32 for each position of the search's "
                       "bound, 1000)",
                       Unanswerable);
}

TEST_CASE("sum: the spans a move leaves are those of the position it leaves, splits included") {
  // Kayles (splits), Grundy's game (only splits) and capped Nim: every move of every position.
  const std::vector<PreparedGame> games = prepared({kayles(), grundys(), capped_nim(2)});
  std::vector<SumGame<SmallHeap>::Component> engines;
  for (const PreparedGame& game : games)
    engines.push_back(make_engine<SmallHeap>(game));
  const SumGame<SmallHeap> sum(engines, false);
  std::size_t splits = 0;
  for (const Position<SmallHeap>& position : every_position({{5, 3}, {6}, {2}})) {
    const std::span<const SmallHeap> heaps(position);
    const auto spans = component_spans(heaps, 3);
    for (std::size_t heap = 0; heap < position.size(); ++heap)
      sum.for_each_move_from(heaps, heap, [&](const GameMove<SmallHeap>& move) {
        auto advanced = spans;
        advance_spans(advanced, move);
        const Position<SmallHeap> next = after(sum, position, move);
        const auto expected = component_spans(std::span<const SmallHeap>(next), 3);
        for (std::size_t c = 0; c < 3; ++c) {
          CHECK(advanced[c].first == expected[c].first);
          CHECK(advanced[c].count == expected[c].count);
        }
        splits += move.split ? 1 : 0;
        return true;
      });
  }
  CHECK(splits > 100);
}

TEST_CASE("sum: a move given in its component, placed on the sum's heaps, or refused") {
  // Kayles 5 2, Nim with no heap, Nim 3.
  const Position<SmallHeap> position{5, 2, 3, 1, 3, 2};
  const auto spans = component_spans(std::span<const SmallHeap>(position), 3);
  const auto in_sum = [&](std::size_t component, std::size_t heap) {
    return move_in_sum(std::span<const ComponentSpan>(spans), component,
                       GameMove<SmallHeap>::single(heap, 1));
  };
  CHECK(in_sum(0, 1) == GameMove<SmallHeap>::single(1, 1));
  CHECK(in_sum(2, 0) == GameMove<SmallHeap>::single(4, 1));
  CHECK(in_sum(0, 2) == std::nullopt);  // no heap 2 in Kayles 5 2: not the next component's
  CHECK(in_sum(1, 0) == std::nullopt);  // a component with no heap
  CHECK(in_sum(3, 0) == std::nullopt);  // no component 3
  ProposedGameMove proposed{
      .move = {}, .facts = {}, .in_component = {{2, GameMove<BigHeap>::single(0, BigHeap(2))}}};
  place_in_sum(proposed, std::span<const SmallHeap>(position), 3);
  CHECK(proposed.move == GameMove<BigHeap>::single(4, BigHeap(2)));
  proposed.in_component->component = 7;
  place_in_sum(proposed, std::span<const SmallHeap>(position), 3);
  CHECK(proposed.move.heap() == ~std::size_t{0});  // a heap no position has: the judge refuses
}

}  // namespace nim::sum_test
