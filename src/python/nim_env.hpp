// A game against one of the library's built-in agents, for reinforcement learning: the learner
// moves by OpenSpiel's action ids ((take - 1) * heaps + heap, as its game `nim` numbers them), the
// agent answers at once. Heaps are machine words (OpenSpiel's action ids are integers too).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "nim/agent.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"
#include "nim/solver.hpp"

namespace nim {

// Where the games start: always the same heaps, or a position drawn as `positions --count` draws.
struct EnvStarts {
  std::optional<Position<SmallHeap>> heaps;  // the fixed start; none: drawn
  Range<std::size_t> heap_count{1, 1};
  Range<SmallHeap> size{0, 0};
};

class NimEnv {
 public:
  using Rules = NimRules<SmallHeap>;

  // learner: the learner's OpenSpiel player id, 0 (moves first) or 1.
  NimEnv(EnvStarts starts, BuiltInAgent opponent, Rules rules, std::uint64_t seed, int learner)
      : starts_(std::move(starts)),
        opponent_(opponent),
        rules_(rules),
        seed_(seed),
        rng_(seed),
        learner_(learner),
        board_(Position<SmallHeap>{}, rules) {}

  // Everything an environment is, to be saved (pickled) and made again: the copy plays on exactly
  // as the original would, the same starts drawn and the same random answers.
  struct State {
    EnvStarts starts;
    BuiltInAgent opponent;
    Rules rules;
    std::uint64_t seed = 0;       // the seed it was made with
    std::uint64_t rng_state = 0;  // where its random draws are now
    int learner = 0;
    Position<SmallHeap> heaps;  // the game's position
    int to_move = 0;
    bool started = false;
    std::optional<std::int64_t> opponent_action;
  };

  explicit NimEnv(State state)
      : starts_(std::move(state.starts)),
        opponent_(state.opponent),
        rules_(state.rules),
        seed_(state.seed),
        rng_(state.rng_state),
        learner_(state.learner),
        board_(std::move(state.heaps), state.rules),
        to_move_(state.to_move),
        started_(state.started),
        opponent_action_(state.opponent_action) {}

  State state() const {
    return State{starts_,
                 opponent_,
                 rules_,
                 seed_,
                 rng_.state(),
                 learner_,
                 Position<SmallHeap>(board_.heaps().begin(), board_.heaps().end()),
                 to_move_,
                 started_,
                 opponent_action_};
  }

  // A new game; the agent moves first when the learner is player 1.
  const ScannedBoard<Rules>& reset() {
    Position<SmallHeap> start;
    if (starts_.heaps)
      start = *starts_.heaps;
    else
      PositionSampler<SmallHeap>(starts_.heap_count, starts_.size).draw(rng_, start);
    board_ = ScannedBoard<Rules>(std::move(start), rules_);
    to_move_ = 0;
    started_ = true;
    if (learner_ == 1) opponent_moves();
    return board_;
  }

  // The learner's move, then the agent's answer unless the game is over. Throws
  // std::invalid_argument for an illegal action or a finished game.
  const ScannedBoard<Rules>& step(std::int64_t action) {
    if (!started_) throw std::invalid_argument("call reset() before step()");
    if (is_over(board_)) throw std::invalid_argument("the game is over: call reset()");
    apply(to_move(action));
    if (!is_over(board_)) opponent_moves();
    return board_;
  }

  // The learner's legal actions, ascending (as OpenSpiel lists them); empty once the game is over.
  std::vector<std::int64_t> legal_actions() const {
    std::vector<std::int64_t> actions;
    const auto n = static_cast<std::int64_t>(board_.size());
    for (std::size_t i = 0; i < board_.size(); ++i) {
      const SmallHeap most = rules_.most_taken(board_.heap(i));
      for (SmallHeap take = 1; take <= most; ++take)
        actions.push_back(static_cast<std::int64_t>(take - 1) * n + static_cast<std::int64_t>(i));
    }
    std::sort(actions.begin(), actions.end());
    return actions;
  }

  // Each player's return, by OpenSpiel player id: +1 for the winner and -1 for the loser once the
  // game is over, 0 and 0 before. The player to move at the end has lost in normal play (the other
  // made the last move) and won in misère play.
  std::array<double, 2> returns() const {
    if (!started_ || !is_over(board_)) return {0, 0};
    const int winner = rules_.misere ? to_move_ : 1 - to_move_;
    std::array<double, 2> result{-1, -1};
    result[static_cast<std::size_t>(winner)] = 1;
    return result;
  }

  const ScannedBoard<Rules>& board() const { return board_; }
  bool done() const { return started_ && is_over(board_); }
  int learner() const { return learner_; }
  std::uint64_t seed() const { return seed_; }
  int to_move_player() const { return to_move_; }
  std::optional<std::int64_t> opponent_action() const { return opponent_action_; }

  // OpenSpiel's id of a move in a position of `heaps` heaps.
  static std::int64_t action_id(const Move<SmallHeap>& move, std::size_t heaps) {
    return static_cast<std::int64_t>(move.count - 1) * static_cast<std::int64_t>(heaps) +
           static_cast<std::int64_t>(move.heap);
  }

 private:
  Move<SmallHeap> to_move(std::int64_t action) const {
    const auto n = static_cast<std::int64_t>(board_.size());
    if (action >= 0) {
      const Move<SmallHeap> move{static_cast<std::size_t>(action % n),
                                 static_cast<SmallHeap>(action / n) + 1};
      if (rules_.allows(board_.heap(move.heap), move.count)) return move;
      throw std::invalid_argument("action " + std::to_string(action) + " (take " +
                                  std::to_string(move.count) + " from heap " +
                                  std::to_string(move.heap) + ") is not legal here");
    }
    throw std::invalid_argument("action " + std::to_string(action) + " is negative");
  }

  void apply(const Move<SmallHeap>& move) {
    board_.apply(move);
    to_move_ = 1 - to_move_;
  }

  void opponent_moves() {
    opponent_action_.reset();
    if (is_over(board_)) return;
    const Move<SmallHeap> move = built_in_move(opponent_, board_, Strategy{}, rng_);
    opponent_action_ = action_id(move, board_.size());
    apply(move);
  }

  EnvStarts starts_;
  BuiltInAgent opponent_;
  Rules rules_;
  std::uint64_t seed_;
  SplitMix64 rng_;
  int learner_;
  ScannedBoard<Rules> board_;
  int to_move_ = 0;  // OpenSpiel player id of the player to move
  bool started_ = false;
  std::optional<std::int64_t> opponent_action_;  // the agent's last move, as an action id
};

}  // namespace nim
