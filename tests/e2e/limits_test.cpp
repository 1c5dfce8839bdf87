// Bounded memory, never an abort: the misère search refuses what its bound cannot cover at once and
// keeps within a stated multiple of it, --batch writes the records answered before memory runs out,
// threads the system will not start are one line, and an octal code cannot ask for hours. Run
// under `ulimit -v` (not under the sanitizers, whose shadow memory needs terabytes of address
// space).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::run_nim;
using Args = std::vector<std::string>;

// nim-game with `args`, run by /bin/sh under `ulimit -v kilobytes`.
testing::RunResult run_limited(std::uint64_t kilobytes, const Args& args,
                               const std::string& input = {}, std::uint64_t stack_kilobytes = 0) {
  std::string script = "ulimit -v " + std::to_string(kilobytes) + " && ";
  // A thread reserves a stack as large as `ulimit -s`.
  if (stack_kilobytes != 0) script += "ulimit -s " + std::to_string(stack_kilobytes) + " && ";
  script += "exec " + testing::shell_quote(testing::nim_game_path());
  for (const std::string& arg : args)
    script += " " + testing::shell_quote(arg);
  return testing::run_shell(script, input);
}

// A refusal under the limit: exit status 2, nothing on stdout, `message` on one line.
void check_refused(std::uint64_t kilobytes, const Args& args, const std::string& message) {
  const auto run = run_limited(kilobytes, args);
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err == "nim-game: " + message + "\n");
}

const std::string ten_to_30 = "1000000000000000000000000000000";
constexpr std::uint64_t one_gigabyte = 1'000'000;  // in kilobytes, as ulimit -v counts

std::string kayles_refusal(const std::string& why) {
  return "misère play of the octal game 0.77 has no formula in nim-game, which searches every "
         "position "
         "this one can reach, and " +
         why;
}
const std::string too_many_looks =
    "looked at more than 32000000 moves without an answer (32 for each position of the search's "
    "bound, 1000000)";

TEST_CASE("limits: a heap beyond what the search can reach is refused at once") {
  if (testing::sanitized) return;
  // Each of its moves leads to another position: 10^30 of them pass any bound. These grew to
  // 24.4 GB and 15.9 GB without an answer, or aborted in GMP.
  check_refused(
      one_gigabyte, {"-H", ten_to_30, "3", "--game", "staircase", "--misere"},
      "misère play of staircase Nim has no formula in nim-game, which searches every position "
      "this one can reach, and a heap of " +
          ten_to_30 + " alone reaches more than 1000000 (the search's bound)");
  check_refused(one_gigabyte, {"-H", ten_to_30, "3", "--octal", "0.77", "--misere"},
                kayles_refusal("a heap of " + ten_to_30 +
                               " alone reaches more than 1000000 (the search's bound)"));
  check_refused(2 * one_gigabyte,
                {"-H", ten_to_30, "3", "--octal", "0.77", "--misere", "--limit-search", "10"},
                kayles_refusal("a heap of " + ten_to_30 +
                               " alone reaches more than 10 (the search's bound)"));
}

TEST_CASE("limits: a search of many moves a position is refused at its bound on moves looked at") {
  if (testing::sanitized) return;
  // Kayles' heap of 10,000 has 15,000 moves, and so have the positions it reaches first (this
  // used 2.9 GB before refusing); staircase Nim on 100,000 and 1 reaches 200,000 positions, of
  // 100,000 moves each (this ran out of memory).
  check_refused(one_gigabyte, {"-H", "10000", "3", "--octal", "0.77", "--misere"},
                kayles_refusal(too_many_looks));
  check_refused(
      one_gigabyte, {"-H", "100000", "1", "--game", "staircase", "--misere"},
      "misère play of staircase Nim has no formula in nim-game, which searches every position "
      "this one can reach, and " +
          too_many_looks);
}

TEST_CASE("limits: a game of a sum whose Grundy value is searched keeps within the bound") {
  if (testing::sanitized) return;
  const std::string searched =
      "the Grundy value of a position of Wythoff's game has no formula in nim-game, which "
      "searches every position it can reach, and ";
  // Its moves alone pass the bound: refused before any position is searched.
  check_refused(one_gigabyte, {"--sum", "--game wythoff 1000000000 2000000000", "--sum", "1"},
                "component 1 of the sum (heaps 1000000000 2000000000): " + searched +
                    "this one alone has 4000000000 moves, more than the 32000000 the search "
                    "looks at (32 for each position of the search's bound, 1000000)");
  // Hundreds of moves a position: refused at the bound on moves looked at, in little memory.
  check_refused(one_gigabyte / 4, {"--sum", "--game wythoff 300 400", "--sum", "1"},
                "component 1 of the sum (heaps 300 400): " + searched + too_many_looks);
}

TEST_CASE("limits: the search keeps within 100 bytes a position and 8 a heap (40 beyond 64 bits)") {
  if (testing::sanitized) return;
  // nim-game needs about 8 MB of address space before it searches; 16 MB are allowed for it.
  // Kayles' positions from 30 30 30 hold up to 45 heaps: 460 bytes each at most, 92 MB for the
  // bound of 200,000.
  check_refused(16'000 + 200'000 * (100 + 8 * 45) / 1000,
                {"-H", "30", "30", "30", "--octal", "0.77", "--misere", "--limit-search", "200000"},
                kayles_refusal("there are more than 200000 (the search's bound)"));
  // A heap of 2^64 taken one at a time: a chain of 200,000 positions of one GMP heap, each on
  // the stack until the bound is passed.
  check_refused(
      16'000 + 200'000 * (100 + 40) / 1000,
      {"-H", "18446744073709551616", "--subtract", "1", "--misere", "--limit-search", "200000"},
      "misère play of the subtraction game {1} has no formula in nim-game, which searches every "
      "position this one can reach, and there are more than 200000 (the search's bound)");
}

const std::string line_1 =
    R"({"winning":true,"description":"Take 1 from heap 0 and split the rest into 1 and 1",)"
    R"("move":[0,1,[1,1]],"next_position":[1,1,4],"position_before_move":[3,4],)"
    R"("grundy_values":[3,1],"grundy_sum":2,"game_over":false,)"
    R"("rules":{"game":"octal","code":"0.77","misere":true},"line":1})"
    "\n";

TEST_CASE("limits: --batch under a memory limit answers every line it can") {
  if (testing::sanitized) return;
  // The line the search cannot answer gets its error record; the others are answered (this
  // exited 3 with nothing on stdout).
  const auto run =
      run_limited(one_gigabyte, {"--batch", "--octal", "0.77", "--misere"}, "3 4\n100000 3\n5 5\n");
  CHECK(run.status == 1);
  CHECK(run.out == line_1 + R"({"line":2,"input":"100000 3","error":")" +
                       kayles_refusal(too_many_looks) + "\"}\n" +
                       R"({"winning":true,"description":"Take 1 from heap 0","move":[0,1],)"
                       R"("next_position":[4,5],"position_before_move":[5,5],)"
                       R"("grundy_values":[4,4],"grundy_sum":0,"game_over":false,)"
                       R"("rules":{"game":"octal","code":"0.77","misere":true},"line":3})"
                       "\n");
  CHECK(run.err == "nim-game: 1 of 3 lines could not be read (the first is line 2)\n");
}

TEST_CASE("limits: --batch out of memory: the records before, the line's error record, exit 3") {
  if (testing::sanitized) return;
  // A bound of 100,000,000 positions lets the search of line 2 grow until memory runs out.
  const Args args{"--batch", "--octal", "0.77", "--misere", "--limit-search", "100000000"};
  const std::string input = "3 4\n30 30 30 30\n5 5\n";
  const std::string expected =
      line_1 + R"({"line":2,"input":"30 30 30 30","error":"out of memory"})" + "\n";
  const std::string message =
      "nim-game: out of memory at line 2; the lines after it were not read\n";
  const auto one = run_limited(60'000, args, input);
  CHECK(one.status == 3);
  CHECK(one.out == expected);
  CHECK(one.err == message);
  Args jobs = args;
  jobs.insert(jobs.end(), {"--jobs", "2"});
  const auto two = run_limited(100'000, jobs, input);
  CHECK(two.status == 3);
  CHECK(two.out == expected);
  CHECK(two.err == message);
}

TEST_CASE("limits: threads the system will not start are one line, exit 3") {
  if (testing::sanitized) return;
  // 1,024 threads reserve 8 GB of stacks: under 1 GB some cannot start (this aborted, exit 134).
  for (const Args& args : {Args{"--batch", "--jobs", "1024"},
                           Args{"match", "perfect", "random", "--games", "10", "--jobs", "1024"}}) {
    INFO(args.front());
    const auto run = run_limited(one_gigabyte, args, "1 2\n3 4\n");
    CHECK(run.status == 3);
    CHECK(run.out.empty());
    CHECK(run.err.starts_with(
        "nim-game: cannot start the 1024 threads of --jobs: the system refused thread "));
    CHECK(run.err.ends_with(" (Resource temporarily unavailable)\n"));
    CHECK(run.err.find('\n') == run.err.size() - 1);
  }
}

TEST_CASE(
    "limits: the second thread of sequence --jobs 2 that will not start is one line, exit 3") {
  if (testing::sanitized) return;
  // Threads of 2 GB of stack each: one, the process's own, fits in 1 GB; a second cannot start.
  Args args{"sequence", "--game", "grundy", "--up-to", "5000", "--format", "csv"};
  const auto one = run_limited(one_gigabyte, args, {}, 2 * one_gigabyte);
  CHECK(one.status == 0);
  CHECK(one.out.ends_with("\n5000,14\n"));
  args.insert(args.end(), {"--jobs", "2"});
  const auto two = run_limited(one_gigabyte, args, {}, 2 * one_gigabyte);
  CHECK(two.status == 3);
  CHECK(two.out.empty());
  CHECK(two.err ==
        "nim-game: cannot start the 2 threads of --jobs: the system refused thread 2 (Resource "
        "temporarily unavailable)\n");
}

TEST_CASE("limits: an octal code cannot ask for hours") {
  // 200 digits that split spent over a minute before reading a line.
  const std::string sevens(200, '7');
  const auto run = run_nim({"--batch", "--octal", "0." + sevens}, "3 4\n");
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err == "nim-game: --octal \"0." + sevens +
                       "\": 200 of its digits allow a split (4 to 7), more than 64 (each asks "
                       "every heap for all of its splits)\n");
  // 64 of them are allowed; their values stop at their bound of steps, the square of
  // --grundy-limit, and a heap beyond them is refused, naming it.
  const std::string code = "0." + std::string(64, '7');
  CHECK(run_nim({"-H", "3", "4", "--octal", code, "--grundy-limit", "2000"}).status == 0);
  check_usage_error(
      {"-H", "1500", "--octal", code, "--grundy-limit", "2000"},
      "heap 1500 of the octal game " + code +
          " is beyond the Grundy values nim-game computed, to heap 406 with no proved period: "
          "computing them further passes their bound of 4000000 steps (the square "
          "of --grundy-limit)");
  check_usage_error("sequence", {"--octal", code, "--up-to", "5000"},
                    "the values of the octal game " + code +
                        " to heap 5000 pass their bound of 100000000 steps (the square of "
                        "--grundy-limit, or of --up-to if larger) at heap 2688");
}

}  // namespace
}  // namespace nim
