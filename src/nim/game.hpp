// A game in progress, as a value: the board, the rules, whose turn it is, who controls each side,
// every move made with whether it kept a won position, and who won. `nim-game play` drives it and
// its formatters read it; the review at the end is computed from these values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "nim/analysis.hpp"
#include "nim/move_check.hpp"
#include "nim/playout.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"
#include "nim/strategy.hpp"

namespace nim {

// Who makes a side's moves.
enum class Controller { human, computer };

// How a game ended: the board emptied, or a person quit, or the input ended first.
enum class Ending { over, quit, end_of_input };

template <HeapInteger Heap>
struct PlayedMove {
  std::uint64_t number = 0;  // 0-based, in the order played
  Player player = Player::first;
  Move<Heap> move{};
  bool from_won = false;  // the mover was winning before it
  bool optimal = false;   // it kept a won position (from a lost position every move counts)
  // When it gave a won position away: the move the strategy plays there, which keeps it.
  std::optional<Move<Heap>> keeping{};
};

// A legal move as a ProposedMove, to play it through Game::play.
inline ProposedMove proposed(const Move<SmallHeap>& move) {
  return {to_big(SmallHeap{move.heap}), to_big(move.count)};
}
inline ProposedMove proposed(const Move<BigHeap>& move) {
  return {to_big(SmallHeap{move.heap}), move.count};
}

template <HeapSumRuleset RulesT>
class Game {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  // `strategy` and `seed` give the advice: the perfect move the game suggests and the review
  // names.
  Game(Position<Heap> start, Rules rules, std::array<Controller, 2> controllers,
       Strategy strategy = {}, std::uint64_t seed = 0)
      : position_(std::move(start)),
        rules_(std::move(rules)),
        controllers_(controllers),
        strategy_(strategy),
        seed_(seed) {}

  const Position<Heap>& position() const { return position_; }
  const Rules& rules() const { return rules_; }
  Controller controller(Player player) const {
    return controllers_[player == Player::first ? 0 : 1];
  }
  Player to_move() const { return moves_.size() % 2 == 0 ? Player::first : Player::second; }

  // The board, viewed for the solver. It refers to the game: valid until the next move.
  ScannedPosition<Rules> view() const { return ScannedPosition<Rules>(position_, rules_); }

  bool over() const { return is_over(view()); }

  // Once the game is over: whoever took the last object in normal play, the other one in misère
  // play.
  std::optional<Player> winner() const {
    if (!over()) return std::nullopt;
    return winner_on_empty_board(to_move(), rules_.misere);
  }

  // The analysis of the board with the strategy's move. Random choices restart from the seed,
  // so the same board always gets the same advice, and asking for it changes nothing else. It
  // refers to the game: valid until the next move.
  Analysis<Rules> advice() const { return analyse(position_, rules_, strategy_, seed_); }

  // Judges the move of the player to move, and plays it if it is legal.
  MoveVerdict<Heap> play(const ProposedMove& proposed_move) {
    const auto board = view();
    const auto verdict = check_move(board, proposed_move);
    if (!verdict.move) return verdict;
    PlayedMove<Heap> played{.number = moves_.size(),
                            .player = to_move(),
                            .move = *verdict.move,
                            .from_won = is_winning(board),
                            .optimal = verdict.optimal};
    if (!played.optimal) played.keeping = advice().move;
    position_[verdict.move->heap] -= verdict.move->count;
    moves_.push_back(std::move(played));
    return verdict;
  }

  const std::vector<PlayedMove<Heap>>& moves() const { return moves_; }

  // The moves of people that gave a won position away, in the order played.
  std::vector<PlayedMove<Heap>> review() const {
    std::vector<PlayedMove<Heap>> mistakes;
    for (const auto& played : moves_)
      if (!played.optimal && controller(played.player) == Controller::human)
        mistakes.push_back(played);
    return mistakes;
  }

 private:
  Position<Heap> position_;
  Rules rules_;
  std::array<Controller, 2> controllers_;
  Strategy strategy_;
  std::uint64_t seed_;
  std::vector<PlayedMove<Heap>> moves_;
};

}  // namespace nim
