// Reading back a game record of match --games-out (for --resume): its keys as written, the moves
// to replay, and how its reason says the game ended, so that the game can be played again move
// for move and its record written anew, byte for byte, to check it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nim/match_game.hpp"

namespace nim {

struct RecordedGame {
  // Every key with its value as written, in order.
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<ProposedGameMove> moves;  // "moves", in the game's forms
  // How the last mover's turn ended when its reason is not "normal" or an adjudication: the
  // move it proposed (an illegal move), or its fault.
  std::optional<ProposedGameMove> illegal;
  std::optional<AgentFault> fault;

  // The value of `key` as written; empty when it has none.
  std::string_view field(std::string_view key) const {
    for (const auto& [name, value] : fields)
      if (name == key) return value;
    return {};
  }
};

// The record on `line`; none when the line is not a JSON object with "moves" a list of moves
// and "reason" a string.
std::optional<RecordedGame> read_game_record(std::string_view line);

}  // namespace nim
