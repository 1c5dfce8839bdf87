#include "format/game_records.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <string>

#include "format/game_playout_records.hpp"
#include "format/game_text.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/moore/moore.hpp"
#include "nim/games/nim/nim.hpp"
#include "support/nim_engine.hpp"
#include "support/numbers.hpp"

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

using Small = Position<SmallHeap>;

std::string compact(const std::function<void(JsonWriter&)>& body) {
  Buffer out;
  JsonWriter w(out, false);
  body(w);
  return out.str();
}

// Nim's records, the first form of a game's record, which the Python package's users read.
std::string analysis_line(const Small& position, const NimRules<SmallHeap>& rules = {},
                          const Strategy& strategy = {}, const RecordContext& context = {},
                          WinningMoves winning = WinningMoves::omit) {
  const auto analysis =
      testing::nim_analysis(position, rules, strategy, context.seed.value_or(0), winning);
  return compact(
      [&](JsonWriter& w) { write_game_analysis(w, GameWords(rules.spec()), analysis, context); });
}

TEST_CASE("Nim's analysis record: the leading keys, then the position's, in this order") {
  CHECK(analysis_line({1, 3, 5, 7}) ==
        R"({"winning":false,"description":"From heap 3 take this number of beans : 1",)"
        R"("move":[3,1],"next_position":[1,3,5,6],"position_before_move":[1,3,5,7],)"
        R"("nim_sum":0,"game_over":false,"rules":{"misere":false,"max_take":null}})");
  // A cap adds grundy_sum after the rules; winning_moves follows; the context comes last.
  CHECK(analysis_line({4, 5}, {false, 3}, {Choice::random}, {.seed = 9}, WinningMoves::list) ==
        R"({"winning":true,"description":"From heap 0 take this number of beans : 3",)"
        R"("move":[0,3],"next_position":[1,5],"position_before_move":[4,5],"nim_sum":1,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":3},"grundy_sum":1,)"
        R"("winning_moves":[[0,3],[1,1]],"seed":9})");
  CHECK(analysis_line({1, 2}, {}, {}, {.seed = 3, .line = 1, .id = R"("x")"}) ==
        R"({"winning":true,"description":"From heap 1 take this number of beans : 1",)"
        R"("move":[1,1],"next_position":[1,1],"position_before_move":[1,2],"nim_sum":3,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null},"seed":3,"line":1,)"
        R"("id":"x"})");
}

// The exact answers and records at 64-bit edges and beyond, on GMP heaps (moved here from the
// end-to-end tests, which keep only that -H reaches these values).
std::string big_analysis_line(const Position<BigHeap>& position) {
  const NimRules<BigHeap> rules;
  const auto analysis = testing::nim_analysis(position, rules);
  return compact(
      [&](JsonWriter& w) { write_game_analysis(w, GameWords(rules.spec()), analysis, {}); });
}

TEST_CASE("winning_moves: every winning move in heap order, an empty list when lost") {
  CHECK(analysis_line({1, 3, 5, 6}, {}, {}, {}, WinningMoves::list) ==
        R"({"winning":true,"description":"From heap 0 take this number of beans : 1",)"
        R"("move":[0,1],"next_position":[0,3,5,6],"position_before_move":[1,3,5,6],"nim_sum":1,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null},)"
        R"("winning_moves":[[0,1],[1,1],[2,1]]})");
  CHECK(analysis_line({1, 3, 5, 7}, {}, {}, {}, WinningMoves::list)
            .ends_with(R"("rules":{"misere":false,"max_take":null},"winning_moves":[]})"));
  CHECK(analysis_line({3, 4, 5}, {false, 3}, {}, {}, WinningMoves::list)
            .ends_with(R"("grundy_sum":2,"winning_moves":[[0,2],[1,2],[2,2]]})"));
}

TEST_CASE("an analysis record at 2^64-1 and beyond is exact, digit for digit") {
  constexpr SmallHeap max = 18446744073709551615ULL;
  CHECK(analysis_line({max, max}) ==
        R"({"winning":false,"description":"From heap 0 take this number of beans : 1",)"
        R"("move":[0,1],"next_position":[18446744073709551614,18446744073709551615],)"
        R"("position_before_move":[18446744073709551615,18446744073709551615],"nim_sum":0,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null}})");
  CHECK(analysis_line({max, 1}) ==
        R"({"winning":true,"description":"From heap 0 take this number of beans : )"
        R"(18446744073709551614","move":[0,18446744073709551614],"next_position":[1,1],)"
        R"("position_before_move":[18446744073709551615,1],"nim_sum":18446744073709551614,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null}})");
  CHECK(analysis_line({7, 0}) ==
        R"({"winning":true,"description":"From heap 0 take this number of beans : 7",)"
        R"("move":[0,7],"next_position":[0,0],"position_before_move":[7,0],"nim_sum":7,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null}})");
  CHECK(big_analysis_line({mpz_class("18446744073709551616"), mpz_class(1)}) ==
        R"({"winning":true,"description":"From heap 0 take this number of beans : )"
        R"(18446744073709551615","move":[0,18446744073709551615],"next_position":[1,1],)"
        R"("position_before_move":[18446744073709551616,1],"nim_sum":18446744073709551617,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null}})");

  SUBCASE("a 300-digit heap against an independent GMP computation") {
    const auto [big, other, x, target] = ThreeHundredDigits{};
    REQUIRE(target < big);
    const std::string take = mpz_class(big - target).get_str();
    CHECK(big_analysis_line({big, other, mpz_class(5)}) ==
          R"({"winning":true,"description":"From heap 0 take this number of beans : )" + take +
              R"(","move":[0,)" + take + R"(],"next_position":[)" + target.get_str() + "," +
              other.get_str() + R"(,5],"position_before_move":[)" + big.get_str() + "," +
              other.get_str() + R"(,5],"nim_sum":)" + x.get_str() +
              R"(,"game_over":false,"rules":{"misere":false,"max_take":null}})");
  }
}

TEST_CASE("a finished game's record: no move, and who has won in words, under each rule") {
  CHECK(analysis_line({0, 0}) ==
        R"({"winning":false,"description":"The game is over: no objects are left, and the )"
        R"(player to move has lost","move":null,"next_position":null,)"
        R"("position_before_move":[0,0],"nim_sum":0,"game_over":true,)"
        R"("rules":{"misere":false,"max_take":null}})");
  CHECK(analysis_line({0, 0}, {true, {}}) ==
        R"({"winning":true,"description":"The game is over: no objects are left, and the )"
        R"(player to move has won","move":null,"next_position":null,)"
        R"("position_before_move":[0,0],"nim_sum":0,"game_over":true,)"
        R"("rules":{"misere":true,"max_take":null}})");
}

TEST_CASE("a ply record adds ply and done, and on the last ply who moved last and who won") {
  const Small start{1, 1}, last{0, 1};
  const GameWords nim(NimRules<SmallHeap>{}.spec());
  const GamePly<SmallHeap> first_ply{.number = 0, .analysis = testing::nim_analysis(start)};
  const GamePly<SmallHeap> last_ply{.number = 1,
                                    .analysis = testing::nim_analysis(last),
                                    .done = true,
                                    .last_mover = Player::second,
                                    .winner = Player::second};
  CHECK(compact([&](JsonWriter& w) { write_game_ply(w, nim, first_ply, {}); }) ==
        R"({"winning":false,"description":"From heap 0 take this number of beans : 1",)"
        R"("move":[0,1],"next_position":[0,1],"position_before_move":[1,1],"nim_sum":0,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null},"ply":0,"done":false})");
  CHECK(compact([&](JsonWriter& w) { write_game_ply(w, nim, last_ply, {}); }) ==
        R"({"winning":true,"description":"From heap 1 take this number of beans : 1",)"
        R"("move":[1,1],"next_position":[0,0],"position_before_move":[0,1],"nim_sum":1,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null},"ply":1,"done":true,)"
        R"("last_mover":"second","winner":"second"})");

  SUBCASE("--trace moves: ply, move, winning, done, and the ending") {
    CHECK(compact([&](JsonWriter& w) { write_game_ply_move(w, first_ply, {}); }) ==
          R"({"ply":0,"move":[0,1],"winning":false,"done":false})");
    GamePly<SmallHeap> cut = first_ply;
    cut.truncated = true;
    CHECK(compact([&](JsonWriter& w) { write_game_ply_move(w, cut, {.seed = 5}); }) ==
          R"({"ply":0,"move":[0,1],"winning":false,"done":false,"truncated":true,"seed":5})");
    CHECK(compact([&](JsonWriter& w) { write_game_ply_move(w, last_ply, {}); }) ==
          R"({"ply":1,"move":[1,1],"winning":true,"done":true,"last_mover":"second",)"
          R"("winner":"second"})");
  }
}

std::string verdict_line(const Small& position, long heap, long count) {
  const NimRules<SmallHeap> rules;
  const GivenGameMove given{{{BigHeap(heap), BigHeap(count)}}, {}};
  const auto check = testing::nim_move_check(position, rules, given);
  return compact([&](JsonWriter& w) {
    write_game_move_check(w, GameWords(rules.spec()), testing::nim_analysis(position), check, {});
  });
}

TEST_CASE("Nim's verdict record: the move as proposed, then legal, reason, optimal, the solver's") {
  const Small position{1, 3, 5, 6};
  CHECK(verdict_line(position, 1, 1) ==
        R"({"winning":true,"description":"From heap 1 take this number of beans : 1",)"
        R"("move":[1,1],"next_position":[1,2,5,6],"position_before_move":[1,3,5,6],)"
        R"("nim_sum":1,"game_over":false,"rules":{"misere":false,"max_take":null},)"
        R"("legal":true,"optimal":true,"next_winning":false,"best_move":[0,1]})");
  CHECK(verdict_line(position, 4, 1) ==
        R"({"winning":true,"description":"Illegal move: there is no heap 4: the heaps are )"
        R"(numbered 0 to 3","move":[4,1],"next_position":null,)"
        R"("position_before_move":[1,3,5,6],"nim_sum":1,"game_over":false,)"
        R"("rules":{"misere":false,"max_take":null},"legal":false,)"
        R"("reason":"there is no heap 4: the heaps are numbered 0 to 3","optimal":false,)"
        R"("next_winning":null,"best_move":[0,1]})");
}

}  // namespace
}  // namespace nim
