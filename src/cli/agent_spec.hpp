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

// A plain decimal number: digits with at most one point, and at least one digit (5, 0.5, .5, 5.);
// nullopt for anything else (signs, exponents, "inf", "nan", a lone point). These are the
// numbers that play --difficulty takes.
std::optional<double> parse_decimal(std::string_view text);

}  // namespace nim
