// The games after Nim (issue 15) where the binary is needed: playouts of a million plies read
// through a pipe (and timed), and play fed its moves through a pipe. The records of each command
// line, and every refusal, are the unit tests' (tests/cli/commands/analyse_games_test.cpp,
// positions_games_test.cpp and play_command_test.cpp, run in-process).
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::run_nim;
using GameArgs = std::vector<std::string>;

// The standard output of a run that must succeed quietly.
std::string game_out(const GameArgs& args, const std::string& input = {}) {
  const auto run = run_nim(args, input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return run.out;
}

TEST_CASE("games: a playout stops at 1,000,000 plies unless told otherwise, as Nim's") {
  const std::string nim = testing::shell_quote(testing::nim_game_path());
  const auto limited =
      testing::run_shell(nim + " -H 18446744073709551615 --subtract 1,2 --playout --trace moves" +
                         " | awk 'END { print NR; print }'");
  CHECK(limited.status == 0);
  CHECK(limited.out ==
        "1000000\n{\"ply\":999999,\"move\":[0,2],\"winning\":true,\"done\":false,"
        "\"truncated\":true}\n");
  CHECK(limited.err ==
        "nim-game: a playout stopped at the default limit of 1000000 plies; --max-plies N or "
        "--max-plies unlimited plays on\n");
}

TEST_CASE("games: a playout of Kayles on heaps of 10^30 plays its million plies in seconds") {
  // Its splits leave hundreds of thousands of heaps; a ply once rescanned them all, and 80,000
  // plies took 36 s. The plies are numbered to the last, the game still going.
  const std::string nim = testing::shell_quote(testing::nim_game_path());
  const std::string plies = std::to_string(testing::scaled(1'000'000, 100'000));
  testing::RunSpec spec;
  spec.argv = {"/bin/sh", "-c",
               nim + " -H 1" + std::string(30, '0') + " 1" + std::string(30, '0') +
                   " --octal 0.77 --playout --trace moves --max-plies " + plies +
                   " | awk 'END { print NR; print }'"};
  spec.timeout_seconds = 120;
  const auto run = testing::run_process(spec);
  REQUIRE_FALSE(run.timed_out);
  CHECK(run.status == 0);
  CHECK(run.err == "");
  CHECK(run.out.starts_with(plies + "\n{\"ply\":" + std::to_string(std::stoull(plies) - 1) +
                            ",\"move\":["));
  CHECK(run.out.ends_with(",\"done\":false,\"truncated\":true}\n"));
}

TEST_CASE("games: play through a pipe, a person against the perfect computer") {
  // Laid out as Nim's: the board before each turn, the computer's moves told, a refusal or the
  // help followed by the prompt again, and who made the last move.
  CHECK(game_out({"play", "--subtract", "1,2", "-H", "4"}, "1 1\nhelp\n1 3\n1 2\n") ==
        "Subtraction game {1, 2}: you against the computer, playing perfectly. You move\n"
        "first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.\n"
        "\n"
        "1: X X X X\n"
        "Your move (heap count): 1 1\n"
        "\n"
        "1: X X X\n"
        "Computer takes 1 from heap 1.\n"
        "\n"
        "1: X X\n"
        "Your move (heap count): help\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4).\n"
        "  hint  the best move and why (hint again: the reasoning step by step)\n"
        "  undo  take back your last move and the computer's reply\n"
        "  help  this list (also ?)\n"
        "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n"
        "Your move (heap count): 1 3\n"
        "Heap 1 has only 2 objects.\n"
        "\n"
        "1: X X\n"
        "Your move (heap count): 1 2\n"
        "\n"
        "1:\n"
        "You win: you made the last move.\n"
        "Review: you never gave away a won position.\n");
  // Every game reads the words Nim's play reads, in any case, and a blank line asks again.
  CHECK(game_out({"play", "--subtract", "1,2", "-H", "4"}, "\nHELP\n 1 , 1 \nExit\n") ==
        "Subtraction game {1, 2}: you against the computer, playing perfectly. You move\n"
        "first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.\n"
        "\n"
        "1: X X X X\n"
        "Your move (heap count): \n"
        "Your move (heap count): HELP\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4).\n"
        "  hint  the best move and why (hint again: the reasoning step by step)\n"
        "  undo  take back your last move and the computer's reply\n"
        "  help  this list (also ?)\n"
        "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n"
        "Your move (heap count):  1 , 1 \n"
        "\n"
        "1: X X X\n"
        "Computer takes 1 from heap 1.\n"
        "\n"
        "1: X X\n"
        "Your move (heap count): Exit\n"
        "You quit the game.\n"
        "Review: you never gave away a won position.\n");
  // The review names a move that gave the win away, with the one that kept it.
  CHECK(game_out({"play", "--subtract", "1,2", "-H", "5"}, "1 1\n1 1\n")
            .ends_with("The computer wins: the computer made the last move.\n"
                       "Review: 1 move gave away a won position:\n"
                       "  Move 1: you took 1 from heap 1; taking 2 from heap 1 would have kept "
                       "the win.\n"));
  // hint twice in a row: the brief hint, then the long one (their text is
  // tests/format/play_sink_test.cpp's), each followed by the board and the prompt again.
  const std::string hints =
      game_out({"play", "--game", "wythoff", "-H", "3", "5"}, "hint\nhint\nquit\n");
  const std::string turn = "\n1: X X X\n2: X X X X X\nYour move (heap count ...): ";
  const std::size_t brief = hints.find(turn + "hint\nHint: take 1 from heap 2 (leaves 3 4), ");
  const std::size_t full =
      hints.find("Type hint again for the reasoning step by step.\n" + turn +
                 "hint\nHint:\nThe player to move loses against perfect play.\n");
  CHECK(brief != std::string::npos);
  CHECK(full != std::string::npos);
  CHECK(brief < full);
  CHECK(
      hints.ends_with("(4, 7).\nThe player to move loses: the position is lost. "
                      "(3, 5) is one: n = 2,\nfloor(sqrt(5 n^2)) = 4, a_n = floor((2 + 4) / 2) = "
                      "3.\n" +
                      turn +
                      "quit\nYou quit the game.\n"
                      "Review: you never gave away a won position.\n"));
  // A split typed as heap, count and the two parts; misère play searched.
  CHECK(game_out({"play", "--octal", "0.77", "-H", "5", "--misere"}, "1 1 2 2\nquit\n")
            .find("Octal game 0.77, misère play (whoever moves last loses): you against the\n"
                  "computer, playing perfectly. You move first.\n"
                  "Type a move as heap and count, and to split the rest, its two parts (5 1 2 2\n"
                  "takes 1 from heap 5 and splits the rest into 2 and 2; Grundy's game: 5 0 2 3),\n"
                  "or hint, help or quit.\n"
                  "\n"
                  "1: X X X X X\n"
                  "Your move (heap count [parts]): 1 1 2 2\n"
                  "\n"
                  "1: X X\n"
                  "2: X X\n") == 0);
  // Lasker's Nim splits without taking: heap, 0 and the parts, in either order.
  CHECK(game_out({"play", "--game", "lasker", "-H", "7", "8"}, "1 0 6 1\nquit\n") ==
        "Lasker's Nim: you against the computer, playing perfectly. You move first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or the heap, 0 and two\n"
        "parts (4 0 1 3 splits heap 4 into 1 and 3), or hint, help or quit.\n"
        "\n"
        "1: X X X X X X X\n"
        "2: X X X X X X X X\n"
        "Your move (heap count, or heap 0 parts): 1 0 6 1\n"
        "\n"
        "1: X\n"
        "2: X X X X X X\n"
        "3: X X X X X X X X\n"
        "Computer takes 1 from heap 3.\n"
        "\n"
        "1: X\n"
        "2: X X X X X X\n"
        "3: X X X X X X X\n"
        "Your move (heap count, or heap 0 parts): quit\n"
        "You quit the game.\n"
        "Review: you never gave away a won position.\n");
}

TEST_CASE(
    "games: play Grundy's game with a split typed as heap and parts, judged as the long form") {
  CHECK(game_out({"play", "--game", "grundy", "-H", "5"}, "1 2 3\n") ==
        "Grundy's game: you against the computer, playing perfectly. You move first.\n"
        "Type a move as heap and two parts (5 2 3 splits heap 5 into 2 and 3), or hint,\n"
        "help or quit.\n"
        "\n"
        "1: X X X X X\n"
        "Your move (heap parts): 1 2 3\n"
        "\n"
        "1: X X\n"
        "2: X X X\n"
        "Computer splits heap 2 into 1 and 2.\n"
        "\n"
        "1: X X\n"
        "2: X\n"
        "3: X X\n"
        "The computer wins: the computer made the last move.\n"
        "Review: 1 move gave away a won position:\n"
        "  Move 1: you split heap 1 into 2 and 3; splitting heap 1 into 1 and 4 would\n"
        "    have kept the win.\n");
  const GameArgs grundy{"play", "--game", "grundy", "-H", "5", "--format", "json"};
  // The short form is the long one: the same game follows.
  CHECK(game_out(grundy, "1 1 4\n") == game_out(grundy, "1 0 1 4\n"));
  CHECK(game_out(grundy, "1 4 1\n").find(R"("move":[0,0,[1,4]])") != std::string::npos);
  // An illegal split is refused with the long form's reason: equal parts, parts that do not add
  // up to the heap, a heap that is not there, a negative part.
  for (const auto& [short_form, long_form, reason] : std::vector<std::array<std::string, 3>>{
           {"1 2 2", "1 0 2 2", "the rules of Grundy's game do not allow it"},
           {"1 1 1", "1 0 1 1", "the rules of Grundy's game do not allow it"},
           {"2 1 2", "2 0 1 2", "there is no heap 2: there is only heap 1"},
           {"1 -1 6", "1 0 -1 6", "a split leaves no negative heap, as -1"}}) {
    INFO(short_form);
    const auto invalid = [&](const std::string& line) {
      return R"({"event":"invalid","input":")" + line + R"(","reason":")" + reason + "\"}\n";
    };
    CHECK(game_out(grundy, short_form + "\n").find(invalid(short_form)) != std::string::npos);
    CHECK(game_out(grundy, long_form + "\n").find(invalid(long_form)) != std::string::npos);
  }
  // Where a move may take (Kayles, Lasker's Nim), three numbers are still no move.
  CHECK(
      game_out({"play", "--octal", "0.77", "-H", "5"}, "1 2 3\n")
          .find("Your move (heap count [parts]): 1 2 3\n"
                "\"1 2 3\" is not a move: type a heap and a count, and to split the rest, its two\n"
                "  parts (5 1 2 2), or hint, help or quit.\n") != std::string::npos);
  CHECK(
      game_out({"play", "--game", "lasker", "-H", "5"}, "1 2 3\n")
          .find(
              "\"1 2 3\" is not a move: type a heap and a count (4 1), or a heap, 0 and two parts\n"
              "  (4 0 1 3), or hint, help or quit.\n") != std::string::npos);
}

TEST_CASE("games: play between two computers, the winner by the game's play") {
  CHECK(game_out({"play", "--game", "wythoff", "-H", "5", "6", "--players", "computer,computer"},
                 "") ==
        "Wythoff's game: Computer 1 against Computer 2, each playing perfectly. Computer\n"
        "1 moves first.\n"
        "\n"
        "1: X X X X X\n"
        "2: X X X X X X\n"
        "Computer 1 takes 4 from heap 1 and 4 from heap 2.\n"
        "\n"
        "1: X\n"
        "2: X X\n"
        "Computer 2 takes 1 from heap 2.\n"
        "\n"
        "1: X\n"
        "2: X\n"
        "Computer 1 takes 1 from heap 1 and 1 from heap 2.\n"
        "\n"
        "1:\n"
        "2:\n"
        "Computer 1 wins: Computer 1 made the last move.\n");
  // In misère play the player left without a move has won.
  CHECK(game_out({"play", "--game", "staircase", "-H", "0", "1", "--misere"}, "2 1\n") ==
        "Staircase Nim (heap 1 is the lowest step), misère play (whoever moves last\n"
        "loses): you against the computer, playing perfectly. You move first.\n"
        "Type a move as step and count (3 1 moves 1 coin from step 3 down to step 2), or\n"
        "hint, help or quit.\n"
        "\n"
        "1:\n"
        "2: X\n"
        "Your move (step count): 2 1\n"
        "\n"
        "1: X\n"
        "2:\n"
        "Computer moves 1 coin from step 1 off the staircase.\n"
        "\n"
        "1:\n"
        "2:\n"
        "You win: the computer made the last move.\n"
        "Review: you never gave away a won position.\n");
}

TEST_CASE("games: play --format json writes Nim's events, moves in the game's form") {
  // Kayles: a split, a line refused, the winner.
  CHECK(
      game_out({"play", "--octal", "0.77", "-H", "3", "--format", "json"}, "1 1 1 1\n1 1\n2 1\n") ==
      R"({"event":"start","position":[3],"rules":{"game":"octal","code":"0.77","misere":false},"players":["human","computer"],"difficulty":1}
{"event":"move","player":"human","move":[0,1,[1,1]],"next_position":[1,1],"optimal":true}
{"event":"move","player":"computer","move":[0,1],"next_position":[0,1],"optimal":true}
{"event":"invalid","input":"1 1","reason":"heap 1 is empty"}
{"event":"move","player":"human","move":[1,1],"next_position":[0,0],"optimal":true}
{"event":"end","winner":"human","ending":"over","mistakes":[],"seed":null}
)");
  // Moore's Nim: the person's first move gives the win away; the end event's mistakes say so.
  CHECK(
      game_out({"play", "--game", "moore", "-H", "3", "5", "6", "--format", "json"},
               "1 1\n1 1\n1 1\n") ==
      R"({"event":"start","position":[3,5,6],"rules":{"game":"moore","heaps_per_move":2,"misere":false},"players":["human","computer"],"difficulty":1}
{"event":"move","player":"human","move":[0,1],"next_position":[2,5,6],"optimal":false}
{"event":"move","player":"computer","move":[[1,3],[2,4]],"next_position":[2,2,2],"optimal":true}
{"event":"move","player":"human","move":[0,1],"next_position":[1,2,2],"optimal":true}
{"event":"move","player":"computer","move":[[1,1],[2,1]],"next_position":[1,1,1],"optimal":true}
{"event":"move","player":"human","move":[0,1],"next_position":[0,1,1],"optimal":true}
{"event":"move","player":"computer","move":[[1,1],[2,1]],"next_position":[0,0,0],"optimal":true}
{"event":"end","winner":"computer","ending":"over","mistakes":[{"ply":0,"player":"human","move":[0,1],"keeping":[[1,2],[2,3]]}],"seed":null}
)");
  // --pretty indents each event; a hint carries the explanation of --explain.
  const std::string pretty = game_out(
      {"play", "--game", "wythoff", "-H", "3", "5", "--format", "json", "--pretty"}, "hint\n");
  CHECK(pretty.starts_with("{\n  \"event\": \"start\",\n  \"position\": [\n    3,\n"));
  CHECK(
      pretty.find("  \"explanation\": {\n    \"rules_text\": \"Wythoff's game: take any number of "
                  "objects from one of the two heaps, or the same number from both\",\n    "
                  "\"lines\": [\n      \"Wythoff's theorem: ") != std::string::npos);
}

}  // namespace
}  // namespace nim
