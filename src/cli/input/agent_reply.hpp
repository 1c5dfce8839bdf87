// Reading an agent's reply (agent protocol, docs/agent-protocol.md): one line holding a JSON
// object with "move" in one of the move forms of the games ([heap, count], [heap, count,
// [left, right]], [[heap, count], ...]), whole numbers; the game's judge says whether its rules
// allow it.
// They are kept exact, whatever their size, so that the judge, not the reader, says what is wrong
// with [9,1] or a 400-digit count; a negative number ([-1,1]) makes no move, in every game.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "cli/input/json_reader.hpp"
#include "cli/input/options.hpp"
#include "nim/match_game.hpp"

namespace nim {

// A move in one of its JSON forms (game_move_text.hpp), the reader standing at the value; none
// for another value or a negative number.
std::optional<ProposedGameMove> read_proposed_game_move(JsonReader& json);

// The move of a sum of games as a program gives it, {"component":C,"move":M}: C the component from
// 0, M a move in one of the JSON forms, its heaps counted within the component (in_component set;
// `move` the same); none for another value or a negative number.
std::optional<ProposedGameMove> read_proposed_sum_move(JsonReader& json);

// The move of a reply line, or why the line is not a reply, in words that quote it (the start
// of it, when it is long); `form` says what a move is (the game's row: reply_move_form), and
// `of_sum` that it is a sum's (read_proposed_sum_move()).
std::variant<ProposedGameMove, std::string> read_reply(std::string_view line, std::string_view form,
                                                       bool of_sum = false);

// What a program asks for in its reply to the start-up request: the events (protocol version 2,
// `"events":["end"]`) and the legal moves in each request (version 4, `"legal_moves":true`). What
// a reply holds besides is not judged: a line that is not JSON, or has neither key, asks for
// nothing. Throws UsageError, in words that quote it, for an "events" that is not a list of the
// events nim-game sends, or a "legal_moves" that is not true or false.
struct AgentAsks {
  bool end = false;          // one line after each of its games, saying how the game ended
  bool legal_moves = false;  // every legal move in each request (when there are not too many)
};
AgentAsks read_start_up_asks(std::string_view line);

}  // namespace nim
