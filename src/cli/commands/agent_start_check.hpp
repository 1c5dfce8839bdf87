// Before the first game of a match: every cmd: agent must start and answer one request, so that
// a command that cannot run is a usage error, not a match of faults.
#pragma once

#include <string>
#include <vector>

#include "cli/commands/match_settings.hpp"
#include "cli/input/agent_reply.hpp"
#include "cli/system/agent_log.hpp"
#include "nim/position.hpp"

namespace nim {

// The position of the start-up request: one of the game being played, and not over. The fewest
// heaps the game is played on (Wythoff's game: 2), each of the fewest objects that leave a move
// (Nim: [1]; Grundy's game: [3]; --subtract 2,3: [2]; beyond 4,096, the first power of two that
// does), as the game itself says (has_move).
Position<SmallHeap> start_up_position(const MatchSettings& settings);

// The start-up request line (game 0, ply 0, the position above), '\n' ended.
std::string start_up_request(const MatchSettings& settings);

// Starts the program of each cmd: agent and sends it one request (game 0, ply 0, the position
// above) under the match's rules or game; throws UsageError naming the first that exits, does not
// reply within the start timeout or replies more than a line.
// Returns what each agent asks for (events, legal moves; nothing for a built-in one). A signal
// (InterruptCatcher) ends the check early: the programs not yet checked are not started, and the
// match plays no game. With `log`, its lines go there, as job 0 (--log).
std::vector<AgentAsks> check_agents_start(const MatchSettings& settings, AgentLog* log = nullptr);

}  // namespace nim
