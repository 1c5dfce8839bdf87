// The built-in players of a match: the perfect player, the random player, and the player of a
// chosen difficulty that mixes the two. (External programs are agents too; the command line runs
// them, since the library does no I/O.)
#pragma once

#include "nim/game_board.hpp"
#include "nim/game_strategy.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "nim/strategy.hpp"

namespace nim {

struct BuiltInAgent {
  enum class Kind {
    perfect,     // choose_move with the match's strategy
    random,      // random_move
    difficulty,  // choose_move_at_difficulty
  };
  Kind kind = Kind::perfect;
  double perfect = 1;  // difficulty: the chance of playing the perfect move, 0 to 1

  friend bool operator==(const BuiltInAgent&, const BuiltInAgent&) = default;
};

// The agent's move in a position that is not over. `rng` is drawn from only by random choices.
template <PositionView View>
Move<typename View::Heap> built_in_move(const BuiltInAgent& agent, const View& view,
                                        const Strategy& strategy, SplitMix64& rng) {
  switch (agent.kind) {
    case BuiltInAgent::Kind::perfect:
      return *choose_move(view, strategy, rng);
    case BuiltInAgent::Kind::random:
      return *random_move(view, rng);
    case BuiltInAgent::Kind::difficulty:
      break;
  }
  return *choose_move_at_difficulty(view, strategy, agent.perfect, rng);
}

// The same in a game after Nim, on its board: the perfect move is analyse_game()'s with the
// strategy, the random one random_game_move()'s.
template <PlayableGame Game, class Heap = typename Game::Heap>
GameMove<Heap> built_in_game_move(const BuiltInAgent& agent, const GameBoard<Game>& board,
                                  const Strategy& strategy, SplitMix64& rng) {
  const bool perfect = agent.kind == BuiltInAgent::Kind::perfect ||
                       (agent.kind == BuiltInAgent::Kind::difficulty && chance(rng, agent.perfect));
  if (perfect) return *board.strategy_move(strategy, rng);
  return *board.random_move(rng);
}

}  // namespace nim
