#include "cli/input/agent_spec.hpp"

#include <algorithm>
#include <cctype>

#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"

namespace nim {

AgentSpec parse_agent_spec(std::string_view text) {
  if (text == "perfect") return BuiltInAgent{.kind = BuiltInAgent::Kind::perfect};
  if (text == "random") return BuiltInAgent{.kind = BuiltInAgent::Kind::random};
  if (text.starts_with("difficulty:")) {
    const std::string_view p = text.substr(text.find(':') + 1);
    const auto perfect = read_probability(p);
    if (!perfect)
      throw UsageError("agent " + quoted(text) + ": " + quoted(p) +
                       " is not a number from 0 to 1 (the chance of the perfect move)");
    return BuiltInAgent{.kind = BuiltInAgent::Kind::difficulty, .perfect = *perfect};
  }
  if (text.starts_with("cmd:")) {
    const std::string_view command = text.substr(4);
    if (command.find_first_not_of(" \t") == std::string_view::npos)
      throw UsageError("agent " + quoted(text) + " has no command after cmd:");
    return ExternalAgent{std::string(command)};
  }
  throw UsageError("agent " + quoted(text) +
                   " is not one of perfect, random, difficulty:P, cmd:COMMAND");
}

NamedSpec split_agent_name(std::string_view operand) {
  const auto equals = operand.find('=');
  if (equals == std::string_view::npos || equals == 0) return {std::nullopt, operand};
  const std::string_view name = operand.substr(0, equals);
  const bool is_name = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
  if (!is_name) return {std::nullopt, operand};
  return {std::string(name), operand.substr(equals + 1)};
}

}  // namespace nim
