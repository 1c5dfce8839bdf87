#include "format/game_records.hpp"

#include <doctest/doctest.h>

#include <string>

#include "format/game_text.hpp"
#include "nim/analysis.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

const GameSpec moore_spec{.kind = GameSpec::Kind::moore, .heap_game = {}};

std::string moore_text(const Position<SmallHeap>& position, const RecordContext& context,
                       const std::string& proposed_words = "") {
  GameSolver solver(MooreRules<SmallHeap>{2, false}, 1000);
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  Buffer out;
  const Piece words[] = {{proposed_words, std::nullopt}};
  write_game_analysis_text(out, moore_spec, analysis, context, TextStyle{},
                           proposed_words.empty() ? std::span<const Piece>() : words);
  return out.str();
}

TEST_CASE("a game's analysis in text: \"Line N:\" first in --batch, as Nim's") {
  const std::string record =
      "Moore's Nim, from up to 2 heaps a move:\n"
      "1: X\n"
      "2: X X\n"
      "The player to move wins with perfect play.\n"
      "Winning move: take 1 from heap 1 and 2 from heap 2 (leaves 0 0).\n";
  CHECK(moore_text({1, 2}, {}) == record);
  CHECK(moore_text({1, 2}, {.seed = std::nullopt, .line = 12, .id = std::nullopt}) ==
        "Line 12:\n" + record);
  CHECK(moore_text({1, 2}, {.seed = std::nullopt, .line = 3, .id = std::nullopt}, "--move: ok") ==
        "Line 3:\n"
        "Moore's Nim, from up to 2 heaps a move:\n"
        "1: X\n"
        "2: X X\n"
        "The player to move wins with perfect play.\n"
        "--move: ok\n"
        "Winning move: take 1 from heap 1 and 2 from heap 2 (leaves 0 0).\n");
}

const GameSpec kayles_spec{.heap_game = octal_game({0, 7, 7})};

std::string given_words(const Position<SmallHeap>& position, GivenGameMove given,
                        std::size_t first = 0) {
  return illegal_given_words(kayles_spec, std::span<const SmallHeap>(position), given, first);
}

TEST_CASE("a given move with a negative number is illegal, its number named, as Nim's") {
  const Position<SmallHeap> heaps{1, 2};
  const auto take = [](long heap, long count) {
    return GivenGameMove{{{BigHeap(heap), BigHeap(count)}}, {}};
  };
  CHECK(given_words(heaps, take(-1, 1)) == "there is no heap -1: the heaps are numbered 0 to 1");
  CHECK(given_words(heaps, take(-1, 1), 1) == "there is no heap 0: the heaps are numbered 1 to 2");
  CHECK(given_words(heaps, take(0, -3)) == "a move takes no negative count, as -3");
  // A heap the position does not have comes first; a game's own words name a negative count.
  CHECK(given_words(heaps, take(5, -3)) == "there is no heap 5: the heaps are numbered 0 to 1");
  const GameSpec nim = spec_of_kind(GameSpec::Kind::nim);
  CHECK(illegal_given_words(nim, std::span<const SmallHeap>(heaps), take(1, -3), 0) ==
        "a move takes at least 1 object, not -3");
  CHECK(given_words(heaps, {{{BigHeap(1), BigHeap(0)}}, {{BigHeap(-1), BigHeap(3)}}}) ==
        "a split leaves no negative heap, as -1");
  CHECK(given_words(heaps, {{{BigHeap(0), BigHeap(1)}, {BigHeap(-2), BigHeap(1)}}, {}}) ==
        "there is no heap -2: the heaps are numbered 0 to 1");
  // Without a negative number, the words of any illegal move.
  CHECK(given_words(heaps, take(5, 1)) == "there is no heap 5: the heaps are numbered 0 to 1");
  CHECK(given_words(heaps, take(1, 3)) == "heap 1 has only 2 objects, fewer than 3");
}

TEST_CASE("a given move is written as given, its numbers exact") {
  const auto written = [](const GivenGameMove& given) {
    Buffer out;
    JsonWriter w(out, false);
    record::write_given_move(w, given);
    return out.str();
  };
  CHECK(written({{{BigHeap(-1), BigHeap(1)}}, {}}) == "[-1,1]");
  CHECK(written({{{BigHeap("99999999999999999999999"), BigHeap(1)}}, {}}) ==
        "[99999999999999999999999,1]");
  CHECK(written({{{BigHeap(0), BigHeap(1)}}, {{BigHeap(-1), BigHeap(2)}}}) == "[0,1,[-1,2]]");
  CHECK(written({{{BigHeap(0), BigHeap(2)}, {BigHeap(1), BigHeap(-2)}}, {}}) == "[[0,2],[1,-2]]");
}

TEST_CASE(
    "Nim's record through its engine: the bytes of Nim's own, under every rule and strategy") {
  const std::vector<NimRules<SmallHeap>> rule_sets{
      {false, std::nullopt}, {true, std::nullopt}, {false, 2}, {true, 3}};
  const std::vector<Strategy> strategies{
      {},
      {.choice = Choice::random, .when_losing = WhenLosing::random},
      {.choice = Choice::largest}};
  for (const NimRules<SmallHeap>& rules : rule_sets) {
    const GameWords words(rules.spec());
    const auto engine = make_engine<SmallHeap>(PreparedGame(rules.spec(), BigHeap(5)));
    CAPTURE(words.rules);
    for (const Strategy& strategy : strategies) {
      for (const WinningMoves list : {WinningMoves::omit, WinningMoves::list}) {
        testing::for_each_position(3, 5, [&](const Position<SmallHeap>& position) {
          CAPTURE(position);
          Buffer nim, game;
          JsonWriter nim_writer(nim, false), game_writer(game, false);
          write_analysis(nim_writer, analyse(position, rules, strategy, 7, list), RecordContext{});
          SplitMix64 rng(7);
          write_game_analysis(
              game_writer, words,
              engine->analyse(std::span<const SmallHeap>(position), strategy, rng, list),
              RecordContext{});
          CHECK(game.str() == nim.str());
        });
      }
    }
  }
}

TEST_CASE("Nim's --move record through its engine: the bytes of Nim's own, legal or not") {
  const std::vector<NimRules<SmallHeap>> rule_sets{
      {false, std::nullopt}, {true, std::nullopt}, {false, 2}, {true, 3}};
  for (const NimRules<SmallHeap>& rules : rule_sets) {
    const GameWords words(rules.spec());
    const auto engine = make_engine<SmallHeap>(PreparedGame(rules.spec(), BigHeap(4)));
    CAPTURE(words.rules);
    testing::for_each_position(3, 4, [&](const Position<SmallHeap>& position) {
      const std::span<const SmallHeap> heaps(position);
      const auto nim_analysis = analyse(position, rules);
      const auto game_analysis = engine->analyse(heaps);
      for (int heap = -1; heap <= 3; ++heap) {
        for (int count : {-1, 0, 1, 2, 3, 5}) {
          CAPTURE(position);
          CAPTURE(heap);
          CAPTURE(count);
          const ProposedMove proposed{BigHeap(heap), BigHeap(count)};
          Buffer nim, game;
          JsonWriter nim_writer(nim, false), game_writer(game, false);
          write_move_check(nim_writer, nim_analysis, proposed,
                           check_move(ScannedPosition(position, rules), proposed), RecordContext{});
          const GivenGameMove given{{{BigHeap(heap), BigHeap(count)}}, std::nullopt};
          const auto whole = given.move();
          auto move = whole ? narrow_move<SmallHeap>(*whole) : std::nullopt;
          const GameMoveVerdict verdict =
              move ? engine->judge(heaps, *move) : GameMoveVerdict::illegal;
          GameMoveCheck<SmallHeap> check{given, std::move(move), verdict, {}};
          if (verdict != GameMoveVerdict::illegal) check.next = engine->after(heaps, *check.move);
          write_game_move_check(game_writer, words, game_analysis, check, RecordContext{});
          CHECK(game.str() == nim.str());
        }
      }
    });
  }
}

}  // namespace
}  // namespace nim
