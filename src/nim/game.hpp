// A game in progress, as a value: the board, the rules, whose turn it is, who controls each side,
// every move made with whether it kept a won position, and who won. `nim-game play` drives it
// through the game loop and its formatters read it; the review at the end is computed from these
// values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "nim/analysis.hpp"
#include "nim/game_loop.hpp"
#include "nim/indexed_position.hpp"
#include "nim/player.hpp"
#include "nim/position.hpp"
#include "nim/ruleset.hpp"
#include "nim/strategy.hpp"

namespace nim {

// Who makes a side's moves.
enum class Controller { human, computer };

// How a game ended: the board emptied, or a person quit, or the input ended first.
enum class Ending { over, quit, end_of_input };

// What a side answers when it is its turn: a legal move, or the reason it stops (quit or
// end_of_input). A person's illegal move is refused, and the person asked again, by the side.
template <HeapInteger Heap>
using Turn = std::variant<Move<Heap>, Ending>;

// A person's move that gave a won position away, with the move the strategy plays there, which
// keeps it. Played: Nim's Move, or a GameMove of the games after Nim.
template <HeapInteger Heap, class Played = Move<Heap>>
struct Mistake : MoveRecord<Heap, Played> {
  std::optional<Played> keeping{};
};

template <HeapSumRuleset RulesT>
class Game {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  // `strategy` and `seed` give the advice: the perfect move the game suggests and the review
  // names.
  Game(const Position<Heap>& start, const Rules& rules, std::array<Controller, 2> controllers,
       Strategy strategy = {}, std::uint64_t seed = 0)
      : board_(start, rules), controllers_(controllers), strategy_(strategy), seed_(seed) {}

  std::span<const Heap> position() const { return board_.heaps(); }
  const Rules& rules() const { return board_.rules(); }
  Controller controller(Player player) const {
    return controllers_[player == Player::first ? 0 : 1];
  }
  Player to_move() const { return mover_at(moves_.size()); }

  // The board, viewed for the solver.
  const IndexedPosition<Rules>& view() const { return board_; }

  bool over() const { return is_over(board_); }

  // Once the game is over: whoever took the last object in normal play, the other one in misère
  // play.
  std::optional<Player> winner() const {
    if (!over()) return std::nullopt;
    return winner_on_empty_board(to_move(), rules().misere);
  }

  // The analysis of the board with the strategy's move. Random choices restart from the seed,
  // so the same board always gets the same advice, and asking for it changes nothing else. It
  // refers to the game: valid until the next move.
  Analysis<Rules> advice() const {
    SplitMix64 rng(seed_);
    return analyse(board_, strategy_, rng);
  }

  // Plays the game from its start until the board is empty or a side stops. first(view) and
  // second(view) give their side's Turn for the board; on_move(record) sees each move before it
  // is made, while the game still shows the board and the moves before it.
  template <class First, class Second, class OnMove>
  requires std::invocable < First&, const IndexedPosition<Rules>
  & > &&std::invocable<Second&, const IndexedPosition<Rules>&>&&
          std::invocable<OnMove&, const MoveRecord<Heap>&>
              Ending play(First&& first, Second&& second, OnMove&& on_move) {
    const auto side = [](auto& turn) {
      return [&turn](const IndexedPosition<Rules>& view, std::uint64_t) {
        return std::visit([](auto answer) { return Answer<Heap, Ending>(std::move(answer)); },
                          Turn<Heap>(turn(view)));
      };
    };
    const GameStop<Ending> stop =
        play_game<Ending>(board_, no_ply_limit, side(first), side(second),
                          [&](const IndexedPosition<Rules>&, const MoveRecord<Heap>& played) {
                            if (!played.optimal && controller(played.player) == Controller::human)
                              mistakes_.push_back({played, advice().move});
                            on_move(played);
                            moves_.push_back(played);
                          });
    return stop.gave_up.value_or(Ending::over);
  }

  const std::vector<MoveRecord<Heap>>& moves() const { return moves_; }

  // The moves of people that gave a won position away, in the order played.
  const std::vector<Mistake<Heap>>& review() const { return mistakes_; }

 private:
  IndexedPosition<Rules> board_;
  std::array<Controller, 2> controllers_;
  Strategy strategy_;
  std::uint64_t seed_;
  std::vector<MoveRecord<Heap>> moves_;
  std::vector<Mistake<Heap>> mistakes_;
};

}  // namespace nim
