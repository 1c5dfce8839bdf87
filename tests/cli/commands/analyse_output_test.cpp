// analyse with --format text and --explain (issue 8, sections 1 and 2), run in-process: the
// issue's examples exactly, every mode in text (single query, --batch, --playout, --move), the
// explanation in JSON records, big heaps, and the combinations that are usage errors.
#include <doctest/doctest.h>

#include <gmpxx.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/process.hpp"
#include "support/run_in_process.hpp"

namespace nim::analyse_output_test {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::keys_of;
using testing::parse_exact;
using testing::quiet_output;
using testing::run_in_process;
using testing::split_lines;
using Args = std::vector<std::string>;

// The one JSON record of a run that must succeed quietly (output_of). Named apart from
// analyse_test's record_of, which a unity batch could put beside it.
Json quiet_record_of(const Args& args) {
  const std::string out = quiet_output(args);
  REQUIRE(split_lines(out).size() == 1);
  return parse_exact(out);
}

TEST_CASE("text: the issue's board, verdict and move for 1 3 5 7") {
  CHECK(quiet_output({"-H", "1", "3", "5", "7", "--format", "text"}) ==
        "Nim:\n"
        "1: X\n"
        "2: X X X\n"
        "3: X X X X X\n"
        "4: X X X X X X X\n"
        "Nim-sum 0: the player to move loses against perfect play.\n"
        "Best try: take 1 from heap 4 (leaves 1 3 5 6).\n");
  CHECK(quiet_output({"-H", "1", "3", "5", "7", "--format=text"}) ==
        quiet_output({"analyse", "-H", "1", "3", "5", "7", "--format", "text"}));
}

TEST_CASE("text: winning, finished, capped, misère, big heaps, every winning move, a seed") {
  CHECK(quiet_output({"-H", "3", "4", "5", "--format", "text"}) ==
        "Nim:\n1: X X X\n2: X X X X\n3: X X X X X\n"
        "Nim-sum 2: the player to move wins with perfect play.\n"
        "Winning move: take 2 from heap 1 (leaves 1 4 5).\n");
  CHECK(quiet_output({"-H", "0", "0", "--format", "text", "--misere"}) ==
        "Misère Nim (whoever takes the last object loses):\n1:\n2:\n"
        "The game is over: no objects are left, and the player to move has won.\n");
  CHECK(quiet_output({"-H", "4", "5", "--max-take", "3", "--format", "text", "--all-moves"}) ==
        "Nim, at most 3 objects a move:\n1: X X X X\n2: X X X X X\n"
        "Grundy sum 1: the player to move wins with perfect play.\n"
        "Winning move: take 3 from heap 1 (leaves 1 5).\n"
        "Winning moves: take 3 from heap 1, take 1 from heap 2.\n");
  CHECK(quiet_output({"-H", "100000000000000000000", "3", "--format", "text"}) ==
        "Nim:\n1: 100000000000000000000 objects\n2: X X X\n"
        "Nim-sum 100000000000000000003: the player to move wins with perfect play.\n"
        "Winning move: take 99999999999999999997 from heap 1 (leaves 3 3).\n");
  CHECK(quiet_output({"-H", "1", "3", "5", "7", "--format", "text", "--when-losing", "random",
                      "--seed", "7"}) ==
        "Nim:\n1: X\n2: X X X\n3: X X X X X\n4: X X X X X X X\n"
        "Nim-sum 0: the player to move loses against perfect play.\n"
        "Best try: take 4 from heap 4 (leaves 1 3 5 3).\n"
        "Seed: 7\n");
}

TEST_CASE("text: --move judges the move, named from 1 in the words") {
  CHECK(quiet_output({"-H", "1", "3", "5", "7", "--move", "1,4", "--format", "text"}) ==
        "Nim:\n1: X\n2: X X X\n3: X X X X X\n4: X X X X X X X\n"
        "Nim-sum 0: the player to move loses against perfect play.\n"
        "--move 1,4 (take 4 from heap 2): illegal, heap 2 has only 3 objects.\n"
        "Best try: take 1 from heap 4 (leaves 1 3 5 6).\n");
  const std::string won =
      quiet_output({"-H", "1", "3", "5", "6", "--move", "1,1", "--format", "text"});
  CHECK(won.find(
            "--move 1,1 (take 1 from heap 2, leaves 1 2 5 6): it keeps the win, leaving the\n"
            "  opponent a lost position.\nWinning move: take 1 from heap 1 (leaves 0 3 5 6).\n") !=
        std::string::npos);
  const std::string gave =
      quiet_output({"-H", "1", "3", "5", "6", "--move", "3,6", "--format", "text"});
  CHECK(
      gave.find("--move 3,6 (take 6 from heap 4, leaves 1 3 5 0): it gives the win away, leaving\n"
                "  the opponent a won position.\n") != std::string::npos);
  const std::string any =
      quiet_output({"-H", "1", "3", "5", "7", "--move", "2,4", "--format", "text"});
  CHECK(any.find("--move 2,4 (take 4 from heap 3, leaves 1 3 1 7): the opponent is left a won\n"
                 "  position, as by every move from here.\n") != std::string::npos);
  for (const auto& move_and_reason : std::vector<std::pair<std::string, std::string>>{
           {"9,1",
            "(take 1 from heap 10): illegal, there is no heap 10: the heaps are\n"
            "  numbered 1 to 4."},
           {"-1,1",
            "(take 1 from heap 0): illegal, there is no heap 0: the heaps are\n"
            "  numbered 1 to 4."},
           {"0,0", "(take 0 from heap 1): illegal, a move takes at least 1 object, not 0."},
           {"0,2", "(take 2 from heap 1): illegal, heap 1 has only 1 object."}}) {
    // Not a structured binding: clang cannot capture one in CHECK's lambda.
    const std::string& move = move_and_reason.first;
    const std::string& reason = move_and_reason.second;
    INFO("--move " << move);
    CHECK(quiet_output({"-H", "1", "3", "5", "7", "--move", move, "--format", "text"})
              .find("--move " + move + " " + reason + "\n") != std::string::npos);
  }
  CHECK(quiet_output({"-H", "0", "3", "--move", "0,1", "--format", "text"})
            .find("illegal, heap 1 is empty.\n") != std::string::npos);
  CHECK(quiet_output({"-H", "5", "--move", "0,4", "--max-take", "3", "--format", "text"})
            .find("illegal, a move takes at most 3 objects, not 4.\n") != std::string::npos);
}

TEST_CASE("text: a playout shows each move and the board after it") {
  CHECK(quiet_output({"-H", "1", "2", "--playout", "--format", "text"}) ==
        "Nim:\n1: X\n2: X X\n"
        "\nMove 1, first player, winning: take 1 from heap 2.\n1: X\n2: X\n"
        "\nMove 2, second player, losing: take 1 from heap 1.\n1:\n2: X\n"
        "\nMove 3, first player, winning: take 1 from heap 2.\n1:\n2:\n"
        "The first player took the last object and wins.\n");
  CHECK(quiet_output({"-H", "1", "2", "--playout", "--format", "text", "--max-plies", "1"}) ==
        "Nim:\n1: X\n2: X X\n"
        "\nMove 1, first player, winning: take 1 from heap 2.\n1: X\n2: X\n"
        "The playout stops here, after 1 move: the ply limit.\n");
}

TEST_CASE("text: --batch writes a block per line, each ended by a blank line, bad lines in place") {
  const std::string input = "1 2\n# comment\n1 x\n\n[0,3]\n";
  const auto run = run_in_process({"--batch", "--format", "text"}, input);
  CHECK(run.status == 1);
  CHECK(run.out ==
        "Line 1:\nNim:\n1: X\n2: X X\n"
        "Nim-sum 3: the player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 2 (leaves 1 1).\n"
        "\nLine 3: cannot read \"1 x\": heap size \"x\" is not a whole number.\n"
        "\nLine 5:\nNim:\n1:\n2: X X X\n"
        "Nim-sum 3: the player to move wins with perfect play.\n"
        "Winning move: take 3 from heap 2 (leaves 0 0).\n\n");
  CHECK(run.err == "nim-game: 1 of 5 lines could not be read (the first is line 3)\n");
  SUBCASE("--jobs writes the same bytes, however the lines fall into blocks") {
    std::string many;
    for (int k = 0; k < 10000; ++k)  // about 170 kB: several blocks of --jobs
      many += k % 7 == 3 ? "x\n" : k % 11 == 5 ? "# c\n" : input;
    for (const char* jobs : {"2", "3"}) {
      INFO("--jobs " << jobs);
      const auto one = run_in_process({"--batch", "--format", "text", "--playout"}, many);
      const auto several =
          run_in_process({"--batch", "--format", "text", "--playout", "--jobs", jobs}, many);
      CHECK(several.status == one.status);
      CHECK(several.err == one.err);
      CHECK(several.out == one.out);
    }
  }
  SUBCASE("a playout per line") {
    const std::string out = quiet_output({"--batch", "--format", "text", "--playout"}, "1\n2 2\n");
    CHECK(
        out.starts_with("Line 1:\nNim:\n1: X\n\nMove 1, first player, winning: take 1 from "
                        "heap 1.\n1:\nThe first player took the last object and wins.\n"
                        "\nLine 2:\nNim:\n1: X X\n2: X X\n"));
    CHECK(out.ends_with("The second player took the last object and wins.\n\n"));
  }
}

TEST_CASE("explain: the record without --explain, the explanation at its end, any heap size") {
  // The explanation's keys and values for each rule are explanation_text_test.cpp's.
  const Json won = quiet_record_of({"-H", "3", "4", "5", "6", "--explain"});
  Json without = won;
  without.erase("explanation");
  CHECK(without == quiet_record_of({"-H", "3", "4", "5", "6"}));
  CHECK(keys_of(won).back() == "explanation");
  CHECK(won["explanation"]["rows"] == Json::parse(R"(["011","100","101","110"])"));

  const Json capped = quiet_record_of({"-H", "7", "2", "--max-take", "2", "--explain"});
  CHECK(capped["explanation"]["rows"] == Json::parse(R"(["01","10"])"));  // 7 mod 3, 2 mod 3

  const mpz_class big = mpz_class("7" + std::string(299, '3'));
  const Json huge = quiet_record_of({"-H", big.get_str(), "5", "--explain"});
  const std::string bits = huge["explanation"]["rows"][0];
  CHECK(bits == big.get_str(2));
  CHECK(huge["explanation"]["rows"][1] == std::string(bits.size() - 3, '0') + "101");
  CHECK(huge["explanation"]["column"] == bits.size() - 1);
  CHECK(huge["explanation"]["heap"] == 0);
}

TEST_CASE("explain: with --move, --playout, --batch and a seed, before the context keys") {
  const Json judged = quiet_record_of({"-H", "1", "3", "5", "6", "--move", "1,1", "--explain"});
  const auto keys = keys_of(judged);
  REQUIRE(keys.size() >= 2);
  CHECK(keys[keys.size() - 2] == "best_move");
  CHECK(keys.back() == "explanation");
  CHECK(judged["explanation"]["heap"] == 0);  // the solver's own move, best_move

  const Json seeded =
      quiet_record_of({"-H", "1", "3", "5", "6", "--choose", "random", "--seed", "3", "--explain"});
  CHECK(keys_of(seeded).back() == "seed");
  CHECK(seeded["explanation"]["heap"] == seeded["move"][0]);

  const std::string plies = quiet_output({"-H", "1", "2", "--playout", "--explain"});
  for (const auto& line : split_lines(plies)) {
    const Json ply = parse_exact(line);
    CHECK(ply["explanation"]["heap"] == ply["move"][0]);
    CHECK(keys_of(ply).back() == "explanation");
  }
  const std::string batch = quiet_output({"--batch", "--explain"}, "3 4 5 6\n");
  CHECK(parse_exact(batch)["explanation"] ==
        quiet_record_of({"-H", "3", "4", "5", "6", "--explain"})["explanation"]);
  CHECK(keys_of(parse_exact(batch)).back() == "line");
}

TEST_CASE("explain: in text, Bouton's table after the verdict") {
  const std::string out = quiet_output({"-H", "3", "4", "5", "6", "--explain", "--format", "text"});
  CHECK(
      out.starts_with("Nim:\n1: X X X\n2: X X X X\n3: X X X X X\n4: X X X X X X\n"
                      "Nim-sum 4: the player to move wins with perfect play.\n"
                      "Winning move: take 4 from heap 2 (leaves 3 0 5 6).\n"
                      "Nim: take any number of objects, at least 1, from one heap\n"
                      "Bouton's table:\n"
                      "heap  size  binary\n"
                      "   1     3  011\n"
                      "   2     4  100  <- take 4, leaving 0\n"));
  CHECK(out.find("parity      000  = nim-sum 0\nWhy:\n1. Write each heap's size in binary") !=
        std::string::npos);
  const std::string playout =
      quiet_output({"-H", "1", "2", "--playout", "--explain", "--format", "text"});
  CHECK(playout.find("\nMove 1, first player, winning: take 1 from heap 2.\nNim: take any number "
                     "of objects, at least 1, from one heap\nBouton's table:\n") !=
        std::string::npos);
}

TEST_CASE("text and explain: the meaningless combinations are usage errors") {
  check_usage_error({"-H", "1", "--format", "text", "--pretty"},
                    "--pretty indents JSON; it cannot be used with --format text");
  check_usage_error({"-H", "1", "--format", "text", "--playout", "--trace", "full"},
                    "--trace chooses the JSON records of a playout; it cannot be used with "
                    "--format text");
  check_usage_error({"-H", "1", "--playout", "--trace", "moves", "--explain"},
                    "--explain adds to the full record; --trace moves leaves it out");
  check_usage_error({"-H", "1", "--format", "html"},
                    "--format \"html\" is not one of json, text, csv, tsv");
  check_usage_error({"-H", "1", "--explain=yes"}, "option '--explain' doesn't allow an argument");
}

TEST_CASE("text and explain: --help shows both, with examples") {
  const auto help = run_in_process({"--help"});
  CHECK(help.out.find("--explain") != std::string::npos);
  CHECK(help.out.find("--format FORMAT  json (default), text, csv or tsv") != std::string::npos);
  CHECK(help.out.find("  nim-game -H 1 3 5 7 --format text ") != std::string::npos);
  CHECK(help.out.find("  nim-game -H 3 4 5 6 --explain --format text\n") != std::string::npos);
}

}  // namespace
}  // namespace nim::analyse_output_test
