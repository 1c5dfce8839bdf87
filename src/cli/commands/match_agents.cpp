#include "cli/commands/match_agents.hpp"

#include <system_error>

namespace nim {

std::variant<std::string, AgentFault> MatchAgents::exchange(std::size_t agent,
                                                            std::string_view request) {
  auto& program = programs_[agent];
  const AgentLogPlace place{log_, job_, names_[agent]};
  if (!program || !program->running()) {
    const std::string& command = std::get<ExternalAgent>(agents_[agent]).command;
    try {
      program = std::make_unique<AgentProcess>(command);
    } catch (const std::system_error& e) {
      AgentFault fault{Termination::exited, std::string("could not be started again: ") + e.what()};
      if (log_) log_->write(job_, names_[agent], "fault", fault.message);
      return fault;
    }
    if (log_) log_->write(job_, names_[agent], "started", command);
  }
  const auto& spec = std::get<ExternalAgent>(agents_[agent]);
  return logged_exchange(*program, place, request,
                         program->has_replied() ? move_timeout_of(spec, move_timeout_)
                                                : start_timeout_of(spec, start_timeout_));
}

void MatchAgents::finish() {
  for (auto& program : programs_)
    if (program) program->finish(finish_grace);
}

}  // namespace nim
