// analyse for the games after Nim (issue 15), run in-process as nim-game runs it: a record for
// each game, the moves' JSON forms read back by --move, heaps of any size, --batch with its error
// records, the text, and every refusal as one line naming what is wrong. The claims in these
// records are checked against the exhaustive oracle in tests/nim/game_analysis_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/process.hpp"
#include "support/run_in_process.hpp"

namespace nim::analyse_games_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;
using testing::run_in_process;
using testing::unwrapped;
using GameArgs = std::vector<std::string>;

TEST_CASE("games: a record for each game, its rules and its move in the game's form") {
  CHECK(quiet_output({"-H", "2", "3", "--subtract", "4,1,3"}) ==
        R"({"winning":true,"description":"Take 1 from heap 0","move":[0,1],)"
        R"("next_position":[1,3],"position_before_move":[2,3],"grundy_values":[0,1],)"
        R"("grundy_sum":1,"game_over":false,)"
        R"("rules":{"game":"subtraction","subtract":[1,3,4],"misere":false}})"
        "\n");
  CHECK(quiet_output({"-H", "4", "6", "--subtract-all-but", "2,5"}) ==
        R"({"winning":false,"description":"Take 1 from heap 1","move":[1,1],)"
        R"("next_position":[4,5],"position_before_move":[4,6],"grundy_values":[2,2],)"
        R"("grundy_sum":0,"game_over":false,)"
        R"("rules":{"game":"all-but-subtraction","subtract_all_but":[2,5],"misere":false}})"
        "\n");
  CHECK(quiet_output({"-H", "3", "4", "5", "--octal", "0.77", "--all-moves"}) ==
        R"({"winning":true,"description":"Take 1 from heap 2 and split the rest into 1 and 3",)"
        R"("move":[2,1,[1,3]],"next_position":[3,4,1,3],"position_before_move":[3,4,5],)"
        R"("grundy_values":[3,1,4],"grundy_sum":6,"game_over":false,)"
        R"("rules":{"game":"octal","code":"0.77","misere":false},)"
        R"("winning_moves":[[2,1,[1,3]]]})"
        "\n");
  CHECK(quiet_output({"-H", "5", "--game", "grundy"}) ==
        R"({"winning":true,"description":"Split heap 0 into 1 and 4","move":[0,0,[1,4]],)"
        R"("next_position":[1,4],"position_before_move":[5],"grundy_values":[2],)"
        R"("grundy_sum":2,"game_over":false,"rules":{"game":"grundy","misere":false}})"
        "\n");
  CHECK(quiet_output({"-H", "5", "6", "7", "--game", "moore"}) ==
        R"({"winning":true,"description":"Take 1 from heap 1 and 2 from heap 2",)"
        R"("move":[[1,1],[2,2]],"next_position":[5,5,5],"position_before_move":[5,6,7],)"
        R"("game_over":false,"rules":{"game":"moore","heaps_per_move":2,"misere":false}})"
        "\n");
  CHECK(quiet_output({"-H", "4", "6", "--game", "wythoff", "--misere", "--all-moves"}) ==
        R"({"winning":true,"description":"Take 1 from heap 0 and 1 from heap 1",)"
        R"("move":[[0,1],[1,1]],"next_position":[3,5],"position_before_move":[4,6],)"
        R"("game_over":false,"rules":{"game":"wythoff","misere":true},)"
        R"("winning_moves":[[[0,1],[1,1]]]})"
        "\n");
  CHECK(quiet_output({"-H", "3", "4", "5", "--game", "staircase", "--all-moves"}) ==
        R"({"winning":true,"description":"Move 2 coins from step 2 down to step 1",)"
        R"("move":[1,2],"next_position":[5,2,5],"position_before_move":[3,4,5],)"
        R"("grundy_sum":6,"game_over":false,"rules":{"game":"staircase","misere":false},)"
        R"("winning_moves":[[1,2],[2,2]]})"
        "\n");
  CHECK(quiet_output({"-H", "3", "--game", "lasker"}) ==
        R"({"winning":true,"description":"Take 3 from heap 0","move":[0,3],"next_position":[0],)"
        R"("position_before_move":[3],"grundy_values":[4],"grundy_sum":4,"game_over":false,)"
        R"("rules":{"game":"lasker","misere":false}})"
        "\n");
}

TEST_CASE("games: misère play searched, and a game over without a move") {
  CHECK(quiet_output({"-H", "2", "2", "--octal", "0.07", "--misere", "--all-moves"}) ==
        R"({"winning":true,"description":"Take 2 from heap 0","move":[0,2],)"
        R"("next_position":[0,2],"position_before_move":[2,2],"grundy_values":[1,1],)"
        R"("grundy_sum":0,"game_over":false,)"
        R"("rules":{"game":"octal","code":"0.07","misere":true},"winning_moves":[[0,2],[1,2]]})"
        "\n");
  // No move is left in heaps of 2 when a move takes 3: the player to move has lost.
  CHECK(quiet_output({"-H", "2", "2", "--subtract", "3"}) ==
        R"({"winning":false,"description":"The game is over: no move is left, and the player )"
        R"(to move has lost","move":null,"next_position":null,"position_before_move":[2,2],)"
        R"("grundy_values":[0,0],"grundy_sum":0,"game_over":true,)"
        R"("rules":{"game":"subtraction","subtract":[3],"misere":false}})"
        "\n");
}

TEST_CASE(
    "games: a heap of 10^40 in Kayles, Wythoff's game and Moore's Nim, of 10^30 in Lasker's Nim, "
    "answered exactly") {
  const std::string huge = "10000000000000000000000000000000000000000";
  CHECK(quiet_output({"-H", huge, "7", "--octal", "0.77"}) ==
        R"({"winning":true,"description":"Take 1 from heap 0 and split the rest into 22 and )"
        R"(9999999999999999999999999999999999999977","move":[0,1,[22,)"
        R"(9999999999999999999999999999999999999977]],"next_position":[22,)"
        R"(9999999999999999999999999999999999999977,7],"position_before_move":[)" +
            huge +
            R"(,7],"grundy_values":[1,2],"grundy_sum":3,"game_over":false,)"
            R"("rules":{"game":"octal","code":"0.77","misere":false}})"
            "\n");
  // (a_n, a_n + n) for n = 10^40 is lost; one more in the larger heap is won, by taking it.
  const std::string a = "16180339887498948482045868343656381177203";
  const std::string b = "26180339887498948482045868343656381177203";
  const std::string b_plus_one = "26180339887498948482045868343656381177204";
  CHECK(quiet_output({"-H", a, b, "--game", "wythoff"}).starts_with(R"({"winning":false,)"));
  CHECK(quiet_output({"-H", a, b_plus_one, "--game", "wythoff"}) ==
        R"({"winning":true,"description":"Take 1 from heap 1","move":[1,1],"next_position":[)" + a +
            "," + b + R"(],"position_before_move":[)" + a + "," + b_plus_one +
            R"(],"game_over":false,"rules":{"game":"wythoff","misere":false}})"
            "\n");
  CHECK(quiet_output({"-H", huge, huge, huge, "--game", "moore"})
            .starts_with(R"({"winning":false,)"));
  // Lasker's Nim: 10^30 + 3 is worth 10^30 + 4, and the heap worth 10^30 + 3 is larger; the split
  // into 1 and 10^30 + 2 is worth it.
  CHECK(quiet_output({"-H", "1000000000000000000000000000003", "1000000000000000000000000000004",
                      "--game", "lasker"}) ==
        R"({"winning":true,"description":"Split heap 0 into 1 and )"
        R"(1000000000000000000000000000002","move":[0,0,[1,1000000000000000000000000000002]],)"
        R"("next_position":[1,1000000000000000000000000000002,1000000000000000000000000000004],)"
        R"("position_before_move":[1000000000000000000000000000003,)"
        R"(1000000000000000000000000000004],"grundy_sum":7,"game_over":false,)"
        R"("rules":{"game":"lasker","misere":false}})"
        "\n");
  // Staircase Nim gathers coins on a step: past 2^64 - 1 they are counted exactly.
  CHECK(quiet_output({"-H", "1", "18446744073709551615", "--game", "staircase", "--move",
                      "1,18446744073709551615"})
            .find(R"("next_position":[18446744073709551616,0])") != std::string::npos);
}

TEST_CASE("games: --move reads each form and judges it") {
  CHECK(quiet_output({"-H", "7", "8", "--game", "lasker", "--move", "[0,0,[6,1]]"}) ==
        R"({"winning":true,"description":"Split heap 0 into 1 and 6","move":[0,0,[1,6]],)"
        R"("next_position":[1,6,8],"position_before_move":[7,8],"grundy_values":[8,7],)"
        R"("grundy_sum":15,"game_over":false,"rules":{"game":"lasker","misere":false},)"
        R"("legal":true,"optimal":true,"next_winning":false,"best_move":[0,0,[1,6]]})"
        "\n");
  CHECK(quiet_output({"-H", "5", "--game", "grundy", "--move", "[0,0,[4,1]]"}) ==
        R"({"winning":true,"description":"Split heap 0 into 1 and 4","move":[0,0,[1,4]],)"
        R"("next_position":[1,4],"position_before_move":[5],"grundy_values":[2],)"
        R"("grundy_sum":2,"game_over":false,"rules":{"game":"grundy","misere":false},)"
        R"("legal":true,"optimal":true,"next_winning":false,"best_move":[0,0,[1,4]]})"
        "\n");
  CHECK(quiet_output({"-H", "2", "3", "--subtract", "1,3,4", "--move", "1,2"}) ==
        R"({"winning":true,"description":"Illegal move: the rules of the subtraction game )"
        R"({1, 3, 4} do not allow it","move":[1,2],"next_position":null,)"
        R"("position_before_move":[2,3],"grundy_values":[0,1],"grundy_sum":1,)"
        R"("game_over":false,"rules":{"game":"subtraction","subtract":[1,3,4],"misere":false},)"
        R"("legal":false,"reason":"the rules of the subtraction game {1, 3, 4} do not allow it",)"
        R"("optimal":false,"next_winning":null,"best_move":[0,1]})"
        "\n");
  CHECK(quiet_output({"-H", "4", "4", "--game", "moore", "--move", "[[0,1],[1,9]]"}) ==
        R"({"winning":true,"description":"Illegal move: heap 1 has only 4 objects, fewer than 9",)"
        R"("move":[[0,1],[1,9]],"next_position":null,"position_before_move":[4,4],)"
        R"("game_over":false,"rules":{"game":"moore","heaps_per_move":2,"misere":false},)"
        R"("legal":false,"reason":"heap 1 has only 4 objects, fewer than 9","optimal":false,)"
        R"("next_winning":null,"best_move":[[0,4],[1,4]]})"
        "\n");
  CHECK(quiet_output({"-H", "7", "--octal", "0.07", "--move", "[0,2,[2,3]]", "--format", "text"}) ==
        "Octal game 0.07:\n"
        "1: X X X X X X X\n"
        "Grundy values 1, sum 1: the player to move wins with perfect play.\n"
        "--move [0,2,[2,3]] (take 2 from heap 1 and split the rest into 2 and 3, leaves 2\n"
        "  3): it keeps the win, leaving the opponent a lost position.\n"
        "Winning move: take 2 from heap 1 (leaves 5).\n");
  // A count no heap holds: the move as given, and why (as Nim says it), in JSON as in text.
  const std::string huge = "100000000000000000000000000";
  CHECK(quiet_output({"-H", "3", "4", "--octal", "0.77", "--move", "0," + huge}) ==
        R"({"winning":true,"description":"Illegal move: heap 0 has only 3 objects, fewer than )" +
            huge + R"(","move":[0,)" + huge +
            R"(],"next_position":null,"position_before_move":[3,4],"grundy_values":[3,1],)"
            R"("grundy_sum":2,"game_over":false,"rules":{"game":"octal","code":"0.77",)"
            R"("misere":false},"legal":false,"reason":"heap 0 has only 3 objects, fewer than )" +
            huge +
            R"(","optimal":false,"next_winning":null,"best_move":[0,2]})"
            "\n");
  CHECK(quiet_output({"-H", "3", "4", "--octal", "0.77", "--move", "0," + huge, "--format", "text"})
            .find("--move 0," + huge + ": illegal, heap 1 has only 3 objects.\n") !=
        std::string::npos);
}

TEST_CASE("games: --move with a negative number is an illegal move (exit 0), as Nim's") {
  // Nim: a record with legal false, not a usage error.
  const auto nim = run_in_process({"-H", "1", "2", "--move", "-1,1"});
  CHECK(nim.status == 0);
  CHECK(nim.out.find(R"("move":[-1,1],"next_position":null,)") != std::string::npos);
  CHECK(nim.out.find(
            R"("legal":false,"reason":"there is no heap -1: the heaps are numbered 0 to 1")") !=
        std::string::npos);
  // Every game, in the I,N form and the JSON forms.
  const std::string kayles_tail =
      R"(,"next_position":null,"position_before_move":[1,2],"grundy_values":[1,2],)"
      R"("grundy_sum":3,"game_over":false,"rules":{"game":"octal","code":"0.77",)"
      R"("misere":false},"legal":false,"reason":")";
  for (const std::string move : {"-1,1", "[-1,1]"})
    CHECK(quiet_output({"-H", "1", "2", "--octal", "0.77", "--move", move}) ==
          R"({"winning":true,"description":"Illegal move: there is no heap -1: the heaps are )"
          R"(numbered 0 to 1","move":[-1,1])" +
              kayles_tail +
              R"(there is no heap -1: the heaps are numbered 0 to 1","optimal":false,)"
              R"("next_winning":null,"best_move":[1,1]})"
              "\n");
  CHECK(quiet_output({"-H", "1", "2", "--octal", "0.77", "--move", "1,-1"}) ==
        R"({"winning":true,"description":"Illegal move: a move takes no negative count, as -1",)"
        R"("move":[1,-1])" +
            kayles_tail +
            R"(a move takes no negative count, as -1","optimal":false,"next_winning":null,)"
            R"("best_move":[1,1]})"
            "\n");
  CHECK(quiet_output({"-H", "5", "--octal", "0.07", "--move", "[0,2,[2,-1]]"})
            .find(R"("move":[0,2,[-1,2]],"next_position":null,)") != std::string::npos);
  CHECK(
      quiet_output({"-H", "3", "5", "--game", "wythoff", "--move", "[[0,2],[-1,2]]"})
          .find(R"("legal":false,"reason":"there is no heap -1: the heaps are numbered 0 to 1")") !=
      std::string::npos);
  CHECK(quiet_output({"-H", "1", "2", "--game", "moore", "--move", "-1,1", "--format", "text"})
            .find("--move -1,1: illegal, there is no heap 0: the heaps are numbered 1 to 2.\n") !=
        std::string::npos);
}

TEST_CASE("games: --batch answers every line in order, the unanswerable ones as error records") {
  const std::string input = "1 2 3\n4 5\n{\"heaps\":[1,2],\"rules\":{\"misere\":false}}\n";
  const GameArgs args{"--batch", "--game", "wythoff"};
  const auto run = run_in_process(args, input);
  CHECK(run.status == 1);
  CHECK(run.out ==
        R"({"line":1,"input":"1 2 3","error":"Wythoff's game is played on exactly 2 heaps; )"
        R"(the position has 3"})"
        "\n"
        R"({"winning":true,"description":"Take 1 from heap 0","move":[0,1],"next_position":)"
        R"([3,5],"position_before_move":[4,5],"game_over":false,)"
        R"("rules":{"game":"wythoff","misere":false},"line":2})"
        "\n"
        R"({"line":3,"input":"{\"heaps\":[1,2],\"rules\":{\"misere\":false}}","error":"the )"
        R"(line's rules {\"misere\":false} are not this command's )"
        R"({\"game\":\"wythoff\",\"misere\":false}"})"
        "\n");
  CHECK(run.err == "nim-game: 2 of 3 lines could not be read (the first is line 1)\n");
  // As a table: the header names the input's most heaps, read first; an error fills its column.
  const auto table = run_in_process({"--batch", "--game", "wythoff", "--format", "csv"}, input);
  CHECK(table.status == 1);
  CHECK(table.out ==
        "line,h1,h2,h3,winning,move,error\n"
        "1,,,,,,Wythoff's game is played on exactly 2 heaps; the position has 3\n"
        "2,4,5,,1,\"[0,1]\",\n"
        "3,,,,,,\"the line's rules {\"\"misere\"\":false} are not this command's "
        "{\"\"game\"\":\"\"wythoff\"\",\"\"misere\"\":false}\"\n");
  // --jobs changes no byte.
  std::string many;
  for (int i = 0; i < 600; ++i)
    many += std::to_string(i % 97) + " " + std::to_string(i % 31) + " " + std::to_string(i) + "\n";
  const GameArgs kayles{"--batch", "--octal", "0.77", "--all-moves"};
  GameArgs two_jobs = kayles;
  two_jobs.insert(two_jobs.end(), {"--jobs", "2"});
  CHECK(quiet_output(two_jobs, many) == quiet_output(kayles, many));
}

// A --batch thread fills one analysis again for every line: no line's record may keep anything
// of the line before it (a won position after a lost one, a game over after a move).
TEST_CASE("games: a --batch line is answered as -H answers its position alone") {
  const std::vector<GameArgs> positions{{"3", "4"}, {"0", "0"}, {"1", "1"}, {"5", "9"},
                                        {"2", "2"}, {"0", "0"}, {"7", "0"}, {"1", "2"}};
  std::string input;
  for (const auto& heaps : positions)
    input += heaps[0] + ' ' + heaps[1] + '\n';
  for (const GameArgs& game :
       {GameArgs{"--octal", "0.77"}, GameArgs{"--octal", "0.77", "--misere"},
        GameArgs{"--subtract", "1,3,4"}, GameArgs{"--game", "grundy", "--misere"},
        GameArgs{"--game", "moore"}, GameArgs{"--game", "moore", "--misere"},
        GameArgs{"--game", "wythoff", "--misere"}, GameArgs{"--game", "staircase", "--misere"},
        GameArgs{"--game", "lasker"}}) {
    INFO(game[0] << ' ' << game[1] << (game.size() > 2 ? " --misere" : ""));
    GameArgs batch{"--batch"};
    batch.insert(batch.end(), game.begin(), game.end());
    const std::vector<std::string> records = testing::split_lines(quiet_output(batch, input));
    REQUIRE(records.size() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
      GameArgs alone{"-H", positions[i][0], positions[i][1]};
      alone.insert(alone.end(), game.begin(), game.end());
      const std::string line_key = ",\"line\":" + std::to_string(i + 1) + "}";
      REQUIRE(records[i].ends_with(line_key));
      CHECK(records[i].substr(0, records[i].size() - line_key.size()) + "}\n" ==
            quiet_output(alone));
    }
  }
}

TEST_CASE("games: --playout, a record a ply, the moves in the game's forms") {
  // A split, then single takes: the record of each ply is the analysis of its position.
  CHECK(quiet_output({"-H", "4", "--octal", "0.77", "--playout"}) ==
        R"({"winning":true,"description":"Take 2 from heap 0 and split the rest into 1 and 1",)"
        R"("move":[0,2,[1,1]],"next_position":[1,1],"position_before_move":[4],)"
        R"("grundy_values":[1],"grundy_sum":1,"game_over":false,)"
        R"("rules":{"game":"octal","code":"0.77","misere":false},"ply":0,"done":false})"
        "\n"
        R"({"winning":false,"description":"Take 1 from heap 0","move":[0,1],)"
        R"("next_position":[0,1],"position_before_move":[1,1],"grundy_values":[1,1],)"
        R"("grundy_sum":0,"game_over":false,)"
        R"("rules":{"game":"octal","code":"0.77","misere":false},"ply":1,"done":false})"
        "\n"
        R"({"winning":true,"description":"Take 1 from heap 1","move":[1,1],)"
        R"("next_position":[0,0],"position_before_move":[0,1],"grundy_values":[0,1],)"
        R"("grundy_sum":1,"game_over":false,)"
        R"("rules":{"game":"octal","code":"0.77","misere":false},"ply":2,"done":true,)"
        R"("last_mover":"first","winner":"first"})"
        "\n");
  // Moore's Nim takes from two heaps at once; the loser takes one from the largest heap.
  CHECK(quiet_output({"-H", "3", "5", "6", "--game", "moore", "--playout", "--trace", "moves"}) ==
        R"({"ply":0,"move":[[1,2],[2,3]],"winning":true,"done":false})"
        "\n"
        R"({"ply":1,"move":[0,1],"winning":false,"done":false})"
        "\n"
        R"({"ply":2,"move":[[1,1],[2,1]],"winning":true,"done":false})"
        "\n"
        R"({"ply":3,"move":[0,1],"winning":false,"done":false})"
        "\n"
        R"({"ply":4,"move":[[1,1],[2,1]],"winning":true,"done":false})"
        "\n"
        R"({"ply":5,"move":[0,1],"winning":false,"done":false})"
        "\n"
        R"({"ply":6,"move":[[1,1],[2,1]],"winning":true,"done":true,"last_mover":"first",)"
        R"("winner":"first"})"
        "\n");
  // Misère play searched: whoever moves last loses.
  CHECK(quiet_output(
            {"-H", "2", "2", "--octal", "0.07", "--misere", "--playout", "--trace", "moves"}) ==
        R"({"ply":0,"move":[0,2],"winning":true,"done":false})"
        "\n"
        R"({"ply":1,"move":[1,2],"winning":false,"done":true,"last_mover":"second",)"
        R"("winner":"first"})"
        "\n");
  // A game over before any move (heaps Grundy's game cannot split) is one ply without a move.
  CHECK(quiet_output({"-H", "1", "2", "--game", "grundy", "--playout", "--trace", "moves"}) ==
        R"({"ply":0,"move":null,"winning":false,"done":true,"last_mover":null,"winner":"second"})"
        "\n");
  CHECK(
      quiet_output({"-H", "1", "2", "--game", "grundy", "--playout", "--max-plies", "0"}).empty());
}

TEST_CASE("games: --choose and --when-losing pick the moves, --seed replays them") {
  // Grundy's game from 6 7 has three winning moves: the first splits heap 0, largest heap 1.
  CHECK(quiet_output({"-H", "6", "7", "--game", "grundy", "--choose", "largest"}) ==
        R"({"winning":true,"description":"Split heap 1 into 1 and 6","move":[1,0,[1,6]],)"
        R"("next_position":[6,1,6],"position_before_move":[6,7],"grundy_values":[1,0],)"
        R"("grundy_sum":1,"game_over":false,"rules":{"game":"grundy","misere":false}})"
        "\n");
  CHECK(quiet_output({"-H", "6", "7", "--game", "grundy", "--playout", "--choose", "random",
                      "--seed", "1", "--trace", "moves", "--max-plies", "2"}) ==
        R"({"ply":0,"move":[1,0,[3,4]],"winning":true,"done":false,"seed":1})"
        "\n"
        R"({"ply":1,"move":[0,0,[1,5]],"winning":false,"done":false,"truncated":true,"seed":1})"
        "\n");
  CHECK(quiet_output({"-H", "4", "6", "--subtract", "1,3,4", "--playout", "--when-losing",
                      "first-one", "--trace", "moves", "--max-plies", "3"}) ==
        R"({"ply":0,"move":[0,1],"winning":false,"done":false})"
        "\n"
        R"({"ply":1,"move":[1,3],"winning":true,"done":false})"
        "\n"
        R"({"ply":2,"move":[0,1],"winning":false,"done":false,"truncated":true})"
        "\n");
  CHECK(quiet_output({"-H", "4", "6", "--subtract", "1,3,4", "--when-losing", "random", "--seed",
                      "9", "--format", "text"}) ==
        "Subtraction game {1, 3, 4}:\n"
        "1: X X X X\n"
        "2: X X X X X X\n"
        "Grundy values 2 2, sum 0: the player to move loses against perfect play.\n"
        "Best try: take 3 from heap 1 (leaves 1 6).\n"
        "Seed: 9\n");
  // Every random choice comes from the seed: the same seed, the same playout.
  const GameArgs random{"-H",     "9",         "10",       "11",     "--octal",
                        "0.77",   "--playout", "--choose", "random", "--when-losing",
                        "random", "--seed",    "12"};
  CHECK(quiet_output(random) == quiet_output(random));
  check_usage_error({"-H", "4", "--octal", "0.77", "--seed", "3"},
                    "--seed needs a random policy (--choose random or --when-losing random)");
  check_usage_error({"-H", "100000000000000000000", "3", "--octal", "0.77", "--choose", "largest"},
                    "--choose largest picks among the winning moves of a position with at most "
                    "1000000 moves; this one has more");
}

TEST_CASE("games: --playout as text, in --batch, and as JSON on several threads") {
  CHECK(quiet_output({"-H", "3", "5", "--game", "wythoff", "--playout", "--format", "text"}) ==
        "Wythoff's game:\n"
        "1: X X X\n"
        "2: X X X X X\n"
        "\n"
        "Move 1, first player, losing: take 1 from heap 2.\n"
        "1: X X X\n"
        "2: X X X X\n"
        "\n"
        "Move 2, second player, winning: take 2 from heap 1 and 2 from heap 2.\n"
        "1: X\n"
        "2: X X\n"
        "\n"
        "Move 3, first player, losing: take 1 from heap 2.\n"
        "1: X\n"
        "2: X\n"
        "\n"
        "Move 4, second player, winning: take 1 from heap 1 and 1 from heap 2.\n"
        "1:\n"
        "2:\n"
        "The second player made the last move and wins.\n");
  CHECK(
      quiet_output({"--batch", "--subtract", "1,3,4", "--misere", "--playout", "--format", "text"},
                   "5\n") ==
      "Line 1:\n"
      "Subtraction game {1, 3, 4}, misère play (whoever moves last loses):\n"
      "1: X X X X X\n"
      "\n"
      "Move 1, first player, winning: take 4 from heap 1.\n"
      "1: X\n"
      "\n"
      "Move 2, second player, losing: take 1 from heap 1.\n"
      "1:\n"
      "The second player made the last move and loses: the first player wins.\n"
      "\n");
  CHECK(quiet_output({"-H", "5", "--subtract", "1,3,4", "--playout", "--format", "text",
                      "--max-plies", "1"}) ==
        "Subtraction game {1, 3, 4}:\n"
        "1: X X X X X\n"
        "\n"
        "Move 1, first player, winning: take 3 from heap 1.\n"
        "1: X X\n"
        "The playout stops here, after 1 move: the ply limit.\n");
  const std::string input = "3 3\n1 2 3\n0 1\n";
  const GameArgs args{"--batch", "--game", "wythoff", "--misere", "--playout", "--trace", "moves"};
  const auto run = run_in_process(args, input);
  CHECK(run.status == 1);
  CHECK(run.out ==
        R"({"ply":0,"move":[[0,1],[1,1]],"winning":true,"done":false,"line":1})"
        "\n"
        R"({"ply":1,"move":[0,1],"winning":false,"done":false,"line":1})"
        "\n"
        R"({"ply":2,"move":[[0,1],[1,1]],"winning":true,"done":false,"line":1})"
        "\n"
        R"({"ply":3,"move":[1,1],"winning":false,"done":true,"last_mover":"second",)"
        R"("winner":"first","line":1})"
        "\n"
        R"({"line":2,"input":"1 2 3","error":"Wythoff's game is played on exactly 2 heaps; )"
        R"(the position has 3"})"
        "\n"
        R"({"ply":0,"move":[1,1],"winning":false,"done":true,"last_mover":"first",)"
        R"("winner":"second","line":3})"
        "\n");
  CHECK(run.err == "nim-game: 1 of 3 lines could not be read (the first is line 2)\n");
  std::string many;
  for (int i = 0; i < 200; ++i)
    many +=
        std::to_string(i % 13) + " " + std::to_string(i % 7) + " " + std::to_string(i % 11) + "\n";
  const GameArgs kayles{"--batch", "--octal", "0.77", "--playout", "--all-moves"};
  GameArgs two_jobs = kayles;
  two_jobs.insert(two_jobs.end(), {"--jobs", "2"});
  CHECK(quiet_output(two_jobs, many) == quiet_output(kayles, many));
}

TEST_CASE("games: a playout beyond the theory is refused before its position's record") {
  // Refused at the start: nothing is written.
  check_usage_error(
      {"-H", "30", "30", "30", "--octal", "0.77", "--misere", "--limit-search", "1000",
       "--playout"},
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this one can reach, and there are more than 1000 (the search's "
      "bound)");
  // Refused on the way (--choose largest searches every option of a won position): the plies
  // before it are written whole, then the refusal; in --batch, the line's error record.
  const GameArgs args{"--octal",   "0.77",    "--misere", "--limit-search", "310",
                      "--playout", "--trace", "moves",    "--choose",       "largest"};
  GameArgs single{"-H", "8", "9"};
  single.insert(single.end(), args.begin(), args.end());
  const std::string refusal =
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this "
      "one can reach, and there are more than 310 (the search's bound)";
  const auto run = run_in_process(single);
  CHECK(run.status == 2);
  CHECK(run.out == R"({"ply":0,"move":[1,1],"winning":true,"done":false})"
                   "\n"
                   R"({"ply":1,"move":[0,1],"winning":false,"done":false})"
                   "\n");
  CHECK(run.err == "nim-game: " + refusal + "\n");
  GameArgs batch{"--batch"};
  batch.insert(batch.end(), args.begin(), args.end());
  const auto lines = run_in_process(batch, "8 9\n");
  CHECK(lines.status == 1);
  CHECK(lines.out == R"({"ply":0,"move":[1,1],"winning":true,"done":false,"line":1})"
                     "\n"
                     R"({"ply":1,"move":[0,1],"winning":false,"done":false,"line":1})"
                     "\n"
                     R"({"line":1,"input":"8 9","error":")" +
                         refusal + "\"}\n");
}

TEST_CASE("games: --grundy-limit, as --help, the man page and the README say it: to heap L") {
  // Without a proved period, values to heap 100,000 by default: that heap is answered, the next
  // refused.
  CHECK(quiet_output({"-H", "100000", "--subtract-all-but", "2,5"})
            .starts_with(R"({"winning":true,"description":"Take 99998 from heap 0",)"));
  check_usage_error(
      {"-H", "100001", "--subtract-all-but", "2,5"},
      "heap 100001 of the all-but subtraction game {2,5} is beyond the Grundy "
      "values nim-game computed, to heap 100000 with no proved period (--grundy-limit N "
      "computes further)");
  // Heap L itself is within the limit; L from 0 to 100,000,000.
  CHECK(quiet_output({"-H", "10", "--subtract-all-but", "2,5", "--grundy-limit", "10"})
            .starts_with(R"({"winning":true,)"));
  check_usage_error(
      {"-H", "11", "--subtract-all-but", "2,5", "--grundy-limit", "10"},
      "heap 11 of the all-but subtraction game {2,5} is beyond the Grundy values "
      "nim-game computed, to heap 10 with no proved period (--grundy-limit N computes further)");
  CHECK(quiet_output({"-H", "0", "--subtract-all-but", "2,5", "--grundy-limit", "0"})
            .find(R"("game_over":true)") != std::string::npos);
  check_usage_error({"-H", "1", "--game", "grundy", "--grundy-limit", "100000001"},
                    "--grundy-limit \"100000001\" is not a whole number from 0 to 100000000");
  check_usage_error("sequence", {"--game", "grundy", "--grundy-limit", "100000001"},
                    "--grundy-limit \"100000001\" is not a whole number from 0 to 100000000");
  // The help says the same: the default, the most and the bound of steps.
  const auto help = unwrapped(run_in_process({"--help"}).out);
  CHECK(help.find("(default 100000, at most 100000000)") != std::string::npos);
  CHECK(help.find("max(L, 1024)^2 steps") != std::string::npos);
  const auto sequence_help = unwrapped(run_in_process({"sequence", "--help"}).out);
  CHECK(sequence_help.find("(default 10000, at least N, at most 100000000), in max(L, 1024)^2 "
                           "steps") != std::string::npos);
}

TEST_CASE("games: what the theory cannot answer is refused in one line, exit 2") {
  check_usage_error({"-H", "1", "2", "3", "--game", "wythoff"},
                    "Wythoff's game is played on exactly 2 heaps; the position has 3");
  check_usage_error(
      {"-H", "2000", "--octal", "0.007", "--grundy-limit", "1000"},
      "heap 2000 of the octal game 0.007 is beyond the Grundy values nim-game computed, to heap "
      "1000 with no proved period (--grundy-limit N computes further)");
  check_usage_error(
      {"-H", "30", "30", "30", "--octal", "0.77", "--misere", "--limit-search", "1000"},
      "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
      "position this one can reach, and there are more than 1000 (the search's "
      "bound)");
  check_usage_error(
      {"-H", "20", "20", "--game", "lasker", "--misere", "--limit-search", "100"},
      "misère play of Lasker's Nim has no formula in nim-game, which searches every position "
      "this one can reach, and there are more than 100 (the search's bound)");
  check_usage_error({"-H", "3", "--octal", "0.77", "--limit-search", "1000"},
                    "--limit-search bounds the search of misère play, which --misere asks of "
                    "--octal, --subtract, --subtract-all-but, --game grundy, --game staircase "
                    "and --game lasker");
  // Within the limit, the same heap is answered; and a proved period answers any heap.
  CHECK(quiet_output({"-H", "2000", "--octal", "0.007"}).starts_with(R"({"winning":true,)"));
}

TEST_CASE("games: options of another game or of Nim alone are usage errors naming them") {
  check_usage_error({"-H", "4", "--game", "kayles"},
                    "--game \"kayles\" is not one of nim, grundy, moore, wythoff, staircase, "
                    "lasker");
  check_usage_error({"-H", "4", "--game", "moore", "--octal", "0.77"},
                    "--game moore cannot be used with --octal, --subtract or --subtract-all-but, "
                    "which name a game of their own");
  check_usage_error({"-H", "4", "--octal", "0.77", "--subtract", "1"},
                    "give one game: --octal, --subtract, --subtract-all-but or --game grundy");
  check_usage_error({"-H", "4", "--heaps-per-move", "2"},
                    "--heaps-per-move is a rule of Moore's Nim: it needs --game moore");
  check_usage_error({"-H", "4", "--heaps-per-move", "2", "--game", "lasker"},
                    "--heaps-per-move is a rule of Moore's Nim: it needs --game moore");
  check_usage_error({"-H", "4", "--game", "moore", "--heaps-per-move", "0"},
                    "--heaps-per-move \"0\" is not a whole number from 1 to 1000000");
  check_usage_error({"-H", "4", "--game", "wythoff", "--grundy-limit", "9"},
                    "--grundy-limit bounds the Grundy values of --octal, --subtract, "
                    "--subtract-all-but and --game grundy");
  check_usage_error({"-H", "4", "--octal", "0.77", "--max-take", "2"},
                    "--max-take is a rule of Nim, not of this game");
  check_usage_error({"-H", "4", "--octal", "0.77", "--fields", "heaps,action"},
                    "--fields action needs moves that take from one heap and leave it whole, "
                    "which its ids number (OpenSpiel's (take - 1) * heaps + heap); the octal game "
                    "0.77 has other moves");
  check_usage_error(
      {"-H", "4", "--octal", "0.77", "--playout", "--trace", "moves", "--format", "text"},
      "--trace chooses the JSON records of a playout; it cannot be used with "
      "--format text");
  check_usage_error({"-H", "4", "--game", "moore", "--trace", "moves"}, "--trace needs --playout");
  check_usage_error({"-H", "4", "--game", "staircase", "--format", "csv", "--move", "0,1"},
                    "--move adds to the full record; --format csv writes the fields chosen");
  check_usage_error({"-H", "4", "--game", "moore", "--move", "x"},
                    "--move \"x\" is not a move: I,N, or as JSON [I,N], [I,N,[L,R]] or "
                    "[[I,N],[J,M]]");
}

TEST_CASE("games: --explain gives Sprague-Grundy, Moore's columns, Wythoff's pair, the odd steps") {
  CHECK(quiet_output({"-H", "3", "4", "5", "--octal", "0.77", "--explain", "--format", "text"}) ==
        "Octal game 0.77:\n"
        "1: X X X\n"
        "2: X X X X\n"
        "3: X X X X X\n"
        "Grundy values 3 1 4, sum 6: the player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 3 and split the rest into 1 and 3 (leaves 3 4 1\n"
        "  3).\n"
        "Kayles (octal 0.77): knock down 1 or 2 adjacent pins\n"
        "1. Sprague-Grundy: each heap is worth a Nim heap of its Grundy value, the mex\n"
        "   (the least value missing) of the values of the positions one move leaves\n"
        "   there; a move that leaves two heaps leaves the XOR of their values.\n"
        "heap  size  values a move reaches  value\n"
        "   1     3  0 1 2                  3\n"
        "   2     4  0 2 3                  1\n"
        "   3     5  0 1 2 3                4\n"
        "2. The position is worth the XOR of its heaps' values (Bouton's table on the\n"
        "   values):\n"
        "heap  value  binary\n"
        "   1      3  011\n"
        "   2      1  001\n"
        "   3      4  100\n"
        "             ---\n"
        "parity       110  = Grundy sum 6\n"
        "3. The Grundy sum is 6, not 0: the player to move wins by making heap 3, worth\n"
        "   4, worth 4 XOR 6 = 2 (the XOR of its two parts' values), which makes the sum\n"
        "   0. Winning move: take 1 from heap 3 and split the rest into 1 and 3, leaving\n"
        "   3 4 1 3.\n");
  CHECK(quiet_output({"-H", "5", "6", "7", "--game", "moore", "--explain", "--format", "text"}) ==
        "Moore's Nim, from up to 2 heaps a move:\n"
        "1: X X X X X\n"
        "2: X X X X X X\n"
        "3: X X X X X X X\n"
        "The player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 2 and 2 from heap 3 (leaves 5 5 5).\n"
        "Moore's Nim (k = 2): take objects from 1 to 2 heaps at once, any number from\n"
        "each, at least 1 in all\n"
        "Moore's theorem: the player to move loses iff, writing the heaps in binary,\n"
        "every column holds a multiple of 3 1s (k + 1, for up to k = 2 heaps a move).\n"
        "heap  binary\n"
        "   1  101\n"
        "   2  110\n"
        "   3  111\n"
        "      ---\n"
        "1s    322\n"
        "mod 3 022\n"
        "The player to move wins. Winning move: take 1 from heap 2 and 2 from heap 3,\n"
        "leaving 5 5 5. Every column then holds a multiple of 3 1s:\n"
        "heap  binary\n"
        "   1  101\n"
        "   2  101\n"
        "   3  101\n"
        "      ---\n"
        "1s    303\n"
        "mod 3 000\n");
  CHECK(quiet_output({"-H", "4", "6", "--game", "wythoff", "--explain", "--format", "text"}) ==
        "Wythoff's game:\n"
        "1: X X X X\n"
        "2: X X X X X X\n"
        "The player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 1 and 1 from heap 2 (leaves 3 5).\n"
        "Wythoff's game: take any number of objects from one of the two heaps, or the\n"
        "same number from both\n"
        "Wythoff's theorem: the lost positions are (a_n, a_n + n), a_n = floor(n phi) =\n"
        "floor((n + floor(sqrt(5 n^2))) / 2). Those whose smaller heap is at most 6, the\n"
        "larger heap here: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10).\n"
        "The player to move wins by moving to a lost position. Winning move: take 1 from\n"
        "heap 1 and 1 from heap 2, leaving 3 5. (3, 5) is one: n = 2, floor(sqrt(5 n^2))\n"
        "= 4, a_n = floor((2 + 4) / 2) = 3.\n");
  // The values a large heap's moves reach are listed too, a run of five or more by its ends.
  const std::string grundy =
      quiet_output({"-H", "300", "5000", "--game", "grundy", "--explain", "--format", "text"});
  CHECK(grundy.find("\n   1   300  0-12 15                13\n"
                    "   2  5000  0-13 15-31 33-67 69 85  14\n") != std::string::npos);
  // Large heaps: the first 12 lost positions, then "...".
  CHECK(
      unwrapped(
          quiet_output({"-H", "100", "200", "--game", "wythoff", "--explain", "--format", "text"}))
          .find("The first 12 of those whose smaller heap is at most 200, the larger heap here: "
                "(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), "
                "(14, 23), (16, 26), (17, 28), ... The player to move wins") != std::string::npos);
  // Misère play: its own two pairs, and why the pair reached is lost.
  CHECK(
      unwrapped(quiet_output({"-H", "3", "3", "--game", "wythoff", "--misere", "--explain",
                              "--format", "text"}))
          .ends_with("in misère play (0, 1) and (2, 2) take the place of (1, 2) and (0, 0). Those "
                     "whose smaller heap is at most 3, the larger heap here: (0, 1), (2, 2), (3, "
                     "5). The player to move wins by moving to a lost position. Winning move: "
                     "take 1 from heap 1 and 1 from heap 2, leaving 2 2. (2, 2) is one in misère "
                     "play: taking both heaps leaves no object, so the taker loses, and every "
                     "other move leaves (1, 2), (0, 2) or (1, 1), from which the opponent moves "
                     "to (0, 1). "));
  CHECK(unwrapped(quiet_output({"-H", "1", "1", "--game", "wythoff", "--misere", "--explain",
                                "--format", "text"}))
            .ends_with("leaving 0 1. (0, 1) is one in misère play: the player to move must take "
                       "the last object. "));
  // a_n is the floor of the half: (3 + 6) / 2 is 4.5.
  CHECK(unwrapped(
            quiet_output({"-H", "4", "9", "--game", "wythoff", "--explain", "--format", "text"}))
            .ends_with("(4, 7) is one: n = 3, floor(sqrt(5 n^2)) = 6, a_n = floor((3 + 6) / 2) = "
                       "4. "));
  CHECK(
      quiet_output({"-H", "3", "4", "5", "--game", "staircase", "--explain", "--format", "text"}) ==
      "Staircase Nim (heap 1 is the lowest step):\n"
      "1: X X X\n"
      "2: X X X X\n"
      "3: X X X X X\n"
      "Grundy value 6: the player to move wins with perfect play.\n"
      "Winning move: move 2 coins from step 2 down to step 1 (leaves 5 2 5).\n"
      "Staircase Nim: move one or more coins from a step to the step below (from step\n"
      "1, off the staircase); heap 1 is the lowest step\n"
      "1. Staircase Nim is Nim on the odd steps (1, 3, 5, ...): coins moved down from\n"
      "   an even step can be moved on by the opponent at once, so only the odd steps\n"
      "   count.\n"
      "step  value  binary\n"
      "   1      3  011\n"
      "   3      5  101\n"
      "             ---\n"
      "parity       110  = Grundy value 6\n"
      "2. The value is not 0: the player to move wins. Winning move: move 2 coins from\n"
      "   step 2 down to step 1, leaving 5 2 5.\n");
  CHECK(quiet_output({"-H", "3", "4", "7", "--game", "lasker", "--explain", "--format", "text"}) ==
        "Lasker's Nim:\n"
        "1: X X X\n"
        "2: X X X X\n"
        "3: X X X X X X X\n"
        "Grundy values 4 3 8, sum 15: the player to move wins with perfect play.\n"
        "Winning move: split heap 3 into 1 and 6 (leaves 3 4 1 6).\n"
        "Lasker's Nim: take any number of objects from one heap, or split a heap into two\n"
        "nonempty heaps\n"
        "1. Lasker's Nim: each heap is worth a Nim heap of its Grundy value, the mex of\n"
        "   the values one move leaves there (a split leaves the XOR of its parts'\n"
        "   values): the heap itself, except that 4k + 3 and 4k + 4 swap (3 is worth 4, 4\n"
        "   is worth 3, 7 is worth 8, ...).\n"
        "heap  value  binary\n"
        "   1      4  0100\n"
        "   2      3  0011\n"
        "   3      8  1000\n"
        "             ----\n"
        "parity       1111  = Grundy sum 15\n"
        "2. The Grundy sum is 15, not 0: the player to move wins by making heap 3, worth\n"
        "   8, worth 8 XOR 15 = 7, which makes the sum 0 (to be worth its own size, a\n"
        "   heap of 4k + 3 is split into 1 and 4k + 2). Winning move: split heap 3 into 1\n"
        "   and 6, leaving 3 4 1 6.\n");
  // JSON records carry the same lines.
  CHECK(quiet_output({"-H", "2", "2", "--octal", "0.07", "--misere", "--explain"})
            .ends_with(R"("explanation":{"rules_text":"Dawson's Kayles (octal 0.07): knock )"
                       R"(down 2 adjacent pins; misère play: whoever makes the last move )"
                       R"(loses","lines":["1. Sprague-Grundy: each heap is worth a Nim )"
                       R"(heap of its Grundy value, the mex (the least value missing) of the )"
                       R"(values of the positions one move leaves there; a move that leaves two )"
                       R"(heaps leaves the XOR of their values.","heap  size  values a move )"
                       R"(reaches  value","   1     2  0                      1","   2     2  0 )"
                       R"(                     1","2. The position is worth the XOR of its )"
                       R"(heaps' values (Bouton's table on the values):","heap  value  )"
                       R"(binary","   1      1  1","   2      1  1","             -","parity )"
                       R"(      0  = Grundy sum 0","3. Misère play is no sum of these values: )"
                       R"(nim-game searched every position this one reaches. The player to )"
                       R"(move wins. Winning move: take 2 from heap 1, leaving 0 2."]}})"
                       "\n"));
}

TEST_CASE("games: --explain says the game's name and rules in one line first") {
  const std::vector<std::pair<GameArgs, std::string>> games = {
      {{"-H", "3"}, "Nim: take any number of objects, at least 1, from one heap"},
      {{"-H", "3", "--max-take", "3"},
       "Nim, at most 3 objects a move: take 1 to 3 objects from one heap"},
      {{"-H", "3", "--max-take", "1", "--misere"},
       "Nim, at most 1 object a move: take 1 object from one heap; misère play: whoever makes "
       "the last move loses"},
      {{"-H", "3", "--subtract", "1,3,4"},
       "Subtraction game {1, 3, 4}: take 1, 3 or 4 objects from one heap"},
      {{"-H", "3", "--subtract-all-but", "2,5"},
       "All-but subtraction game {2, 5}: take from one heap any number of objects but 2 or 5"},
      {{"-H", "3", "--octal", "0.77"}, "Kayles (octal 0.77): knock down 1 or 2 adjacent pins"},
      {{"-H", "3", "--octal", "0.07"}, "Dawson's Kayles (octal 0.07): knock down 2 adjacent pins"},
      {{"-H", "3", "--octal", "0.137"},
       "Dawson's chess (octal 0.137): take 1 object, leaving no heap; take 2 objects, leaving no "
       "heap or one heap; take 3 objects, leaving no heap, one heap or two nonempty heaps"},
      {{"-H", "3", "--octal", "4.07"},
       "Octal game 4.07: split a heap into two nonempty heaps without taking; take 2 objects, "
       "leaving no heap, one heap or two nonempty heaps"},
      {{"-H", "3", "--octal", "0.0"}, "Octal game 0.0: no move"},
      {{"-H", "3", "--game", "grundy"},
       "Grundy's game: split a heap into two unequal nonempty heaps"},
      {{"-H", "3", "--game", "moore", "--heaps-per-move", "3"},
       "Moore's Nim (k = 3): take objects from 1 to 3 heaps at once, any number from each, at "
       "least 1 in all"},
      {{"-H", "3", "4", "--game", "wythoff"},
       "Wythoff's game: take any number of objects from one of the two heaps, or the same number "
       "from both"},
      {{"-H", "3", "--game", "staircase"},
       "Staircase Nim: move one or more coins from a step to the step below (from step 1, off "
       "the staircase); heap 1 is the lowest step"},
      {{"-H", "3", "--game", "lasker"},
       "Lasker's Nim: take any number of objects from one heap, or split a heap into two "
       "nonempty heaps"},
  };
  for (const auto& game : games) {
    GameArgs args = game.first;
    args.push_back("--explain");
    CAPTURE(args);
    const std::string record = quiet_output(args);
    CHECK(nlohmann::json::parse(record)["explanation"]["rules_text"] == game.second);
    CHECK(record.find(R"("explanation":{"rules_text":)") != std::string::npos);  // said first
    args.insert(args.end(), {"--format", "text"});
    CHECK(unwrapped(quiet_output(args)).find(game.second + " ") != std::string::npos);
  }
}

// Every position of `fewest_heaps` to `most_heaps` heaps of 0 to 6 objects, one a line.
std::string small_positions(std::size_t fewest_heaps, std::size_t most_heaps) {
  std::string lines;
  std::vector<int> heaps;
  const auto add = [&](auto&& self) -> void {
    if (heaps.size() >= fewest_heaps) {
      for (int h : heaps)
        lines += std::to_string(h) + ' ';
      lines.back() = '\n';
    }
    if (heaps.size() == most_heaps) return;
    for (int h = 0; h <= 6; ++h) {
      heaps.push_back(h);
      self(self);
      heaps.pop_back();
    }
  };
  add(add);
  return lines;
}

// Whether `text` holds "<before>N<after>" for the number N, which it returns.
std::optional<long> number_between(const std::string& text, const std::string& before,
                                   const std::string& after) {
  const auto at = text.find(before);
  if (at == std::string::npos) return std::nullopt;
  const auto end = text.find(after, at + before.size());
  if (end == std::string::npos) return std::nullopt;
  return std::stol(text.substr(at + before.size(), end - at - before.size()));
}

// Whether (a, b) of Wythoff's game is lost for the player to move, by a plain search of its moves
// (from one heap, or the same from both); in misère play an empty position is won.
bool wythoff_lost(int a, int b, bool misere) {
  static std::map<std::tuple<int, int, bool>, bool> known;
  if (a == 0 && b == 0) return !misere;
  if (const auto found = known.find({a, b, misere}); found != known.end()) return found->second;
  bool lost = true;
  for (int k = 1; k <= std::max(a, b) && lost; ++k)
    if ((k <= a && wythoff_lost(a - k, b, misere)) || (k <= b && wythoff_lost(a, b - k, misere)) ||
        (k <= a && k <= b && wythoff_lost(a - k, b - k, misere)))
      lost = false;
  return known[{a, b, misere}] = lost;
}

// The pairs "(a, b)" of a text, in order.
std::vector<std::pair<int, int>> pairs_in(const std::string& text) {
  std::vector<std::pair<int, int>> pairs;
  const std::regex pair(R"(\((\d+), (\d+)\))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pair); it != std::sregex_iterator();
       ++it)
    pairs.emplace_back(std::stoi((*it)[1]), std::stoi((*it)[2]));
  return pairs;
}

TEST_CASE("games: every --explain sentence is true of the position it names, in both plays") {
  // A lost position never has a "Winning move", a won one always does; Moore's reasons (every
  // column a multiple of k + 1 1s; in misère play, heaps of 0 or 1 whose 1s are one more than a
  // multiple) hold of the position they name.
  const std::vector<std::vector<std::string>> games{{"--octal", "0.77"},
                                                    {"--octal", "0.07"},
                                                    {"--subtract", "1,3,4"},
                                                    {"--game", "grundy"},
                                                    {"--game", "moore"},
                                                    {"--game", "wythoff"},
                                                    {"--game", "moore", "--heaps-per-move", "3"},
                                                    {"--game", "staircase"},
                                                    {"--game", "lasker"}};
  for (const auto& game : games)
    for (const bool misere : {false, true}) {
      std::vector<std::string> args{"--batch", "--explain"};
      args.insert(args.end(), game.begin(), game.end());
      if (misere) args.push_back("--misere");
      const bool wythoff = game[1] == "wythoff";  // played on 2 heaps
      const auto run = run_in_process(args, small_positions(wythoff ? 2 : 1, wythoff ? 2 : 3));
      INFO(game[1]);
      INFO(misere);
      REQUIRE(run.status == 0);
      std::size_t records = 0;
      for (const auto& line : testing::split_lines(run.out)) {
        const auto record = nlohmann::json::parse(line);
        std::string said;
        for (const auto& sentence : record["explanation"]["lines"])
          said += sentence.get<std::string>() + "\n";
        INFO(record["position_before_move"].dump() << "\n" << said);
        ++records;
        const bool winning = record["winning"].get<bool>(), over = record["move"].is_null();
        CHECK((said.find("Winning move:") != std::string::npos) == (winning && !over));
        if (winning && over) CHECK(said.find("wins: no move is left") != std::string::npos);
        const std::size_t k = game.size() > 2 ? 3 : 2;
        // Moore's reasons, of the position left by the move or of the position itself.
        const auto ones = [](const nlohmann::json& heaps) {
          std::vector<long> columns(8, 0);
          bool small = true;
          for (long h : heaps.get<std::vector<long>>()) {
            small = small && h <= 1;
            for (int bit = 0; bit < 8; ++bit)
              columns[bit] += (h >> bit) & 1;
          }
          return std::pair(columns, small);
        };
        if (said.find("Every column then holds a multiple of") != std::string::npos) {
          const auto [columns, small] = ones(record["next_position"]);
          for (long count : columns)
            CHECK(count % (k + 1) == 0);
        }
        if (const auto n = number_between(said, "Then every heap is 0 or 1, and the 1s, ", ",")) {
          const auto [columns, small] = ones(record["next_position"]);
          CHECK((small && columns[0] == *n && *n % static_cast<long>(k + 1) == 1));
        }
        if (const auto n = number_between(said, "loses: every heap is 0 or 1, and the 1s, ", ",")) {
          const auto [columns, small] = ones(record["position_before_move"]);
          CHECK((small && columns[0] == *n && *n % static_cast<long>(k + 1) == 1));
        }
        if (wythoff) {
          // The lost positions listed are those whose smaller heap is at most the larger heap
          // here, every one; and the pair said to be one is lost.
          const auto heaps = record["position_before_move"].get<std::vector<int>>();
          const int larger = std::max(heaps[0], heaps[1]);
          std::vector<std::pair<int, int>> lost;
          for (int a = 0; a <= larger; ++a)
            for (int b = a; b <= 2 * larger + 2; ++b)
              if (wythoff_lost(a, b, misere)) lost.emplace_back(a, b);
          const auto listed = said.find("the larger heap here: ");
          CHECK((listed == std::string::npos) == lost.empty());
          if (listed != std::string::npos)
            CHECK(pairs_in(said.substr(listed, said.find('\n', listed) - listed)) == lost);
          const auto is_one = said.find(") is one");
          if (is_one != std::string::npos) {
            const auto named = pairs_in(said.substr(said.rfind('(', is_one)));
            REQUIRE(!named.empty());
            CHECK(wythoff_lost(named[0].first, named[0].second, misere));
          }
          // A lost position, or a won one with a move, says why its pair is lost.
          if (!(winning && over)) CHECK(is_one != std::string::npos);
        }
      }
      CHECK(records == (wythoff ? 49u : 399u));
    }
}

}  // namespace
}  // namespace nim::analyse_games_test
