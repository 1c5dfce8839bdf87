// nim-game play's undo, scripted through a pipe as tests/e2e/play_test.cpp plays its games: it
// takes back the person's last move and the computer's reply (two people: the last move), says so
// when there is nothing to take back, shows the board again, writes an undo event in JSON, leaves
// the moves taken back out of the review, and keeps a seeded game reproducible. Every game's
// moves are taken back alike: a split of Grundy's game too.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim::play_undo_test {
namespace {

using testing::run_nim;
using Args = std::vector<std::string>;

// The output of a game that must end with status 0 and nothing on stderr.
std::string played(Args args, const std::string& input) {
  args.insert(args.begin(), "play");
  const auto run = run_nim(std::move(args), input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return run.out;
}

TEST_CASE("play undo: the person's move and the computer's reply taken back, the board again") {
  CHECK(played({"-H", "2", "3"}, "1 1\nundo\nquit\n") ==
        "Nim: you against the computer, playing perfectly. You move first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.\n"
        "\n1: X X\n2: X X X\nYour move (heap count): 1 1\n"
        "\n1: X\n2: X X X\nComputer takes 2 from heap 2.\n"
        "\n1: X\n2: X\nYour move (heap count): undo\n"
        "Taken back: you took 1 from heap 1, then the computer took 2 from heap 2.\n"
        "\n1: X X\n2: X X X\nYour move (heap count): quit\n"
        "You quit the game.\n"
        "Review: you never gave away a won position.\n");
}

TEST_CASE("play undo: nothing to take back is said in one line, and the same turn goes on") {
  const std::string board = "\n1: X X\n2: X X X\nYour move (heap count): ";
  CHECK(played({"-H", "2", "3"}, "undo\nquit\n")
            .ends_with(board + "undo\nThere is no move of yours to take back.\n" + board +
                       "quit\nYou quit the game.\nReview: you never gave away a won position.\n"));
  // The computer's first move is not the person's to take back.
  CHECK(played({"-H", "1", "2", "--first", "computer"}, "undo\n")
            .ends_with("Computer takes 1 from heap 2.\n"
                       "\n1: X\n2: X\nYour move (heap count): undo\n"
                       "There is no move of yours to take back.\n"
                       "\n1: X\n2: X\nYour move (heap count): \n"
                       "The input ended before the game did.\n"
                       "Review: you never gave away a won position.\n"));
  CHECK(
      played({"-H", "1", "2", "--first", "computer", "--format", "json"}, "undo\n") ==
      R"({"event":"start","position":[1,2],"rules":{"misere":false,"max_take":null},"players":["computer","human"],"difficulty":1}
{"event":"move","player":"computer","move":[1,1],"next_position":[1,1],"optimal":true}
{"event":"invalid","input":"undo","reason":"there is no move of yours to take back"}
{"event":"end","winner":null,"ending":"end_of_input","mistakes":[],"seed":null}
)");
}

TEST_CASE("play undo: two people take back the last move, one at a time") {
  const Args people{"-H", "2", "2", "--players", "human,human"};
  CHECK(played(people, "1 1\n2 1\nundo\nundo\nundo\n2 2\nquit\n") ==
        "Nim: Player 1 against Player 2. Player 1 moves first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.\n"
        "\n1: X X\n2: X X\nPlayer 1, your move (heap count): 1 1\n"
        "\n1: X\n2: X X\nPlayer 2, your move (heap count): 2 1\n"
        "\n1: X\n2: X\nPlayer 1, your move (heap count): undo\n"
        "Taken back: Player 2 took 1 from heap 2.\n"
        "\n1: X\n2: X X\nPlayer 2, your move (heap count): undo\n"
        "Taken back: Player 1 took 1 from heap 1.\n"
        "\n1: X X\n2: X X\nPlayer 1, your move (heap count): undo\n"
        "There is no move to take back.\n"
        "\n1: X X\n2: X X\nPlayer 1, your move (heap count): 2 2\n"
        "\n1: X X\n2:\nPlayer 2, your move (heap count): quit\n"
        "Player 2 quit the game.\n"
        "Review: neither player gave away a won position.\n");
  Args json = people;
  json.insert(json.end(), {"--format", "json"});
  CHECK(
      played(json, "1 1\n2 1\nundo\n") ==
      R"({"event":"start","position":[2,2],"rules":{"misere":false,"max_take":null},"players":["player1","player2"],"difficulty":null}
{"event":"move","player":"player1","move":[0,1],"next_position":[1,2],"optimal":true}
{"event":"move","player":"player2","move":[1,1],"next_position":[1,1],"optimal":true}
{"event":"undo","taken_back":[{"ply":1,"player":"player2","move":[1,1]}],"position":[1,2]}
{"event":"end","winner":null,"ending":"end_of_input","mistakes":[],"seed":null}
)");
}

TEST_CASE("play undo: the JSON undo event names the moves taken back and the board they leave") {
  CHECK(
      played({"-H", "2", "2", "3", "--format", "json"}, "4 1\n1 1\nundo\nquit\n") ==
      R"({"event":"start","position":[2,2,3],"rules":{"misere":false,"max_take":null},"players":["human","computer"],"difficulty":1}
{"event":"invalid","input":"4 1","reason":"there is no heap 4: the heaps are numbered 1 to 3"}
{"event":"move","player":"human","move":[0,1],"next_position":[1,2,3],"optimal":true}
{"event":"move","player":"computer","move":[2,1],"next_position":[1,2,2],"optimal":true}
{"event":"undo","taken_back":[{"ply":0,"player":"human","move":[0,1]},{"ply":1,"player":"computer","move":[2,1]}],"position":[2,2,3]}
{"event":"end","winner":null,"ending":"quit","mistakes":[],"seed":null}
)");
}

TEST_CASE("play undo: the review judges only the moves that stand") {
  // 4 1 gives away the win of 5 4 3 2 1; taken back, it is not reviewed.
  CHECK(played({}, "4 1\nundo\n1 1\nquit\n")
            .ends_with("You quit the game.\nReview: you never gave away a won position.\n"));
  // Kept, it is; the pair taken back after it is not.
  CHECK(played({}, "4 1\n1 1\nundo\nquit\n")
            .ends_with("Review: 1 move gave away a won position:\n"
                       "  Move 1: you took 1 from heap 4; taking 1 from heap 1 would have kept "
                       "the win.\n"));
  // Two people: each gives the win away, the second's move is taken back.
  const Args people{"-H", "1", "2", "--players", "human,human", "--format", "json"};
  CHECK(
      played(people, "1 1\n2 1\nundo\nquit\n")
          .ends_with(
              R"({"event":"end","winner":null,"ending":"quit","mistakes":[{"ply":0,"player":"player1","move":[0,1],"keeping":[1,1]}],"seed":null})"
              "\n"));
}

TEST_CASE("play undo: a game with undos replays from its seed") {
  // The computer's random choices are one sequence: a reply taken back keeps its draws, and the
  // next reply takes the next ones, so that the seed and the same lines play the same game.
  const Args args{"--difficulty", "0.5", "--choose", "random"};
  const std::string input = "1 1\nundo\n2 1\n3 1\nundo\nundo\n3 2\n1 1\n2 1\n4 1\n5 1\n1 1\n";
  const std::string text = played(args, input);
  const auto at = text.rfind("\nSeed: ");
  REQUIRE(at != std::string::npos);
  const std::string seed = text.substr(at + 7, text.find(' ', at + 7) - (at + 7));
  Args replay = args;
  replay.insert(replay.end(), {"--seed", seed});
  CHECK(played(replay, input) == text.substr(0, at + 1));
  CHECK(text.find("Taken back: you took 1 from heap 1, then the computer ") != std::string::npos);
}

TEST_CASE("play undo: a split taken back joins its parts again (Grundy's game)") {
  CHECK(
      played({"--game", "grundy", "-H", "7", "--format", "json"}, "1 3 4\nundo\nquit\n") ==
      R"({"event":"start","position":[7],"rules":{"game":"grundy","misere":false},"players":["human","computer"],"difficulty":1}
{"event":"move","player":"human","move":[0,0,[3,4]],"next_position":[3,4],"optimal":true}
{"event":"move","player":"computer","move":[0,0,[1,2]],"next_position":[1,2,4],"optimal":true}
{"event":"undo","taken_back":[{"ply":0,"player":"human","move":[0,0,[3,4]]},{"ply":1,"player":"computer","move":[0,0,[1,2]]}],"position":[7]}
{"event":"end","winner":null,"ending":"quit","mistakes":[],"seed":null}
)");
}

}  // namespace
}  // namespace nim::play_undo_test
