#include "cli/commands/match_agents.hpp"

#include <system_error>

namespace nim {

std::variant<std::string, AgentFault> MatchAgents::exchange(std::size_t agent,
                                                            std::string_view request) {
  auto& program = programs_[agent];
  if (!program || !program->running()) {
    try {
      program = std::make_unique<AgentProcess>(std::get<ExternalAgent>(agents_[agent]).command);
    } catch (const std::system_error& e) {
      return AgentFault{Termination::exited,
                        std::string("could not be started again: ") + e.what()};
    }
  }
  return program->exchange(request, program->has_replied() ? move_timeout_ : start_timeout_);
}

void MatchAgents::finish() {
  for (auto& program : programs_)
    if (program) program->finish(finish_grace);
}

}  // namespace nim
