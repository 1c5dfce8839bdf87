// The readers of a move of any game (cli/input/game_move_text): --move's forms and what a
// person types in play.
#include <doctest/doctest.h>

#include <limits>
#include <optional>
#include <string>

#include "cli/input/game_move_text.hpp"

namespace nim {
namespace {

using BigMove = GameMove<BigHeap>;
constexpr std::size_t beyond_every_heap = std::numeric_limits<std::size_t>::max();

using Given = GivenGameMove;

TEST_CASE("read_game_move: I,N and the JSON forms the records write, their numbers as given") {
  CHECK(read_game_move("2,3") == Given{{{BigHeap(2), BigHeap(3)}}, {}});
  CHECK(read_game_move("[2,3]") == Given{{{BigHeap(2), BigHeap(3)}}, {}});
  // The parts of a split, smaller first whichever way they are given.
  CHECK(read_game_move("[0, 1, [4, 2]]") ==
        Given{{{BigHeap(0), BigHeap(1)}}, {{BigHeap(2), BigHeap(4)}}});
  CHECK(read_game_move("[[0,2],[1,2]]") ==
        Given{{{BigHeap(0), BigHeap(2)}, {BigHeap(1), BigHeap(2)}}, {}});
  CHECK(read_game_move("[99999999999999999999999,1]") ==
        Given{{{BigHeap("99999999999999999999999"), BigHeap(1)}}, {}});
  // Negative numbers are of a move's form: the judge calls the move illegal, as Nim's does.
  CHECK(read_game_move("-1,2") == Given{{{BigHeap(-1), BigHeap(2)}}, {}});
  CHECK(read_game_move("1,-2") == Given{{{BigHeap(1), BigHeap(-2)}}, {}});
  CHECK(read_game_move("[-1,2]") == Given{{{BigHeap(-1), BigHeap(2)}}, {}});
  CHECK(read_game_move("[0,1,[-1,2]]") ==
        Given{{{BigHeap(0), BigHeap(1)}}, {{BigHeap(-1), BigHeap(2)}}});
  CHECK(read_game_move("[[0,2],[-1,2]]") ==
        Given{{{BigHeap(0), BigHeap(2)}, {BigHeap(-1), BigHeap(2)}}, {}});
  for (const std::string bad :
       {"", "x", "1", "1,", "[1]", "[1,2,3]", "[1,2,[3]]", "[1,2,[3,4,5]]", "[[1,2],[3]]", "[]",
        "[[1,2],3]", "[1.5,2]", "[[1,2,[3,4]]]", "{\"move\":[1,2]}", "[1,2] x"}) {
    INFO(bad);
    CHECK(read_game_move(bad) == std::nullopt);
  }
}

TEST_CASE("a given move is a move when no number is negative, a huge index no heap") {
  CHECK(read_game_move("[0,1,[4,2]]")->move() ==
        BigMove{{{0, BigHeap(1)}}, {{BigHeap(2), BigHeap(4)}}});
  CHECK(read_game_move("[99999999999999999999999,1]")->move() ==
        BigMove{{{beyond_every_heap, BigHeap(1)}}, {}});
  CHECK(read_game_move("[0,99999999999999999999999]")->move() ==
        BigMove{{{0, BigHeap("99999999999999999999999")}}, {}});
  for (const std::string negative : {"-1,2", "1,-2", "[0,1,[-1,2]]", "[[0,2],[-1,2]]"}) {
    INFO(negative);
    CHECK(read_game_move(negative)->move() == std::nullopt);
  }
}

TEST_CASE("read_json_game_move: the agent protocol's forms, no negative number") {
  CHECK(read_json_game_move("[[0,2],[1,2]]") == BigMove{{{0, BigHeap(2)}, {1, BigHeap(2)}}, {}});
  for (const std::string bad : {"[-1,1]", "[1,-1]", "[0,1,[-1,2]]", "1,2"}) {
    INFO(bad);
    CHECK(read_json_game_move(bad) == std::nullopt);
  }
}

GivenGameMove typed(std::initializer_list<std::pair<long, long>> takes,
                    std::optional<std::array<long, 2>> split = std::nullopt) {
  GivenGameMove move;
  for (const auto& [heap, count] : takes)
    move.takes.push_back({BigHeap(heap), BigHeap(count)});
  if (split) move.split = {BigHeap((*split)[0]), BigHeap((*split)[1])};
  return move;
}

TEST_CASE("read_typed_move: heaps from 1, separated by blanks or one comma") {
  for (const std::string text : {"4 1", "4,1", "4, 1", "  4 ,  1 \r", "4\t1", "4    1", "004 01"}) {
    INFO(text);
    CHECK(read_typed_move(text, TypedMoveForm::takes) == typed({{3, 1}}));
  }
  CHECK(read_typed_move("3 1 4 2", TypedMoveForm::with_split) == typed({{2, 1}}, {{2, 4}}));
  CHECK(read_typed_move("3,1,2,0", TypedMoveForm::with_split) == typed({{2, 1}}, {{0, 2}}));
  CHECK(read_typed_move("1 2 2 2", TypedMoveForm::takes) == typed({{0, 2}, {1, 2}}));
  CHECK(read_typed_move("1 2 3 4 5 6", TypedMoveForm::takes).has_value());
  SUBCASE("numbers out of range are still a move, for the game to refuse") {
    CHECK(read_typed_move("0 1", TypedMoveForm::takes) == typed({{-1, 1}}));
    CHECK(read_typed_move("-2 1", TypedMoveForm::takes) == typed({{-3, 1}}));
    CHECK(read_typed_move("1 0", TypedMoveForm::takes) == typed({{0, 0}}));
    CHECK(read_typed_move("1 -5", TypedMoveForm::takes) == typed({{0, -5}}));
    const auto huge = read_typed_move("1 100000000000000000000000000", TypedMoveForm::takes);
    REQUIRE(huge.has_value());
    CHECK(huge->takes.front().count == BigHeap("100000000000000000000000000"));
  }
  for (const std::string bad : {"", " ", "3", "3 1 2", "a b", "4.5 1", "+4 1", ",4 1", "4 1,",
                                "4,,1", "4, ,1", "4 1 2 2 1 1", "hint", "4\x1b[31m 1"}) {
    INFO(bad);
    CHECK(read_typed_move(bad, TypedMoveForm::with_split) == std::nullopt);
  }
}

TEST_CASE("read_typed_move: where moves only split, HEAP LEFT RIGHT is HEAP 0 LEFT RIGHT") {
  constexpr auto only_split = TypedMoveForm::only_split;
  for (const std::string text : {"1 2 3", "1 3 2", "1,2,3", " 1 , 3 2\r", "1 0 2 3", "1 0 3 2"}) {
    INFO(text);
    CHECK(read_typed_move(text, only_split) == typed({{0, 0}}, {{2, 3}}));
  }
  // Kept as typed, for the judge to refuse as it refuses the long form.
  CHECK(read_typed_move("1 1 4", only_split) == read_typed_move("1 0 1 4", only_split));
  CHECK(read_typed_move("0 2 -3", only_split) == typed({{-1, 0}}, {{-3, 2}}));
  // The other forms as before: a take, a take and a split.
  CHECK(read_typed_move("1 2", only_split) == typed({{0, 2}}));
  CHECK(read_typed_move("1 1 2 2", only_split) == typed({{0, 1}}, {{2, 2}}));
  for (const std::string bad : {"1", "1 2 3 4 5", "1 2 3 4 5 6", "1 2 3,", "1 2 x"}) {
    INFO(bad);
    CHECK(read_typed_move(bad, only_split) == std::nullopt);
  }
  // Where a move may take, three numbers are no move.
  CHECK(read_typed_move("1 2 3", TypedMoveForm::with_split) == std::nullopt);
  CHECK(read_typed_move("1 2 3", TypedMoveForm::takes) == std::nullopt);
}

TEST_CASE("read_typed_sum_move: the component from 1, then the move in its own form") {
  const TypedMoveForm forms[] = {TypedMoveForm::takes, TypedMoveForm::only_split};
  const auto sum_move = [](long component, const Given& move) {
    return TypedSumMove{BigHeap(component), move};
  };
  for (const std::string text : {"1 4 1", "1,4,1", "1, 4 1", "  1 4, 1\r", "1\t4 1"}) {
    INFO(text);
    CHECK(read_typed_sum_move(text, forms) == sum_move(1, typed({{3, 1}})));
  }
  // Component 2's form: Grundy's game's short split.
  CHECK(read_typed_sum_move("2 5 2 3", forms) == sum_move(2, typed({{4, 0}}, {{2, 3}})));
  // Component 1's form has no such move.
  CHECK(read_typed_sum_move("1 5 2 3", forms) == std::nullopt);
  // A component the sum lacks is kept as typed, its move read in any form, for the caller to
  // refuse by its number.
  CHECK(read_typed_sum_move("3 5 2 3", forms) == sum_move(3, typed({{4, 0}}, {{2, 3}})));
  CHECK(read_typed_sum_move("0 1 1", forms) == sum_move(0, typed({{0, 1}})));
  CHECK(read_typed_sum_move("-1 1 1", forms) == sum_move(-1, typed({{0, 1}})));
  for (const std::string bad :
       {"", "1", "1 4", "1,", "1 ,", "1,,4 1", "x 4 1", "1 4 1 x", "4 1,"}) {
    INFO(bad);
    CHECK(read_typed_sum_move(bad, forms) == std::nullopt);
  }
}

TEST_CASE("typed_move_form: only where every move splits and takes nothing, the short split") {
  using Kind = GameSpec::Kind;
  CHECK(typed_move_form(GameSpec{.heap_game = grundys_game()}) == TypedMoveForm::only_split);
  CHECK(typed_move_form(GameSpec{.heap_game = octal_game({4, 0})}) == TypedMoveForm::only_split);
  // Kayles, 4.07 (a split that takes nothing, or a take of 2), 0.4 (a split after a take of 1),
  // Lasker's Nim (a take, or a split that takes nothing).
  for (const HeapGame& game : {octal_game({0, 7, 7}), octal_game({4, 0, 7}), octal_game({0, 4})})
    CHECK(typed_move_form(GameSpec{.heap_game = game}) == TypedMoveForm::with_split);
  CHECK(typed_move_form(GameSpec{.kind = Kind::lasker, .heap_game = {}}) ==
        TypedMoveForm::with_split);
  CHECK(typed_move_form(GameSpec{.heap_game = subtraction_game({1, 2})}) == TypedMoveForm::takes);
  CHECK(typed_move_form(GameSpec{.kind = Kind::nim, .heap_game = {}}) == TypedMoveForm::takes);
  CHECK(typed_move_form(GameSpec{.kind = Kind::wythoff, .heap_game = {}}) == TypedMoveForm::takes);
}

}  // namespace
}  // namespace nim
