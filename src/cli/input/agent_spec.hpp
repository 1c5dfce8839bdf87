// Agents as the command line names them: perfect, random, difficulty:P and cmd:COMMAND.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "nim/agent.hpp"

namespace nim {

// A program that speaks the agent protocol (docs/agent-protocol.md), run as /bin/sh -c command.
struct ExternalAgent {
  std::string command;

  friend bool operator==(const ExternalAgent&, const ExternalAgent&) = default;
};

using AgentSpec = std::variant<BuiltInAgent, ExternalAgent>;

// Reads a spec; throws UsageError naming it when it is none of the four forms.
AgentSpec parse_agent_spec(std::string_view text);

}  // namespace nim
