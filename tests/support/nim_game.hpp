// Running the built nim-game from the end-to-end tests: which binary, how to run it, and the
// check of a usage error.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/process.hpp"
#include "support/usage_check.hpp"

#ifndef NIM_GAME_BINARY
#error "NIM_GAME_BINARY must hold the path of the built nim-game (see tests/CMakeLists.txt)"
#endif

namespace nim::testing {

// Whether the nim-game under test was built with AddressSanitizer and UBSan: scripts/test.sh
// runs these tests against that build with NIM_GAME_UNDER_SANITIZERS set. There every start of
// nim-game costs about 0.1 s, forty times its normal cost, so the tests that start it hundreds of
// times take a smaller sample (the full sample runs against the Release build first).
inline const bool sanitized = std::getenv("NIM_GAME_UNDER_SANITIZERS") != nullptr;

// `normal`, or `under_sanitizers` against a sanitizer build.
inline std::size_t scaled(std::size_t normal, std::size_t under_sanitizers) {
  return sanitized ? under_sanitizers : normal;
}

// The nim-game under test: the one built beside the tests, or $NIM_GAME_UNDER_TEST (to run the
// suite against another build, say an older one, and see which tests it fails).
inline std::string nim_game_path() {
  const char* other = std::getenv("NIM_GAME_UNDER_TEST");
  return other && *other ? other : NIM_GAME_BINARY;
}

// nim-game with these arguments, and `input` on stdin.
inline RunResult run_nim(std::vector<std::string> args, std::string input = {}) {
  args.insert(args.begin(), nim_game_path());
  RunSpec spec;
  spec.argv = std::move(args);
  spec.input = std::move(input);
  return run_process(spec);
}

// Checks that nim-game with `args` is a usage error: exit status 2, nothing on stdout, and exactly
// `message` on stderr, after "nim-game: ", on one line.
inline void check_usage_error(const std::vector<std::string>& args, std::string_view message) {
  check_usage_error_by([](const std::vector<std::string>& given) { return run_nim(given); }, args,
                       message);
}

// The same for `nim-game COMMAND args...`.
inline void check_usage_error(const std::string& command, std::vector<std::string> args,
                              std::string_view message) {
  args.insert(args.begin(), command);
  check_usage_error(args, message);
}

// Which of nim-game's output streams is on a pseudo-terminal.
enum class AtTerminal { out, err };

// nim-game with `args`, one output stream on a pseudo-terminal and the other on a pipe, as
// `nim-game
// ... > out.json` at a terminal has them (stderr there), or `nim-game ... 2> log` (stdout there):
// three lines, the bytes the terminal received (Python's repr of them), the exit status, and what
// the pipe received.
inline RunResult run_with_a_terminal(const std::vector<std::string>& args, AtTerminal which) {
  const std::string streams = which == AtTerminal::err ? "stdout=subprocess.PIPE, stderr=follower"
                                                       : "stdout=follower, stderr=subprocess.PIPE";
  const std::string piped = which == AtTerminal::err ? "run.stdout" : "run.stderr";
  const std::string script = R"(
import os, pty, subprocess, sys
leader, follower = pty.openpty()
run = subprocess.run(sys.argv[1:], )" +
                             streams + R"(, timeout=120)
os.close(follower)
seen = b""
while True:
    try:
        chunk = os.read(leader, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
sys.stdout.write(repr(seen) + "\n" + str(run.returncode) + "\n" + )" +
                             piped + R"(.decode())
)";
  RunSpec spec;
  spec.argv = {"/usr/bin/python3", "-c", script, nim_game_path()};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  return run_process(spec);
}

inline RunResult run_with_stderr_at_a_terminal(const std::vector<std::string>& args) {
  return run_with_a_terminal(args, AtTerminal::err);
}

}  // namespace nim::testing
