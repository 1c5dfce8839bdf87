// The definitions of play_after_nim_game() (match_after_nim.hpp) and built_in_move_after_nim()
// (match_agents.hpp), included only by the files that instantiate them for a heap type:
// match_after_nim_u64.cpp and match_after_nim_gmp.cpp.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>

#include "cli/commands/match_after_nim.hpp"
#include "cli/commands/match_agents.hpp"
#include "format/text.hpp"
#include "nim/agent.hpp"
#include "nim/game_solver.hpp"
#include "nim/match_game.hpp"

namespace nim {

template <PlayableGame Game, class Heap>
GameMatchGame<Heap> play_after_nim_game(const Game& rules, const MatchSettings& settings,
                                        const ScheduledGame& scheduled,
                                        const Position<Heap>& position,
                                        const AskOnBoard<Game>& ask) {
  const std::span<const Heap> heaps(position);
  GameSolver solver(rules, settings.after_nim->spec().search_limit);
  try {
    solver.verdict(heaps);
    solver.require_searchable(heaps);
    // Only --choose largest or random can refuse here: a position of too many moves.
    return play_match_game(solver, position, settings.max_plies, ask);
  } catch (const Unanswerable& e) {
    throw UsageError(std::string("game ") + std::to_string(scheduled.number) + " (heaps " +
                     heap_list(heaps) + "): " + e.what());
  }
}

template <PlayableGame Game, class Heap>
GameMove<Heap> built_in_move_after_nim(const BuiltInAgent& agent, const GameBoard<Game>& board,
                                       const Strategy& strategy, SplitMix64& rng) {
  return built_in_game_move(agent, board, strategy, rng);
}

// The explicit instantiation of play_after_nim_game() and built_in_move_after_nim() for `Game`,
// with and without StoppableRules.
#define NIM_AFTER_NIM_GAME(Game)                                                            \
  template GameMatchGame<Game::Heap> play_after_nim_game(                                   \
      const Game&, const MatchSettings&, const ScheduledGame&, const Position<Game::Heap>&, \
      const AskOnBoard<Game>&);                                                             \
  template GameMatchGame<Game::Heap> play_after_nim_game(                                   \
      const StoppableRules<Game>&, const MatchSettings&, const ScheduledGame&,              \
      const Position<Game::Heap>&, const AskOnBoard<StoppableRules<Game>>&);                \
  template GameMove<Game::Heap> built_in_move_after_nim(                                    \
      const BuiltInAgent&, const GameBoard<Game>&, const Strategy&, SplitMix64&);           \
  template GameMove<Game::Heap> built_in_move_after_nim(                                    \
      const BuiltInAgent&, const GameBoard<StoppableRules<Game>>&, const Strategy&, SplitMix64&);

// ... for every game of the table on heaps of type Heap (the list is AnyPlayableGame's).
#define NIM_AFTER_NIM_GAMES(Heap)                                                                \
  static_assert(                                                                                 \
      std::is_same_v<AnyPlayableGame<Heap>,                                                      \
                     std::variant<TakeAndBreakRules<Heap>, MooreRules<Heap>, WythoffRules<Heap>, \
                                  StaircaseRules<Heap>, LaskerRules<Heap>>>,                     \
      "the games of NIM_AFTER_NIM_GAMES are AnyPlayableGame's");                                 \
  NIM_AFTER_NIM_GAME(TakeAndBreakRules<Heap>)                                                    \
  NIM_AFTER_NIM_GAME(MooreRules<Heap>)                                                           \
  NIM_AFTER_NIM_GAME(WythoffRules<Heap>)                                                         \
  NIM_AFTER_NIM_GAME(StaircaseRules<Heap>)                                                       \
  NIM_AFTER_NIM_GAME(LaskerRules<Heap>)

}  // namespace nim
