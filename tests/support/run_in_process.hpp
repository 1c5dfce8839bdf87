// Running a nim-game command line inside the test process, through run_command_line() (what
// main() calls), for the unit tests of the commands: the bytes nim-game writes to stdout and to
// stderr for a command line, and its exit status, without starting the binary. What needs the
// binary (signals, a closed pipe, terminals, child processes, memory limits) stays in tests/e2e/.
//
// While the command runs, stdin is a pipe that a thread feeds the input given, as the end-to-end
// tests feed the binary, and stdout and stderr are files: the commands that ask whether they read
// or write a terminal (play's echo, the text width) see what they see through pipes, wherever the
// tests run.
#pragma once

#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "cli/commands/command_line.hpp"
#include "cli/system/output.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"
#include "support/usage_check.hpp"

namespace nim::testing {

struct InProcessRun {
  int status = -1;  // the exit status nim-game would return
  std::string out;  // what it writes to stdout
  std::string err;  // what it writes to stderr: the commands' notes, then a failure's line
};

namespace detail {

// One of the standard file descriptors pointed at a file until the object goes, then restored.
class RedirectedFd {
 public:
  RedirectedFd(int fd, const std::string& path, int flags)
      : RedirectedFd(fd, ::open(path.c_str(), flags | O_CLOEXEC)) {}
  // Takes `file` (closed here once it is `fd`).
  RedirectedFd(int fd, int file) : fd_(fd), saved_(::dup(fd)) {
    const bool moved = file >= 0 && saved_ >= 0 && ::dup2(file, fd_) >= 0;
    const int error = errno;
    if (file >= 0) ::close(file);
    if (!moved) {
      if (saved_ >= 0) ::close(saved_);
      throw std::system_error(error, std::generic_category(), "redirect a standard descriptor");
    }
  }
  RedirectedFd(const RedirectedFd&) = delete;
  RedirectedFd& operator=(const RedirectedFd&) = delete;
  ~RedirectedFd() {
    ::dup2(saved_, fd_);
    ::close(saved_);
  }

 private:
  int fd_, saved_;
};

}  // namespace detail

// nim-game with these arguments (after the program's name), and `input` on stdin.
inline InProcessRun run_in_process(const std::vector<std::string>& args,
                                   std::string_view input = {}) {
  std::vector<const char*> argv;
  for (const std::string& arg : args)
    argv.push_back(arg.c_str());
  detail::ignore_sigpipe_in_this_process();  // the command may stop reading its input early
  const TempFile direct_out, err;
  InProcessRun run;
  std::string errors;
  std::fflush(stdout);
  std::fflush(stderr);
  {
    detail::Pipe in;
    std::jthread writer([&in, input] {
      std::size_t written = 0;
      while (written < input.size()) {
        const ssize_t n = ::write(in.write, input.data() + written, input.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;  // EPIPE: the command stopped reading, which is its right
        written += static_cast<std::size_t>(n);
      }
      in.close_write();
    });
    // Declared after the writer, restored before it is joined: then the pipe has no reader left,
    // and a writer blocked on input the command never read is freed.
    const detail::RedirectedFd stdin_pipe(0, ::dup(in.read));
    in.close_read();
    const detail::RedirectedFd stdout_file(1, direct_out.path(), O_WRONLY | O_TRUNC);
    const detail::RedirectedFd stderr_file(2, err.path(), O_WRONLY | O_TRUNC);
    Output out([&run](std::string_view records) { run.out += records; });
    run.status = run_command_line(argv, out, errors);
    std::fflush(stdout);
    std::fflush(stderr);
  }
  // Everything on stdout goes through the Output; a byte written past it would be out of order.
  if (!direct_out.read().empty())
    throw std::logic_error("nim-game wrote to stdout past its Output: " + direct_out.read());
  run.err = err.read() + errors;
  return run;
}

// Checks that nim-game with `args` is a usage error: exit status 2, nothing on stdout, and exactly
// `message` on stderr, after "nim-game: ", on one line.
inline void check_usage_error(const std::vector<std::string>& args, std::string_view message) {
  check_usage_error_by([](const std::vector<std::string>& given) { return run_in_process(given); },
                       args, message);
}

// The standard output of a run that must succeed quietly (exit 0, nothing on stderr).
inline std::string quiet_output(const std::vector<std::string>& args,
                                const std::string& input = {}) {
  const auto run = run_in_process(args, input);
  INFO("stderr: " << run.err);
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return run.out;
}

// The same for `nim-game COMMAND args...`.
inline void check_usage_error(const std::string& command, std::vector<std::string> args,
                              std::string_view message) {
  args.insert(args.begin(), command);
  check_usage_error(args, message);
}

}  // namespace nim::testing
