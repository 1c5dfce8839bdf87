// nim-game sequence, run in-process: misère play's values of single heaps, Wythoff's table of
// pairs, and their refusals. (Its other records and pictures are tests/e2e/sequence_test.cpp's.)
#include <doctest/doctest.h>

#include <string>

#include "support/run_in_process.hpp"

namespace nim::sequence_command_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;

TEST_CASE("sequence --misere: the misère values of single heaps, said not to add") {
  CHECK(quiet_output({"sequence", "--octal", "0.77", "--misere", "--up-to", "12"}) ==
        R"({"rules":{"game":"octal","code":"0.77","misere":true},"from":0,"up_to":12,)"
        R"("values":[1,0,2,3,0,1,3,2,1,0,2,4,0],"computed_to":12,"period":null,)"
        R"("pre_period":null,"saltus":null,"proved":false,"proof":null})"
        "\n");
  CHECK(quiet_output({"sequence", "--misere", "--up-to", "5", "--format", "text"}) ==
        "Misère Nim (whoever takes the last object loses): misère Grundy values of heaps\n"
        "0 to 5\n"
        "0: 1 0 2 3 4 5\n"
        "Misère Grundy values: the mex of the values one move reaches, an empty heap\n"
        "worth 1; 0 exactly when the player to move loses this heap alone in misère play.\n"
        "They do not add: a position of several heaps has a misère value of its own, not\n"
        "the XOR of theirs. No period is looked for.\n");
  CHECK(quiet_output({"sequence", "--subtract", "1,2", "--misere", "--up-to", "6", "--format",
                      "csv"}) == "heap,grundy_value\n0,1\n1,0\n2,2\n3,1\n4,0\n5,2\n6,1\n");
  check_usage_error("sequence", {"--octal", "0.77", "--misere", "--limit-search", "1000"},
                    "the misère values of the octal game 0.77 to heap 100 pass the search's "
                    "bounds (--limit-search 1000: as many positions, and 32 moves looked at for "
                    "each) at heap 21");
  check_usage_error("sequence", {"--misere", "--up-to", "5001"},
                    "--up-to 5001 with --misere: misère values are searched heap by heap, to "
                    "heap 5000 at most");
  CHECK(quiet_output({"sequence", "--misere", "--up-to", "5000", "--from", "4999"})
            .find(R"("values":[4999,5000])") != std::string::npos);
  check_usage_error("sequence", {"--game", "moore", "--misere"},
                    "sequence lists the values of single heaps, which a game has only when its "
                    "positions are worth the XOR of their heaps' values: not so in Moore's Nim "
                    "with up to 2 heaps a move");
}

TEST_CASE("sequence --game wythoff: the table of the pairs' Grundy values") {
  CHECK(quiet_output({"sequence", "--game", "wythoff", "--up-to", "9", "--format", "text"}) ==
        "Wythoff's game: Grundy values G(a, b) of heaps 0 to 9, a row for each a\n"
        "a\\b  0  1  2  3  4  5  6  7  8  9\n"
        "  0  0  1  2  3  4  5  6  7  8  9\n"
        "  1  1  2  0  4  5  3  7  8  6 10\n"
        "  2  2  0  1  5  3  4  8  6  7 11\n"
        "  3  3  4  5  6  2  0  1  9 10 12\n"
        "  4  4  5  3  2  7  6  9  0  1  8\n"
        "  5  5  3  4  0  6  8 10  1  2  7\n"
        "  6  6  7  8  1  9 10  3  4  5 13\n"
        "  7  7  8  6  9  0  1  4  5  3 14\n"
        "  8  8  6  7 10  1  2  5  3  4 15\n"
        "  9  9 10 11 12  8  7 13 14 15 16\n");
  CHECK(quiet_output({"sequence", "--game", "wythoff", "--up-to", "2"}) ==
        R"({"rules":{"game":"wythoff","misere":false},"up_to":2,"rows":[[0,1,2],[1,2,0],[2,0,1]]})"
        "\n");
  CHECK(quiet_output({"sequence", "--game", "wythoff", "--up-to", "1", "--format", "csv"}) ==
        "a,b,grundy_value\n0,0,0\n0,1,1\n1,0,1\n1,1,2\n");
  // Misère play: its values, (0, 1) and (2, 2) lost.
  CHECK(quiet_output({"sequence", "--game", "wythoff", "--misere", "--up-to", "2"}) ==
        R"({"rules":{"game":"wythoff","misere":true},"up_to":2,"rows":[[1,0,2],[0,2,1],[2,1,0]]})"
        "\n");
  check_usage_error("sequence", {"--game", "wythoff", "--up-to", "101"},
                    "--up-to 101: the table of pairs of Wythoff's game goes to heap 100 at most");
  check_usage_error("sequence", {"--game", "wythoff", "--format", "svg"},
                    "--format svg draws the values of single heaps; Wythoff's game has a table of "
                    "pairs: json, text, csv or tsv");
  check_usage_error("sequence", {"--game", "wythoff", "--up-to", "5", "--from", "2"},
                    "--from starts a sequence of single heaps; Wythoff's game has a table of "
                    "pairs, from (0, 0)");
  check_usage_error("sequence", {"--game", "wythoff", "--format", "text", "--by-period"},
                    "--by-period lays out a period a row; Wythoff's game has a table of pairs, "
                    "and no period");
}

}  // namespace
}  // namespace nim::sequence_command_test
