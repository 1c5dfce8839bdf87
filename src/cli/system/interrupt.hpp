// SIGINT, SIGTERM and SIGHUP while a long run (a match) can stop cleanly: the first one is only
// recorded, for the run to see between games. A second one ends nim-game at once, and with it the
// process groups registered here (the agents' programs, which a terminal's Ctrl-C does not reach:
// each has a group of its own). A signal ignored when nim-game starts stays ignored.
#pragma once

#include <sys/types.h>

namespace nim {

class InterruptCatcher {
 public:
  InterruptCatcher();   // catches the three signals
  ~InterruptCatcher();  // restores what was there before
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  // The signal caught, 0 while none; safe from any thread.
  static int caught();
  // The exit status of a process ended by that signal, as a shell reports it: 128 + its number.
  static int exit_status(int signal) { return 128 + signal; }
};

// A process group for a second signal to kill; unregistered before its leader is reaped, so that
// its id is never reused while registered. Up to 4096 at once (more go unregistered).
void register_process_group(pid_t group);
void unregister_process_group(pid_t group);

}  // namespace nim
