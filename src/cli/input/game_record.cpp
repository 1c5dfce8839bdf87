#include "cli/input/game_record.hpp"

#include "cli/input/agent_reply.hpp"

namespace nim {

namespace {

// The move of "illegal move [heap,count]: why", as the record's reason writes it.
std::optional<ProposedGameMove> illegal_move_of(std::string_view reason) {
  constexpr std::string_view lead = "illegal move ";
  const std::size_t end = reason.find("]: ");
  if (!reason.starts_with(lead) || end == std::string_view::npos) return std::nullopt;
  try {
    JsonReader json(reason.substr(lead.size(), end + 1 - lead.size()));
    auto move = read_proposed_game_move(json);
    json.end();
    return move;
  } catch (const JsonError&) {
    return std::nullopt;
  }
}

// The fault a reason names, in the words src/format/match_records.hpp writes them.
AgentFault fault_of(std::string reason) {
  Termination termination = Termination::bad_reply;
  if (reason.starts_with("no reply within "))
    termination = Termination::timeout;
  else if (reason.starts_with("exited with status ") || reason.starts_with("killed by signal ") ||
           reason.starts_with("could not be started again"))
    termination = Termination::exited;
  return {termination, std::move(reason)};
}

}  // namespace

std::optional<RecordedGame> read_game_record(std::string_view line) {
  RecordedGame game;
  try {
    JsonReader json(line);
    if (json.peek() != JsonReader::Kind::object) return std::nullopt;
    json.begin_object();
    std::string key;
    while (json.next_key(key))
      game.fields.emplace_back(key, std::string(json.skip()));
    json.end();

    JsonReader moves(game.field("moves"));
    if (moves.peek() != JsonReader::Kind::array) return std::nullopt;
    moves.begin_array();
    while (moves.next_item()) {
      auto move = read_proposed_game_move(moves);
      if (!move) return std::nullopt;
      game.moves.push_back(std::move(*move));
    }
    JsonReader reason_value(game.field("reason"));
    if (reason_value.peek() != JsonReader::Kind::string) return std::nullopt;
    std::string reason = reason_value.string();
    if (reason != "normal" && !reason.starts_with("adjudicated after ")) {
      game.illegal = illegal_move_of(reason);
      if (!game.illegal) game.fault = fault_of(std::move(reason));
    }
  } catch (const JsonError&) {
    return std::nullopt;  // not JSON, or no "moves" or "reason" (an empty value)
  }
  return game;
}

}  // namespace nim
