#include "cli/input/game_record.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace nim {
namespace {

std::string record_ending(const std::string& reason) {
  return R"({"game":1,"start":[1,2],"rules":{"misere":false,"max_take":null},"first":"a",)"
         R"("second":"b","moves":[[1,1],[0,1]],"optimal":[true,false],"winner":"b","reason":")" +
         reason + "\"}";
}

TEST_CASE("a game record read back: its fields as written, its moves, how it ended") {
  const auto game = read_game_record(record_ending("normal"));
  REQUIRE(game);
  CHECK(game->fields.size() == 9);
  CHECK(game->field("start") == "[1,2]");
  CHECK(game->field("rules") == R"({"misere":false,"max_take":null})");
  CHECK(game->field("reason") == R"("normal")");
  CHECK(game->field("none") == "");
  REQUIRE(game->moves.size() == 2);
  CHECK(game->moves[0].move == GameMove<BigHeap>::single(1, BigHeap(1)));
  CHECK(game->moves[1].move == GameMove<BigHeap>::single(0, BigHeap(1)));
  CHECK_FALSE(game->illegal);
  CHECK_FALSE(game->fault);
  const auto adjudicated = read_game_record(record_ending("adjudicated after 2 plies"));
  REQUIRE(adjudicated);
  CHECK_FALSE(adjudicated->illegal);
  CHECK_FALSE(adjudicated->fault);
}

TEST_CASE("a game record's reason gives the move or the fault that ended it") {
  const auto illegal = read_game_record(
      record_ending("illegal move [9,100000000000000000000001]: there is no heap 9"));
  REQUIRE(illegal);
  REQUIRE(illegal->illegal);
  CHECK(illegal->illegal->move ==
        GameMove<BigHeap>::single(9, BigHeap("100000000000000000000001")));
  CHECK_FALSE(illegal->fault);
  const struct {
    std::string reason;
    Termination termination;
  } faults[] = {
      {"no reply within 5 s", Termination::timeout},
      {"lost on time: no reply within the 0.049159 s left on its clock", Termination::time},
      {"lost on time: it replied after 0.3 s, with 0.25 s left on its clock", Termination::time},
      {"exited with status 1", Termination::exited},
      {"killed by signal 9 (SIGKILL)", Termination::exited},
      {"could not be started again: fork", Termination::exited},
      {R"(not JSON: \"x\" (unexpected character 'x' at byte 1))", Termination::bad_reply},
      {"illegal move [9]: no count", Termination::bad_reply},
      // A negative number is no move: a reply that held one was not a move.
      {"illegal move [9,-1]: no heap", Termination::bad_reply}};
  for (const auto& fault : faults) {
    INFO(fault.reason);
    const auto game = read_game_record(record_ending(fault.reason));
    REQUIRE(game);
    REQUIRE(game->fault);
    CHECK(game->fault->termination == fault.termination);
    CHECK_FALSE(game->illegal);
  }
  CHECK(read_game_record(record_ending(R"(not JSON: \"x\")"))->fault->message ==
        R"(not JSON: "x")");
}

TEST_CASE("a line that is not a game record") {
  for (const std::string& line : std::vector<std::string>{
           "", "[]", "{", R"({"game":1})", R"({"moves":[[1,1]]})",
           R"({"moves":[[1]],"reason":"x"})", R"({"moves":[[1,1.5]],"reason":"normal"})",
           R"({"moves":[],"reason":1})", record_ending("normal") + "x"})
    CHECK_FALSE(read_game_record(line));
  CHECK(read_game_record(R"({"moves":[],"reason":"normal"})"));
}

TEST_CASE("a game record of Kayles: its moves in the game's forms, its illegal move") {
  const std::string line =
      R"({"game":1,"start":[6,4],"rules":{"game":"octal","code":"0.77","misere":false},)"
      R"("first":"a","second":"b","moves":[[0,1,[2,3]],[[0,1],[1,1]]],"optimal":[false,true],)"
      R"("winner":"a","reason":"illegal move [1,3,[1,1]]: the rules of the octal game 0.77 do )"
      R"(not allow it"})";
  const auto game = read_game_record(line);
  REQUIRE(game);
  REQUIRE(game->moves.size() == 2);
  CHECK(game->moves[0].move == GameMove<BigHeap>{{{0, BigHeap(1)}}, {{BigHeap(2), BigHeap(3)}}});
  CHECK(game->moves[1].move == GameMove<BigHeap>{{{0, BigHeap(1)}, {1, BigHeap(1)}}, {}});
  REQUIRE(game->illegal);
  CHECK(game->illegal->move == GameMove<BigHeap>{{{1, BigHeap(3)}}, {{BigHeap(1), BigHeap(1)}}});
  CHECK_FALSE(game->fault);
  // A move of no form is no record.
  CHECK_FALSE(read_game_record(R"({"moves":[[1]],"reason":"normal"})"));
  CHECK(read_game_record(R"({"moves":[[1,1]],"reason":"normal"})"));
}

TEST_CASE("a game record of a sum: its moves and its illegal move, each in its component") {
  const std::string line =
      R"({"game":1,"start":{"sum":[{"heaps":[4]},{"heaps":[1,1]}]},"rules":{"game":"sum",)"
      R"("misere":false},"first":"a","second":"b","moves":[{"component":1,"move":[[0,1],[1,1]]},)"
      R"({"component":0,"move":[0,1,[1,2]]}],"optimal":[true,true],"winner":"b","reason":)"
      R"("illegal move {\"component\":5,\"move\":[0,1]}: there is no component 5: the )"
      R"(components are numbered 0 to 1"})";
  const auto game = read_game_record(line);
  REQUIRE(game);
  REQUIRE(game->moves.size() == 2);
  REQUIRE(game->moves[0].in_component);
  CHECK(game->moves[0].in_component->component == 1);
  CHECK(game->moves[0].in_component->move ==
        GameMove<BigHeap>{{{0, BigHeap(1)}, {1, BigHeap(1)}}, {}});
  CHECK(game->moves[1].in_component->move ==
        GameMove<BigHeap>{{{0, BigHeap(1)}}, {{BigHeap(1), BigHeap(2)}}});
  REQUIRE(game->illegal);
  CHECK(game->illegal->in_component->component == 5);
  CHECK(game->illegal->in_component->move == GameMove<BigHeap>::single(0, BigHeap(1)));
}

TEST_CASE("a game record's move times and values go with its moves") {
  const auto with = [](const std::string& keys) {
    return R"({"moves":[[1,1],[0,1]],"optimal":[true,false],)" + keys + R"(,"reason":"normal"})";
  };
  const auto game = read_game_record(with(R"("move_ms":[12.345,null],"values":[null,0.25])"));
  REQUIRE(game);
  CHECK(game->moves[0].facts == ReplyFacts{.microseconds = 12345});
  CHECK(game->moves[1].facts == ReplyFacts{.value = 0.25});
  CHECK(read_game_record(with(R"("move_ms":[0.001,7])"))->moves[1].facts.microseconds == 7000);
  CHECK(read_game_record(with(R"("move_ms":[5,7],"think_ms":[null,6.5])"))->moves[1].facts ==
        ReplyFacts{.microseconds = 7000, .think_microseconds = 6500});
  // One item a move, each a number (of milliseconds, to the microsecond) or null; a value from 0
  // to 1.
  for (const char* keys :
       {R"("move_ms":[1])", R"("move_ms":[1,2,3])", R"("move_ms":[1,"2"])",
        R"("move_ms":[1,0.0001])", R"("move_ms":[1,-1])", R"("move_ms":1)", R"("values":[0.5,1.5])",
        R"("values":[0.5,-0.5])", R"("values":[0.5,true])", R"("values":[0.5])",
        R"("think_ms":[1])", R"("think_ms":[1,-1])", R"("think_ms":[1,"2"])"}) {
    INFO(keys);
    CHECK_FALSE(read_game_record(with(keys)));
  }
}

}  // namespace
}  // namespace nim
