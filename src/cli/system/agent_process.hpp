// The program of an external agent: `/bin/sh -c COMMAND` in a process group of its own, its
// standard input and output on pipes to nim-game, its standard error nim-game's own. One exchange
// at a time: a request line out, a reply line back, before a deadline. Every wait is a poll(2)
// with that deadline, on the pipes and on the process itself (a pidfd), so a program that stays
// silent, exits, or leaves a child holding its output is noticed in time; its whole process group
// is then killed and reaped. A line is a reply only to a request: anything the program writes when
// no request waits for a reply is a fault. Nothing here knows what the lines mean.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <variant>

#include "nim/match_game.hpp"

namespace nim {

// A reply longer than this is a fault, so that a program cannot fill the memory.
inline constexpr std::size_t longest_reply = 1 << 20;

// How long an exchange looks for the reply before it sleeps in poll(2). A quick program (nim-game
// --batch answers in a few microseconds) replies within it, and the runner is not woken from
// another core, which on this project's 2-core virtual machine costs some 60 microseconds a
// move: without it some 15,000 moves a second go through the protocol, with it three to five
// times as many. A slow program costs at most this much processor time a move.
inline constexpr std::chrono::microseconds quick_reply{50};

class AgentProcess {
 public:
  // Starts the program; throws std::system_error if it cannot (no /bin/sh, no process left).
  // From then on nim-game ignores SIGPIPE: it writes to programs that may have died, and a
  // closed pipe must be an error to handle (EPIPE), not a signal that ends it. (Standard output
  // still ends quietly with status 141 on a closed pipe: see Output::flush.)
  explicit AgentProcess(const std::string& command);
  AgentProcess(const AgentProcess&) = delete;
  AgentProcess& operator=(const AgentProcess&) = delete;
  ~AgentProcess() { stop(); }

  // Writes `request` (a line, ending with '\n') and returns the next line the program writes,
  // without its '\n', if it comes within `timeout` seconds. Otherwise a fault, and the program is
  // stopped: `no reply within 5 s`, `exited with status 1`, `killed by signal 9 (SIGKILL)`,
  // `reply longer than 1048576 bytes`. Anything the program wrote since its last reply, before
  // the request, or after its reply to it in the same read, is `a line nobody asked for: "..."`
  // (bad_reply; the program is left to the caller, as for any reply that is not a move). Throws
  // Interrupted, the request left unanswered, once a signal is caught (InterruptCatcher).
  std::variant<std::string, AgentFault> exchange(std::string_view request, double timeout);

  // Whether the program has replied to a request yet: its first reply includes its start-up.
  bool has_replied() const { return replied_; }

  // After an exchange that timed out: whether its request still sat, unread, in the program's
  // input; a program that has not even read it is still starting, rather than keeping its reply.
  bool timed_out_unread() const { return timed_out_unread_; }

  // Queues a line that wants no reply (an event of protocol version 2): it is written just before
  // the next request, or when the program is finished, so that telling never waits.
  void tell(std::string_view line) { untold_ += line; }

  // Whether the program is still ours to talk to (it has not been stopped).
  bool running() const { return pid_ > 0; }

  // Writes what it has not been told yet, closes its input, which tells a well-behaved program to
  // exit, waits up to `grace` for both, then stops it. Whether it had exited by itself by then.
  bool finish(std::chrono::milliseconds grace);

  // Kills its process group and reaps it; returns its wait status (0 if it was not running).
  int stop();

 private:
  // Reads what the program has written so far; false at the end of its output.
  bool read_available();
  // Reads what the program writes within `span`, or until a line is complete, without
  // sleeping.
  void read_without_sleeping(std::chrono::microseconds span);
  // Writes as much of the request as the pipe takes now, from `written` on.
  void write_some(std::string_view request, std::size_t& written);
  void close_input();
  void close_output();
  // Whether what was written to the program still sits in its input, unread.
  bool request_unread() const;

  pid_t pid_ = -1;
  int pidfd_ = -1;                 // readable once the program has exited
  int to_agent_ = -1;              // its standard input
  int from_agent_ = -1;            // its standard output
  std::string pending_;            // what it has written beyond the replies returned
  std::string untold_;             // lines queued by tell(), not written yet
  bool replied_ = false;           // a reply has been returned
  bool timed_out_unread_ = false;  // the last timeout's request was never read
};

}  // namespace nim
