// The one game loop: a game played from a position by two sources of moves, one per player, each
// move judged as it is made. The playout (both sources the strategy), `nim-game play` (people and
// the computer) and a match (agents) all play through it. The board is an IndexedPosition, so a
// move costs O(log n) for n heaps, and judging it O(1) from the running totals.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "nim/move_check.hpp"
#include "nim/player.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/solver.hpp"

namespace nim {

inline constexpr std::uint64_t no_ply_limit = std::numeric_limits<std::uint64_t>::max();

// A move as it was made, and how it was judged. Played: Nim's Move, or a GameMove of the games
// after Nim.
template <HeapInteger Heap, class Played = Move<Heap>>
struct MoveRecord {
  std::uint64_t number = 0;  // the ply, 0-based
  Player player = Player::first;
  Played move{};
  bool from_won = false;  // the mover was winning before it
  bool optimal = false;   // it left the opponent lost, or the mover had no win to keep

  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

// What a source of moves answers for the board it is shown: a move of its own choosing that is
// legal by construction, a move as proposed (any integers, to be judged), or why it gives no move
// (a person quit, the input ended, an agent failed). GiveUp is the caller's type for that.
template <HeapInteger Heap, class GiveUp>
using Answer = std::variant<Move<Heap>, ProposedMove, GiveUp>;

// The GiveUp of sources that always answer a move.
struct NeverGivesUp {};

// A board the loop plays on: a view for the solver that also makes moves (an IndexedPosition).
template <class Board>
concept PlayableBoard = PositionView<Board> &&
    requires(Board& board, const Move<typename Board::Heap>& move) {
  board.apply(move);
};

// A source is asked source(board, ply) for the move of ply `ply` (0-based) on the board.
template <class Source, class Board, class GiveUp>
concept MoveSource = std::invocable<Source&, const Board&, std::uint64_t> &&
    std::convertible_to<std::invoke_result_t<Source&, const Board&, std::uint64_t>,
                        Answer<typename Board::Heap, GiveUp>>;

enum class Stop {
  over,          // the board is empty
  ply_limit,     // the limit of moves was reached
  illegal_move,  // the mover proposed a move the rules do not allow
  gave_up,       // the mover's source gave no move
};

template <class GiveUp>
struct GameStop {
  Stop stop = Stop::over;
  std::uint64_t plies = 0;         // the moves made
  Player to_move = Player::first;  // when it stopped: who proposed the illegal move, or gave up
  std::optional<Player> winner{};  // over: the winner by the rules; otherwise none
  std::optional<ProposedMove> illegal{};  // illegal_move: the move proposed,
  Illegal why = Illegal::none;            // and why it is illegal
  std::optional<GiveUp> gave_up{};        // gave_up: the source's reason
};

// Whether a legal move takes the last object, so that the game is over after it: O(1).
template <PositionView View>
bool takes_last(const View& board, const Move<typename View::Heap>& move) {
  return board.tally().nonempty_count == 1 && move.count == board.heap(move.heap);
}

// The record of a legal move as ply `ply` on the board, judged from the totals: O(1).
template <PositionView View>
MoveRecord<typename View::Heap> judge(const View& board, std::uint64_t ply,
                                      const Move<typename View::Heap>& move) {
  const bool won = is_winning(board);
  return {.number = ply,
          .player = mover_at(ply),
          .move = move,
          .from_won = won,
          .optimal = !won || !leaves_winning(board, move)};
}

// Plays on `board` from ply 0 until the board is empty, max_plies moves are made, a move proposed
// is illegal, or a source gives up. Each legal move is judged, then on_move(board, record) sees it
// with the board as it was before the move, and then the move is made. Afterwards `board` is the
// position where the game stopped.
template <class GiveUp, PlayableBoard Board, class First, class Second, class OnMove>
requires MoveSource<First, Board, GiveUp> && MoveSource<Second, Board, GiveUp> &&
    std::invocable < OnMove&,
    const Board&, const MoveRecord<typename Board::Heap>
& > GameStop<GiveUp> play_game(Board& board, std::uint64_t max_plies, First&& first,
                               Second&& second, OnMove&& on_move) {
  using Heap = typename Board::Heap;
  for (std::uint64_t ply = 0;; ++ply) {
    const Player mover = mover_at(ply);
    if (is_over(board))
      return {.plies = ply,
              .to_move = mover,
              .winner = winner_on_empty_board(mover, board.rules().misere)};
    if (ply == max_plies) return {.stop = Stop::ply_limit, .plies = ply, .to_move = mover};
    Answer<Heap, GiveUp> answer = mover == Player::first
                                      ? Answer<Heap, GiveUp>(first(std::as_const(board), ply))
                                      : Answer<Heap, GiveUp>(second(std::as_const(board), ply));
    Move<Heap> move;
    if (auto* legal = std::get_if<Move<Heap>>(&answer)) {
      move = std::move(*legal);
    } else if (const auto* proposed = std::get_if<ProposedMove>(&answer)) {
      MoveVerdict<Heap> verdict = check_move(board, *proposed);
      if (!verdict.move)
        return {.stop = Stop::illegal_move,
                .plies = ply,
                .to_move = mover,
                .illegal = *proposed,
                .why = verdict.illegal};
      move = std::move(*verdict.move);
    } else {
      return {.stop = Stop::gave_up,
              .plies = ply,
              .to_move = mover,
              .gave_up = std::move(std::get<GiveUp>(answer))};
    }
    on_move(std::as_const(board), judge(board, ply, move));
    board.apply(move);
  }
}

}  // namespace nim
