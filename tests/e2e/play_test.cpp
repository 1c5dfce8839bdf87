// nim-game play (issue 8, section 3), scripted through a pipe as a person or a program would
// drive it: whole games in text and in JSON events, every reason a line cannot be played, hint,
// help, quit, the end of input, the review, two people and two computers, seeds, and the
// computer's strength (difficulty 1 wins every won start; difficulty 0 is uniformly random).
// tests/e2e/play_terminal.py plays the same games at a real pseudo-terminal.
#include <doctest/doctest.h>

#include <gmpxx.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "nim/position.hpp"
#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/oracle.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::RunResult;
using testing::split_lines;
using Args = std::vector<std::string>;

RunResult play(Args args, const std::string& input) {
  args.insert(args.begin(), "play");
  return run_nim(std::move(args), input);
}

// The text of a game that must end with status 0 and nothing on stderr.
std::string text_of(const Args& args, const std::string& input) {
  const auto run = play(args, input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  CHECK(run.out.find('\x1b') == std::string::npos);  // no colour through a pipe
  return run.out;
}

// The JSON events of a game, one a line.
std::vector<Json> events_of(Args args, const std::string& input) {
  args.insert(args.end(), {"--format", "json"});
  const std::string out = text_of(args, input);
  REQUIRE(out.ends_with('\n'));
  std::vector<Json> events;
  for (const auto& line : split_lines(out)) {
    INFO("line: " << line);
    REQUIRE_NOTHROW(events.push_back(parse_exact(line)));
  }
  return events;
}

std::vector<Json> events_named(const std::vector<Json>& events, const std::string& name) {
  std::vector<Json> found;
  for (const auto& event : events)
    if (event["event"] == name) found.push_back(event);
  return found;
}

const std::string board_54321 = "1: X X X X X\n2: X X X X\n3: X X X\n4: X X\n5: X\n";

TEST_CASE("play: a whole game through a pipe, as text, read line by line") {
  CHECK(text_of({"-H", "1", "2"}, "2 1\n2, 1\n") ==
        "Nim: you against the computer, playing perfectly. You move first.\n"
        "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.\n"
        "\n1: X\n2: X X\nYour move (heap count): 2 1\n"
        "\n1: X\n2: X\nComputer takes 1 from heap 1.\n"
        "\n1:\n2: X\nYour move (heap count): 2, 1\n"
        "\n1:\n2:\nYou win: you took the last object.\n"
        "Review: you never gave away a won position.\n");
}

TEST_CASE("play: the default board is 5 4 3 2 1, and the person moves first") {
  const std::string out = text_of({}, "");
  CHECK(out.find("\n" + board_54321 + "Your move (heap count): \n") != std::string::npos);
  const auto events = events_of({}, "");
  REQUIRE(events.size() == 2);
  CHECK(events[0] == Json::parse(R"({"event":"start","position":[5,4,3,2,1],)"
                                 R"("rules":{"misere":false,"max_take":null},)"
                                 R"("players":["human","computer"],"difficulty":1})"));
  CHECK(events[1] == Json::parse(R"({"event":"end","winner":null,"ending":"end_of_input",)"
                                 R"("mistakes":[],"seed":null})"));
}

TEST_CASE("play: every reason a move cannot be played, the same player moves again") {
  const Args args{"-H", "3", "0", "2", "--max-take", "2"};
  const std::vector<std::pair<std::string, std::string>> refused{
      {"9 1", "there is no heap 9: the heaps are numbered 1 to 3"},
      {"0 1", "there is no heap 0: the heaps are numbered 1 to 3"},
      {"2 1", "heap 2 is empty"},
      {"1 0", "a move takes at least 1 object, not 0"},
      {"1 -1", "a move takes at least 1 object, not -1"},
      {"3 3", "heap 3 has only 2 objects"},
      {"1 3", "a move takes at most 2 objects, not 3"},
      {"1 99999999999999999999999", "heap 1 has only 3 objects"},
      {"hello", "\"hello\" is not a move: type a heap and a count (4 1), or hint, help or quit"},
      {"4 1 2", "\"4 1 2\" is not a move: type a heap and a count (4 1), or hint, help or quit"},
  };
  std::string input;
  for (const auto& [line, reason] : refused)
    input += line + "\n";
  input += "1 1\n";  // at last a legal move, still the person's

  const std::string board = "\n1: X X X\n2:\n3: X X\nYour move (heap count): ";
  const std::string text = text_of(args, input);
  for (std::size_t k = 0; k < refused.size(); ++k) {
    const auto& [line, reason] = refused[k];
    const std::string next = k + 1 < refused.size() ? refused[k + 1].first : "1 1";
    INFO("line: " << line);
    std::string sentence = reason;
    sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
    // The line, then exactly one line saying why, then the board and the prompt once, where the
    // next line is read.
    CHECK(text.find("Your move (heap count): " + line + "\n" + sentence + ".\n" + board + next +
                    "\n") != std::string::npos);
  }

  const auto events = events_of(args, input);
  const auto invalid = events_named(events, "invalid");
  REQUIRE(invalid.size() == refused.size());
  for (std::size_t k = 0; k < refused.size(); ++k) {
    CHECK(invalid[k]["input"] == refused[k].first);
    CHECK(invalid[k]["reason"] == refused[k].second);
  }
  // Nothing was played until the legal move, which is the person's.
  REQUIRE(events.size() >= refused.size() + 2);
  for (std::size_t k = 1; k <= refused.size(); ++k)
    CHECK(events[k]["event"] == "invalid");
  CHECK(events[refused.size() + 1] ==
        Json::parse(R"({"event":"move","player":"human","move":[0,1],"next_position":[2,0,2],)"
                    R"("optimal":true})"));
}

TEST_CASE("play: a line read from a pipe is echoed, escaped if it could drive a terminal") {
  const std::string text = text_of({"-H", "2"}, "2 1\r\n4\x1b[31m 1\n\xff\nq\n");
  CHECK(text.find("Your move (heap count): 2 1\nThere is no heap 2: there is only heap 1.\n") !=
        std::string::npos);  // the \r of CRLF input is not echoed
  CHECK(text.find("Your move (heap count): \"4\\u001b[31m 1\"\n\"4\\u001b[31m 1\" is not a move") !=
        std::string::npos);
  CHECK(text.find("Your move (heap count): \"\\ufffd\"\n") != std::string::npos);
  CHECK(text.find("Your move (heap count): q\nYou quit the game.\n") != std::string::npos);
}

TEST_CASE("play: an echoed line with a C1 or bidirectional control is escaped (issue 14)") {
  const std::string text = text_of({"-H", "2"}, "4 \xc2\x85 1\n1 \xe2\x80\xae 1\nq\n");
  CHECK(text.find("Your move (heap count): \"4 \\u0085 1\"\n\"4 \\u0085 1\" is not a move") !=
        std::string::npos);
  CHECK(text.find("Your move (heap count): \"1 \\u202e 1\"\n\"1 \\u202e 1\" is not a move") !=
        std::string::npos);
}

TEST_CASE("play: hint shows the best move with Bouton's explanation, and changes nothing") {
  const std::string board = "\n1: X X X X X\n2: X X X X\n3: X X X\n4: X X\n5: X\n";
  const std::string text = text_of({}, "hint\nhint\nquit\n");
  CHECK(
      text.find("Your move (heap count): hint\n"
                "Hint: take 1 from heap 1 (leaves 4 4 3 2 1), the winning move.\n"
                "heap  size  binary\n"
                "   1     5  101  <- take 1, leaving 4\n"
                "   2     4  100\n"
                "   3     3  011\n"
                "   4     2  010\n"
                "   5     1  001\n"
                "            ---\n"
                "parity      001  = nim-sum 1\n"
                "              ^ column 0, the highest odd column\n"
                "Take 1 from heap 1, leaving 4: every column is then even, the nim-sum is 0, and\n"
                "  the opponent faces a lost position.\n"
                "Type hint again for the reasoning step by step.\n" +
                board +
                "Your move (heap count): hint\n"
                "Hint:\n"
                "Nim-sum 1: the player to move wins with perfect play.\n"
                "Winning move: take 1 from heap 1 (leaves 4 4 3 2 1).\n"
                "Nim: take any number of objects, at least 1, from one heap\n"
                "Bouton's table:\n") != std::string::npos);
  CHECK(text.find("Why:\n1. Write each heap's size in binary") != std::string::npos);
  CHECK(text.find("the opponent faces a lost position.\n" + board +
                  "Your move (heap count): quit\n") != std::string::npos);
  // Something else in between: the next hint is brief again.
  CHECK(text_of({}, "hint\n\nhint\n")
            .find("Your move (heap count): \nYour move (heap count): hint\nHint: take 1") !=
        std::string::npos);

  const auto events = events_of({}, "hint\n");
  const auto hints = events_named(events, "hint");
  REQUIRE(hints.size() == 1);
  CHECK(hints[0]["winning"] == true);
  CHECK(hints[0]["move"] == Json::parse("[0,1]"));
  CHECK(hints[0]["explanation"]["parity"] == "001");
  CHECK(hints[0]["explanation"]["heap"] == 0);

  SUBCASE("asking for hints leaves the computer's random choices as they were") {
    const Args random{"--difficulty", "0.3", "--seed", "11", "--choose", "random"};
    const std::string moves = "1 1\n2 1\n3 1\n4 1\n5 1\n1 1\n2 1\n1 1\n";
    std::string hinted;
    for (const auto& line : split_lines(moves))
      hinted += "hint\n" + line + "\n";
    const auto plain = events_named(events_of(random, moves), "move");
    const auto with_hints = events_named(events_of(random, hinted), "move");
    CHECK(plain == with_hints);
    CHECK(plain.size() >= 4);
  }
}

TEST_CASE("play: help lists the commands, the prompt comes back") {
  CHECK(
      text_of({}, "help\n")
          .find("Your move (heap count): help\n"
                "Type a move as heap and count: 4 1 (or 4,1 or 4, 1) takes 1 object from heap 4.\n"
                "  hint  the best move and why (hint again: the reasoning step by step)\n"
                "  undo  take back your last move and the computer's reply\n"
                "  help  this list (also ?)\n"
                "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n"
                "Your move (heap count): \n") != std::string::npos);
  const auto help = events_named(events_of({}, "?\n"), "help");
  REQUIRE(help.size() == 1);
  CHECK(help[0]["text"].get<std::string>().starts_with("Type a move as heap and count"));
}

TEST_CASE("play: quit and the end of input end the game cleanly, with status 0") {
  for (const char* quit : {"quit", "QUIT", "q", "exit"}) {
    INFO(quit);
    CHECK(text_of({}, std::string(quit) + "\n")
              .ends_with(board_54321 + "Your move (heap count): " + quit +
                         "\nYou quit the game.\nReview: you never gave away a won position.\n"));
  }
  CHECK(text_of({}, "").ends_with(board_54321 +
                                  "Your move (heap count): \nThe input ended before the game "
                                  "did.\nReview: you never gave away a won position.\n"));
  // A last line without its newline is still read.
  CHECK(text_of({"-H", "1"}, "1 1").find("You win: you took the last object.\n") !=
        std::string::npos);
  const auto quit = events_named(events_of({}, "quit\n"), "end");
  REQUIRE(quit.size() == 1);
  CHECK(quit[0]["ending"] == "quit");
  CHECK(quit[0]["winner"].is_null());
}

TEST_CASE("play: the review lists each move that gave a won position away") {
  // 5 4 3 2 1 is won (nim-sum 1); 4 1 leaves 5 4 3 1 1, won for the perfect computer.
  const std::string text = text_of({},
                                   "4 1\n1 1\n1 1\n1 1\n1 1\n1 1\n2 1\n2 1\n2 1\n2 1\n3 1\n"
                                   "3 1\n3 1\n4 1\n5 1\n");
  CHECK(text.find("The computer wins: the computer took the last object.\n"
                  "Review: 1 move gave away a won position:\n"
                  "  Move 1: you took 1 from heap 4; taking 1 from heap 1 would have kept the "
                  "win.\n") != std::string::npos);
  const auto events = events_of({}, "4 1\n");
  const auto end = events_named(events, "end");
  REQUIRE(end.size() == 1);
  CHECK(end[0]["mistakes"] ==
        Json::parse(R"([{"ply":0,"player":"human","move":[3,1],"keeping":[0,1]}])"));
  CHECK(events_named(events, "move")[0]["optimal"] == false);
}

TEST_CASE("play: two people take turns, named Player 1 and Player 2") {
  const std::string text =
      text_of({"-H", "2", "2", "--players", "human,human"}, "1 1\n1 1\n2 1\n2 1\n");
  CHECK(text.starts_with("Nim: Player 1 against Player 2. Player 1 moves first.\n"));
  CHECK(text.find("Player 1, your move (heap count): 1 1\n\n1: X\n2: X X\n"
                  "Player 2, your move (heap count): 1 1\n") != std::string::npos);
  CHECK(
      text.ends_with("Player 2 wins: Player 2 took the last object.\n"
                     "Review: 2 moves gave away a won position:\n"
                     "  Move 2: Player 2 took 1 from heap 1; taking 1 from heap 2 would have "
                     "kept the\n    win.\n"
                     "  Move 3: Player 1 took 1 from heap 2; taking 2 from heap 2 would have "
                     "kept the\n    win.\n"));
  CHECK(text.find("Computer") == std::string::npos);
  const auto events = events_of({"-H", "2", "2", "--players", "human,human"}, "1 1\n1 1\n");
  CHECK(events[0]["players"] == Json::parse(R"(["player1","player2"])"));
  CHECK(events[0]["difficulty"].is_null());
  const auto moves = events_named(events, "move");
  REQUIRE(moves.size() == 2);
  CHECK(moves[0]["player"] == "player1");
  CHECK(moves[1]["player"] == "player2");
}

TEST_CASE("play: two computers play to the end, a seed replays the game") {
  const Args args{"--players", "computer,computer", "--difficulty", "0.5", "-H", "4", "3", "2"};
  Args seeded = args;
  seeded.insert(seeded.end(), {"--seed", "99"});
  const auto events = events_of(seeded, "");
  CHECK(events == events_of(seeded, ""));
  CHECK(events[0]["players"] == Json::parse(R"(["computer1","computer2"])"));
  CHECK(events[0]["difficulty"] == 0.5);
  const auto moves = events_named(events, "move");
  REQUIRE(!moves.empty());
  CHECK(moves.back()["next_position"] == Json::parse("[0,0,0]"));
  for (std::size_t k = 0; k < moves.size(); ++k)
    CHECK(moves[k]["player"] == (k % 2 == 0 ? "computer1" : "computer2"));
  const Json& end = events.back();
  CHECK(end["ending"] == "over");
  CHECK(end["winner"] == moves.back()["player"]);  // normal play: the last mover wins
  CHECK(end["mistakes"] == Json::parse("[]"));     // the review is of people's moves
  CHECK(end["seed"] == 99);

  SUBCASE("without --seed, one is drawn and shown at the end; it replays the game") {
    const std::string text = text_of(args, "");
    const std::string marker = "\nSeed: ";
    const auto at = text.rfind(marker);
    REQUIRE(at != std::string::npos);
    const std::string seed =
        text.substr(at + marker.size(), text.find(' ', at + marker.size()) - (at + marker.size()));
    CHECK(text.substr(at).starts_with("\nSeed: " + seed + " (--seed " + seed + " makes the same"));
    CHECK(text.ends_with(" random choices\n  again).\n"));  // wrapped at 80, under the item
    Args replay = args;
    replay.insert(replay.end(), {"--seed", seed});
    CHECK(text_of(replay, "") == text.substr(0, at + 1));  // the same game, without the seed line
    CHECK(
        text.starts_with("Nim: Computer 1 against Computer 2, each playing the perfect move "
                         "with\nprobability 0.5, a random move otherwise. Computer 1 moves "
                         "first.\n\n1: X X X X\n"));
  }
}

TEST_CASE("play: the computer can move first, misère and cap rules decide the winner") {
  const std::string first = text_of({"-H", "1", "2", "--first", "computer"}, "");
  CHECK(first.find("The computer moves first.\nType a move as heap and count (4 1 takes 1 "
                   "from heap 4), or hint, help or quit.\n\n1: X\n2: X X\nComputer takes 1 from "
                   "heap 2.\n"
                   "\n1: X\n2: X\nYour move (heap count): \n") != std::string::npos);
  CHECK(text_of({"-H", "1", "2", "--players", "computer,human"}, "") == first);
  // Misère: taking the last object loses. The person must take it here.
  const std::string misere = text_of({"-H", "1", "1", "--misere", "--first", "computer"}, "2 1\n");
  CHECK(
      misere.ends_with("Computer takes 1 from heap 1.\n\n1:\n2: X\n"
                       "Your move (heap count): 2 1\n\n1:\n2:\n"
                       "The computer wins: you took the last object.\n"
                       "Review: you never gave away a won position.\n"));
  const auto capped = events_of({"-H", "5", "--max-take", "3"}, "1 1\n");
  CHECK(capped[0]["rules"] == Json::parse(R"({"misere":false,"max_take":3})"));
  CHECK(events_named(capped, "move")[0]["optimal"] == true);  // 5 -> 4, a multiple of K+1
  CHECK(events_named(capped, "move")[1]["player"] == "computer");
}

TEST_CASE("play: heaps of any size, on the board and in moves") {
  const std::string big = "100000000000000000000";
  const std::string text = text_of({"-H", big, "3"}, "1 99999999999999999997\n");
  CHECK(text.find("\n1: 100000000000000000000 objects\n2: X X X\nYour move (heap count): ") !=
        std::string::npos);
  CHECK(text.find("\n1: X X X\n2: X X X\nComputer takes") != std::string::npos);
  const auto events = events_of({"-H", big, "3"}, "1 99999999999999999997\n");
  CHECK(events[0]["position"] == Json::parse(R"(["100000000000000000000",3])"));
  const auto moves = events_named(events, "move");
  CHECK(moves[0]["move"] == Json::parse(R"([0,"99999999999999999997"])"));
  CHECK(moves[0]["optimal"] == true);
}

TEST_CASE("play: --pretty indents each JSON event") {
  const auto run = play({"-H", "1", "--format", "json", "--pretty"}, "");
  CHECK(run.status == 0);
  CHECK(run.out.starts_with("{\n  \"event\": \"start\",\n  \"position\": [\n    1\n  ],\n"));
}

// A person who types random lines, most of them illegal moves, which the game refuses one by one
// without losing the turn: the game goes on until someone wins.
std::string random_person(std::mt19937_64& random, std::size_t heaps) {
  std::string input;
  for (int k = 0; k < 3000; ++k)
    input +=
        std::to_string(random() % (heaps + 1) + 1) + " " + std::to_string(random() % 4 + 1) + "\n";
  return input;
}

TEST_CASE("play: difficulty 1 wins every game it can win, from many seeded starts") {
  // The library's difficulty 1 wins every won position (strategy_test.cpp); here, through the
  // command, its refusals of illegal lines and its turns, over a few seeded games.
  std::mt19937_64 random(8);
  const std::size_t games = 16;
  std::size_t won_starts = 0;
  for (std::size_t game = 0; game < games; ++game) {
    // A start of 2 to 4 heaps of up to 7, under a rule set from the oracle's list.
    const auto all_rules = testing::all_tested_rules();
    const NimRules<SmallHeap> rules = all_rules[random() % all_rules.size()];
    Position<SmallHeap> start(2 + random() % 3);
    for (auto& h : start)
      h = random() % 8;
    const bool computer_first = random() % 2 == 0;
    Args args{"-H"};
    for (auto h : start)
      args.push_back(std::to_string(h));
    if (rules.misere) args.push_back("--misere");
    if (rules.max_take) args.insert(args.end(), {"--max-take", std::to_string(*rules.max_take)});
    if (computer_first) args.insert(args.end(), {"--first", "computer"});
    std::string command = "nim-game play";
    for (const auto& arg : args)
      command += " " + arg;
    INFO(command);

    testing::Oracle oracle(rules);
    const auto events = events_of(args, random_person(random, start.size()));
    Position<SmallHeap> board = start;
    bool computer_could_win = false;
    for (const auto& event : events_named(events, "move")) {
      const bool computer = event["player"] == "computer";
      if (computer && oracle.winning(board)) computer_could_win = true;
      const Move<SmallHeap> move{event["move"][0].get<std::size_t>(),
                                 event["move"][1].get<SmallHeap>()};
      board = after(board, move);
      if (computer) CHECK(event["optimal"] == true);
      CHECK(event["next_position"] == Json(board));
    }
    const Json& end = events.back();
    REQUIRE(end["ending"] == "over");
    if (computer_could_win) CHECK(end["winner"] == "computer");
    if (computer_first && oracle.winning(start)) ++won_starts;
  }
  CHECK(won_starts >= 5);  // the check above ran on won starts (6 of these 16)
}

TEST_CASE("play: --difficulty 0 leaves the computer's moves to chance") {
  // From 1 2 32 the one winning move takes 29 from heap 2; at difficulty 0 the computer plays
  // random_move(), whose distribution strategy_test.cpp checks. Here: that --difficulty reaches
  // it, the seed choosing among the legal moves.
  std::set<std::string> seen;
  for (int seed = 0; seed < 8; ++seed) {
    const auto events = events_of({"-H", "1", "2", "32", "--first", "computer", "--difficulty", "0",
                                   "--seed", std::to_string(seed)},
                                  "");
    const auto moves = events_named(events, "move");
    REQUIRE(moves.size() == 1);
    seen.insert(moves[0]["move"].dump());
  }
  CHECK(seen == std::set<std::string>{"[0,1]", "[1,1]", "[1,2]", "[2,16]", "[2,7]"});
}

}  // namespace
}  // namespace nim
