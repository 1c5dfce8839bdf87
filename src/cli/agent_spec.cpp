#include "cli/agent_spec.hpp"

#include <algorithm>
#include <charconv>

#include "cli/heap_text.hpp"
#include "cli/options.hpp"

namespace nim {

namespace {

// Whether every character is a digit ("" is).
bool all_digits(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<double> parse_decimal(std::string_view text) {
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  if (whole.size() + fraction.size() == 0 || !all_digits(whole) || !all_digits(fraction))
    return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

AgentSpec parse_agent_spec(std::string_view text) {
  if (text == "perfect") return BuiltInAgent{.kind = BuiltInAgent::Kind::perfect};
  if (text == "random") return BuiltInAgent{.kind = BuiltInAgent::Kind::random};
  if (text.starts_with("difficulty:")) {
    const std::string_view p = text.substr(text.find(':') + 1);
    const auto perfect = parse_decimal(p);
    if (!perfect || *perfect > 1)
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

}  // namespace nim
