// SIGINT, SIGTERM and SIGHUP while a long run (a match) can stop cleanly: the first one is only
// recorded, for the run to see between plies, and it wakes every wait for a program (the pipe of
// interrupt_fd()). A second one ends nim-game at once, and with it the process groups registered
// here (the agents' programs, which a terminal's Ctrl-C does not reach: each has a group of its
// own). A signal ignored when nim-game starts stays ignored.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace nim {

class InterruptCatcher {
 public:
  InterruptCatcher();   // catches the three signals; none is caught yet
  ~InterruptCatcher();  // restores what was there before, and forgets the signal caught
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  // The signal caught, 0 while none; safe from any thread.
  static int caught();
  // The exit status of a process ended by that signal, as a shell reports it: 128 + its number.
  static int exit_status(int signal) { return 128 + signal; }
  // The name of one of the three signals ("SIGINT"); empty for 0 (none caught).
  static std::string_view name(int signal);
};

// A file descriptor that poll(2) finds readable once a signal has been caught, so that a thread
// waiting for a program wakes at once, whichever thread the signal came to; -1 while no catcher
// is installed (poll ignores it).
int interrupt_fd();

// Thrown out of what a run gives up when it stops: a wait for a program that a signal cut short,
// a game in flight.
struct Interrupted {};

// A run that a signal stopped once it had kept what it had done (sequence --checkpoint): the
// message, for stderr, says where; nim-game exits with the signal's status, as a match does.
struct StoppedBySignal : std::runtime_error {
  StoppedBySignal(int signal, const std::string& message)
      : std::runtime_error(message), signal(signal) {}
  int signal;
};

// A process group for a second signal to kill; unregistered before its leader is reaped, so that
// its id is never reused while registered. Up to 4096 at once (more go unregistered).
void register_process_group(pid_t group);
void unregister_process_group(pid_t group);

}  // namespace nim
