// Running a program from the tests and collecting what it wrote.
//
// run_process() starts a program with posix_spawn (no shell: every argument arrives exactly as
// given), feeds it stdin from a thread (so a large input cannot deadlock against its output), and
// collects its exit status, stdout, stderr and wall time. run_shell() runs a /bin/sh -c script,
// for the few tests that need a pipeline.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace nim::testing {

struct RunResult {
  int status = -1;  // the exit status, or 128 + the signal number if a signal ended it (as in sh)
  int signal = 0;   // the signal that ended it, 0 if it exited
  std::string out;  // stdout, unless it was redirected to a file
  std::string err;
  double seconds = 0;      // wall time
  bool timed_out = false;  // killed after RunSpec::timeout_seconds
};

struct RunSpec {
  std::vector<std::string> argv{};  // argv[0] is the path of the program
  std::string input{};              // written to stdin, which is then closed
  std::string stdin_path{};         // if set, stdin is this file instead of `input`
  std::string stdout_path{};        // if set, stdout goes to this file (e.g. /dev/full), not `out`
  double timeout_seconds = 120;     // then the process group is killed
};

namespace detail {

[[noreturn]] inline void fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail("pipe2");
    read = fds[0];
    write = fds[1];
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() {
    close_read();
    close_write();
  }
  void close_read() {
    if (read >= 0) ::close(read);
    read = -1;
  }
  void close_write() {
    if (write >= 0) ::close(write);
    write = -1;
  }
};

// The tests write to pipes whose reader may have gone; that must be an EPIPE, not a death.
inline void ignore_sigpipe_in_this_process() {
  static const bool done = [] {
    ::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)done;
}

}  // namespace detail

inline RunResult run_process(const RunSpec& spec) {
  detail::ignore_sigpipe_in_this_process();
  const bool pipe_stdin = spec.stdin_path.empty();
  const bool pipe_stdout = spec.stdout_path.empty();
  detail::Pipe in, out, err;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (pipe_stdin)
    posix_spawn_file_actions_adddup2(&actions, in.read, 0);
  else
    posix_spawn_file_actions_addopen(&actions, 0, spec.stdin_path.c_str(), O_RDONLY, 0);
  if (pipe_stdout)
    posix_spawn_file_actions_adddup2(&actions, out.write, 1);
  else
    posix_spawn_file_actions_addopen(&actions, 1, spec.stdout_path.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, err.write, 2);

  // The child starts with SIGPIPE at its default action (this process ignores it), no signal
  // blocked, and in its own process group so that a timeout can kill a whole pipeline.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults, mask;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigemptyset(&mask);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &mask);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);

  std::vector<char*> argv;
  for (const std::string& arg : spec.argv)
    argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int spawned =
      posix_spawn(&pid, spec.argv.at(0).c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) {
    errno = spawned;
    detail::fail("posix_spawn");
  }
  in.close_read();
  out.close_write();
  err.close_write();

  std::thread writer;
  if (pipe_stdin) {
    writer = std::thread([&in, &input = spec.input] {
      std::size_t written = 0;
      while (written < input.size()) {
        const ssize_t n = ::write(in.write, input.data() + written, input.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;  // EPIPE: the child stopped reading, which is its right
        written += static_cast<std::size_t>(n);
      }
      in.close_write();
    });
  } else {
    in.close_write();
  }

  RunResult result;
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(spec.timeout_seconds));
  std::vector<std::pair<int, std::string*>> open;
  if (pipe_stdout) open.emplace_back(out.read, &result.out);
  open.emplace_back(err.read, &result.err);
  char chunk[1 << 16];
  while (!open.empty()) {
    std::vector<pollfd> fds;
    for (const auto& [fd, sink] : open)
      fds.push_back({fd, POLLIN, 0});
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    const int ready =
        ::poll(fds.data(), fds.size(),
               result.timed_out ? -1 : static_cast<int>(std::max<long>(0, left.count())));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) detail::fail("poll");
    if (ready == 0) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      continue;
    }
    for (std::size_t i = fds.size(); i-- > 0;) {
      if (fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n > 0) {
        open[i].second->append(chunk, static_cast<std::size_t>(n));
      } else {
        open.erase(open.begin() + static_cast<std::ptrdiff_t>(i));
      }
    }
  }

  // No peak RSS here: posix_spawn starts the child as a vfork of this process, and Linux counts
  // this process's peak as the child's too. Measure with /usr/bin/time instead.
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) detail::fail("waitpid");
  if (writer.joinable()) writer.join();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) {
    result.status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
    result.status = 128 + result.signal;
  }
  return result;
}

// A /bin/sh script, for pipelines. Name files with shell_quote().
inline RunResult run_shell(const std::string& script, std::string input = {}) {
  RunSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.input = std::move(input);
  return run_process(spec);
}

// `text` as one word for /bin/sh.
inline std::string shell_quote(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

// `text` with every run of spaces and newlines as one space: a help's words, however wrapped.
inline std::string unwrapped(std::string_view text) {
  std::string words;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n';
    if (!blank || (!words.empty() && words.back() != ' ')) words += blank ? ' ' : c;
  }
  return words;
}

// Whether an executable of this name is on PATH.
inline bool have_program(const std::string& name) {
  return run_shell("command -v " + shell_quote(name) + " >/dev/null 2>&1").status == 0;
}

// The lines of `text`, each without its '\n'. A last line without '\n' is kept too; callers
// that care check ends_with('\n') themselves.
inline std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace nim::testing
