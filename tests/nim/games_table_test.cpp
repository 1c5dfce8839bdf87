// nim/games/table.hpp: moves_take_from_one_heap(), moves_may_split(), misere_is_searched() and
// values_come_from_single_heaps() say of each game what its moves and its theory are, checked
// against every move of small positions, the oracle's values and the game's own rules.
#include "nim/games/table.hpp"

#include <doctest/doctest.h>

#include "support/oracle.hpp"

#include <string>
#include <vector>

namespace nim {
namespace {

// Whether every move of every position of three heaps up to 6 is one heap and a count.
bool every_move_takes_from_one_heap(const GameSpec& spec) {
  const PreparedGame game(spec, BigHeap(6));
  bool single = true;
  std::visit(
      [&](const auto& rules) {
        for (SmallHeap a = 0; a <= 6; ++a)
          for (SmallHeap b = 0; b <= 6; ++b)
            for (SmallHeap c = 0; c <= 6; ++c) {
              // Wythoff's game is played on 2 heaps.
              Position<SmallHeap> position{a, b, c};
              if (spec.kind == GameSpec::Kind::wythoff) position.pop_back();
              for_each_move(rules, std::span<const SmallHeap>(position),
                            [&](const GameMove<SmallHeap>& move) {
                              single = single && move.takes.size() == 1 && !move.split;
                              return true;
                            });
            }
      },
      game.rules<SmallHeap>());
  return single;
}

GameSpec spec_of(GameSpec::Kind kind, HeapGame heap_game = {}, std::uint64_t heaps_per_move = 2) {
  GameSpec spec;
  spec.kind = kind;
  spec.heap_game = std::move(heap_game);
  spec.heaps_per_move = heaps_per_move;
  return spec;
}

TEST_CASE("moves_take_from_one_heap: exactly the games whose every move is one heap and a count") {
  using Kind = GameSpec::Kind;
  const std::vector<std::pair<std::string, GameSpec>> games{
      {"subtract 1,3,4", spec_of(Kind::take_and_break, subtraction_game({1, 3, 4}))},
      {"subtract all but 2,5", spec_of(Kind::take_and_break, all_but_subtraction_game({2, 5}))},
      {"octal 0.33", spec_of(Kind::take_and_break, octal_game({0, 3, 3}))},
      {"octal 0.77 (Kayles)", spec_of(Kind::take_and_break, octal_game({0, 7, 7}))},
      {"octal 0.4 (splits only)", spec_of(Kind::take_and_break, octal_game({0, 4}))},
      {"Grundy's game", spec_of(Kind::take_and_break, grundys_game())},
      {"Moore, 1 heap a move", spec_of(Kind::moore, {}, 1)},
      {"Moore, 2 heaps a move", spec_of(Kind::moore, {}, 2)},
      {"Wythoff", spec_of(Kind::wythoff)},
      {"staircase", spec_of(Kind::staircase)},
      {"Lasker", spec_of(Kind::lasker)},
  };
  for (const auto& game : games) {
    const std::string& name = game.first;
    const GameSpec& spec = game.second;
    CAPTURE(name);
    CHECK(moves_take_from_one_heap(spec) == every_move_takes_from_one_heap(spec));
  }
  // Both answers occur, so that the check above tells them apart.
  CHECK(moves_take_from_one_heap(games[0].second));
  CHECK_FALSE(moves_take_from_one_heap(games[3].second));
}

TEST_CASE("misere_is_searched and moves_may_split: as the rules of every kind of game say") {
  using Kind = GameSpec::Kind;
  const std::vector<std::pair<std::string, GameSpec>> games{
      {"Kayles", spec_of(Kind::take_and_break, octal_game({0, 7, 7}))},
      {"subtract 1,2", spec_of(Kind::take_and_break, subtraction_game({1, 2}))},
      {"Moore", spec_of(Kind::moore)},
      {"Wythoff", spec_of(Kind::wythoff)},
      {"staircase", spec_of(Kind::staircase)},
      {"Lasker", spec_of(Kind::lasker)},
  };
  for (const auto& game_named : games) {
    const std::string& name = game_named.first;
    GameSpec spec = game_named.second;
    spec.misere = true;
    CAPTURE(name);
    const PreparedGame game(spec, BigHeap(6));
    std::visit(
        [&](const auto& rules) {
          CHECK(misere_is_searched(spec) == !rules.knows_misere());
          // A game whose moves may split has a split among the moves of two heaps of 6, and the
          // others none.
          bool split = false;
          const Position<SmallHeap> position{6, 6};
          for_each_move(rules, std::span<const SmallHeap>(position),
                        [&](const GameMove<SmallHeap>& move) {
                          split = split || move.split.has_value();
                          return true;
                        });
          CHECK(moves_may_split(spec) == split);
        },
        game.rules<SmallHeap>());
  }
}

// Whether the oracle's value of every position of two heaps up to 5 is the XOR of the values of
// its heaps alone, a heap alone being the position of it and an empty heap (Wythoff's game is
// played on 2 heaps; staircase Nim's empty second step leaves the heap on the first).
bool worth_xor_of_single_heaps(const GameSpec& spec) {
  const PreparedGame game(spec, BigHeap(5));
  bool xor_of_heaps = true;
  std::visit(
      [&](const auto& rules) {
        testing::Oracle oracle(rules);
        for (SmallHeap a = 0; a <= 5; ++a)
          for (SmallHeap b = 0; b <= 5; ++b)
            xor_of_heaps = xor_of_heaps &&
                           oracle.grundy({a, b}) == (oracle.grundy({a, 0}) ^ oracle.grundy({b, 0}));
      },
      game.rules<SmallHeap>());
  return xor_of_heaps;
}

TEST_CASE("values_come_from_single_heaps: exactly the games whose positions are worth the XOR") {
  using Kind = GameSpec::Kind;
  const std::vector<std::pair<std::string, GameSpec>> games{
      {"subtract 1,3,4", spec_of(Kind::take_and_break, subtraction_game({1, 3, 4}))},
      {"subtract all but 2,5", spec_of(Kind::take_and_break, all_but_subtraction_game({2, 5}))},
      {"octal 0.77 (Kayles)", spec_of(Kind::take_and_break, octal_game({0, 7, 7}))},
      {"Grundy's game", spec_of(Kind::take_and_break, grundys_game())},
      {"Moore, 1 heap a move", spec_of(Kind::moore, {}, 1)},
      {"Moore, 2 heaps a move", spec_of(Kind::moore, {}, 2)},
      {"Wythoff", spec_of(Kind::wythoff)},
      {"staircase", spec_of(Kind::staircase)},
      {"Lasker", spec_of(Kind::lasker)},
  };
  for (const auto& game : games) {
    const std::string& name = game.first;
    const GameSpec& spec = game.second;
    CAPTURE(name);
    CHECK(values_come_from_single_heaps(spec) == worth_xor_of_single_heaps(spec));
  }
  // Both answers occur, so that the check above tells them apart.
  CHECK(values_come_from_single_heaps(games[8].second));
  CHECK_FALSE(values_come_from_single_heaps(games[6].second));
}

}  // namespace
}  // namespace nim
