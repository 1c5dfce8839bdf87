// analyse of a sum of different games (--sum), run in-process as nim-game runs it: the record
// and its text, --explain, --batch in both line forms with its error records, a record's positions
// read back, and every refusal as one line. The sums' verdicts, values and moves are checked
// against the exhaustive oracle in tests/nim/sum_test.cpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/process.hpp"
#include "support/run_in_process.hpp"

namespace nim::analyse_sums_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;
using testing::run_in_process;

const std::vector<std::string> kayles_wythoff_nim{
    "--sum", "--octal 0.77 5", "--sum", "--game wythoff 3 4", "--sum", "7"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE(
    "sums: a record gives each game's value, their XOR and the move in the game that has "
    "it") {
  CHECK(quiet_output(kayles_wythoff_nim) ==
        R"({"winning":true,"description":"Take 1 from heap 0 in component 2",)"
        R"("move":{"component":2,"move":[0,1]},)"
        R"("next_position":{"sum":[)"
        R"({"rules":{"game":"octal","code":"0.77","misere":false},"heaps":[5]},)"
        R"({"rules":{"game":"wythoff","misere":false},"heaps":[3,4]},)"
        R"({"rules":{"misere":false,"max_take":null},"heaps":[6]}]},)"
        R"("position_before_move":{"sum":[)"
        R"({"rules":{"game":"octal","code":"0.77","misere":false},"heaps":[5]},)"
        R"({"rules":{"game":"wythoff","misere":false},"heaps":[3,4]},)"
        R"({"rules":{"misere":false,"max_take":null},"heaps":[7]}]},)"
        R"("grundy_values":[4,2,7],"grundy_sum":1,"game_over":false,)"
        R"("rules":{"game":"sum","misere":false}})"
        "\n");
}

TEST_CASE("sums: the text and --explain say Sprague-Grundy's reasoning") {
  CHECK(quiet_output(with(kayles_wythoff_nim, {"--format", "text", "--explain"})) ==
        "Sum of 3 games:\n"
        "1. Octal game 0.77: 5\n"
        "2. Wythoff's game: 3 4\n"
        "3. Nim: 7\n"
        "Grundy values 4 2 7, sum 1: the player to move wins with perfect play.\n"
        "Winning move: take 1 from heap 1 in component 3 (leaves 6 in it).\n"
        "A sum of 3 games, a move being a move in one of them: 1. Kayles (octal 0.77):\n"
        "knock down 1 or 2 adjacent pins; 2. Wythoff's game: take any number of objects\n"
        "from one of the two heaps, or the same number from both; 3. Nim: take any number\n"
        "of objects, at least 1, from one heap.\n"
        "1. Sprague-Grundy: each game of the sum is worth a Nim heap of its Grundy value,\n"
        "   and the sum is worth the XOR of their values.\n"
        "component  game             heaps  value\n"
        "        1  Octal game 0.77  5      4\n"
        "        2  Wythoff's game   3 4    2\n"
        "        3  Nim              7      7\n"
        "2. The Grundy sum is 4 XOR 2 XOR 7 = 1, not 0: the player to move wins by making\n"
        "   component 3, worth 7, worth 7 XOR 1 = 6, which makes the Grundy sum 0.\n"
        "   Winning move: take 1 from heap 1 in component 3 (leaves 6 in it).\n");
  const auto lost = nlohmann::json::parse(quiet_output(
      {"--sum", "--octal 0.77 5", "--sum", "--game wythoff 3 4", "--sum", "6", "--explain"}));
  CHECK(lost["winning"] == false);
  CHECK(lost["explanation"]["lines"].back() ==
        "2. The Grundy sum is 4 XOR 2 XOR 6 = 0: the player to move loses, since a move changes "
        "the value of the one game it is made in, and so leaves a sum that is not 0.");
  const auto misere = nlohmann::json::parse(
      quiet_output({"--sum", "--octal 0.77 2", "--sum", "1", "--misere", "--explain"}));
  CHECK(misere["rules"] == nlohmann::json::parse(R"({"game":"sum","misere":true})"));
  CHECK(misere["explanation"]["rules_text"] ==
        "A sum of 2 games, a move being a move in one of them, whoever makes the last move of all "
        "losing: 1. Kayles (octal 0.77): knock down 1 or 2 adjacent pins; 2. Nim: take any number "
        "of objects, at least 1, from one heap.");
  CHECK_FALSE(misere.contains("grundy_values"));
  CHECK(misere["explanation"]["lines"][0] ==
        "Misère play of a sum of games has no formula in nim-game, which searched every position "
        "this one can reach.");
}

TEST_CASE(
    "sums: --batch reads a position a line, as JSON or as heaps between bars, and a "
    "record's position back") {
  const std::vector<std::string> batch{"--batch",        "--sum", "--octal 0.77", "--sum",
                                       "--game wythoff", "--sum", "--game nim"};
  const std::string record = quiet_output(kayles_wythoff_nim);
  const auto parsed = nlohmann::json::parse(record);
  // The record's own positions, read back: the next position is lost.
  const std::string lines = "5 | 3 4 | 7\n" + parsed["position_before_move"].dump() +
                            "\n# a note\n" + parsed["next_position"].dump() + "\n";
  const auto run = run_in_process(batch, lines);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  const auto records = testing::split_lines(run.out);
  REQUIRE(records.size() == 3);
  auto first = nlohmann::json::parse(records[0]);
  CHECK(first["line"] == 1);
  first.erase("line");
  CHECK(first == parsed);
  CHECK(nlohmann::json::parse(records[1])["line"] == 2);
  CHECK(nlohmann::json::parse(records[2])["winning"] == false);
  CHECK(nlohmann::json::parse(records[2])["line"] == 4);
}

TEST_CASE("sums: a --batch line that cannot be answered gets an error record, and the rest go on") {
  const std::vector<std::string> batch{"--batch",        "--sum",          "--octal 0.77", "--sum",
                                       "--game wythoff", "--limit-search", "1000"};
  const auto run = run_in_process(
      batch,
      "5\n"
      "5 | 3 4 | 1\n"
      R"({"sum":[{"heaps":[5]},{"heaps":[3,4],"rules":{"game":"moore","heaps_per_move":2,"misere":false}}],"id":7})"
      "\n"
      R"({"sum":[{"heaps":[5]},{"heaps":[3,4]}],"rules":{"game":"sum","misere":true}})"
      "\n"
      R"({"sum":3,"id":"x"})"
      "\n"
      "{\"heaps\":[1,2]}\n"
      "5 | 30 40\n"
      "5 | 3 4\n");
  CHECK(run.status == 1);
  CHECK(run.err == "nim-game: 7 of 8 lines could not be read (the first is line 1)\n");
  const auto records = testing::split_lines(run.out);
  REQUIRE(records.size() == 8);
  const auto error_of = [&](std::size_t k) {
    return nlohmann::json::parse(records[k]).value("error", std::string());
  };
  CHECK(error_of(0) == "the line has 1 component, the sum 2");
  CHECK(error_of(1) == "the line has 3 components, the sum 2");
  CHECK(error_of(2) ==
        R"(component 2: the line's rules {"game":"moore","heaps_per_move":2,)"
        R"("misere":false} are not this command's {"game":"wythoff","misere":false})");
  CHECK(nlohmann::json::parse(records[2])["id"] == 7);
  CHECK(error_of(3) == R"(the line's rules {"game":"sum","misere":true} are not this command's )"
                       R"({"game":"sum","misere":false})");
  CHECK(error_of(4) == R"(not valid JSON: "sum" is a list of components, each {"heaps": [...]})");
  CHECK_FALSE(nlohmann::json::parse(records[4]).contains("id"));
  CHECK(error_of(5) ==
        R"(the line has no "sum": a sum's position is {"sum":[{"heaps":[...]}, ...]})");
  CHECK(error_of(6) ==
        "component 2 of the sum (heaps 30 40): the Grundy value of a position of Wythoff's game "
        "has no formula in nim-game, which searches every position it can reach, and looked at "
        "more than 32000 moves without an answer (32 for each position of the search's bound, "
        "1000)");
  CHECK(nlohmann::json::parse(records[7])["grundy_values"] == nlohmann::json::parse("[4,2]"));
}

TEST_CASE("sums: refusals name the game and the option") {
  check_usage_error({"--sum", "--octal 0.77"},
                    "--sum '--octal 0.77': no heap sizes: give them after the game's options, as "
                    "in --sum '--game wythoff 3 4'");
  check_usage_error({"--sum", "--misere 4"},
                    "--sum '--misere 4': --misere is the whole sum's play: give it once, outside "
                    "--sum");
  check_usage_error(
      {"--sum", "--octal 0.78 4"},
      "--sum '--octal 0.78 4': --octal \"0.78\": \"8\" is not an octal digit (0 to 7)");
  check_usage_error({"--sum", "4 x"}, "--sum '4 x': heap size \"x\" is not a whole number");
  check_usage_error({"--sum", "--game wythoff 1 2 3"},
                    "component 1 of the sum (heaps 1 2 3): Wythoff's game is played on exactly 2 "
                    "heaps; the position has 3");
  check_usage_error({"--batch", "--sum", "4"},
                    "--sum '4': with --batch, each line gives the heap sizes");
  check_usage_error({"--sum", "4", "-H", "3"},
                    "--heaps names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error({"--sum", "4", "--octal", "0.77"},
                    "--octal names one game's heaps or rules: in a sum, each --sum gives its "
                    "game's, as in --sum '--octal 0.77 5'");
  check_usage_error({"--sum", "4", "--move", "0,1"},
                    "--move is not offered for a sum of games (--sum)");
  check_usage_error({"--sum", "4", "--format", "csv"}, "--format \"csv\" is not one of json, text");
  check_usage_error({"--sum", "--game wythoff 30 40", "--limit-search", "1000"},
                    "component 1 of the sum (heaps 30 40): the Grundy value of a position of "
                    "Wythoff's game has no formula in nim-game, which searches every position it "
                    "can reach, and looked at more than 32000 moves without an answer (32 for "
                    "each position of the search's bound, 1000)");
  check_usage_error({"--sum", "--octal 0.77 5", "--sum", "--game grundy 30", "--misere",
                     "--limit-search", "1000"},
                    "misère play of the sum of the octal game 0.77 and Grundy's game has no "
                    "formula in nim-game, which searches every position this one can reach, and "
                    "there are more than 1000 (the search's bound)");
}

}  // namespace
}  // namespace nim::analyse_sums_test
