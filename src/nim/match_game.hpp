// A game of a match between two agents, as a value: every move with its verdict (was the mover
// winning, did the move keep the win), who won, and why the game ended. The agents are asked for
// their moves through a callable, so that the same game loop serves the built-in players and
// programs that the command line runs.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "nim/move_check.hpp"
#include "nim/playout.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"
#include "nim/solver.hpp"

namespace nim {

// Why a game ended (as PGN's Termination tag says it for chess): the board was emptied, an
// agent's fault (it loses), or the ply limit.
enum class Termination {
  normal,        // the last object was taken
  illegal_move,  // the mover proposed a move the rules do not allow
  bad_reply,     // the mover's reply was not a move
  timeout,       // the mover did not reply in time
  exited,        // the mover's program ended (or could not be started again)
  adjudicated,   // the ply limit was reached: the side that wins with perfect play is the winner
};
inline constexpr std::size_t termination_count = 6;

// A fault of an agent that runs outside the library, described by whoever ran it.
struct AgentFault {
  Termination termination = Termination::bad_reply;  // bad_reply, timeout or exited
  std::string message;                               // e.g. "no reply within 5 s"
};

// What an agent answered: a move of its own choosing that is legal by construction (a built-in
// agent), a move as proposed, to be judged (any integers), or a fault.
template <HeapInteger Heap>
using AgentAnswer = std::variant<Move<Heap>, ProposedMove, AgentFault>;

template <HeapInteger Heap>
struct JudgedMove {
  Move<Heap> move{};
  bool from_won = false;  // the mover's position was won before the move
  bool optimal = false;   // it left the opponent lost, or the mover had no win to keep

  friend bool operator==(const JudgedMove&, const JudgedMove&) = default;
};

template <HeapInteger Heap>
struct MatchGame {
  Position<Heap> start{};
  std::vector<JudgedMove<Heap>> moves{};
  bool start_won = false;  // the start was won for the player who moved first
  Player winner = Player::first;
  Termination termination = Termination::normal;
  std::string fault{};                    // bad_reply, timeout, exited: the agent's fault in words
  std::optional<ProposedMove> illegal{};  // illegal_move: the move proposed,
  Illegal why = Illegal::none;            // and why it is illegal
  Position<Heap> end{};                   // the board when the game ended

  // The player whose fault ended the game; none when it ended normally or by adjudication.
  std::optional<Player> faulty() const {
    if (termination == Termination::normal || termination == Termination::adjudicated)
      return std::nullopt;
    return other(winner);
  }
};

// Plays a game from `start` (not over) under `rules`: ask(mover, view, ply) gives the mover's
// AgentAnswer for the board in `view`. A fault or an illegal move loses the game for its author;
// after max_plies moves the game is adjudicated to the side the solver says wins.
template <HeapSumRuleset Rules, class Ask, class Heap = typename Rules::Heap>
requires std::invocable < Ask&, Player, const ScannedPosition<Rules>
&, std::uint64_t > MatchGame<Heap> play_game(const Position<Heap>& start, const Rules& rules,
                                             std::uint64_t max_plies, Ask&& ask) {
  MatchGame<Heap> game{.start = start};
  Position<Heap> board = start;
  for (std::uint64_t ply = 0;; ++ply) {
    const ScannedPosition view(board, rules);
    const Player mover = ply % 2 == 0 ? Player::first : Player::second;
    const bool won = is_winning(view);
    if (ply == 0) game.start_won = won;
    if (is_over(view)) {
      game.winner = winner_on_empty_board(mover, rules.misere);
      break;
    }
    if (ply == max_plies) {
      game.termination = Termination::adjudicated;
      game.winner = won ? mover : other(mover);
      break;
    }
    AgentAnswer<Heap> answer = ask(mover, view, ply);
    JudgedMove<Heap> played{.from_won = won};
    if (const auto* move = std::get_if<Move<Heap>>(&answer)) {
      played.move = *move;
      played.optimal = !won || !leaves_winning(view, *move);
    } else if (const auto* proposed = std::get_if<ProposedMove>(&answer)) {
      const MoveVerdict<Heap> verdict = check_move(view, *proposed);
      if (verdict.illegal != Illegal::none) {
        game.termination = Termination::illegal_move;
        game.illegal = *proposed;
        game.why = verdict.illegal;
        game.winner = other(mover);
        break;
      }
      played.move = *verdict.move;
      played.optimal = verdict.optimal;
    } else {
      AgentFault& fault = std::get<AgentFault>(answer);
      game.termination = fault.termination;
      game.fault = std::move(fault.message);
      game.winner = other(mover);
      break;
    }
    game.moves.push_back(played);
    board[played.move.heap] -= played.move.count;
  }
  game.end = std::move(board);
  return game;
}

}  // namespace nim
