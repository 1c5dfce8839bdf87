#include "cli/commands/match_agents.hpp"

#include <algorithm>
#include <optional>
#include <system_error>

namespace nim {

AgentFault no_reply_on_time(std::uint64_t left) {
  return {Termination::time,
          "lost on time: no reply within the " + fixed_point(left, 6) + " s left on its clock"};
}

std::optional<AgentFault> charge_reply(GameClock& clock, std::uint64_t spent) {
  const std::uint64_t left = clock.left();
  if (clock.charge(spent)) return std::nullopt;
  return AgentFault{Termination::time, "lost on time: it replied after " + fixed_point(spent, 6) +
                                           " s, with " + fixed_point(left, 6) +
                                           " s left on its clock"};
}

GameClock* MatchAgents::clock_of(std::size_t agent, std::uint64_t game) {
  const auto control = time_control_of(agent);
  if (!control) return nullptr;
  auto& clock = clocks_[agent];
  if (!clock || clock->first != game) clock.emplace(game, GameClock(*control));
  return &clock->second;
}

MatchAgents::Exchanged MatchAgents::exchange(std::size_t agent, std::string_view request,
                                             std::uint64_t clock_left) {
  auto& program = programs_[agent];
  const AgentLogPlace place{log_, job_, names_[agent]};
  if (!program || !program->running()) {
    const std::string& command = external(agent).command;
    try {
      program = std::make_unique<AgentProcess>(command);
    } catch (const std::system_error& e) {
      AgentFault fault{Termination::exited, std::string("could not be started again: ") + e.what()};
      if (log_) log_->write(job_, names_[agent], "fault", fault.message);
      return {std::move(fault)};
    }
    if (log_) log_->write(job_, names_[agent], "started", command);
  }
  const auto& spec = external(agent);
  if (!program->has_replied())
    return {logged_exchange(*program, place, request, start_timeout_of(spec, start_timeout_))};
  const double move_timeout = move_timeout_of(spec, move_timeout_);
  const bool on_clock = time_control_of(agent).has_value();
  const double timeout =
      on_clock ? std::min(move_timeout, static_cast<double>(clock_left) / 1e6) : move_timeout;
  return {logged_exchange(*program, place, request, timeout), on_clock};
}

void MatchAgents::finish() {
  for (auto& program : programs_)
    if (program) program->finish(finish_grace);
}

}  // namespace nim
