#include "cli/input/agent_reply.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "cli/input/game_move_text.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"

namespace nim {

namespace {

// A reply shown in a message: quoted, and cut after 100 bytes.
std::string shown(std::string_view line) {
  constexpr std::size_t most = 100;
  if (line.size() <= most) return quoted(line);
  return quoted(line.substr(0, most)) + "...";
}

// A JSON number read as the nearest double (one too large for a double is infinite, one too near
// 0 is 0, or below it when negative); none for another value.
std::optional<double> read_number(JsonReader& json) {
  if (json.peek() != JsonReader::Kind::number) {
    json.skip();
    return std::nullopt;
  }
  const std::string_view text = json.number();
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range && end == text.data() + text.size()) {
    const bool tiny = text.find("e-") != text.npos || text.find("E-") != text.npos;
    const bool negative = text.starts_with('-');
    using limits = std::numeric_limits<double>;
    if (tiny)
      value = negative ? -limits::denorm_min() : 0.0;
    else
      value = negative ? -limits::infinity() : limits::infinity();
  } else if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value + 0.0;  // -0 is 0
}

// A "value": a JSON number from 0 to 1; none for anything else.
std::optional<double> read_value(JsonReader& json) {
  const auto value = read_number(json);
  if (!value || !(*value >= 0 && *value <= 1)) return std::nullopt;
  return value;
}

// A "think_ms": a JSON number of milliseconds from 0, read to the nearest microsecond; none for
// anything else, or for more than a day and a half (a reply never waits that long).
std::optional<std::uint64_t> read_think_microseconds(JsonReader& json) {
  const auto ms = read_number(json);
  if (!ms || !(*ms >= 0 && *ms <= 1e8)) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(*ms * 1000));
}

}  // namespace

std::optional<ProposedGameMove> read_proposed_game_move(JsonReader& json) {
  auto move = read_json_game_move(json.skip());
  if (!move) return std::nullopt;
  return ProposedGameMove{std::move(*move)};
}

std::optional<ProposedGameMove> read_proposed_sum_move(JsonReader& json) {
  if (json.peek() != JsonReader::Kind::object) {
    json.skip();
    return std::nullopt;
  }
  json.begin_object();
  std::optional<std::size_t> component;
  std::optional<ProposedGameMove> move;
  std::string key;
  while (json.next_key(key)) {
    if (key == "component" && !component && json.peek() == JsonReader::Kind::number) {
      const auto number = parse_integer(json.number());
      if (!number || sgn(*number) < 0) return std::nullopt;
      // A component beyond any sum's reads as the largest index, which no sum has.
      component = fits_small(*number) && to_small(*number) <= ~std::size_t{0}
                      ? static_cast<std::size_t>(to_small(*number))
                      : ~std::size_t{0};
    } else if (key == "move" && !move) {
      move = read_proposed_game_move(json);
      if (!move) return std::nullopt;
    } else {
      return std::nullopt;  // another key, or one given twice
    }
  }
  if (!component || !move) return std::nullopt;
  move->in_component = ProposedGameMove::InComponent{*component, move->move};
  return move;
}

std::variant<ProposedGameMove, std::string> read_reply(std::string_view line, std::string_view form,
                                                       bool of_sum) {
  try {
    JsonReader json(line);
    if (json.peek() != JsonReader::Kind::object) {
      json.skip();
      json.end();
      return "not a JSON object: " + shown(line);
    }
    json.begin_object();
    std::optional<ProposedGameMove> move;
    std::optional<double> value;
    std::optional<std::uint64_t> think;
    bool found = false, valued = false, timed = false;
    std::string key;
    while (json.next_key(key)) {
      if (key == "value") {
        if (valued) return "more than one \"value\" in the reply: " + shown(line);
        valued = true;
        value = read_value(json);
        if (!value) return "\"value\" is not a number from 0 to 1: " + shown(line);
        continue;
      }
      if (key == "think_ms") {
        if (timed) return "more than one \"think_ms\" in the reply: " + shown(line);
        timed = true;
        think = read_think_microseconds(json);
        if (!think) return "\"think_ms\" is not a number of milliseconds from 0: " + shown(line);
        continue;
      }
      if (key != "move") {
        json.skip();
        continue;
      }
      if (found) return "more than one \"move\" in the reply: " + shown(line);
      found = true;
      move = of_sum ? read_proposed_sum_move(json) : read_proposed_game_move(json);
      if (!move) return "\"move\" is not " + std::string(form) + ": " + shown(line);
    }
    json.end();
    if (!found) return "no \"move\" in the reply: " + shown(line);
    move->facts.value = value;
    move->facts.think_microseconds = think;
    return std::move(*move);
  } catch (const JsonError& e) {
    return "not JSON: " + shown(line) + " (" + e.what() + ")";
  }
}

AgentAsks read_start_up_asks(std::string_view line) {
  AgentAsks asks;
  try {
    JsonReader json(line);
    if (json.peek() != JsonReader::Kind::object) return asks;
    json.begin_object();
    std::string key;
    while (json.next_key(key)) {
      if (key == "legal_moves") {
        const std::string_view value =
            json.peek() == JsonReader::Kind::literal ? json.literal() : "";
        if (value != "true" && value != "false")
          throw UsageError("\"legal_moves\" is not true or false in its reply " + shown(line));
        asks.legal_moves = value == "true";
        continue;
      }
      if (key != "events") {
        json.skip();
        continue;
      }
      if (json.peek() != JsonReader::Kind::array)
        throw UsageError("\"events\" is not a list of event names in its reply " + shown(line));
      json.begin_array();
      while (json.next_item()) {
        if (json.peek() != JsonReader::Kind::string)
          throw UsageError("\"events\" is not a list of event names in its reply " + shown(line));
        const std::string name = json.string();
        if (name != "end")
          throw UsageError("it asks for the event " + quoted(name) +
                           ", which nim-game does not send (protocol version 4 has \"end\")");
        asks.end = true;
      }
    }
    json.end();
  } catch (const JsonError&) {
    return {};  // not JSON: a version 1 program's reply need only be a line
  }
  return asks;
}

}  // namespace nim
