// A game of a match between two agents, as a value: every move with its verdict (was the mover
// winning, did the move keep the win), who won, and why the game ended. The agents are asked for
// their moves through a callable, so that the one game loop serves the built-in players and
// programs that the command line runs (which are sent the board's heaps, board.heaps()).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "nim/game_board.hpp"
#include "nim/game_solver.hpp"
#include "nim/move_record.hpp"
#include "nim/player.hpp"
#include "nim/position.hpp"

namespace nim {

// Why a game ended (as PGN's Termination tag says it for chess): the board was emptied, an
// agent's fault (it loses), or the ply limit.
enum class Termination {
  normal,        // the last object was taken
  illegal_move,  // the mover proposed a move the rules do not allow
  bad_reply,     // the mover's reply was not a move
  timeout,       // the mover did not reply in time
  time,          // the mover's clock ran out (--time-control): lost on time
  exited,        // the mover's program ended (or could not be started again)
  adjudicated,   // the ply limit was reached: the side that wins with perfect play is the winner
};
inline constexpr std::size_t termination_count = 7;

// A fault of an agent that runs outside the library, described by whoever ran it.
struct AgentFault {
  Termination termination = Termination::bad_reply;  // bad_reply, timeout, time or exited
  std::string message;                               // e.g. "no reply within 5 s"
};

// What a program's reply gave besides its move: how long it took, from its request written to
// its reply read, how long the program says it thought ("think_ms", never more than that), and
// its estimate that it, the mover, wins ("value", 0 to 1). Kept in the game records, so that a
// resumed match counts them as they were.
struct ReplyFacts {
  std::optional<std::uint64_t> microseconds{};
  std::optional<std::uint64_t> think_microseconds{};
  std::optional<double> value{};

  bool empty() const { return !microseconds && !think_microseconds && !value; }
  friend bool operator==(const ReplyFacts&, const ReplyFacts&) = default;
};

// A move a program proposes, exact whatever its numbers (the judge says what
// is wrong with it).
struct ProposedGameMove {
  // A move of a sum of games as the program gave it: its component, counted from 0, and the move
  // there, its heaps counted within the component.
  struct InComponent {
    std::size_t component = 0;
    GameMove<BigHeap> move;
  };
  GameMove<BigHeap> move;  // in a sum, on the sum's list of heaps: no heap of it where the
                           // component or a heap given is not there
  ReplyFacts facts{};
  std::optional<InComponent> in_component{};  // a sum's move, as given
};

// The game, as the file's header says; every game's moves are GameMoves.
template <HeapInteger Heap>
struct MatchGame {
  Position<Heap> start{};
  std::vector<MoveRecord<Heap, GameMove<Heap>>> moves{};
  bool start_won = false;  // the start was won for the player who moved first
  Player winner = Player::first;
  Termination termination = Termination::normal;
  std::string fault{};  // bad_reply, timeout, time, exited: the fault in words
  std::optional<ProposedGameMove> illegal{};  // illegal_move: the move proposed
  Position<Heap> end{};                       // the board when the game ended
  // The facts of each move's reply, by ply; empty when no move was a program's with any (a
  // built-in agent's moves have none), so that a match of built-in agents keeps none.
  std::vector<ReplyFacts> replies{};

  // The facts of the reply that made move `ply`; none for a built-in agent's move.
  ReplyFacts reply(std::size_t ply) const {
    return ply < replies.size() ? replies[ply] : ReplyFacts{};
  }

  // The player whose fault ended the game; none when it ended normally or by adjudication.
  std::optional<Player> faulty() const {
    if (termination == Termination::normal || termination == Termination::adjudicated)
      return std::nullopt;
    return other(winner);
  }
};

// What an agent answers: a built-in agent's move, a program's, or a fault.
template <HeapInteger Heap>
using AgentAnswer = std::variant<GameMove<Heap>, ProposedGameMove, AgentFault>;

// Plays a game from `start` through the game loop, answered by `solver` (every question about the
// positions `start` reaches must be answerable: GameSolver::require_searchable), on a GameBoard, so
// that a ply of a long game costs what one of a short game does. ask(mover, board, ply) gives the
// mover's AgentAnswer.
template <PlayableGame Game, class Ask, class Heap = typename Game::Heap>
requires std::invocable < Ask&, Player, const GameBoard<Game>
&, std::uint64_t > MatchGame<Heap> play_match_game(GameSolver<Game>& solver,
                                                   const Position<Heap>& start,
                                                   std::uint64_t max_plies, Ask& ask) {
  const Game& rules = solver.game();
  MatchGame<Heap> game{.start = start};
  game.moves.reserve(32);  // most games are short: the first five reallocations spared
  GameBoard<Game> board(solver, start);
  game.start_won = board.winning();
  bool won = game.start_won;  // the mover wins the board
  for (std::uint64_t ply = 0;; ++ply) {
    const Player mover = mover_at(ply);
    if (!board.has_move()) {
      // No move: the mover loses in normal play, wins in misère play (the opponent moved last).
      game.winner = rules.misere ? mover : other(mover);
      break;
    }
    if (ply == max_plies) {
      game.termination = Termination::adjudicated;
      game.winner = won ? mover : other(mover);
      break;
    }
    AgentAnswer<Heap> answer = ask(mover, std::as_const(board), ply);
    std::optional<GameMove<Heap>> move;
    ReplyFacts facts;
    if (auto* chosen = std::get_if<GameMove<Heap>>(&answer)) {
      move = std::move(*chosen);
    } else if (auto* proposed = std::get_if<ProposedGameMove>(&answer)) {
      move = narrow_move<Heap>(proposed->move);
      facts = proposed->facts;
      if (!move || !rules.is_legal(board.heaps(), *move)) {
        game.termination = Termination::illegal_move;
        game.illegal = std::move(*proposed);
        game.winner = other(mover);
        break;
      }
    } else {
      auto& fault = std::get<AgentFault>(answer);
      game.termination = fault.termination;
      game.fault = std::move(fault.message);
      game.winner = other(mover);
      break;
    }
    board.apply(*move);
    const bool leaves_winning = board.winning();
    game.moves.push_back({.number = ply,
                          .player = mover,
                          .move = std::move(*move),
                          .from_won = won,
                          .optimal = !won || !leaves_winning});
    if (!facts.empty()) {  // the moves before it, built-in agents' or without facts, get none
      game.replies.resize(game.moves.size());
      game.replies.back() = facts;
    }
    won = leaves_winning;
  }
  if (!game.replies.empty()) game.replies.resize(game.moves.size());
  const std::span<const Heap> end = board.heaps();
  game.end.assign(end.begin(), end.end());
  return game;
}

}  // namespace nim
