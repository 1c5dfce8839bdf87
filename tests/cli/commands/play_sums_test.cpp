// nim-game play --sum, run in-process as nim-game runs it with its lines through a pipe: a sum of
// different games played component by component, in text and as JSON events, every refusal in one
// line, and every move of two perfect computers checked against the exhaustive oracle of the sum's
// own moves, in both plays. The play command's other tests are play_command_test.cpp's.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/sum/sum.hpp"
#include "support/exact_json.hpp"
#include "support/oracle.hpp"
#include "support/run_in_process.hpp"
#include "support/sum_json.hpp"

namespace nim::play_sums_test {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_in_process;
using Args = std::vector<std::string>;

// play of Kayles on `kayles`, Nim on `nim` and Wythoff's game on `wythoff`, with `more`.
Args sum_play(const std::string& kayles, const std::string& nim, const std::string& wythoff,
              const Args& more = {}) {
  Args args{"play", "--sum", "--octal 0.77 " + kayles,   "--sum",
            nim,    "--sum", "--game wythoff " + wythoff};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The board of Kayles 3, Nim 2 and Wythoff's game on (1, `second`), as play draws it.
std::string board(const std::string& second) {
  return "\nComponent 1, Octal game 0.77:\n"
         "  1: X X X\n"
         "Component 2, Nim:\n"
         "  1: X X\n"
         "Component 3, Wythoff's game:\n"
         "  1: X\n"
         "  2: " +
         second + "\n";
}

TEST_CASE("play --sum: a game of three games through a pipe, each move in its component") {
  const auto run = run_in_process(sum_play("3", "2", "1 2"),
                                  "9 1 1\n2 3 1\n2 1 5\nx\n1 2 1\nundo\n3 2 1\nquit\n");
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  const std::string prompt = "Your move (component heap count [parts]): ";
  const std::string start = board("X X") + prompt;
  CHECK(run.out ==
        "Sum of 3 games: you against the computer, playing perfectly. You move first.\n"
        "Type a move as component, then the move in it as its game alone is typed (2 4 1\n"
        "takes 1 from heap 4 of component 2), or hint, help or quit.\n" +
            start + "9 1 1\nThere is no component 9: the components are numbered 1 to 3.\n" +
            start + "2 3 1\nIn component 2, there is no heap 3: there is only heap 1.\n" + start +
            "2 1 5\nIn component 2, heap 1 has only 2 objects.\n" + start +
            "x\n\"x\" is not a move: type a component, then a move in it (2 4 1), or hint, help "
            "or\n  quit.\n" +
            start + "1 2 1\nIn component 1, there is no heap 2: there is only heap 1.\n" + start +
            "undo\nThere is no move of yours to take back.\n" + start + "3 2 1\n" + board("X") +
            "Computer takes 1 from heap 1 and splits the rest into 1 and 1 in component 1.\n"
            "\nComponent 1, Octal game 0.77:\n"
            "  1: X\n"
            "  2: X\n"
            "Component 2, Nim:\n"
            "  1: X X\n"
            "Component 3, Wythoff's game:\n"
            "  1: X\n"
            "  2: X\n" +
            prompt +
            "quit\n"
            "You quit the game.\n"
            "Review: 1 move gave away a won position:\n"
            "  Move 1: you took 1 from heap 2 in component 3; taking 1 from heap 1 in\n"
            "    component 1 would have kept the win.\n");
}

TEST_CASE("play --sum: a hint gives the Sprague-Grundy table of the components") {
  const auto run = run_in_process(sum_play("3", "2", "1 2"), "hint\nquit\n");
  const std::string hint =
      "hint\n"
      "Hint: take 1 from heap 1 in component 1 (leaves 2 in it), the winning move.\n"
      "component  game             heaps  value\n"
      "        1  Octal game 0.77  3      3\n"
      "        2  Nim              2      2\n"
      "        3  Wythoff's game   1 2    0\n"
      "The Grundy sum is 3 XOR 2 XOR 0 = 1, not 0: the player to move wins by making\n"
      "component 1, worth 3, worth 3 XOR 1 = 2, which makes the Grundy sum 0. Winning\n"
      "move: take 1 from heap 1 in component 1 (leaves 2 in it).\n"
      "Type hint again for the reasoning step by step.\n";
  CHECK(run.out.find(hint) != std::string::npos);
}

TEST_CASE("play --sum --format json: positions and moves in a sum's JSON forms") {
  const auto run = run_in_process(sum_play("3", "2", "1 2", {"--format", "json"}),
                                  "4 1 1\nhint\n3 2 1\nundo\nquit\n");
  CHECK(run.status == 0);
  const std::string kayles = R"({"rules":{"game":"octal","code":"0.77","misere":false},"heaps":)";
  const std::string nim = R"({"rules":{"misere":false,"max_take":null},"heaps":)";
  const std::string wythoff = R"({"rules":{"game":"wythoff","misere":false},"heaps":)";
  const auto position = [&](const std::string& k, const std::string& n, const std::string& w) {
    return R"({"sum":[)" + kayles + k + "}," + nim + n + "}," + wythoff + w + "}]}";
  };
  const std::string start = position("[3]", "[2]", "[1,2]");
  const std::string taken = R"({"component":2,"move":[1,1]})";
  const std::string reply = R"({"component":0,"move":[0,1,[1,1]]})";
  CHECK(run.out ==
        R"({"event":"start","position":)" + start +
            R"(,"rules":{"game":"sum","misere":false},"players":["human","computer"],)"
            R"("difficulty":1})"
            "\n"
            R"({"event":"invalid","input":"4 1 1","reason":"there is no component 4: the )"
            R"(components are numbered 1 to 3"})"
            "\n"
            R"({"event":"hint","winning":true,"move":{"component":0,"move":[0,1]},)"
            R"("explanation":{"rules_text":"A sum of 3 games, a move being a move in one of )"
            R"(them: 1. Kayles (octal 0.77): knock down 1 or 2 adjacent pins; 2. Nim: take any )"
            R"(number of objects, at least 1, from one heap; 3. Wythoff's game: take any number )"
            R"(of objects from one of the two heaps, or the same number from both.","lines":[)"
            R"("1. Sprague-Grundy: each game of the sum is worth a Nim heap of its Grundy value, )"
            R"(and the sum is worth the XOR of their values.",)"
            R"("component  game             heaps  value",)"
            R"("        1  Octal game 0.77  3      3",)"
            R"("        2  Nim              2      2",)"
            R"("        3  Wythoff's game   1 2    0",)"
            R"("2. The Grundy sum is 3 XOR 2 XOR 0 = 1, not 0: the player to move wins by making )"
            R"(component 1, worth 3, worth 3 XOR 1 = 2, which makes the Grundy sum 0. Winning )"
            R"(move: take 1 from heap 1 in component 1 (leaves 2 in it)."]}})"
            "\n"
            R"({"event":"move","player":"human","move":)" +
            taken + R"(,"next_position":)" + position("[3]", "[2]", "[1,1]") +
            R"(,"optimal":false})"
            "\n"
            R"({"event":"move","player":"computer","move":)" +
            reply + R"(,"next_position":)" + position("[1,1]", "[2]", "[1,1]") +
            R"(,"optimal":true})"
            "\n"
            R"({"event":"undo","taken_back":[{"ply":0,"player":"human","move":)" +
            taken + R"(},{"ply":1,"player":"computer","move":)" + reply + R"(}],"position":)" +
            start +
            "}\n"
            R"({"event":"end","winner":null,"ending":"quit","mistakes":[],"seed":null})"
            "\n");
}

TEST_CASE("play --sum: what a sum cannot take is refused in one line") {
  check_usage_error("play", {"--sum", "3", "-H", "4"},
                    "--heaps names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error("play", {"--sum", "3", "--octal", "0.77"},
                    "--octal names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error("play", {"--sum", "3", "5"},
                    "unexpected argument \"5\" (heap sizes go in each --sum)");
  check_usage_error("play", {"--sum", "--octal 0.77"},
                    "--sum '--octal 0.77': no heap sizes: give them after the game's options, as "
                    "in --sum '--game wythoff 3 4'");
  // A component whose value nim-game cannot compute is named before the board is drawn.
  check_usage_error("play", {"--sum", "3", "--sum", "--game wythoff 300000 400000"},
                    "component 2 of the sum (heaps 300000 400000): the Grundy value of a position "
                    "of Wythoff's game has no formula in nim-game, which searches every position "
                    "it can reach, and looked at more than 32000000 moves without an answer (32 "
                    "for each position of the search's bound, 1000000)");
}

TEST_CASE("play --sum: two perfect computers, every move checked by the oracle, in both plays") {
  for (const bool misere : {false, true}) {
    CAPTURE(misere);
    const testing::KaylesNimWythoff sum(misere);
    testing::Oracle oracle(sum.game());
    std::uint64_t first_wins = 0, games = 0;
    for (unsigned kayles = 0; kayles <= 4; ++kayles)
      for (unsigned nim = 0; nim <= 3; ++nim)
        for (unsigned a = 0; a <= 3; ++a)
          for (unsigned b = a; b <= 3; ++b) {
            Args more{"--players", "computer,computer", "--format", "json"};
            if (misere) more.push_back("--misere");
            const auto run =
                run_in_process(sum_play(std::to_string(kayles), std::to_string(nim),
                                        std::to_string(a) + " " + std::to_string(b), more));
            CAPTURE(run.out);
            REQUIRE(run.status == 0);
            Position<SmallHeap> position = sum_position(std::vector<Position<SmallHeap>>{
                {SmallHeap(kayles)}, {SmallHeap(nim)}, {SmallHeap(a), SmallHeap(b)}});
            const bool first_won = oracle.winning(position);
            std::string winner;
            for (const std::string& line : testing::split_lines(run.out)) {
              const Json event = parse_exact(line);
              if (event["event"] == "start")
                CHECK(testing::sum_position_of(event["position"]) == position);
              if (event["event"] == "end") winner = event["winner"];
              if (event["event"] != "move") continue;
              const GameMove<SmallHeap> move = testing::sum_move_of(event["move"], position, 3);
              REQUIRE(sum.game().is_legal(position, move));
              const bool was_won = oracle.winning(position);
              position = after(sum.game(), position, move);
              CHECK(testing::sum_position_of(event["next_position"]) == position);
              // A perfect player keeps a won position won: it leaves the opponent a lost one.
              if (was_won) CHECK_FALSE(oracle.winning(position));
              CHECK(event["optimal"] == (!was_won || !oracle.winning(position)));
            }
            CHECK(winner == (first_won ? "computer1" : "computer2"));
            first_wins += first_won ? 1 : 0;
            ++games;
          }
    CHECK(first_wins > 0);
    CHECK(first_wins < games);
  }
}

}  // namespace
}  // namespace nim::play_sums_test
