// nim-game sequence, run in-process: misère play's values of single heaps, Wythoff's table of
// pairs, the values as bytes, the computing saved and resumed, on two threads, and their refusals.
// (Its other records and pictures, and a computing stopped by a signal, are
// tests/e2e/sequence_test.cpp's.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "cli/input/sequence_checkpoint.hpp"
#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

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
  check_usage_error("sequence", {"--game", "wythoff", "--format", "binary"},
                    "--format binary writes the values of single heaps; Wythoff's game has a "
                    "table of pairs: json, text, csv or tsv");
  check_usage_error("sequence", {"--game", "wythoff", "--up-to", "5", "--from", "2"},
                    "--from starts a sequence of single heaps; Wythoff's game has a table of "
                    "pairs, from (0, 0)");
  check_usage_error("sequence", {"--game", "wythoff", "--format", "text", "--by-period"},
                    "--by-period lays out a period a row; Wythoff's game has a table of pairs, "
                    "and no period");
}

std::string file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// The values of --format binary's bytes (docs/sequences.md): its header's from, and the values.
struct BinaryValues {
  std::uint64_t from = 0;
  std::vector<std::uint64_t> values;
};
BinaryValues read_binary(const std::string& bytes) {
  REQUIRE(bytes.size() >= 32);
  CHECK(bytes.substr(0, 8) == "NIMSEQ\x01V");
  CHECK(bytes.substr(9, 7) == std::string(7, '\0'));
  const auto number = [&](std::size_t at, std::size_t width) {
    std::uint64_t n = 0;
    for (std::size_t i = width; i-- > 0;)
      n = n << 8 | static_cast<unsigned char>(bytes[at + i]);
    return n;
  };
  const std::size_t width = static_cast<unsigned char>(bytes[8]);
  BinaryValues read{number(16, 8), {}};
  const std::uint64_t count = number(24, 8);
  REQUIRE(bytes.size() == 32 + count * width);
  for (std::uint64_t i = 0; i < count; ++i)
    read.values.push_back(number(32 + i * width, width));
  return read;
}

TEST_CASE("sequence --format binary: the values as little-endian integers of the narrowest width") {
  // Kayles to 20: a byte a value.
  CHECK(quiet_output({"sequence", "--octal", "0.77", "--up-to", "20", "--format", "binary"}) ==
        std::string("NIMSEQ\x01V\x01\0\0\0\0\0\0\0", 16) + std::string(8, '\0') +
            std::string("\x15\0\0\0\0\0\0\0", 8) +
            std::string("\0\1\2\3\1\4\3\2\1\4\2\6\4\1\2\7\1\4\3\2\1", 21));
  // Values beyond 255 take two bytes; --from starts them later. They read back as JSON's.
  for (const std::vector<std::string>& game :
       {std::vector<std::string>{"--subtract-all-but", "2,5", "--up-to", "1000", "--from", "7"},
        std::vector<std::string>{"--game", "grundy", "--up-to", "3000"},
        std::vector<std::string>{"--game", "lasker", "--up-to", "70000"},
        std::vector<std::string>{"--octal", "0.77", "--misere", "--up-to", "40"}}) {
    std::vector<std::string> args{"sequence"};
    args.insert(args.end(), game.begin(), game.end());
    const auto json = nlohmann::json::parse(quiet_output(args));
    args.insert(args.end(), {"--format", "binary"});
    const std::string bytes = quiet_output(args);
    const BinaryValues read = read_binary(bytes);
    CHECK(read.from == json["from"].get<std::uint64_t>());
    CHECK(read.values == json["values"].get<std::vector<std::uint64_t>>());
    std::uint64_t largest = 0;
    for (const std::uint64_t value : read.values)
      largest = std::max(largest, value);
    CHECK(static_cast<unsigned char>(bytes[8]) == (largest <= 0xff     ? 1
                                                   : largest <= 0xffff ? 2
                                                                       : 4));
  }
}

TEST_CASE("sequence --checkpoint and --resume: the computing saved, and the same values from it") {
  const testing::TempDirectory directory;
  const std::string saved = directory.path() + "/grundy.ckpt";
  const std::vector<std::string> grundy{"sequence", "--game",   "grundy", "--up-to",
                                        "10000",    "--format", "csv"};
  const std::string expected = quiet_output(grundy);
  // Saved every 4096 heaps: the file holds the computing at heap 8192, whole.
  std::vector<std::string> saving = grundy;
  saving.insert(saving.end(), {"--checkpoint", saved, "--checkpoint-every", "0"});
  CHECK(quiet_output(saving) == expected);
  CHECK(std::filesystem::exists(saved));
  CHECK_FALSE(std::filesystem::exists(saved + ".tmp"));
  std::vector<std::string> resuming = grundy;
  resuming.insert(resuming.end(), {"--resume", saved});
  CHECK(quiet_output(resuming) == expected);
  resuming.insert(resuming.end(), {"--checkpoint-every", "0"});  // saved again, to the same file
  CHECK(quiet_output(resuming) == expected);

  const std::string file = "--resume \"" + saved + "\"";
  check_usage_error("sequence", {"--octal", "0.77", "--up-to", "10000", "--resume", saved},
                    file + " holds the values of Grundy's game, not of the octal game 0.77");
  check_usage_error("sequence", {"--game", "grundy", "--up-to", "9999", "--resume", saved},
                    file + " was saved with --up-to 10000, not 9999");
  check_usage_error(
      "sequence",
      {"--game", "grundy", "--up-to", "10000", "--grundy-limit", "20000", "--resume", saved},
      file +
          " looks for a period up to heap 10000 (the larger of --grundy-limit and --up-to), "
          "not 20000");

  // A checkpoint whose bound of steps is not the one its --grundy-limit gives: written by no
  // nim-game.
  SequenceCheckpoint read = read_checkpoint(file_bytes(saved), saved);
  ++read.progress.most_steps;
  Buffer forged;
  write_checkpoint(forged, read.rules, read.progress, read.values);
  const testing::TempFile other(forged.view());
  check_usage_error(
      "sequence", {"--game", "grundy", "--up-to", "10000", "--resume", other.path()},
      "--resume \"" + other.path() + "\" is damaged: its fields contradict one another");

  const auto missing = testing::run_in_process(
      {"sequence", "--game", "grundy", "--resume", directory.path() + "/none"});
  CHECK(missing.status == 3);
  CHECK(missing.out.empty());
  CHECK(missing.err == "nim-game: cannot read --resume \"" + directory.path() +
                           "/none\": No such file or directory\n");
  const auto unwritable =
      testing::run_in_process({"sequence", "--game", "grundy", "--up-to", "5000", "--checkpoint",
                               directory.path() + "/no/such/directory", "--checkpoint-every", "0"});
  CHECK(unwritable.status == 3);
  CHECK(unwritable.out.empty());
  CHECK(unwritable.err == "nim-game: cannot write --checkpoint \"" + directory.path() +
                              "/no/such/directory\": No such file or directory\n");
}

TEST_CASE("sequence --jobs 2: the same bytes as one thread, with a checkpoint and from one") {
  const testing::TempDirectory directory;
  const std::string saved = directory.path() + "/values.ckpt";
  // Kayles proves its period at heap 1024 and repeats it after: nothing to save on the way.
  for (const auto& [game, saves] :
       {std::pair{std::vector<std::string>{"--game", "grundy", "--up-to", "30000"}, true},
        std::pair{std::vector<std::string>{"--octal", "0.007", "--up-to", "20000"}, true},
        std::pair{std::vector<std::string>{"--octal", "0.77", "--up-to", "20000"}, false}}) {
    std::vector<std::string> one{"sequence", "--format", "csv"};
    one.insert(one.end(), game.begin(), game.end());
    const std::string expected = quiet_output(one);
    for (const char* jobs : {"2", "0"}) {
      std::vector<std::string> two = one;
      two.insert(two.end(), {"--jobs", jobs});
      CHECK(quiet_output(two) == expected);
    }
    if (!saves) continue;
    std::vector<std::string> saving = one;
    saving.insert(saving.end(), {"--jobs", "2", "--checkpoint", saved, "--checkpoint-every", "0"});
    CHECK(quiet_output(saving) == expected);
    std::vector<std::string> resuming = one;
    resuming.insert(resuming.end(), {"--jobs", "2", "--resume", saved});
    CHECK(quiet_output(resuming) == expected);
  }
  check_usage_error("sequence", {"--game", "grundy", "--jobs", "two"},
                    "--jobs \"two\" is not a whole number from 0 to 1024");
}

TEST_CASE("sequence --checkpoint and --jobs: only for the values a take-and-break game computes") {
  const std::string rest =
      " the computing of a take-and-break game's values in normal play (--octal, "
      "--subtract, --subtract-all-but, --game grundy); ";
  check_usage_error("sequence", {"--jobs", "2"}, "--jobs shares" + rest + "Nim has none to share");
  check_usage_error("sequence", {"--octal", "0.77", "--misere", "--jobs", "2"},
                    "--jobs shares" + rest + "misère values are searched, to heap 5000 at most");
  check_usage_error("sequence", {"--game", "lasker", "--checkpoint", "x"},
                    "--checkpoint saves" + rest + "Lasker's Nim has none to save");
  check_usage_error("sequence", {"--octal", "0.77", "--misere", "--resume", "x"},
                    "--resume saves" + rest + "misère values are searched, to heap 5000 at most");
  check_usage_error("sequence", {"--game", "wythoff", "--checkpoint", "x"},
                    "--checkpoint saves" + rest + "Wythoff's game has none to save");
  check_usage_error("sequence", {"--game", "grundy", "--checkpoint-every", "5"},
                    "--checkpoint-every needs --checkpoint FILE or --resume FILE");
}

}  // namespace
}  // namespace nim::sequence_command_test
