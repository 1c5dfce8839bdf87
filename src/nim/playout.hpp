// A ply of a playout, in which both sides follow the same rules and strategy from a position until
// the game is over or a ply limit is reached (nim/game_playout.hpp plays it, in every game).
#pragma once

#include <cstdint>
#include <optional>

#include "nim/player.hpp"

namespace nim {

// A ply of a playout, its analysis a game's (GameAnalysis, game_playout.hpp).
template <class PlyAnalysis>
struct PlayoutPly {
  std::uint64_t number = 0;  // 0-based
  // The board before the ply's move, and the move played (analysis.move; none when the game was
  // already over). Its position is the playout's own board: valid during the callback only.
  PlyAnalysis analysis;
  bool done = false;       // the game is over after this ply
  bool truncated = false;  // the ply limit stopped the game here
  // On the last ply: who made the last move (none when no move was made, because the game was
  // over at the start), and who won.
  std::optional<Player> last_mover{};
  std::optional<Player> winner{};
};

}  // namespace nim
