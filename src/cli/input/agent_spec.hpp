// Agents as the command line names them: perfect, random, difficulty:P and cmd:COMMAND.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "nim/agent.hpp"
#include "nim/match_clock.hpp"

namespace nim {

// A program that speaks the agent protocol (docs/agent-protocol.md), run as /bin/sh -c command,
// with its own timeouts and clock where its spec gives them
// (cmd[move-timeout=2,start-timeout=30,time-control=10+0.1]:COMMAND).
struct ExternalAgent {
  std::string command;
  std::optional<double> move_timeout{};   // seconds; none: the match's --move-timeout
  std::optional<double> start_timeout{};  // seconds; none: the match's, or move_timeout if longer
  std::optional<TimeControl> time_control{};  // none: the match's --time-control, if any

  friend bool operator==(const ExternalAgent&, const ExternalAgent&) = default;
};

using AgentSpec = std::variant<BuiltInAgent, ExternalAgent>;

// The agent's timeouts: its own, else the match's (`move`, `start`); a first reply gets no less
// than the agent's own move timeout unless it gives a start timeout too.
inline double move_timeout_of(const ExternalAgent& agent, double move) {
  return agent.move_timeout.value_or(move);
}
inline double start_timeout_of(const ExternalAgent& agent, double start) {
  return agent.start_timeout.value_or(std::max(start, agent.move_timeout.value_or(0)));
}
// The agent's clock: its own, else the match's (`match`); none when it plays without.
inline std::optional<TimeControl> time_control_of(const ExternalAgent& agent,
                                                  std::optional<TimeControl> match) {
  return agent.time_control ? agent.time_control : match;
}

// The longest timeout, in seconds, a match or an agent may set.
inline constexpr std::uint64_t longest_timeout = 1'000'000;

// A timeout in seconds, a plain decimal above 0 and at most longest_timeout; a UsageError names
// `what` ("--move-timeout") and the text.
double read_seconds(std::string_view what, std::string_view text);

// Reads a spec; throws UsageError naming it when it is none of the four forms.
AgentSpec parse_agent_spec(std::string_view text);

// An agent as a match operand gives it: NAME=SPEC, or a SPEC alone.
struct NamedSpec {
  std::optional<std::string> name;  // letters, digits, '_', '-' and '.'; none: not given
  std::string_view spec;            // the rest of the operand
};

// Splits off a leading NAME= (a name has no ':' or space, so cmd:A=B is a spec, not a name).
NamedSpec split_agent_name(std::string_view operand);

}  // namespace nim
