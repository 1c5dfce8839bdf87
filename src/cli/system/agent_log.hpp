// match --log FILE: every line nim-game and the programs of a match exchange, each written to the
// file as it happens (one write(2) a line, nothing held in a buffer), so that the file tells what
// happened up to the moment a program, or nim-game, went wrong. One JSON object a line:
// {"time":1.234567,"job":2,"agent":"mine","sent":"..."}, with "received", "told" (an event, sent
// with the program's next request), "fault" or "started" (the command) in place of "sent"; "time"
// is in seconds since the log was opened, "job" the thread that plays the game (0 for the start-up
// check, then 1 to --jobs). The log is appended to (a resumed match adds to the log of the match it
// goes on from), each run starting with a line that says when: {"time":0,"opened":"..."}.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <variant>

#include "cli/system/agent_process.hpp"
#include "cli/system/open_file.hpp"

namespace nim {

class AgentLog {
 public:
  // Opens `path` to append to it; WriteError naming the file when it cannot be written.
  explicit AgentLog(const std::string& path);

  // One line of the log: what `agent` (its name) did in `job`, and the line or words.
  void write(unsigned job, std::string_view agent, std::string_view what, std::string_view text);

 private:
  void write_line(const std::string& line);

  std::string path_;
  OpenFile file_;
  std::chrono::steady_clock::time_point opened_ = std::chrono::steady_clock::now();
  std::mutex mutex_;  // the jobs write lines whole, one at a time
};

// Where a program's exchanges are logged: the log (none without --log), the job and the agent.
struct AgentLogPlace {
  AgentLog* log = nullptr;
  unsigned job = 0;
  std::string_view agent;
};

// process.exchange(request, timeout), the request and the reply (or the fault) logged.
std::variant<std::string, AgentFault> logged_exchange(AgentProcess& process,
                                                      const AgentLogPlace& place,
                                                      std::string_view request, double timeout);

}  // namespace nim
