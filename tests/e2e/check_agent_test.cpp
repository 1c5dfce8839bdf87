// nim-game check-agent: the example agents pass every check; each kind of fault a program can make
// (tests/e2e/agents/fault_agent.py's, which it makes in games 1, 5, 9, ...) fails the check that
// meets it, in a match's words, with exit status 1; the command line's errors.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim::check_agent_test {

using testing::check_usage_error;
using testing::run_nim;
using testing::shell_quote;
using Args = std::vector<std::string>;

const std::string fault_agent = NIM_SOURCE_DIR "/tests/e2e/agents/fault_agent.py";
const std::string random_agent = NIM_SOURCE_DIR "/examples/agents/random_agent.py";
const std::string nim_sum_agent = NIM_SOURCE_DIR "/examples/agents/nim_sum_agent.py";

std::string python(const std::string& script, const std::string& arguments = "") {
  return "cmd:python3 " + shell_quote(script) + (arguments.empty() ? "" : " " + arguments);
}

testing::RunResult check(const std::string& spec, Args options = {}) {
  options.insert(options.begin(), {"check-agent", spec, "--seed", "1"});
  return run_nim(options);
}

// The line of `out` that starts with `head`; empty if none does.
std::string line_of(const std::string& out, const std::string& head) {
  const std::size_t at = out.find("\n" + head);
  if (at == std::string::npos) return {};
  return out.substr(at + 1, out.find('\n', at + 1) - at - 1);
}

TEST_CASE("check-agent: the example agents pass every check, exit 0") {
  const auto random = check(python(random_agent, "--seed 1"));
  CHECK(random.status == 0);
  CHECK(random.err.empty());
  CHECK(random.out == "check-agent " + python(random_agent, "--seed 1") +
                          ": Nim, 20 games against random (--seed 1)\n"
                          "passed  start: it answered its first request, and asks for nothing "
                          "more\n"
                          "passed  games: 20 games, 87 moves of its own, every reply a legal "
                          "move within 5 s\n"
                          "passed  end of input: it exited within 1 s of its input closing\n"
                          "all 3 checks passed\n");
  const auto capped = check(python(nim_sum_agent), {"--max-take", "3", "--misere", "--games", "4"});
  CHECK(capped.status == 0);
  CHECK(capped.out.find(
            ": Misère Nim (whoever takes the last object loses), at most 3 objects a move, 4 "
            "games against random (--seed 1)\n") != std::string::npos);
  CHECK(capped.out.ends_with("all 3 checks passed\n"));
}

TEST_CASE("check-agent: each fault fails the check that meets it, exit 1") {
  struct Case {
    std::string fault;
    Args options;
    std::string failed;  // the FAILED line
    bool whole = true;   // the whole line, else its start
  };
  const std::string lost =
      "FAILED  games: 20 games, 77 moves of its own: 5 lost by a fault, the "
      "first game 1: ";
  const std::vector<Case> cases{
      {"illegal",
       {},
       lost + "illegal move [9,1]: there is no heap 9: the heaps are numbered 0 to 2"},
      {"garbage",
       {},
       lost + "not JSON: \"I take 1 from heap 0\" (unexpected character 'I' at byte 1)"},
      {"twice", {}, lost + R"(a line nobody asked for: "{\"note\":\"extra\"}")"},
      {"exit", {}, lost + "exited with status 1"},
      // A process's first reply may take --start-timeout; its others, --move-timeout.
      {"slow",
       {"--games", "2", "--move-timeout", "0.01"},
       "FAILED  games: 2 games, 2 moves of its own: 2 lost by a fault, the first game 1: no "
       "reply within 0.01 s"},
      // The first reply of a process is not on the clock; the next one is, and a microsecond
      // is too short for it: no reply within it, or one read just after it (as the runner
      // looks for a reply a few microseconds before it sleeps).
      {"none",
       {"--games", "2", "--time-control", "0.000001+0"},
       "FAILED  games: 2 games, 2 moves of its own: 2 lost by a fault, the first game 1: lost on "
       "time: ",
       false},
      {"stubborn",
       {},
       "FAILED  end of input: it was still running 1 s after its input closed: a program must "
       "exit at the end of its input (Python: a `for line in sys.stdin` loop ends there)"},
  };
  for (const Case& c : cases) {
    INFO("fault " << c.fault);
    const auto run = check(python(fault_agent, c.fault), c.options);
    CHECK(run.status == 1);
    const std::string failed = line_of(run.out, "FAILED");
    CHECK((c.whole ? failed == c.failed : failed.starts_with(c.failed)));
    CHECK(run.out.ends_with("\n1 of 3 checks failed\n"));
  }
}

TEST_CASE(
    "check-agent: a program that does not start fails the first check, the others cannot run") {
  const auto run = check("cmd:exit 3");
  CHECK(run.status == 1);
  CHECK(run.out ==
        "check-agent cmd:exit 3: Nim, 20 games against random (--seed 1)\n"
        "FAILED  start: agent \"cmd:exit 3\" cannot be started: it exited with status 3 before "
        "its first reply\n"
        "1 of 1 checks failed (the others cannot run)\n");
}

TEST_CASE("check-agent: bad command lines, exit 2") {
  check_usage_error("check-agent", {},
                    "check-agent checks one program: give its spec, as in nim-game check-agent "
                    "'cmd:python3 agent.py'");
  check_usage_error("check-agent", {"cmd:a", "cmd:b"},
                    "check-agent checks one program: give its spec, as in nim-game check-agent "
                    "'cmd:python3 agent.py'");
  check_usage_error("check-agent", {"perfect"},
                    "agent \"perfect\" is built in: check-agent checks a program, cmd:COMMAND");
  check_usage_error("check-agent", {"cmd:cat", "--games", "3"},
                    "--games \"3\" is odd: each start is played twice, once with each agent first");
}

}  // namespace nim::check_agent_test
