#include "format/game_records.hpp"

#include <doctest/doctest.h>

#include <string>

#include "format/game_playout_records.hpp"
#include "format/game_text.hpp"
#include "nim/analysis.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/move_check.hpp"
#include "nim/playout.hpp"
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
  write_game_analysis_text(out, GameWords(moore_spec), analysis, context, TextStyle{},
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
  // A form the game never makes comes first (a move of Kayles takes from one heap); in a game
  // that makes it, the heaps the move names.
  const GivenGameMove two_heaps{{{BigHeap(0), BigHeap(1)}, {BigHeap(-2), BigHeap(1)}}, {}};
  CHECK(given_words(heaps, two_heaps) == "the rules of the octal game 0.77 do not allow it");
  CHECK(illegal_given_words(spec_of_kind(GameSpec::Kind::wythoff),
                            std::span<const SmallHeap>(heaps), two_heaps,
                            0) == "there is no heap -2: the heaps are numbered 0 to 1");
  CHECK(given_words(heaps, {{{BigHeap(0), BigHeap(1)}, {BigHeap(1), BigHeap(9)}}, {}}) ==
        "the rules of the octal game 0.77 do not allow it");
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

// Nim's rule sets of these tests, and the widths its text is written at: unwrapped (--batch), a
// terminal's 30 columns, with colour.
const std::vector<NimRules<SmallHeap>> nim_rule_sets{
    {false, std::nullopt}, {true, std::nullopt}, {false, 2}, {true, 3}};
const std::vector<TextStyle> text_styles{{}, {.colour = true, .width = 30}};
const std::optional<Explanation<SmallHeap>> no_explanation;

// Moves as --move gives them: heaps -1 to 3 and counts -1 to 5, a heap and a count beyond 2^64, a
// split, and two heaps at once.
std::vector<GivenGameMove> given_nim_moves() {
  std::vector<GivenGameMove> moves;
  for (int heap = -1; heap <= 3; ++heap)
    for (int count : {-1, 0, 1, 2, 3, 5})
      moves.push_back({{{BigHeap(heap), BigHeap(count)}}, std::nullopt});
  const BigHeap huge("99999999999999999999999");
  moves.push_back({{{huge, BigHeap(1)}}, std::nullopt});
  moves.push_back({{{BigHeap(0), huge}}, std::nullopt});
  moves.push_back({{{BigHeap(0), BigHeap(1)}}, std::array{BigHeap(1), BigHeap(1)}});
  moves.push_back({{{BigHeap(0), BigHeap(1)}, {BigHeap(1), BigHeap(1)}}, std::nullopt});
  moves.push_back({{{BigHeap(-1), BigHeap(1)}, {BigHeap(1), BigHeap(-1)}}, std::nullopt});
  return moves;
}

// Nim's stack and its engine on the same --move: Nim's verdict and the engine's check.
struct NimMoveChecks {
  ProposedMove proposed;
  MoveVerdict<SmallHeap> nim;
  GameMoveCheck<SmallHeap> game;
};

NimMoveChecks check_both(const NimRules<SmallHeap>& rules, GameEngine<SmallHeap>& engine,
                         const Position<SmallHeap>& position, const GivenGameMove& given) {
  const std::span<const SmallHeap> heaps(position);
  ProposedMove proposed{given.takes.front().heap, given.takes.front().count};
  if (given.takes.size() > 1 || given.split) proposed.other_form = given;
  const auto whole = given.move();
  auto move = whole ? narrow_move<SmallHeap>(*whole) : std::nullopt;
  const GameMoveVerdict verdict = move ? engine.judge(heaps, *move) : GameMoveVerdict::illegal;
  GameMoveCheck<SmallHeap> check{given, std::move(move), verdict, {}};
  if (verdict != GameMoveVerdict::illegal) check.next = engine.after(heaps, *check.move);
  return {proposed, check_move(ScannedPosition(position, rules), proposed), std::move(check)};
}

TEST_CASE("Nim's --move through its engine: the bytes of Nim's own, in every form, JSON and text") {
  for (const NimRules<SmallHeap>& rules : nim_rule_sets) {
    const GameWords words(rules.spec());
    const auto engine = make_engine<SmallHeap>(PreparedGame(rules.spec(), BigHeap(4)));
    CAPTURE(words.rules);
    testing::for_each_position(3, 4, [&](const Position<SmallHeap>& position) {
      const auto nim_analysis = analyse(position, rules);
      const auto game_analysis = engine->analyse(std::span<const SmallHeap>(position));
      for (const GivenGameMove& given : given_nim_moves()) {
        CAPTURE(position);
        CAPTURE(given_move_text(given));
        const NimMoveChecks checks = check_both(rules, *engine, position, given);
        Buffer nim, game;
        JsonWriter nim_writer(nim, false), game_writer(game, false);
        write_move_check(nim_writer, nim_analysis, checks.proposed, checks.nim, RecordContext{});
        write_game_move_check(game_writer, words, game_analysis, checks.game, RecordContext{});
        CHECK(game.str() == nim.str());
        for (const TextStyle& style : text_styles) {
          Buffer nim_text, game_text;
          write_move_check_text(nim_text, nim_analysis, checks.proposed, checks.nim,
                                RecordContext{}, style, no_explanation);
          write_game_move_check_text(game_text, words, game_analysis, checks.game, RecordContext{},
                                     style);
          CHECK(game_text.str() == nim_text.str());
        }
      }
    });
  }
}

TEST_CASE("Nim's text through its engine: the bytes of Nim's own, under every rule and strategy") {
  const std::vector<Strategy> strategies{
      {}, {.choice = Choice::random, .when_losing = WhenLosing::random}};
  const RecordContext context{.seed = 7, .line = 4, .id = std::nullopt};
  for (const NimRules<SmallHeap>& rules : nim_rule_sets) {
    const GameWords words(rules.spec());
    const auto engine = make_engine<SmallHeap>(PreparedGame(rules.spec(), BigHeap(5)));
    CAPTURE(words.rules);
    for (const TextStyle& style : text_styles)
      for (const Strategy& strategy : strategies)
        for (const WinningMoves list : {WinningMoves::omit, WinningMoves::list})
          testing::for_each_position(3, 5, [&](const Position<SmallHeap>& position) {
            CAPTURE(position);
            Buffer nim, game;
            write_analysis_text(nim, analyse(position, rules, strategy, 7, list), context, style,
                                no_explanation);
            SplitMix64 rng(7);
            write_game_analysis_text(
                game, words,
                engine->analyse(std::span<const SmallHeap>(position), strategy, rng, list), context,
                style);
            write_seed(game, context);
            CHECK(game.str() == nim.str());
          });
  }
}

TEST_CASE("Nim's playout text through its engine: the bytes of Nim's own, ply by ply") {
  const Strategy random{.choice = Choice::random, .when_losing = WhenLosing::random};
  for (const NimRules<SmallHeap>& rules : nim_rule_sets) {
    const GameWords words(rules.spec());
    const auto engine = make_engine<SmallHeap>(PreparedGame(rules.spec(), BigHeap(4)));
    CAPTURE(words.rules);
    for (const TextStyle& style : text_styles)
      for (const std::uint64_t max_plies : {std::uint64_t{2}, std::uint64_t{100}})
        testing::for_each_position(3, 4, [&](const Position<SmallHeap>& position) {
          CAPTURE(position);
          const RecordContext context{.seed = 3, .line = std::nullopt, .id = std::nullopt};
          Buffer nim, game;
          SplitMix64 nim_rng(3), game_rng(3);
          play_out(position, rules, random, nim_rng, max_plies, WinningMoves::list,
                   [&](const Ply<NimRules<SmallHeap>>& ply) {
                     write_ply_text(nim, ply, context, style, no_explanation);
                   });
          engine->play_out(std::span<const SmallHeap>(position), random, game_rng, max_plies,
                           WinningMoves::list, PlyDetail::full, [&](const GamePly<SmallHeap>& ply) {
                             write_game_ply_text(game, words, ply, context, style);
                           });
          CHECK(game.str() == nim.str());
        });
  }
}

}  // namespace
}  // namespace nim
