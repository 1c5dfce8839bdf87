#include "cli/system/interrupt.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>

namespace nim {

namespace {

constexpr std::array<int, 3> caught_signals{SIGINT, SIGTERM, SIGHUP};

// What the handler touches: lock-free atomics only, which a signal handler may use.
std::atomic<int> signal_caught{0};
std::array<std::atomic<pid_t>, 4096> process_groups{};
// The pipe of interrupt_fd(): the handler writes a byte to its end on the first signal, and
// nobody reads it, so that it stays readable for every poll.
std::atomic<int> woken_read{-1};
std::atomic<int> woken_write{-1};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<pid_t>::is_always_lock_free);

std::array<struct sigaction, caught_signals.size()> previous{};

extern "C" void on_signal(int signal) {
  int none = 0;
  if (signal_caught.compare_exchange_strong(none, signal)) {  // the first: recorded
    if (const int fd = woken_write.load(); fd >= 0) {
      const char byte = 1;
      [[maybe_unused]] const ssize_t written = ::write(fd, &byte, 1);
    }
    return;
  }
  for (const auto& group : process_groups)
    if (const pid_t id = group.load(); id > 0) ::kill(-id, SIGKILL);
  ::_exit(InterruptCatcher::exit_status(signal));
}

}  // namespace

InterruptCatcher::InterruptCatcher() {
  signal_caught = 0;
  // Close-on-exec, so that no program inherits it; without it (no file left) waits are not woken
  // early, and a signal is still seen before each ply.
  int woken[2];
  if (::pipe2(woken, O_CLOEXEC | O_NONBLOCK) == 0) {
    woken_read = woken[0];
    woken_write = woken[1];
  }
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // reads and writes in flight go on rather than fail with EINTR
  for (std::size_t i = 0; i < caught_signals.size(); ++i) {
    ::sigaction(caught_signals[i], nullptr, &previous[i]);
    // Ignored at the start: nohup's SIGHUP, a shell's SIGINT for a background job.
    if (previous[i].sa_handler != SIG_IGN) ::sigaction(caught_signals[i], &action, nullptr);
  }
}

InterruptCatcher::~InterruptCatcher() {
  for (std::size_t i = 0; i < caught_signals.size(); ++i)
    ::sigaction(caught_signals[i], &previous[i], nullptr);
  for (auto* end : {&woken_read, &woken_write})
    if (const int fd = end->exchange(-1); fd >= 0) ::close(fd);
  signal_caught = 0;
}

int InterruptCatcher::caught() {
  return signal_caught.load();
}

std::string_view InterruptCatcher::name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "";
  }
}

int interrupt_fd() {
  return woken_read.load();
}

void register_process_group(pid_t group) {
  for (auto& slot : process_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void unregister_process_group(pid_t group) {
  for (auto& slot : process_groups) {
    pid_t registered = group;
    if (slot.compare_exchange_strong(registered, 0)) return;
  }
}

}  // namespace nim
