#include "format/game_play_sink.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "nim/games/moore/explain.hpp"
#include "nim/games/wythoff/explain.hpp"

namespace nim {
namespace {

using Sides = std::array<Controller, 2>;
constexpr Sides person_first{Controller::human, Controller::computer};

const GameWords kayles(GameSpec{.heap_game = octal_game({0, 7, 7})});
const GameWords moore(GameSpec{.kind = GameSpec::Kind::moore, .heap_game = {}});

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

TEST_CASE("play's JSON events of a game after Nim: Nim's keys, the game's moves and rules") {
  const GameJsonPlaySink sink(kayles, person_first, false);
  Buffer out;
  const Position<SmallHeap> start{3, 1};
  sink.start(out, std::span<const SmallHeap>(start), std::optional(0.5));
  const GameMoveRecord<SmallHeap> split{
      .number = 0, .player = Player::first, .move = {{{0, 1}}, std::array<SmallHeap, 2>{1, 1}}};
  const Position<SmallHeap> after{1, 1, 1};
  sink.moved(out, split, std::span<const SmallHeap>(after));
  GameMoveRecord<SmallHeap> reply{.number = 1, .player = Player::second, .move = take(0, 1)};
  reply.from_won = true;
  reply.optimal = true;
  const Position<SmallHeap> left{1, 1};
  sink.moved(out, reply, std::span<const SmallHeap>(left));
  sink.unreadable(out, "x", "heap and count (3 1)");
  sink.illegal(out, "3 1", "there is no heap 3: the position has 2 heaps");
  sink.help(out, "Type a move.");
  const std::vector<GameMistake<SmallHeap>> mistakes{{split, take(0, 3)}};
  sink.end(out, std::optional(Player::second), Ending::over,
           std::span<const GameMistake<SmallHeap>>(mistakes), std::optional<std::uint64_t>(9));
  CHECK(
      out.str() ==
      R"({"event":"start","position":[3,1],"rules":{"game":"octal","code":"0.77","misere":false},"players":["human","computer"],"difficulty":0.5}
{"event":"move","player":"human","move":[0,1,[1,1]],"next_position":[1,1,1],"optimal":false}
{"event":"move","player":"computer","move":[0,1],"next_position":[1,1],"optimal":true}
{"event":"invalid","input":"x","reason":"\"x\" is not a move: type heap and count (3 1), or help"}
{"event":"invalid","input":"3 1","reason":"there is no heap 3: the position has 2 heaps"}
{"event":"help","text":"Type a move."}
{"event":"end","winner":"computer","ending":"over","mistakes":[{"ply":0,"player":"human","move":[0,1,[1,1]],"keeping":[0,3]}],"seed":9}
)");
  // The winner is named only when the game is over.
  out.clear();
  sink.end(out, std::optional(Player::second), Ending::quit,
           std::span<const GameMistake<SmallHeap>>(), std::nullopt);
  CHECK(out.str() == R"({"event":"end","winner":null,"ending":"quit","mistakes":[],"seed":null})"
                     "\n");
}

TEST_CASE("play's JSON hint of a game after Nim: the explanation as --explain writes it") {
  GameSolver solver(MooreRules<SmallHeap>{2, false}, 1000);
  const Position<SmallHeap> position{1, 2};
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  const auto lines =
      written_explanation(moore.spec, analysis, explain_game(solver.game(), analysis));
  Buffer out;
  GameJsonPlaySink(moore, person_first, false).hint(out, analysis, lines, HintLength::brief);
  CHECK(
      out.str() ==
      R"({"event":"hint","winning":true,"move":[[0,1],[1,2]],"explanation":{"lines":["Moore's theorem: the player to move loses iff, writing the heaps in binary, every column holds a multiple of 3 1s (k + 1, for up to k = 2 heaps a move).","heap  binary","   1  01","   2  10","      --","1s    11","mod 3 11","The player to move wins. Winning move: take 1 from heap 1 and 2 from heap 2, leaving 0 0. Every column then holds a multiple of 3 1s."]}}
)");
  // --pretty indents it, as Nim's events.
  out.clear();
  GameJsonPlaySink(moore, person_first, true).help(out, "Type a move.");
  CHECK(out.str() == "{\n  \"event\": \"help\",\n  \"text\": \"Type a move.\"\n}\n");
}

TEST_CASE("play's text hint of a game after Nim: brief, then every step") {
  GameSolver solver(WythoffRules<SmallHeap>{false}, 1000);
  const GameWords wythoff(GameSpec{.kind = GameSpec::Kind::wythoff, .heap_game = {}});
  const Position<SmallHeap> position{3, 5};
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  const auto lines =
      written_explanation(wythoff.spec, analysis, explain_game(solver.game(), analysis));
  const GameTextPlaySink sink(wythoff, person_first, TextStyle{.colour = false, .width = 80},
                              false);
  Buffer brief;
  sink.hint(brief, analysis, lines, HintLength::brief);
  CHECK(brief.str() ==
        "Every move loses against perfect play; the longest try: take 1 from heap 2.\n"
        "The player to move loses: the position is lost. (3, 5) is one: n = 2,\n"
        "floor(sqrt(5 n^2)) = 4, a_n = (2 + 4) / 2 = 3.\n"
        "Type hint again for the reasoning step by step.\n");
  Buffer full;
  sink.hint(full, analysis, lines, HintLength::full);
  CHECK(full.str() ==
        "Every move loses against perfect play; the longest try: take 1 from heap 2.\n"
        "Wythoff's theorem: the lost positions are (a_n, a_n + n) with a_n = floor(n phi)\n"
        "= (n + floor(sqrt(5 n^2))) / 2: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), ...\n"
        "The player to move loses: the position is lost. (3, 5) is one: n = 2,\n"
        "floor(sqrt(5 n^2)) = 4, a_n = (2 + 4) / 2 = 3.\n");
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

TEST_CASE("play's text review of a game after Nim: each move that gave the win away") {
  const GameTextPlaySink sink(kayles, person_first, TextStyle{.colour = false, .width = 80}, false);
  const GameMistake<SmallHeap> split{
      {.number = 2, .player = Player::first, .move = {{{0, 1}}, std::array<SmallHeap, 2>{1, 1}}},
      take(0, 3)};
  const GameMistake<SmallHeap> last{{.number = 4, .player = Player::first, .move = take(1, 1)},
                                    std::nullopt};
  const std::vector<GameMistake<SmallHeap>> mistakes{split, last};
  Buffer out;
  sink.end(out, std::optional(Player::second), Ending::over,
           std::span<const GameMistake<SmallHeap>>(mistakes), std::nullopt);
  CHECK(out.str() ==
        "The computer wins.\n"
        "Review: 2 moves gave away a won position:\n"
        "  Move 3: you took 1 from heap 1 and split the rest into 1 and 1; taking 3 from\n"
        "    heap 1 would have kept the win.\n"
        "  Move 5: you took 1 from heap 2.\n");
  // Two people, none given away; the input ended first; the seed told.
  const GameTextPlaySink people(kayles, {Controller::human, Controller::human},
                                TextStyle{.colour = false, .width = 80}, false);
  out.clear();
  people.end(out, std::optional(Player::first), Ending::end_of_input,
             std::span<const GameMistake<SmallHeap>>(), std::optional<std::uint64_t>(5));
  CHECK(out.str() ==
        "\n"
        "The input ended; the game is left unfinished.\n"
        "Review: neither player gave away a won position.\n"
        "Seed 5.\n");
  // Two computers: no review.
  out.clear();
  GameTextPlaySink(kayles, {Controller::computer, Controller::computer},
                   TextStyle{.colour = false, .width = 80}, false)
      .end(out, std::optional(Player::first), Ending::over,
           std::span<const GameMistake<SmallHeap>>(), std::nullopt);
  CHECK(out.str() == "Player 1 wins.\n");
}

}  // namespace
}  // namespace nim
