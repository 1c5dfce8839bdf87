// nim-game positions --format npy, run in-process: numpy's array file, byte for byte, its
// records the same numbers as the CSV table's, --split's files each of its own shape, and what
// npy cannot hold refused before anything is written.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/run_in_process.hpp"
#include "support/temp_file.hpp"

namespace nim::positions_npy_test {
namespace {

using testing::check_usage_error;
using testing::quiet_output;
using testing::split_lines;
using Args = std::vector<std::string>;

// An .npy file read back: its header's text (without the padding) and its records' bytes.
struct NpyFile {
  std::string header;
  std::string records;
};

NpyFile read_npy(const std::string& bytes) {
  REQUIRE(bytes.size() >= 10);
  REQUIRE(bytes.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t length = static_cast<unsigned char>(bytes[8]) +
                             256 * static_cast<std::size_t>(static_cast<unsigned char>(bytes[9]));
  CHECK((10 + length) % 64 == 0);  // numpy's alignment
  REQUIRE(bytes.size() >= 10 + length);
  std::string header = bytes.substr(10, length);
  CHECK(header.back() == '\n');
  header.erase(header.find_last_not_of(" \n") + 1);
  return {header, bytes.substr(10 + length)};
}

// The records' numbers: 8 bytes each, little-endian, signed; a byte where `byte_at` says (winning).
std::vector<std::int64_t> numbers_of(const std::string& records, std::size_t record_size,
                                     std::size_t byte_at = SIZE_MAX) {
  std::vector<std::int64_t> numbers;
  for (std::size_t start = 0; start < records.size(); start += record_size)
    for (std::size_t at = start; at < start + record_size;) {
      if (at - start == byte_at) {
        numbers.push_back(records[at]);
        at += 1;
        continue;
      }
      std::uint64_t value = 0;
      for (int k = 7; k >= 0; --k)
        value = value << 8 | static_cast<unsigned char>(records[at + std::size_t(k)]);
      numbers.push_back(static_cast<std::int64_t>(value));
      at += 8;
    }
  return numbers;
}

TEST_CASE("positions --format npy: numpy's file, its dtype, shape and records exact") {
  const NpyFile file = read_npy(quiet_output(
      {"positions", "--all", "--heap-count", "1..2", "--max-size", "1", "--format", "npy"}));
  CHECK(file.header ==
        "{'descr': [('heaps', '<i8', (2,)), ('heap_count', '<i8')], 'fortran_order': False, "
        "'shape': (6,), }");
  // 0, 1, 0 0, 0 1, 1 0, 1 1: the heaps padded with 0, then the heap count.
  CHECK(numbers_of(file.records, 24) ==
        std::vector<std::int64_t>{0, 0, 1, 1, 0, 1, 0, 0, 2, 0, 1, 2, 1, 0, 2, 1, 1, 2});
  const NpyFile padded =
      read_npy(quiet_output({"positions", "--all", "--heap-count", "1..2", "--max-size", "1",
                             "--format", "npy", "--pad", "7"}));
  CHECK(numbers_of(padded.records, 24)[1] == 7);
  // --all --sorted: the multisets of 1 to 3 heaps of sizes 0 to 4, counted before the first.
  const NpyFile sorted = read_npy(quiet_output({"positions", "--all", "--heap-count", "1..3",
                                                "--max-size", "4", "--sorted", "--format", "npy"}));
  CHECK(sorted.header.ends_with("'shape': (55,), }"));
  CHECK(sorted.records.size() == 55 * 32);
}

TEST_CASE("positions --format npy --label: the numbers of the CSV table, -1 where it has none") {
  const Args args{"positions", "--count",
                  "40",        "--heap-count",
                  "1..3",      "--max-size",
                  "9",         "--seed",
                  "5",         "--label",
                  "--fields",  "heaps,winning,move,action,grundy_values,nim_sum,grundy_sum"};
  Args npy = args, csv = args;
  npy.insert(npy.end(), {"--format", "npy"});
  csv.insert(csv.end(), {"--format", "csv"});
  const NpyFile file = read_npy(quiet_output(npy));
  CHECK(file.header ==
        "{'descr': [('heaps', '<i8', (3,)), ('heap_count', '<i8'), ('winning', '|b1'), ('move', "
        "'<i8', (2,)), ('action', '<i8'), ('grundy_values', '<i8', (3,)), ('nim_sum', '<i8'), "
        "('grundy_sum', '<i8')], 'fortran_order': False, 'shape': (40,), }");
  // heaps 3, count, winning (a byte, at 32), move 2, action, values 3, nim_sum, grundy_sum.
  const std::vector<std::int64_t> numbers = numbers_of(file.records, 33 + 8 * 8, 32);
  std::vector<std::string> rows = split_lines(quiet_output(csv));
  REQUIRE(rows.size() == 41);
  CHECK(rows[0] == "h1,h2,h3,winning,move_heap,move_take,action,g1,g2,g3,nim_sum,grundy_sum");
  // The table's empty cells: a heap not there (npy: 0, and the count after the heaps), and a value
  // not there (npy: -1).
  std::vector<std::int64_t> expected;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    std::vector<std::string> cells;
    std::stringstream row(rows[r] + ",");
    for (std::string cell; std::getline(row, cell, ',');)
      cells.push_back(cell);
    REQUIRE(cells.size() == 12);
    std::int64_t heap_count = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      heap_count += !cells[i].empty();
      expected.push_back(cells[i].empty() ? 0 : std::stoll(cells[i]));
    }
    expected.push_back(heap_count);
    for (std::size_t i = 3; i < 12; ++i)
      expected.push_back(cells[i].empty() ? -1 : std::stoll(cells[i]));
  }
  CHECK(numbers == expected);
}

TEST_CASE("positions --format npy --split: each part's file of its own shape") {
  const testing::TempDirectory folder;
  quiet_output({"positions", "--count", "10", "--heap-count", "2", "--max-size", "30", "--seed",
                "1", "--format", "npy", "--split", "train=0.7,test=0.3", "--output-prefix",
                folder.path() + "/"});
  for (const auto& [name, rows] : {std::pair{"train", 7}, std::pair{"test", 3}}) {
    std::ifstream in(folder.path() + "/" + name + ".npy", std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    const NpyFile file = read_npy(bytes);
    CHECK(file.header.ends_with("'shape': (" + std::to_string(rows) + ",), }"));
    CHECK(file.records.size() == std::size_t(rows) * 24);
  }
}

TEST_CASE("positions --format npy: what it cannot hold is refused before anything is written") {
  const Args space{"positions", "--count", "4", "--heap-count", "1..3", "--max-size", "9"};
  const auto with = [&](Args more) {
    Args args = space;
    args.insert(args.end(), {"--format", "npy"});
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  check_usage_error(with({"--fields", "heaps,state"}),
                    "--format npy holds numbers of fixed size: --fields state is text; give "
                    "--format json, csv or tsv");
  check_usage_error(with({"--fields", "rules"}),
                    "--format npy holds numbers of fixed size: --fields rules is text; give "
                    "--format json, csv or tsv");
  check_usage_error(with({"--label", "--fields", "winning_actions"}),
                    "--format npy holds numbers of fixed size: --fields winning_actions is a list "
                    "of any length; give --format json, csv or tsv");
  check_usage_error(with({"--label", "--fields", "heaps,move", "--game", "grundy"}),
                    "--format npy writes a move as its heap and count: Grundy's game has other "
                    "moves; give --format json, csv or tsv");
  check_usage_error({"positions", "--count", "4", "--heap-count", "2", "--max-size",
                     "9223372036854775808", "--format", "npy"},
                    "--format npy writes 64-bit integers: --max-size 9223372036854775808 is "
                    "beyond 2^63 - 1; give --format json, csv or tsv");
  check_usage_error(with({"--pad", "9223372036854775808"}),
                    "--format npy writes 64-bit integers: --pad 9223372036854775808 is beyond "
                    "2^63 - 1; give --format json, csv or tsv");
  check_usage_error({"positions", "--count", "4", "--heap-count", "2", "--max-size",
                     "4611686018427387905", "--format", "npy", "--label", "--fields", "action"},
                    "--format npy writes 64-bit integers: an action id of --max-size "
                    "4611686018427387905 and 2 heaps is beyond 2^63 - 1; give --format json, csv "
                    "or tsv");
  // Just within: the largest id, 2^63 - 1, fits.
  CHECK(read_npy(quiet_output({"positions", "--count", "4", "--heap-count", "2", "--max-size",
                               "4611686018427387904", "--format", "npy", "--label", "--fields",
                               "action", "--seed", "1"}))
            .records.size() == 32);
}

}  // namespace
}  // namespace nim::positions_npy_test
