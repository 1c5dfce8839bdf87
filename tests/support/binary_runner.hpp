// Running the built nim-game from the tests, and reading what it wrote.
//
// run_process() starts a program with posix_spawn (no shell: every argument arrives exactly as
// given), feeds it stdin from a thread (so a large input cannot deadlock against its output), and
// collects its exit status, stdout, stderr and wall time. run_nim() runs the binary under test;
// run_shell() runs a /bin/sh -c script, for the few tests that need a pipeline.
//
// parse_exact() reads a JSON text the way jq 1.7 does: integers too large for 64 bits keep their
// exact digits (as JSON strings holding the digits), where nlohmann::json would round them to
// doubles, or fail beyond 10^308.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#ifndef NIM_GAME_BINARY
#error "NIM_GAME_BINARY must hold the path of the built nim-game (see tests/CMakeLists.txt)"
#endif

extern char** environ;

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

// Checks that nim-game with `args` is a usage error: exit status 2, nothing on stdout, and exactly
// `message` on stderr, after "nim-game: ", on one line.
inline void check_usage_error(const std::vector<std::string>& args, std::string_view message) {
  std::string command = "nim-game";
  for (const auto& arg : args)
    command += " " + shell_quote(arg);
  const auto run = run_nim(args);
  INFO(command);
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err == "nim-game: " + std::string(message) + "\n");
}

// The same for `nim-game COMMAND args...`.
inline void check_usage_error(const std::string& command, std::vector<std::string> args,
                              std::string_view message) {
  args.insert(args.begin(), command);
  check_usage_error(args, message);
}

// Whether an executable of this name is on PATH.
inline bool have_program(const std::string& name) {
  return run_shell("command -v " + shell_quote(name) + " >/dev/null 2>&1").status == 0;
}

// A file in the temporary directory, removed when the object goes.
class TempFile {
 public:
  explicit TempFile(std::string_view contents = {}) {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/nim-game-test-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) detail::fail("mkstemp");
    ::close(fd);
    path_ = pattern;
    write(contents);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::remove(path_.c_str()); }

  const std::string& path() const { return path_; }

  void write(std::string_view contents) const {
    std::ofstream file(path_, std::ios::binary | std::ios::trunc);
    file.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    if (!file) throw std::runtime_error("cannot write " + path_);
  }

  std::string read() const {
    std::ifstream file(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }

 private:
  std::string path_;
};

// ---- Reading the output ----

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

using Json = nlohmann::ordered_json;  // keeps the keys in the order the record wrote them

namespace detail {

// `text` with every integer literal beyond 64 bits (outside strings) turned into a string of its
// digits, which nlohmann then keeps exact instead of rounding it, or failing beyond 10^308.
inline std::string quote_big_integers(std::string_view text) {
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      if (c == '"') in_string = false;
      ++i;
      continue;
    }
    if (c == '"') in_string = true;
    const bool starts_number = (c >= '0' && c <= '9') || c == '-';
    if (!starts_number) {
      out += c;
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9')
      ++end;
    const std::string_view token = text.substr(i, end - i);
    const bool integer =
        end == text.size() || (text[end] != '.' && text[end] != 'e' && text[end] != 'E');
    const std::size_t digits = token.size() - (c == '-' ? 1 : 0);
    const bool fits = digits < 19 || (digits <= 20 && [&] {
                        try {  // 64-bit: unsigned, or signed when negative
                          if (c == '-') return (void)std::stoll(std::string(token)), true;
                          return (void)std::stoull(std::string(token)), true;
                        } catch (const std::out_of_range&) {
                          return false;
                        }
                      }());
    if (integer && !fits)
      out.append("\"").append(token).append("\"");
    else
      out += token;
    i = end;
  }
  return out;
}

}  // namespace detail

// Parses one JSON text exactly (see the top of the file); throws std::runtime_error if it is not
// valid JSON, which includes invalid UTF-8 in a string.
inline Json parse_exact(std::string_view text) {
  try {
    return Json::parse(detail::quote_big_integers(text));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(e.what());
  }
}

// The keys of an object, in order.
inline std::vector<std::string> keys_of(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items())
    keys.push_back(item.key());
  return keys;
}

}  // namespace nim::testing
