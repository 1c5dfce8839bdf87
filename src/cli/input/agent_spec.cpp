#include "cli/input/agent_spec.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"
#include "cli/input/time_control.hpp"
#include "text/escape.hpp"

namespace nim {

double read_seconds(std::string_view what, std::string_view text) {
  const auto seconds = parse_decimal(text);
  if (!seconds || seconds->compare(0) <= 0 || seconds->compare(longest_timeout) > 0)
    throw UsageError(std::string(what) + " " + quoted(text) +
                     " is not a number of seconds above 0 and at most " +
                     std::to_string(longest_timeout));
  return seconds->value;
}

namespace {

// The settings of cmd[KEY=VALUE,...]: move-timeout, start-timeout and time-control, each at most
// once.
void read_agent_settings(std::string_view spec, std::string_view settings, ExternalAgent& agent) {
  const std::string named = "agent " + quoted(spec) + ": ";
  for (std::size_t at = 0; at <= settings.size();) {
    const std::size_t end = std::min(settings.find(',', at), settings.size());
    const std::string_view setting = settings.substr(at, end - at);
    const std::size_t equals = setting.find('=');
    const std::string_view key = setting.substr(0, equals);
    std::optional<double>* seconds = key == "move-timeout"    ? &agent.move_timeout
                                     : key == "start-timeout" ? &agent.start_timeout
                                                              : nullptr;
    const bool clock = key == "time-control";
    if ((!seconds && !clock) || equals == std::string_view::npos)
      throw UsageError(named + quoted(setting) +
                       " is not move-timeout=SECONDS, start-timeout=SECONDS or "
                       "time-control=BASE+INC");
    if (clock ? agent.time_control.has_value() : seconds->has_value())
      throw UsageError(named + std::string(key) + " is given twice");
    const std::string_view value = setting.substr(equals + 1);
    try {
      if (clock)
        agent.time_control = read_time_control(key, value);
      else
        *seconds = read_seconds(key, value);
    } catch (const UsageError& e) {
      throw UsageError(named + e.what());
    }
    at = end + 1;
  }
}

}  // namespace

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
  if (text.starts_with("cmd:") || text.starts_with("cmd[")) {
    ExternalAgent agent;
    std::size_t colon = 3;
    if (text[3] == '[') {
      const std::size_t close = text.find("]:");
      if (close == std::string_view::npos)
        throw UsageError("agent " + quoted(text) + ": cmd[ has no ]: before its command");
      read_agent_settings(text, text.substr(4, close - 4), agent);
      colon = close + 1;
    }
    const std::string_view command = text.substr(colon + 1);
    if (command.find_first_not_of(" \t") == std::string_view::npos)
      throw UsageError("agent " + quoted(text) + " has no command after cmd:");
    agent.command = std::string(command);
    return agent;
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
