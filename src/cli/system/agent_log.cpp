#include "cli/system/agent_log.hpp"

#include <fcntl.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <system_error>

#include "cli/system/output.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// open(2)'s file, or a WriteError that names it.
OpenFile open_log(const std::string& path) {
  try {
    return OpenFile(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  } catch (const std::system_error& e) {
    throw WriteError("cannot write --log " + quoted(path) + ": " + e.code().message());
  }
}

// `text` without its line's end.
std::string_view line_of(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

}  // namespace

AgentLog::AgentLog(const std::string& path) : path_(path), file_(open_log(path)) {
  char opened[32];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(opened, sizeof opened, "%Y-%m-%dT%H:%M:%SZ", &utc);
  write_line(std::string(R"({"time":0,"opened":")") + opened + "\"}\n");
}

void AgentLog::write(unsigned job, std::string_view agent, std::string_view what,
                     std::string_view text) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - opened_).count();
  char time[32];
  std::snprintf(time, sizeof time, "%.6f", seconds);
  write_line(std::string(R"({"time":)") + time + R"(,"job":)" + std::to_string(job) +
             R"(,"agent":)" + quoted(agent) + ",\"" + std::string(what) +
             "\":" + quoted(line_of(text)) + "}\n");
}

void AgentLog::write_line(const std::string& line) {
  const std::lock_guard lock(mutex_);
  if (!write_all(file_.fd(), line))
    throw WriteError("cannot write --log " + quoted(path_) + ": " + std::strerror(errno));
}

std::variant<std::string, AgentFault> logged_exchange(AgentProcess& process,
                                                      const AgentLogPlace& place,
                                                      std::string_view request, double timeout) {
  if (place.log) place.log->write(place.job, place.agent, "sent", request);
  auto reply = process.exchange(request, timeout);
  if (place.log) {
    if (const auto* line = std::get_if<std::string>(&reply))
      place.log->write(place.job, place.agent, "received", *line);
    else
      place.log->write(place.job, place.agent, "fault", std::get<AgentFault>(reply).message);
  }
  return reply;
}

}  // namespace nim
