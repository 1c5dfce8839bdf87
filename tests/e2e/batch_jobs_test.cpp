// --batch --jobs N (issue 10): several threads answer blocks of lines, and the output is that of
// one thread byte for byte (records, line numbers, error records, the stderr summary and the exit
// status); memory stays bounded, a closed pipe still ends the run at once and quietly, and a full
// disk still fails loudly. (batch_test.cpp checks that a program feeding one line at a time still
// gets each answer.)
#include <doctest/doctest.h>

#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::run_nim;
using testing::RunResult;
using testing::split_lines;
using Args = std::vector<std::string>;

// About `lines` lines of every kind a batch meets: positions in all forms, with and without ids,
// big heaps, comments, blank lines, CRLF endings and bad lines.
std::string mixed_input(std::size_t lines) {
  std::mt19937_64 rng(10);
  std::string text;
  char digits[24];
  const auto number = [&](std::uint64_t n) {
    return std::string(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  };
  for (std::size_t k = 0; k < lines; ++k) {
    std::string sizes;
    const std::size_t n = 1 + rng() % 8;
    for (std::size_t i = 0; i < n; ++i)
      sizes += (i ? "," : "") + number(rng() % 1001);
    switch (rng() % 20) {
      case 0:
        text += "# a comment\n";
        break;
      case 1:
        text += "\n";
        break;
      case 2:
        text += "1 x " + number(k) + "\n";  // bad
        break;
      case 3:
        text += R"({"heaps":[)" + sizes + R"(,-1],"id":)" + number(k) + "}\n";  // bad, with id
        break;
      case 4:
        text += R"({"id":{"row":)" + number(k) + R"(,"tag":"a\"b"},"heaps":[)" + sizes + "]}\n";
        break;
      case 5:
        text += "[" + sizes + ",123456789012345678901234567890]\r\n";
        break;
      default:
        for (char& c : sizes)
          if (c == ',') c = ' ';
        text += sizes + "\n";
    }
  }
  return text + "3 4 5";  // a last line without its newline
}

RunResult batch(Args options, const std::string& input, const std::string& jobs) {
  options.insert(options.begin(), "--batch");
  if (!jobs.empty()) options.insert(options.end(), {"--jobs", jobs});
  return run_nim(options, input);
}

// Runs the input with --jobs 1, 2, 3 and 0: every run must give the same bytes on stdout and on
// stderr, and the same status. Returns the run with one thread. Under the sanitizers, where each
// start of nim-game costs a tenth of a second, --jobs 1 and 2 only: the threads are what they
// watch.
RunResult check_same_as_one_thread(const Args& options, const std::string& input) {
  const auto one = batch(options, input, "1");
  if (!testing::sanitized) CHECK(batch(options, input, "").out == one.out);  // one thread
  const std::vector<std::string> jobs_counts =
      testing::sanitized ? std::vector<std::string>{"2"} : std::vector<std::string>{"2", "3", "0"};
  for (const std::string& jobs : jobs_counts) {
    INFO("--jobs " << jobs);
    const auto many = batch(options, input, jobs);
    CHECK(many.status == one.status);
    CHECK(many.err == one.err);
    CHECK(many.out.size() == one.out.size());
    CHECK(many.out == one.out);
  }
  return one;
}

TEST_CASE("batch --jobs: the output of one thread, byte for byte, whatever the options") {
  // About 20 blocks of the pool: more than 3 threads of 4 blocks each hold at once.
  const std::string input = mixed_input(testing::scaled(30'000, 6'000));
  const std::vector<Args> option_sets{
      {},
      {"--all-moves", "--misere", "--max-take", "3"},
      {"--choose", "random", "--when-losing", "random", "--seed", "5"},
      {"--move", "0,1"},
      {"--playout", "--max-plies", "4"},
      {"--playout", "--trace", "moves", "--max-plies", "30"},
      {"--pretty"},
  };
  for (const auto& options : option_sets) {
    INFO("options: " << options.size() << " " << (options.empty() ? "" : options.front()));
    const auto one = check_same_as_one_thread(options, input);
    CHECK(one.status == 1);  // there are bad lines: the summary names them
    CHECK(one.err.starts_with("nim-game: "));
    CHECK(one.err.find("lines could not be read (the first is line ") != std::string::npos);
  }
  SUBCASE("a drawn seed: the same one on every record") {
    const auto run = batch({"--choose", "random"}, input, "2");
    CHECK(run.status == 1);
    const auto lines = split_lines(run.out);
    REQUIRE(lines.size() > 100);
    const std::string seed = testing::parse_exact(lines[0])["seed"].dump();
    const auto replay = batch({"--choose", "random", "--seed", seed}, input, "1");
    CHECK(replay.out == run.out);
  }
  SUBCASE("no bad lines: exit 0, nothing on stderr; no lines at all: nothing") {
    const auto clean = check_same_as_one_thread({}, "1 2\n3 4\n");
    CHECK(clean.status == 0);
    CHECK(clean.err.empty());
    CHECK(check_same_as_one_thread({}, "").out.empty());
    CHECK(check_same_as_one_thread({}, "# only a comment").out.empty());
  }
}

TEST_CASE("batch --jobs: the note of a playout stopped at the default limit, after the records") {
  // Two equal heaps of 10^9: the loser takes one, the winner mirrors it, for 2 * 10^9 plies.
  const std::string input = "1 2\n1000000000 1000000000\n3 4\n";
  const auto one = check_same_as_one_thread({"--playout", "--trace", "moves"}, input);
  CHECK(one.status == 0);
  CHECK(one.err ==
        "nim-game: a playout stopped at the default limit of 1000000 plies; --max-plies N or "
        "--max-plies unlimited plays on\n");
  std::size_t plies_of_line_2 = 0;
  for (const auto& record : split_lines(one.out))
    plies_of_line_2 += record.ends_with(R"("line":2})");
  CHECK(plies_of_line_2 == 1'000'000);
}

TEST_CASE("batch --jobs: memory stays bounded, whatever the input or output size") {
  const std::string time = "/usr/bin/time";
  INFO(time << " is needed: scripts/bootstrap.sh installs it (Debian package time)");
  REQUIRE(::access(time.c_str(), X_OK) == 0);
  const auto peak_kb = [&](const std::string& input, const Args& options) {
    const testing::TempFile file(input), report;
    testing::RunSpec spec;
    spec.argv = {time, "-f", "%M", "-o", report.path()};
    if (testing::sanitized) {
      // AddressSanitizer keeps 256 MB of freed blocks to catch their use, more in RSS with its
      // redzones: that would be measured instead of nim-game.
      const char* options = std::getenv("ASAN_OPTIONS");
      spec.argv.insert(spec.argv.end(),
                       {"/usr/bin/env", "ASAN_OPTIONS=" + std::string(options ? options : "") +
                                            ":quarantine_size_mb=0"});
    }
    spec.argv.insert(spec.argv.end(), {testing::nim_game_path(), "--batch", "--jobs", "2"});
    spec.argv.insert(spec.argv.end(), options.begin(), options.end());
    spec.stdin_path = file.path();
    spec.stdout_path = "/dev/null";
    const auto run = testing::run_process(spec);
    INFO("stderr: " << run.err);
    CHECK(run.status == 1);                         // the inputs have bad lines
    const auto lines = split_lines(report.read());  // "Command exited with non-zero status 1", KB
    REQUIRE(!lines.empty());
    return std::stol(lines.back());
  };
  const std::size_t small_lines = testing::scaled(200'000, 20'000);
  const long small = peak_kb(mixed_input(small_lines), {});
  const long large = peak_kb(mixed_input(10 * small_lines), {});
  MESSAGE("peak RSS with --jobs 2: " << small << " kB for " << small_lines << " lines, " << large
                                     << " kB for " << 10 * small_lines);
  CHECK(large < small * 3 / 2 + 4096);
  // Every line a playout of 1,000,000 plies (55 MB of records each): the blocks write as they go
  // rather than hold their records.
  std::string playouts;
  for (std::size_t k = 0; k < testing::scaled(6, 2); ++k)
    playouts += std::string(30, '9') + " " + std::string(30, '8') + "\n";
  const long long_records = peak_kb(playouts + "x\n", {"--playout", "--trace", "moves"});
  MESSAGE("peak RSS with --jobs 2, playouts of 1,000,000 plies: " << long_records << " kB");
  CHECK(long_records < small + 16384);
}

TEST_CASE("batch --jobs: a closed pipe ends the run at once and quietly") {
  const testing::TempFile input(mixed_input(300'000));
  const testing::TempFile status, errors;
  const std::string run_it = testing::shell_quote(testing::nim_game_path()) +
                             " --batch --jobs 2 < " + testing::shell_quote(input.path()) + " 2> " +
                             testing::shell_quote(errors.path()) + "; echo $? > " +
                             testing::shell_quote(status.path());
  for (const char* setup : {"", "trap '' PIPE; "}) {
    INFO("setup: " << std::string(setup));
    const auto run = testing::run_shell(std::string(setup) + "{ " + run_it + "; } | head -1");
    CHECK(run.status == 0);
    CHECK(run.err == "");
    CHECK(run.seconds < 10);
    REQUIRE(split_lines(run.out).size() == 1);
    CHECK(testing::parse_exact(run.out)["line"] == 1);
    CHECK(errors.read() == "");
    CHECK(status.read() == "141\n");
  }
}

TEST_CASE("batch --jobs: a write failure is reported, once") {
  for (const std::string& input : {std::string("1 3 5 7\n"), mixed_input(50'000)}) {
    testing::RunSpec spec;
    spec.argv = {testing::nim_game_path(), "--batch", "--jobs", "2"};
    spec.input = input;
    spec.stdout_path = "/dev/full";
    const auto run = testing::run_process(spec);
    CHECK(run.status == 3);
    CHECK(run.signal == 0);
    CHECK(run.err == "nim-game: cannot write the output: No space left on device\n");
  }
}

}  // namespace
}  // namespace nim
