#include "format/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "format/game_playout_records.hpp"
#include "format/game_text.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "support/nim_engine.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

std::string board(const Small& heaps, std::size_t width = 0) {
  Buffer out;
  write_board(out, std::span<const SmallHeap>(heaps), TextStyle{.width = width});
  return out.str();
}

// The longest line of `text`, in bytes (the texts tested are ASCII).
std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0, start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    widest = std::max(widest, end - start);
  return widest;
}

// Nim's text record, as analyse writes it: the record, then the seed.
std::string analysis_text(const Small& position, const NimRules<SmallHeap>& rules = {},
                          const RecordContext& context = {}, const TextStyle& style = {}) {
  Buffer out;
  write_game_analysis_text(out, GameWords(rules.spec()), testing::nim_analysis(position, rules),
                           context, style);
  write_seed(out, context);
  return out.str();
}

// Bouton's explanation of `position` in text.
std::string explanation_text(const Small& position, const NimRules<SmallHeap>& rules,
                             const TextStyle& style = {}) {
  Buffer out;
  write_explanation_text(out, explain(analyse(position, rules)), style);
  return out.str();
}

// Why play refuses `heap count` typed in Nim (heaps from 1), as the command says it.
std::string reason(const Small& heaps, const NimRules<SmallHeap>& rules, long heap, long count) {
  return illegal_given_words(rules.spec(), std::span<const SmallHeap>(heaps),
                             GivenGameMove{{{BigHeap(heap - 1), BigHeap(count)}}, std::nullopt}, 1);
}

TEST_CASE("the board: a row of X per heap, numbered from 1, big heaps as their size") {
  CHECK(board({1, 3, 0}) == "1: X\n2: X X X\n3:\n");
  CHECK(board({40}) ==
        "1: X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X X "
        "X X X X\n");
  CHECK(board({41, 1000000}) == "1: 41 objects\n2: 1000000 objects\n");
  Buffer big;
  const Position<BigHeap> huge{BigHeap("100000000000000000000"), 2};
  write_board(big, std::span<const BigHeap>(huge), TextStyle{});
  CHECK(big.str() == "1: 100000000000000000000 objects\n2: X X\n");
}

TEST_CASE("the board: numbers right-aligned from ten heaps, rows of X only where they fit") {
  CHECK(board({1, 0, 0, 0, 0, 0, 0, 0, 2, 3}) ==
        " 1: X\n 2:\n 3:\n 4:\n 5:\n 6:\n 7:\n 8:\n 9: X X\n10: X X X\n");
  CHECK(widest_line(board({39}, 80)) == 80);
  CHECK(board({40}, 80) == "1: 40 objects\n");
  CHECK(board({29, 30}, 60) == board({29}, 60) + "2: 30 objects\n");
  CHECK(widest_line(board({29}, 60)) == 60);
  CHECK(board({40}, 0) == board({40}));  // unwrapped: up to most_drawn_objects
}

TEST_CASE("the title names the rules that are not the default") {
  CHECK(game_title(NimRules<SmallHeap>{}.spec()) == "Nim");
  CHECK(game_title(NimRules<SmallHeap>{true, {}}.spec()) ==
        "Misère Nim (whoever takes the last object loses)");
  CHECK(game_title(NimRules<SmallHeap>{false, 3}.spec()) == "Nim, at most 3 objects a move");
  CHECK(game_title(NimRules<SmallHeap>{false, 1}.spec()) == "Nim, at most 1 object a move");
  CHECK(game_title(NimRules<BigHeap>{true, BigHeap("100000000000000000000")}.spec()) ==
        "Misère Nim (whoever takes the last object loses), at most 100000000000000000000 objects "
        "a move");
}

TEST_CASE("positions in words") {
  const Small heaps{1, 3, 5, 7};
  CHECK(heap_list(std::span<const SmallHeap>(heaps)) == "1 3 5 7");
}

TEST_CASE("why a move cannot be played, heaps numbered from 1") {
  const Small heaps{1, 0, 2};
  const NimRules<SmallHeap> normal, cap3{false, 3}, cap1{false, 1};
  CHECK(reason(heaps, normal, 9, 1) == "there is no heap 9: the heaps are numbered 1 to 3");
  CHECK(reason(heaps, normal, 0, 1) == "there is no heap 0: the heaps are numbered 1 to 3");
  CHECK(reason(heaps, normal, -1, 1) == "there is no heap -1: the heaps are numbered 1 to 3");
  CHECK(reason({4}, normal, 2, 1) == "there is no heap 2: there is only heap 1");
  CHECK(reason(heaps, normal, 1, 0) == "a move takes at least 1 object, not 0");
  CHECK(reason(heaps, normal, 1, -1) == "a move takes at least 1 object, not -1");
  CHECK(reason(heaps, normal, 2, 1) == "heap 2 is empty");
  CHECK(reason(heaps, normal, 3, 3) == "heap 3 has only 2 objects");
  CHECK(reason(heaps, normal, 1, 2) == "heap 1 has only 1 object");
  CHECK(reason({9}, cap3, 1, 4) == "a move takes at most 3 objects, not 4");
  CHECK(reason({9}, cap1, 1, 2) == "a move takes at most 1 object, not 2");
}

TEST_CASE("an analysis in text: the board, the verdict and the move (issue 8's example)") {
  CHECK(analysis_text({1, 3, 5, 7}) ==
        "Nim:\n"
        "1: X\n"
        "2: X X X\n"
        "3: X X X X X\n"
        "4: X X X X X X X\n"
        "Nim-sum 0: the player to move loses against perfect play.\n"
        "Best try: take 1 from heap 4 (leaves 1 3 5 6).\n");
  CHECK(analysis_text({2, 3}) ==
        "Nim:\n1: X X\n2: X X X\n"
        "Nim-sum 1: the player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 2 (leaves 2 2).\n");
  CHECK(analysis_text({0, 0}) ==
        "Nim:\n1:\n2:\n"
        "The game is over: no objects are left, and the player to move has lost.\n");
  CHECK(analysis_text({0, 0}, NimRules<SmallHeap>{true, {}}) ==
        "Misère Nim (whoever takes the last object loses):\n1:\n2:\n"
        "The game is over: no objects are left, and the player to move has won.\n");
  CHECK(analysis_text({4, 5}, NimRules<SmallHeap>{false, 3}, RecordContext{7, 12}) ==
        "Line 12:\n"
        "Nim, at most 3 objects a move:\n1: X X X X\n2: X X X X X\n"
        "Grundy sum 1: the player to move wins with perfect play.\n"
        "Winning move: take 3 from heap 1 (leaves 1 5).\n"
        "Seed: 7\n");
}

TEST_CASE("colours only when the style asks for them") {
  const std::string plain = analysis_text({2, 3});
  CHECK(plain.find('\x1b') == std::string::npos);
  const std::string coloured = analysis_text({2, 3}, {}, {}, TextStyle{true});
  CHECK(coloured.find("\x1b[1mNim-sum 1: the player to move wins with perfect play.\x1b[0m\n") !=
        std::string::npos);
  CHECK(coloured.find("\x1b[32mWinning move:\x1b[0m take 1 from heap 2") != std::string::npos);
}

TEST_CASE("Bouton's table for 3 4 5 6: the rows, the parity under a rule, the marks, after") {
  const std::string text = explanation_text({3, 4, 5, 6}, {});
  const std::string table =
      "Bouton's table:\n"
      "heap  size  binary\n"
      "   1     3  011\n"
      "   2     4  100  <- take 4, leaving 0\n"
      "   3     5  101\n"
      "   4     6  110\n"
      "            ---\n"
      "parity      100  = nim-sum 4\n"
      "            ^ column 2, the highest odd column\n"
      "After the move, every column is even:\n"
      "heap  size  binary\n"
      "   1     3  011\n"
      "   2     0  000\n"
      "   3     5  101\n"
      "   4     6  110\n"
      "            ---\n"
      "parity      000  = nim-sum 0\n"
      "Why:\n"
      "1. Write each heap's size in binary, one row per heap, with the columns numbered from 0 at "
      "the right, and count the 1s in each column. The parity row, 100, has a 1 under each column "
      "with an odd count: read as a binary number, it is the nim-sum, 4.\n"
      "2. The nim-sum is not 0, so the player to move wins: one move makes every column even, and "
      "from there every move makes some column odd again.\n"
      "3. Column 2 is the highest odd column, and heap 2's row has a 1 there. Changing that row's "
      "bit in every odd column turns 4 (100) into 0 (000): smaller, since column 2 goes from 1 to "
      "0.\n"
      "4. Take 4 from heap 2, leaving 0: every column is then even, the nim-sum is 0, and the "
      "opponent faces a lost position.\n";
  CHECK(text == table);
}

TEST_CASE("Bouton's table under a cap shows sizes and values, a lost position has no after") {
  CHECK(explanation_text({4, 5, 3}, {false, 3})
            .starts_with("Bouton's table:\n"
                         "heap  size  value  binary\n"
                         "   1     4      0  00  <- take 2, leaving 2, worth 2\n"
                         "   2     5      1  01\n"
                         "   3     3      3  11\n"
                         "                   --\n"
                         "parity             10  = Grundy sum 2\n"
                         "                   ^ column 1, the highest odd column\n"
                         "After the move, every column is even:\n"));

  const std::string lost = explanation_text({5, 4, 1}, {});
  CHECK(lost.find("parity      000  = nim-sum 0\nWhy:\n") != std::string::npos);
  CHECK(lost.find("After the move") == std::string::npos);
  CHECK(lost.find("^ column") == std::string::npos);
}

TEST_CASE("text at a width: every line fits, continuation lines indented under their item") {
  const std::string text = explanation_text({3, 4, 5, 6}, {}, TextStyle{.width = 60});
  CHECK(widest_line(text) <= 60);
  CHECK(text.find("Why:\n"
                  "1. Write each heap's size in binary, one row per heap, with\n"
                  "   the columns numbered from 0 at the right, and count the\n") !=
        std::string::npos);
  CHECK(
      text.ends_with("4. Take 4 from heap 2, leaving 0: every column is then even,\n"
                     "   the nim-sum is 0, and the opponent faces a lost position.\n"));

  SUBCASE("a painted part keeps its colour across the break") {
    const Small small{1, 2};
    Buffer coloured;
    write_game_verdict_text(coloured, GameWords(NimRules<SmallHeap>{}.spec()),
                            testing::nim_analysis(small), TextStyle{.colour = true, .width = 20});
    CHECK(coloured.str() ==
          "\x1b[1mNim-sum 3: the\nplayer to move wins\nwith perfect play.\x1b[0m\n"
          "\x1b[32mWinning move:\x1b[0m take 1\n  from heap 2\n  (leaves 1 1).\n");
  }
}

TEST_CASE("the brief explanation: the table before the move, then the last step") {
  const Small position{3, 4, 5, 6};
  Buffer out;
  write_brief_explanation_text(out, explain(analyse(position, NimRules<SmallHeap>{})),
                               TextStyle{.width = 80});
  CHECK(out.str() ==
        "heap  size  binary\n"
        "   1     3  011\n"
        "   2     4  100  <- take 4, leaving 0\n"
        "   3     5  101\n"
        "   4     6  110\n"
        "            ---\n"
        "parity      100  = nim-sum 4\n"
        "            ^ column 2, the highest odd column\n"
        "Take 4 from heap 2, leaving 0: every column is then even, the nim-sum is 0, and\n"
        "  the opponent faces a lost position.\n");
}

// Nim's playout in text, as analyse writes it, through Nim's engine.
std::string playout_text(const Small& start, const NimRules<SmallHeap>& rules,
                         std::uint64_t max_plies, const RecordContext& context = {}) {
  Buffer out;
  SplitMix64 rng(0);
  const GameWords words(rules.spec());
  testing::nim_engine(rules)->play_out(
      std::span<const SmallHeap>(start), Strategy{}, rng, max_plies, WinningMoves::omit,
      PlyDetail::full,
      [&](const GamePly<SmallHeap>& ply) { write_game_ply_text(out, words, ply, context, {}); });
  return out.str();
}

TEST_CASE("a playout in text: the board, then each move and the board after it, then the end") {
  const Small start{1, 2};
  CHECK(playout_text(start, {}, no_ply_limit) ==
        "Nim:\n1: X\n2: X X\n"
        "\nMove 1, first player, winning: take 1 from heap 2.\n1: X\n2: X\n"
        "\nMove 2, second player, losing: take 1 from heap 1.\n1:\n2: X\n"
        "\nMove 3, first player, winning: take 1 from heap 2.\n1:\n2:\n"
        "The first player took the last object and wins.\n");

  SUBCASE("misère, cut short, and a finished board") {
    CHECK(playout_text(start, {true, {}}, 1, {5, {}}) ==
          "Misère Nim (whoever takes the last object loses):\n1: X\n2: X X\n"
          "\nMove 1, first player, winning: take 2 from heap 2.\n1: X\n2:\n"
          "The playout stops here, after 1 move: the ply limit.\nSeed: 5\n");
    CHECK(playout_text({0}, {true, {}}, 5) ==
          "Misère Nim (whoever takes the last object loses):\n1:\n"
          "No objects are left: the first player, to move, has won.\n");
  }
}

TEST_CASE("a bad batch line in text names the line, quotes it, and says why") {
  Buffer out;
  write_input_error_text(out, 5, "1 x\x1b", "heap size \"x\" is not a whole number", TextStyle{});
  CHECK(out.str() ==
        "Line 5: cannot read \"1 x\\u001b\": heap size \"x\" is not a whole number.\n");
}

}  // namespace
}  // namespace nim
