// nim-game sequence, tested by running the built binary: the record and the text for
// each kind of game, the usage errors, each naming its bad value, and a computing stopped and
// resumed (interrupt_sequence.py).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::run_nim;
using SequenceArgs = std::vector<std::string>;

// The standard output of a run that must succeed quietly.
std::string sequence_out(SequenceArgs args) {
  args.insert(args.begin(), "sequence");
  const auto run = run_nim(args);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return run.out;
}

TEST_CASE("sequence: Dawson's Kayles as one JSON record, its period proved") {
  CHECK(sequence_out({"--octal", "0.07", "--up-to", "20"}) ==
        R"({"rules":{"game":"octal","code":"0.07"},"from":0,"up_to":20,)"
        R"("values":[0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3],"computed_to":1023,)"
        R"("period":34,"pre_period":53,"saltus":0,"proved":true,"proof":"guy-smith"})"
        "\n");
}

TEST_CASE("sequence: the records of the other take-and-break games and of the games by theory") {
  CHECK(sequence_out({"--subtract", "4,1,3", "--up-to", "10"}) ==
        R"({"rules":{"game":"subtraction","subtract":[1,3,4]},"from":0,"up_to":10,)"
        R"("values":[0,1,0,1,2,3,2,0,1,0,1],"computed_to":1023,"period":7,"pre_period":0,)"
        R"("saltus":0,"proved":true,"proof":"repeated-window"})"
        "\n");
  CHECK(sequence_out({"--subtract-all-but", "2,5", "--up-to", "5", "--grundy-limit", "50"}) ==
        R"({"rules":{"game":"all-but-subtraction","subtract_all_but":[2,5]},"from":0,"up_to":5,)"
        R"("values":[0,1,0,1,2,3],"computed_to":50,"period":4,"pre_period":0,"saltus":2,)"
        R"("proved":false,"proof":null})"
        "\n");
  CHECK(
      sequence_out({"--game", "grundy", "--up-to", "8"}) ==
      R"({"rules":{"game":"grundy"},"from":0,"up_to":8,"values":[0,0,0,1,0,2,1,0,2],"computed_to":8,)"
      R"("period":null,"pre_period":null,"saltus":null,"proved":false,"proof":null})"
      "\n");
  // Nim (no game option, or --game nim, with --max-take) and Lasker's Nim: by their theory.
  CHECK(sequence_out({"--up-to", "3"}) ==
        R"({"rules":{"misere":false,"max_take":null},"from":0,"up_to":3,"values":[0,1,2,3],)"
        R"("computed_to":3,"period":1,"pre_period":0,"saltus":1,"proved":true,"proof":"theory"})"
        "\n");
  CHECK(sequence_out({"--game", "nim", "--max-take", "2", "--up-to", "4", "--format", "text"}) ==
        "Nim, at most 2 objects a move: Grundy values of heaps 0 to 4\n"
        "0: 0 1 2 0 1\n"
        "Pre-period 0, period 3, proved by the game's theory: G(n) = n mod 3.\n");
  CHECK(sequence_out({"--game", "lasker", "--up-to", "4"}) ==
        R"({"rules":{"game":"lasker","misere":false},"from":0,"up_to":4,"values":[0,1,2,4,3],)"
        R"("computed_to":4,"period":4,"pre_period":1,"saltus":4,"proved":true,"proof":"theory"})"
        "\n");
}

TEST_CASE("sequence: the default is heaps 0 to 100") {
  const std::string out = sequence_out({"--octal", "0.77"});
  CHECK(out.find(R"("up_to":100,)") != std::string::npos);
  CHECK(out.find(R"(,7,4,1,2,8,1],"computed_to":1023,)") != std::string::npos);
}

TEST_CASE("sequence --format text: rows of values, then the period") {
  CHECK(sequence_out({"--octal", "0.77", "--up-to", "35", "--format", "text"}) ==
        "Octal game 0.77: Grundy values of heaps 0 to 35\n"
        " 0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4\n"
        "30: 7 2 1 8 6 7\n"
        "Pre-period 71, period 12, proved by the Guy-Smith theorem on the values of heaps\n"
        "0 to 167 (computed to 1023).\n");
  // Values short of the theorem's: the period they show, and the limit that would prove it.
  CHECK(sequence_out(
            {"--octal", "0.77", "--up-to", "20", "--grundy-limit", "150", "--format", "text"}) ==
        "Octal game 0.77: Grundy values of heaps 0 to 20\n"
        " 0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1\n"
        "Pre-period 71, period 12: not proved, seen on the values of heaps 0 to 150; the\n"
        "values to heap 167 would prove it (--grundy-limit 167).\n");
  CHECK(sequence_out({"--octal", "0.77", "--up-to", "0", "--grundy-limit", "150"}) ==
        R"({"rules":{"game":"octal","code":"0.77"},"from":0,"up_to":0,"values":[0],)"
        R"("computed_to":150,"period":12,"pre_period":71,"saltus":0,"proved":false,"proof":null})"
        "\n");
  CHECK(sequence_out({"--octal", "0.77", "--up-to", "0", "--grundy-limit", "167"}) ==
        R"({"rules":{"game":"octal","code":"0.77"},"from":0,"up_to":0,"values":[0],)"
        R"("computed_to":167,"period":12,"pre_period":71,"saltus":0,"proved":true,)"
        R"("proof":"guy-smith"})"
        "\n");
  CHECK(sequence_out({"--subtract", "1,2,3", "--up-to", "12", "--format", "text"}) ==
        "Subtraction game {1, 2, 3}: Grundy values of heaps 0 to 12\n"
        " 0: 0 1 2 3 0 1 2 3 0 1 2 3 0\n"
        "Pre-period 0, period 4, proved: the 3 values that decide the next one repeat\n"
        "from heap 1, so all do.\n");
  CHECK(sequence_out(
            {"--octal", "0.007", "--up-to", "5", "--grundy-limit", "100", "--format", "text"}) ==
        "Octal game 0.007: Grundy values of heaps 0 to 5\n"
        "0: 0 0 0 1 1 1\n"
        "No period found up to heap 100: the values beyond it are not known.\n");
  CHECK(sequence_out({"--game", "grundy", "--up-to", "3", "--format", "text"}) ==
        "Grundy's game: Grundy values of heaps 0 to 3\n"
        "0: 0 0 0 1\n"
        "No period is known for Grundy's game: nim-game computed its values to heap 3.\n");
  CHECK(sequence_out({"--subtract-all-but", "2", "--up-to", "3", "--format", "text"}) ==
        "All-but subtraction game: any take but {2}: Grundy values of heaps 0 to 3\n"
        "0: 0 1 0 1\n"
        "Pre-period 0, period 4, saltus 2 (arithmetic periodicity): not proved, seen on\n"
        "the values of heaps 0 to 10000.\n");
}

TEST_CASE("sequence: bad input is one line naming the value, exit 2") {
  check_usage_error("sequence", {"--octal", "0.8"},
                    "--octal \"0.8\": \"8\" is not an octal digit (0 to 7)");
  check_usage_error(
      "sequence", {"--octal", "077"},
      "--octal \"077\" is not an octal code: a digit, a point and one or more digits (0.77)");
  check_usage_error("sequence", {"--subtract", ""},
                    "--subtract \"\": the set is empty (give takes such as 1,3,4)");
  check_usage_error("sequence", {"--subtract-all-but", "0,2"},
                    "--subtract-all-but \"0,2\": \"0\" is not a take from 1 to 1000000");
  check_usage_error("sequence", {"--octal", "0.7", "--up-to", "1073741825"},
                    "--up-to \"1073741825\" is not a whole number from 0 to 1073741824");
  check_usage_error("sequence", {"--game", "kayles"},
                    "--game \"kayles\" is not one of nim, grundy, moore, wythoff, staircase, "
                    "lasker");
  // The games without values of single heaps, each refused with the same words.
  for (const auto& [name, title] : std::vector<std::pair<std::string, std::string>>{
           {"moore", "Moore's Nim with up to 2 heaps a move"}, {"staircase", "staircase Nim"}})
    check_usage_error("sequence", {"--game", name},
                      "sequence lists the values of single heaps, which a game has only when its "
                      "positions are worth the XOR of their heaps' values: not so in " +
                          title);
  check_usage_error("sequence", {"--max-take", "18446744073709551615"},
                    "the Grundy values repeat with a period beyond 2^64 - 1, which sequence does "
                    "not write: Nim, at most 18446744073709551615 objects a move");
  check_usage_error("sequence", {"--game", "lasker", "--max-take", "3"},
                    "--max-take is a rule of Nim, not of this game");
  check_usage_error("sequence", {"--game", "lasker", "--misere", "--limit-search", "10000"},
                    "the misère values of Lasker's Nim to heap 100 pass the search's bounds "
                    "(--limit-search 10000: as many positions, and 32 moves looked at for each) "
                    "at heap 26");
  check_usage_error("sequence", {"--max-take", "2", "--up-to", "1073741825"},
                    "--up-to \"1073741825\" is not a whole number from 0 to 1073741824");
  check_usage_error("sequence", {"--octal", "0.7", "--subtract", "1"},
                    "give one game: --octal, --subtract, --subtract-all-but or --game grundy");
  check_usage_error("sequence", {"--octal", "0.7", "3"}, "unexpected argument \"3\"");
}

TEST_CASE("sequence --by-period: Dawson's Kayles a period a row, its exceptions marked") {
  // Winning Ways' table of 0.07: period 34, the values of heaps 1, 15, 17, 18, 32, 35 and 52 (and
  // of the empty heap) are not the period's.
  CHECK(sequence_out({"--octal", "0.07", "--up-to", "70", "--format", "text", "--by-period"}) ==
        "Octal game 0.07: Grundy values of heaps 0 to 70, a period a row\n"
        " 0: 0* 0* 1  1  2  0  3  1  1  0  3  3  2  2  4  0* 5  2* 2* 3  3  0  1  1  3  0  2  1 "
        " 1  0  4  5  2* 7\n"
        "34: 4  0* 1  1  2  0  3  1  1  0  3  3  2  2  4  4  5  5  2* 3  3  0  1  1  3  0  2  1 "
        " 1  0  4  5  3  7\n"
        "68: 4  8  1\n"
        "Pre-period 53, period 34, proved by the Guy-Smith theorem on the values of heaps\n"
        "0 to 175 (computed to 1023).\n"
        "* marks a value before the pre-period that the period would not give.\n");
  CHECK(sequence_out({"--octal", "0.07", "--up-to", "3", "--from", "2", "--format", "csv"}) ==
        "heap,grundy_value\n2,1\n3,1\n");
  check_usage_error("sequence", {"--game", "grundy", "--format", "text", "--by-period"},
                    "--by-period lays out a period a row, and no period is known for Grundy's "
                    "game");
  check_usage_error("sequence", {"--octal", "0.07", "--by-period"},
                    "--by-period lays out the text; it needs --format text");
  check_usage_error("sequence", {"--octal", "0.07", "--up-to", "5", "--from", "6"},
                    "--from \"6\" is not a whole number from 0 to 5");
  check_usage_error("sequence", {"--octal", "0.07", "--format", "png"},
                    "--format \"png\" is not one of json, text, csv, tsv, svg, binary");
}

TEST_CASE("sequence: a progress line on a terminal, rewritten in place and erased") {
  // Grundy's game to 1,000,000 heaps: a second or more of values, time for a few rewrites (under
  // the sanitizers, 150,000: as many seconds).
  const std::string up_to = testing::sanitized ? "150000" : "1000000";
  const SequenceArgs args{"sequence", "--game", "grundy", "--up-to", up_to};
  const auto run = testing::run_with_stderr_at_a_terminal(args);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  const auto lines = testing::split_lines(run.out);
  REQUIRE(lines.size() == 3);
  const std::string& terminal = lines[0];  // Python's repr of the bytes
  INFO("terminal: " << terminal);
  // The first drawing may come after the first values are done: it says how many.
  CHECK(terminal.starts_with("b'\\rnim-game sequence: "));
  CHECK(terminal.find(" of " + std::to_string(std::stoul(up_to) + 1) + " heaps") !=
        std::string::npos);
  CHECK(terminal.find("\\x1b[K\\rnim-game sequence: ") != std::string::npos);  // rewritten
  CHECK(terminal.find(" heaps/s, ") != std::string::npos);
  CHECK(terminal.find(" s left\\x1b[K") != std::string::npos);
  CHECK(terminal.ends_with("\\r\\x1b[K'"));  // erased at the end
  CHECK(lines[1] == "0");
  // The values are those written without a terminal, where nothing goes to stderr.
  CHECK(lines[2] + "\n" == sequence_out({"--game", "grundy", "--up-to", up_to}));
}

TEST_CASE("sequence --format svg: a picture that parses and renders, 10^5 heaps in little room") {
  REQUIRE(testing::have_program("rsvg-convert"));
  const testing::TempFile svg, png;
  const auto run = testing::run_shell(testing::shell_quote(testing::nim_game_path()) +
                                      " sequence --game grundy --up-to 100000 --format svg > " +
                                      testing::shell_quote(svg.path()));
  REQUIRE(run.status == 0);
  // Well-formed XML whose root is an SVG of the stated size, with the title, the axes and a path
  // of dots no longer than the plot has room for.
  const auto parsed = testing::run_shell(
      "python3 -c 'import sys, xml.etree.ElementTree as ET; r = ET.parse(sys.argv[1]).getroot(); "
      "n = \"{http://www.w3.org/2000/svg}\"; "
      "print(r.tag == n + \"svg\", r.get(\"width\"), r.get(\"height\"), "
      "any(\"Grundy values G(n) of heaps 0 to 100000\" in (t.text or \"\") for t in r.iter(n + "
      "\"text\")), len(list(r.iter(n + \"path\"))))' " +
      testing::shell_quote(svg.path()));
  CHECK(parsed.out == "True 800.0 420.0 True 3\n");
  CHECK(std::filesystem::file_size(svg.path()) < 2'000'000);
  const auto rendered = testing::run_shell("rsvg-convert " + testing::shell_quote(svg.path()) +
                                           " -o " + testing::shell_quote(png.path()));
  CHECK(rendered.status == 0);
  std::ifstream image(png.path(), std::ios::binary);
  std::string signature(8, '\0');
  image.read(signature.data(), 8);
  CHECK(signature == "\x89PNG\r\n\x1a\n");
  // The period's band and its words, where the values have one.
  const auto kayles = sequence_out({"--octal", "0.77", "--format", "svg"});
  CHECK(kayles.find("fill-opacity=\"0.18\"") != std::string::npos);
  CHECK(kayles.find(">period 12 from heap 71</text>") != std::string::npos);
  CHECK(sequence_out({"--octal", "0.77", "--grundy-limit", "150", "--format", "svg"})
            .find(">period 12 from heap 71, not proved</text>") != std::string::npos);
  CHECK(sequence_out({"--game", "grundy", "--format", "svg"}).find("fill-opacity") ==
        std::string::npos);
}

TEST_CASE("sequence --checkpoint: stopped by a signal or killed, --resume writes the same values") {
  INFO("python3 is needed: scripts/bootstrap.sh installs it");
  REQUIRE(testing::have_program("python3"));
  const testing::TempDirectory directory;
  testing::RunSpec spec;
  spec.argv = {"/bin/sh",
               "-c",
               "exec python3 \"$0\" \"$1\" \"$2\"",
               NIM_SOURCE_DIR "/tests/e2e/interrupt_sequence.py",
               testing::nim_game_path(),
               directory.path()};
  const auto run = testing::run_process(spec);
  INFO("interrupt_sequence.py says:\n" << run.out << run.err);
  CHECK(run.status == 0);
  CHECK(run.out.starts_with("ok: "));
}

}  // namespace
}  // namespace nim
