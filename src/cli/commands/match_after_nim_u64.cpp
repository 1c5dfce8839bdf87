// The games after Nim of a match on heaps of type SmallHeap (match_after_nim.hpp).
#include "cli/commands/match_after_nim_game.hpp"

namespace nim {

NIM_AFTER_NIM_GAMES(SmallHeap)

}  // namespace nim
