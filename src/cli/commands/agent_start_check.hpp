// Before the first game of a match: every cmd: agent must start and answer one request, so that
// a command that cannot run is a usage error, not a match of faults.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/input/agent_reply.hpp"
#include "cli/input/agent_spec.hpp"
#include "nim/any_position.hpp"
#include "nim/games/table.hpp"

namespace nim {

// Starts the program of each cmd: agent in `agents` (given as `specs`) and sends it one request
// (game 0, heaps [1]) under `rules`, or the game after Nim; throws UsageError naming the first that
// does not reply within `move_timeout` seconds. Returns the events each agent asks for (none for a
// built-in one).
std::vector<AgentEvents> check_agents_start(const std::vector<AgentSpec>& agents,
                                            const std::vector<std::string>& specs,
                                            const AnyRules& rules,
                                            const std::optional<GameSpec>& after_nim,
                                            double move_timeout);

}  // namespace nim
