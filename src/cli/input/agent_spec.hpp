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

// An agent as a match operand gives it: NAME=SPEC, or a SPEC alone.
struct NamedSpec {
  std::optional<std::string> name;  // letters, digits, '_', '-' and '.'; none: not given
  std::string_view spec;            // the rest of the operand
};

// Splits off a leading NAME= (a name has no ':' or space, so cmd:A=B is a spec, not a name).
NamedSpec split_agent_name(std::string_view operand);

}  // namespace nim
