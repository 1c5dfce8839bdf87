#include "cli/system/agent_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include "cli/system/interrupt.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"

extern char** environ;

namespace nim {

namespace {

[[noreturn]] void fail(const char* what, int error = errno) {
  throw std::system_error(error, std::generic_category(), what);
}

// What ended a process, from its wait status.
std::string how_it_ended(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = sigabbrev_np(signal);
    return "killed by signal " + std::to_string(signal) +
           (name ? " (SIG" + std::string(name) + ")" : std::string());
  }
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

// Milliseconds to `deadline` for poll(2), rounded up so as not to wake before it.
int milliseconds_until(std::chrono::steady_clock::time_point deadline) {
  const auto left = deadline - std::chrono::steady_clock::now();
  if (left <= left.zero()) return 0;
  return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

// The fault of a program that wrote `text` when no request was waiting for a reply: its first
// line, quoted and cut after 100 bytes, as a reply is shown.
AgentFault unasked(std::string_view text) {
  constexpr std::size_t most = 100;
  const std::string_view line = text.substr(0, text.find('\n'));
  return AgentFault{Termination::bad_reply,
                    "a line nobody asked for: " + quoted(line.substr(0, most)) +
                        (line.size() > most ? "..." : "")};
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

AgentProcess::AgentProcess(const std::string& command) {
  static const bool sigpipe_ignored = [] { return ::signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  (void)sigpipe_ignored;
  // Our ends are close-on-exec, so that the programs of other agents never hold them open.
  int input[2], output[2];
  if (::pipe2(input, O_CLOEXEC) != 0) fail("pipe2");
  if (::pipe2(output, O_CLOEXEC) != 0) {
    const int error = errno;
    ::close(input[0]);
    ::close(input[1]);
    fail("pipe2", error);
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input[0], 0);
  posix_spawn_file_actions_adddup2(&actions, output[1], 1);
  // The program starts as programs expect: SIGPIPE at its default action (nim-game ignores it),
  // no signal blocked; and in a process group of its own, for the runner to kill as a whole.
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
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  const int spawned =
      posix_spawn(&pid_, "/bin/sh", &actions, &attributes, const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(input[0]);
  ::close(output[1]);
  to_agent_ = input[1];
  from_agent_ = output[0];
  if (spawned != 0) {
    pid_ = -1;
    close_input();
    close_output();
    fail("posix_spawn /bin/sh", spawned);
  }
  register_process_group(pid_);  // for a second Ctrl-C to end it with nim-game
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
  if (pidfd_ < 0) {
    const int error = errno;
    stop();
    fail("pidfd_open", error);
  }
  ::fcntl(to_agent_, F_SETFL, O_NONBLOCK);
  ::fcntl(from_agent_, F_SETFL, O_NONBLOCK);
}

void AgentProcess::close_input() {
  close_fd(to_agent_);
}

void AgentProcess::close_output() {
  close_fd(from_agent_);
}

int AgentProcess::stop() {
  close_input();
  close_output();
  close_fd(pidfd_);
  if (pid_ <= 0) return 0;
  // Kill the group before reaping its leader, whose id names the group until it is reaped.
  ::kill(-pid_, SIGKILL);
  unregister_process_group(pid_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  pending_.clear();
  untold_.clear();
  return status;
}

bool AgentProcess::read_available() {
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(from_agent_, chunk, sizeof chunk);
    if (n > 0) {
      pending_.append(chunk, static_cast<std::size_t>(n));
      // A short read emptied the pipe: no second read just to hear EAGAIN.
      if (static_cast<std::size_t>(n) < sizeof chunk || pending_.size() > longest_reply)
        return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    return false;  // the end of its output (or an error, which ends it as well)
  }
}

void AgentProcess::read_without_sleeping(std::chrono::microseconds span) {
  const auto end = std::chrono::steady_clock::now() + span;
  while (from_agent_ >= 0 && pending_.find('\n') == std::string::npos &&
         std::chrono::steady_clock::now() < end)
    if (!read_available()) close_output();
}

void AgentProcess::write_some(std::string_view request, std::size_t& written) {
  const ssize_t n = ::write(to_agent_, request.data() + written, request.size() - written);
  if (n > 0) written += static_cast<std::size_t>(n);
  // A program that no longer reads may still reply, or exit: wait for either.
  if (n < 0 && errno != EAGAIN && errno != EINTR) close_input();
}

std::variant<std::string, AgentFault> AgentProcess::exchange(std::string_view request,
                                                             double timeout) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(timeout));
  if (InterruptCatcher::caught() != 0) throw Interrupted{};  // the run is stopping: ask nothing
  // What it wrote since its last reply answers no request: a program one line ahead would
  // otherwise play each move a request late.
  if (from_agent_ >= 0 && !read_available()) close_output();
  if (!pending_.empty()) return unasked(pending_);
  const std::string told_first = std::exchange(untold_, {});
  std::string joined;  // the lines queued by tell(), then the request: one write
  if (!told_first.empty()) request = joined = told_first + std::string(request);
  // Most requests fit in the pipe at once: write before the first poll, not after it.
  std::size_t written = 0;
  if (to_agent_ >= 0) write_some(request, written);
  if (written == request.size()) read_without_sleeping(quick_reply);
  for (;;) {
    if (const auto newline = pending_.find('\n'); newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      if (!pending_.empty()) return unasked(pending_);  // more than one line to one request
      replied_ = true;
      return line;
    }
    if (pending_.size() > longest_reply) {
      stop();
      return AgentFault{Termination::bad_reply,
                        "reply longer than " + std::to_string(longest_reply) + " bytes"};
    }
    // Checked here as well as by poll(2), which a program writing a little at a time would keep
    // from ever timing out.
    if (std::chrono::steady_clock::now() >= deadline) {
      timed_out_unread_ = request_unread();
      stop();
      return AgentFault{Termination::timeout, "no reply within " + plain_decimal(timeout) + " s"};
    }

    // A signal stops the wait (its pipe wakes the poll below, whichever thread it came to).
    if (InterruptCatcher::caught() != 0) throw Interrupted{};

    pollfd fds[4];
    nfds_t count = 0;
    fds[count++] = {pidfd_, POLLIN, 0};
    fds[count++] = {from_agent_, POLLIN, 0};  // ignored by poll once closed (-1)
    fds[count++] = {interrupt_fd(), POLLIN, 0};
    const bool writing = to_agent_ >= 0 && written < request.size();
    if (writing) fds[count++] = {to_agent_, POLLOUT, 0};
    const int ready = ::poll(fds, count, milliseconds_until(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) fail("poll");
    if (ready == 0) continue;  // the deadline has come (poll rounds up): the check above says so

    if (writing && fds[count - 1].revents != 0) write_some(request, written);
    if (from_agent_ >= 0 && fds[1].revents != 0 && !read_available()) close_output();
    if (fds[0].revents != 0) {
      // It has exited. A reply it wrote first still counts; the next exchange finds it gone.
      if (from_agent_ >= 0 && !read_available()) close_output();
      if (pending_.find('\n') != std::string::npos) continue;
      return AgentFault{Termination::exited, how_it_ended(stop())};
    }
  }
}

bool AgentProcess::request_unread() const {
  int unread = 0;
  return to_agent_ >= 0 && ::ioctl(to_agent_, FIONREAD, &unread) == 0 && unread > 0;
}

bool AgentProcess::finish(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return false;
  const auto deadline = std::chrono::steady_clock::now() + grace;
  const std::string untold = std::exchange(untold_, {});
  for (std::size_t written = 0; to_agent_ >= 0 && written < untold.size();) {
    pollfd writable{to_agent_, POLLOUT, 0};
    const int ready = ::poll(&writable, 1, milliseconds_until(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;  // the grace is over, or poll failed: the program is stopped anyway
    write_some(untold, written);
  }
  close_input();
  pollfd exited{pidfd_, POLLIN, 0};
  int ready;
  while ((ready = ::poll(&exited, 1, milliseconds_until(deadline))) < 0 && errno == EINTR) {
  }
  stop();
  return ready > 0;
}

}  // namespace nim
