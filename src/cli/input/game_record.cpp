#include "cli/input/game_record.hpp"

#include <charconv>

#include "cli/input/agent_reply.hpp"
#include "cli/input/time_control.hpp"

namespace nim {

namespace {

// A move as a record writes it: in one of the game's JSON forms, or a sum's
// {"component":C,"move":M}.
std::optional<ProposedGameMove> read_recorded_move(JsonReader& json) {
  if (json.peek() == JsonReader::Kind::object) return read_proposed_sum_move(json);
  return read_proposed_game_move(json);
}

// The move of "illegal move [heap,count]: why" (a sum's: "illegal move {...}: why"), as the
// record's reason writes it.
std::optional<ProposedGameMove> illegal_move_of(std::string_view reason) {
  constexpr std::string_view lead = "illegal move ";
  if (!reason.starts_with(lead)) return std::nullopt;
  try {
    const std::string_view rest = reason.substr(lead.size());
    const std::string_view value = JsonReader(rest).skip();
    const auto after = static_cast<std::size_t>(value.data() - rest.data()) + value.size();
    if (!rest.substr(after).starts_with(": ")) return std::nullopt;
    JsonReader json(value);
    auto move = read_recorded_move(json);
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
  else if (reason.starts_with("lost on time"))
    termination = Termination::time;
  else if (reason.starts_with("exited with status ") || reason.starts_with("killed by signal ") ||
           reason.starts_with("could not be started again"))
    termination = Termination::exited;
  return {termination, std::move(reason)};
}

// The list `key` of the record, if it has one, each item given to read(item, i) for the i-th
// move; false when it is not a list of one item a move, or read refuses an item.
template <class Read>
bool read_per_move(const RecordedGame& game, std::string_view key, const Read& read) {
  const std::string_view text = game.field(key);
  if (text.empty()) return true;
  JsonReader list(text);
  if (list.peek() != JsonReader::Kind::array) return false;
  list.begin_array();
  std::size_t i = 0;
  for (; list.next_item(); ++i)
    if (i >= game.moves.size() || !read(list, i)) return false;
  return i == game.moves.size();
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
      auto move = read_recorded_move(moves);
      if (!move) return std::nullopt;
      game.moves.push_back(std::move(*move));
    }
    // What the programs' replies gave: each move's time in milliseconds, to the microsecond, and
    // its value; null for a move without.
    const auto each = [&](JsonReader& item, std::size_t i, auto set) {
      if (item.peek() == JsonReader::Kind::literal) return item.literal() == "null";
      return item.peek() == JsonReader::Kind::number && set(item.number(), game.moves[i].facts);
    };
    if (!read_per_move(game, "move_ms", [&](JsonReader& item, std::size_t i) {
          return each(item, i, [](std::string_view text, ReplyFacts& facts) {
            facts.microseconds = read_fixed_point(text, 3);
            return facts.microseconds.has_value();
          });
        }))
      return std::nullopt;
    if (!read_per_move(game, "think_ms", [&](JsonReader& item, std::size_t i) {
          return each(item, i, [](std::string_view text, ReplyFacts& facts) {
            facts.think_microseconds = read_fixed_point(text, 3);
            return facts.think_microseconds.has_value();
          });
        }))
      return std::nullopt;
    if (!read_per_move(game, "values", [&](JsonReader& item, std::size_t i) {
          return each(item, i, [](std::string_view text, ReplyFacts& facts) {
            double value = 0;
            const auto [end, error] =
                std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc() || end != text.data() + text.size() ||
                !(value >= 0 && value <= 1))
              return false;
            facts.value = value;
            return true;
          });
        }))
      return std::nullopt;
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
