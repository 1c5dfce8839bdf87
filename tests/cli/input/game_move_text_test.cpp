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
    CHECK(read_typed_move(text, false) == typed({{3, 1}}));
  }
  CHECK(read_typed_move("3 1 4 2", true) == typed({{2, 1}}, {{2, 4}}));
  CHECK(read_typed_move("3,1,2,0", true) == typed({{2, 1}}, {{0, 2}}));
  CHECK(read_typed_move("1 2 2 2", false) == typed({{0, 2}, {1, 2}}));
  CHECK(read_typed_move("1 2 3 4 5 6", false).has_value());
  SUBCASE("numbers out of range are still a move, for the game to refuse") {
    CHECK(read_typed_move("0 1", false) == typed({{-1, 1}}));
    CHECK(read_typed_move("-2 1", false) == typed({{-3, 1}}));
    CHECK(read_typed_move("1 0", false) == typed({{0, 0}}));
    CHECK(read_typed_move("1 -5", false) == typed({{0, -5}}));
    const auto huge = read_typed_move("1 100000000000000000000000000", false);
    REQUIRE(huge.has_value());
    CHECK(huge->takes.front().count == BigHeap("100000000000000000000000000"));
  }
  for (const std::string bad : {"", " ", "3", "3 1 2", "a b", "4.5 1", "+4 1", ",4 1", "4 1,",
                                "4,,1", "4, ,1", "4 1 2 2 1 1", "hint", "4\x1b[31m 1"}) {
    INFO(bad);
    CHECK(read_typed_move(bad, true) == std::nullopt);
  }
}

}  // namespace
}  // namespace nim
