#include "format/play_sink.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "nim/games/moore/explain.hpp"
#include "nim/games/wythoff/explain.hpp"

namespace nim::play_sink_test {
namespace {

constexpr Controllers person_first{Controller::human, Controller::computer};

const GameWords kayles(GameSpec{.heap_game = octal_game({0, 7, 7})});
const GameWords moore(GameSpec{.kind = GameSpec::Kind::moore, .heap_game = {}});
const AnyGameWords kayles_play(kayles);
const AnyGameWords moore_play(moore);

GameMove<SmallHeap> take(std::size_t heap, SmallHeap count) {
  return GameMove<SmallHeap>::single(heap, count);
}

TEST_CASE("a move's words in the past and as a gerund, for a review, in every form") {
  const GameSpec& spec = kayles.spec;
  const GameMove<SmallHeap> split{{{2, 1}}, std::array<SmallHeap, 2>{2, 4}};
  CHECK(game_move_words(spec, split, 1, VerbForm::past) ==
        "took 1 from heap 3 and split the rest into 2 and 4");
  CHECK(game_move_words(spec, split, 1, VerbForm::gerund) ==
        "taking 1 from heap 3 and splitting the rest into 2 and 4");
  CHECK(game_move_words(spec, split, 0, VerbForm::capital) ==
        "Take 1 from heap 2 and split the rest into 2 and 4");
  const GameMove<SmallHeap> split_only{{{2, 0}}, std::array<SmallHeap, 2>{1, 2}};
  CHECK(game_move_words(spec, split_only, 1, VerbForm::gerund) == "splitting heap 3 into 1 and 2");
  CHECK(game_move_words(spec, split_only, 1, VerbForm::capital) == "Split heap 3 into 1 and 2");
  const GameMove<SmallHeap> two{{{0, 2}, {1, 3}}, {}};
  CHECK(game_move_words(moore.spec, two, 1, VerbForm::past) ==
        "took 2 from heap 1 and 3 from heap 2");
  const GameSpec staircase{.kind = GameSpec::Kind::staircase, .heap_game = {}};
  CHECK(game_move_words(staircase, take(2, 2), 1, VerbForm::past) ==
        "moved 2 coins from step 3 down to step 2");
  CHECK(game_move_words(staircase, take(0, 1), 1, VerbForm::gerund) ==
        "moving 1 coin from step 1 off the staircase");
  CHECK(game_move_words(staircase, take(0, 1), 1, VerbForm::capital) ==
        "Move 1 coin from step 1 off the staircase");
}

TEST_CASE("play's JSON events: Nim's keys, the game's moves and rules") {
  const JsonPlaySink sink(kayles_play, person_first, false);
  Buffer out;
  const Position<SmallHeap> start{3, 1};
  sink.start(out, std::span<const SmallHeap>(start), std::optional(0.5));
  const PlayTurn<SmallHeap> turn{start, Player::first};
  sink.turn(out, turn);  // no event
  sink.again(out, Player::first);
  sink.line_read(out, "1 1 1 1");
  const GameMoveRecord<SmallHeap> split{
      {.number = 0, .player = Player::first, .move = {{{0, 1}}, std::array<SmallHeap, 2>{1, 1}}},
      start};
  const Position<SmallHeap> after{1, 1, 1};
  sink.moved(out, split, std::span<const SmallHeap>(after));
  GameMoveRecord<SmallHeap> reply{{.number = 1, .player = Player::second, .move = take(0, 1)}};
  reply.from_won = true;
  reply.optimal = true;
  const Position<SmallHeap> left{1, 1};
  sink.moved(out, reply, std::span<const SmallHeap>(left));
  sink.refused(out, turn, " 3 1\r", "there is no heap 3: the position has 2 heaps");
  sink.help(out, Player::first);
  const std::vector<GameMistake<SmallHeap>> mistakes{{split, take(0, 3)}};
  sink.end(out, PlayEnd<SmallHeap>{.last = {left, Player::first},
                                   .winner = Player::second,
                                   .last_mover = Player::second,
                                   .mistakes = mistakes,
                                   .seed = GameSeed{9, true}});
  CHECK(
      out.str() ==
      R"({"event":"start","position":[3,1],"rules":{"game":"octal","code":"0.77","misere":false},"players":["human","computer"],"difficulty":0.5}
{"event":"move","player":"human","move":[0,1,[1,1]],"next_position":[1,1,1],"optimal":false}
{"event":"move","player":"computer","move":[0,1],"next_position":[1,1],"optimal":true}
{"event":"invalid","input":" 3 1\u000d","reason":"there is no heap 3: the position has 2 heaps"}
{"event":"help","text":"Type a move as heap and count, and to split the rest, its two parts (5 1 2 2 takes 1 from heap 5 and splits the rest into 2 and 2; Grundy's game: 5 0 2 3).\u000a  hint  the best move and why (hint again: the reasoning step by step)\u000a  undo  take back your last move and the computer's reply\u000a  help  this list (also ?)\u000a  quit  end the game (also q, exit, or the end of input: Ctrl-D)\u000a"}
{"event":"end","winner":"computer","ending":"over","mistakes":[{"ply":0,"player":"human","move":[0,1,[1,1]],"keeping":[0,3]}],"seed":9}
)");
  // The winner is named only when the game is over; the seed whenever something was random.
  out.clear();
  sink.end(out, PlayEnd<SmallHeap>{.last = {left, Player::first}, .ending = Ending::quit});
  CHECK(out.str() == R"({"event":"end","winner":null,"ending":"quit","mistakes":[],"seed":null})"
                     "\n");
}

TEST_CASE("play's JSON hint: the explanation as --explain writes it") {
  GameSolver solver(MooreRules<SmallHeap>{2, false}, 1000);
  const Position<SmallHeap> position{1, 2};
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  const auto lines =
      written_explanation(moore.spec, analysis, explain_game(solver.game(), analysis));
  Buffer out;
  JsonPlaySink(moore_play, person_first, false)
      .hint(out, PlayTurn<SmallHeap>{position}, analysis, lines, HintLength::brief);
  CHECK(
      out.str() ==
      R"({"event":"hint","winning":true,"move":[[0,1],[1,2]],"explanation":{"rules_text":"Moore's Nim (k = 2): take objects from 1 to 2 heaps at once, any number from each, at least 1 in all","lines":["Moore's theorem: the player to move loses iff, writing the heaps in binary, every column holds a multiple of 3 1s (k + 1, for up to k = 2 heaps a move).","heap  binary","   1  01","   2  10","      --","1s    11","mod 3 11","The player to move wins. Winning move: take 1 from heap 1 and 2 from heap 2, leaving 0 0. Every column then holds a multiple of 3 1s:","heap  binary","   1  00","   2  00","      --","1s    00","mod 3 00"]}}
)");
  // --pretty indents it.
  out.clear();
  JsonPlaySink(moore_play, person_first, true).help(out, Player::first);
  CHECK(out.str().starts_with(
      "{\n  \"event\": \"help\",\n  \"text\": \"Type a move as heap and count, a pair"));
}

TEST_CASE("play's text: the start, a turn, a refusal, the help, the computer's move") {
  // Lines read from a pipe are echoed after their prompt.
  const TextPlaySink sink(moore_play, person_first, TextStyle{.colour = false, .width = 80}, true);
  const Position<SmallHeap> start{3, 1};
  const PlayTurn<SmallHeap> turn{start, Player::first};
  Buffer out;
  sink.start(out, std::span<const SmallHeap>(start), std::optional(0.5));
  sink.turn(out, turn);
  sink.line_read(out, "9 1");
  sink.refused(out, turn, "9 1", "there is no heap 9: the heaps are numbered 1 to 2");
  sink.line_read(out, "help");
  sink.help(out, Player::first);
  sink.line_read(out, "");
  sink.again(out, Player::first);
  sink.line_read(out, "1 1\r");
  // A person's own move is not told; the computer's is.
  sink.moved(out, GameMoveRecord<SmallHeap>{{.player = Player::first, .move = take(0, 1)}},
             std::span<const SmallHeap>(start));
  const GameMoveRecord<SmallHeap> reply{
      {.number = 1, .player = Player::second, .move = {{{0, 1}, {1, 1}}, std::nullopt}}};
  sink.moved(out, reply, std::span<const SmallHeap>(start));
  CHECK(out.str() ==
        "Moore's Nim, from up to 2 heaps a move: you against the computer, playing the\n"
        "perfect move with probability 0.5, a random move otherwise. You move first.\n"
        "Type a move as heap and count, a pair for each heap (1 2 3 1 takes 2 from heap 1\n"
        "and 1 from heap 3), or hint, help or quit.\n"
        "\n"
        "1: X X X\n"
        "2: X\n"
        "Your move (heap count ...): 9 1\n"
        "There is no heap 9: the heaps are numbered 1 to 2.\n"
        "\n"
        "1: X X X\n"
        "2: X\n"
        "Your move (heap count ...): help\n"
        "Type a move as heap and count, a pair for each heap (1 2 3 1 takes 2 from heap 1\n"
        "  and 1 from heap 3).\n"
        "  hint  the best move and why (hint again: the reasoning step by step)\n"
        "  undo  take back your last move and the computer's reply\n"
        "  help  this list (also ?)\n"
        "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n"
        "Your move (heap count ...): \n"
        "Your move (heap count ...): 1 1\n"
        "Computer takes 1 from heap 1 and 1 from heap 2.\n");
}

TEST_CASE("play's text hint: brief, then the verdict and every step, then the board again") {
  GameSolver solver(WythoffRules<SmallHeap>{false}, 1000);
  const AnyGameWords wythoff(GameWords(GameSpec{.kind = GameSpec::Kind::wythoff, .heap_game = {}}));
  const Position<SmallHeap> position{3, 5};
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  const auto lines =
      written_explanation(wythoff.game()->spec, analysis, explain_game(solver.game(), analysis));
  const TextPlaySink sink(wythoff, person_first, TextStyle{.colour = false, .width = 80}, false);
  const PlayTurn<SmallHeap> turn{position, Player::first};
  const std::string board = "\n1: X X X\n2: X X X X X\nYour move (heap count ...): ";
  Buffer brief;
  sink.hint(brief, turn, analysis, lines, HintLength::brief);
  CHECK(brief.str() ==
        "Hint: take 1 from heap 2 (leaves 3 4), the best try: no move wins.\n"
        "The player to move loses: the position is lost. (3, 5) is one: n = 2,\n"
        "floor(sqrt(5 n^2)) = 4, a_n = floor((2 + 4) / 2) = 3.\n"
        "Type hint again for the reasoning step by step.\n" +
            board);
  Buffer full;
  sink.hint(full, turn, analysis, lines, HintLength::full);
  CHECK(full.str() ==
        "Hint:\n"
        "The player to move loses against perfect play.\n"
        "Best try: take 1 from heap 2 (leaves 3 4).\n"
        "Wythoff's game: take any number of objects from one of the two heaps, or the\n"
        "same number from both\n"
        "Wythoff's theorem: the lost positions are (a_n, a_n + n), a_n = floor(n phi) =\n"
        "floor((n + floor(sqrt(5 n^2))) / 2). Those whose smaller heap is at most 5, the\n"
        "larger heap here: (0, 0), (1, 2), (3, 5), (4, 7).\n"
        "The player to move loses: the position is lost. (3, 5) is one: n = 2,\n"
        "floor(sqrt(5 n^2)) = 4, a_n = floor((2 + 4) / 2) = 3.\n" +
            board);
}

TEST_CASE("play's undo: the moves taken back, then the board again, and in JSON an undo event") {
  const Position<SmallHeap> start{3, 1};
  const PlayTurn<SmallHeap> turn{start, Player::first};
  const std::vector<GameMoveRecord<SmallHeap>> pair{
      {{.number = 2, .player = Player::first, .move = {{{0, 1}}, std::array<SmallHeap, 2>{1, 1}}}},
      {{.number = 3, .player = Player::second, .move = take(1, 1)}}};
  const std::span<const GameMoveRecord<SmallHeap>> taken_back(pair);
  const TextStyle plain{.colour = false, .width = 80};
  Buffer out;
  TextPlaySink(kayles_play, person_first, plain, false).undone(out, taken_back, turn);
  CHECK(out.str() ==
        "Taken back: you took 1 from heap 1 and split the rest into 1 and 1, then the\n"
        "  computer took 1 from heap 2.\n"
        "\n"
        "1: X X X\n"
        "2: X\n"
        "Your move (heap count [parts]): ");
  // Two people: the last move alone, and the other player to move again.
  out.clear();
  const Controllers people{Controller::human, Controller::human};
  TextPlaySink(kayles_play, people, plain, false)
      .undone(out, taken_back.last(1), PlayTurn<SmallHeap>{start, Player::second});
  CHECK(out.str() ==
        "Taken back: Player 2 took 1 from heap 2.\n\n1: X X X\n2: X\n"
        "Player 2, your move (heap count [parts]): ");
  out.clear();
  JsonPlaySink(kayles_play, person_first, false).undone(out, taken_back, turn);
  CHECK(
      out.str() ==
      R"({"event":"undo","taken_back":[{"ply":2,"player":"human","move":[0,1,[1,1]]},{"ply":3,"player":"computer","move":[1,1]}],"position":[3,1]})"
      "\n");
  // The help says what undo takes back, in the words of who plays.
  CHECK(play_help(typed_move_words(kayles.spec), people)
            .find("\n  undo  take back the last move\n") != std::string::npos);
}

TEST_CASE("a brief hint keeps the explanation's last table and its last step, unnumbered") {
  const std::vector<ExplanationLine> lines{{"1. First.", false}, {"a", true}, {"2. Then.", false},
                                           {"b", true},          {"c", true}, {"3. So.", false}};
  const auto brief = brief_explanation(lines);
  REQUIRE(brief.size() == 3);
  CHECK(brief[0].text == "b");
  CHECK(brief[1].text == "c");
  CHECK(brief[2].text == "So.");
  CHECK(!brief[2].table);
  CHECK(brief_explanation({{"Only.", false}}).front().text == "Only.");
  CHECK(brief_explanation({}).empty());
}

TEST_CASE("play's text end: who won and how, the review, a drawn seed") {
  const TextPlaySink sink(kayles_play, person_first, TextStyle{.colour = false, .width = 80},
                          false);
  const GameMistake<SmallHeap> split{
      {{.number = 2, .player = Player::first, .move = {{{0, 1}}, std::array<SmallHeap, 2>{1, 1}}}},
      take(0, 3)};
  const GameMistake<SmallHeap> last{{{.number = 4, .player = Player::first, .move = take(1, 1)}},
                                    std::nullopt};
  const std::vector<GameMistake<SmallHeap>> mistakes{split, last};
  const Position<SmallHeap> empty{0, 0};
  Buffer out;
  sink.end(out, PlayEnd<SmallHeap>{.last = {empty, Player::first},
                                   .winner = Player::second,
                                   .last_mover = Player::second,
                                   .mistakes = mistakes,
                                   .seed = GameSeed{9, false}});
  CHECK(out.str() ==
        "\n"
        "1:\n"
        "2:\n"
        "The computer wins: the computer made the last move.\n"
        "Review: 2 moves gave away a won position:\n"
        "  Move 3: you took 1 from heap 1 and split the rest into 1 and 1; taking 3 from\n"
        "    heap 1 would have kept the win.\n"
        "  Move 5: you took 1 from heap 2.\n");
  // Two people, none given away; the input ended first; the seed drawn, so told.
  const TextPlaySink people(kayles_play, {Controller::human, Controller::human},
                            TextStyle{.colour = false, .width = 80}, false);
  out.clear();
  people.end(out, PlayEnd<SmallHeap>{.last = {empty, Player::first},
                                     .ending = Ending::end_of_input,
                                     .seed = GameSeed{5, true}});
  CHECK(out.str() ==
        "\n"
        "The input ended before the game did.\n"
        "Review: neither player gave away a won position.\n"
        "Seed: 5 (--seed 5 makes the same random choices again).\n");
  out.clear();
  people.end(out, PlayEnd<SmallHeap>{.last = {empty, Player::second}, .ending = Ending::quit});
  CHECK(out.str() ==
        "Player 2 quit the game.\n"
        "Review: neither player gave away a won position.\n");
  // Two computers: no review; no move from the start; Nim's words.
  out.clear();
  const AnyGameWords nim(GameWords(GameSpec{.kind = GameSpec::Kind::nim, .heap_game = {}}));
  TextPlaySink(nim, {Controller::computer, Controller::computer},
               TextStyle{.colour = false, .width = 80}, false)
      .end(out, PlayEnd<SmallHeap>{.last = {empty, Player::first}, .winner = Player::second});
  CHECK(out.str() == "\n1:\n2:\nComputer 2 wins: the board was empty from the start.\n");
}

}  // namespace
}  // namespace nim::play_sink_test
