// The Grundy value of a position of any game by the mex of its options' values, searched: for the
// games whose theory gives who wins but no value (Wythoff's game, Moore's Nim), as a sum of
// different games needs one from each, and for what `sequence` shows where no theory gives the
// values (Wythoff's table of pairs, the misère values of single heaps). In misère play a position
// with no move is worth 1, which makes the value the misère Grundy value: 0 exactly when the player
// to move loses misère play, and, unlike a Grundy value, no guide to a sum. Memoised, depth first
// without recursion (a game may be long), within a stated bound of positions and of moves looked
// at (as GameSolver's misère search); beyond it, Unanswerable.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "nim/games/game_move.hpp"

namespace nim {

template <PlayableGame Game>
class GrundySearch {
 public:
  using Heap = typename Game::Heap;

  GrundySearch(Game game, std::uint64_t search_bound)
      : game_(std::move(game)), search_bound_(search_bound) {}

  // The position's value; a later call goes on from the positions this one kept.
  std::uint64_t value(std::span<const Heap> root) {
    game_.check(root);
    const Position<Heap> root_key = key(Position<Heap>(root.begin(), root.end()));
    if (const auto known = memo_.find(root_key); known != memo_.end()) return known->second;
    check_moves(root_key);
    stack_.clear();
    stack_.push_back(Frame{root_key});
    while (!stack_.empty()) {
      Frame& frame = stack_.back();
      if (!look_on(frame)) {
        if (memo_.size() + stack_.size() >= search_bound_) throw Unanswerable(too_far());
        stack_.push_back(Frame{std::move(option_)});
        continue;
      }
      std::uint64_t mex = 0;
      while (mex < frame.reached.size() && frame.reached[mex])
        ++mex;
      if (frame.reached.empty() && game_.misere) mex = 1;  // no move: the last mover lost
      memo_.emplace(std::move(frame.position), mex);
      stack_.pop_back();
    }
    return memo_.at(root_key);
  }

  // Forgets the positions searched.
  void forget() {
    if (!memo_.empty()) memo_.clear();
    looks_ = 0;
  }

  static constexpr std::uint64_t looks_per_position = 32;

 private:
  // A position being searched: the values its options reach so far, and the next move to look
  // at, heap by heap.
  struct Frame {
    Position<Heap> position;  // as a key
    std::size_t heap = 0;
    std::uint64_t move = 0;
    std::vector<bool> reached{};
  };

  // Looks at the frame's moves from its place on, noting each option's known value; true when
  // every option is known, false at the first unknown one (in option_, the frame at its move).
  bool look_on(Frame& frame) {
    const std::span<const Heap> heaps(frame.position);
    for (; frame.heap < heaps.size(); ++frame.heap, frame.move = 0) {
      std::uint64_t move = 0;
      bool unknown = false;
      game_.for_each_move_from(heaps, frame.heap, [&](const GameMove<Heap>& each) {
        if (move++ < frame.move) return true;
        if (++looks_ > most_looks()) throw Unanswerable(too_long());
        option_.assign(heaps.begin(), heaps.end());
        game_.apply(option_, each);
        make_key(option_);
        const auto known = memo_.find(option_);
        if (known == memo_.end()) return !(unknown = true);
        if (known->second >= frame.reached.size()) frame.reached.resize(known->second + 1);
        frame.reached[known->second] = true;
        frame.move = move;
        return true;
      });
      if (unknown) return false;
    }
    return true;
  }

  void make_key(Position<Heap>& position) const {
    if (!game_.order_free()) return;
    std::erase_if(position, [](const Heap& h) { return is_zero(h); });
    std::ranges::sort(position);
  }
  Position<Heap> key(Position<Heap> position) const {
    make_key(position);
    return position;
  }

  // Refuses at once a position whose moves alone pass the bound on moves looked at (Wythoff's
  // game on heaps of 10^9), which the search would otherwise take seconds to refuse.
  void check_moves(std::span<const Heap> position) const {
    BigHeap moves(0);
    for (std::size_t i = 0; i < position.size(); ++i)
      moves += game_.move_count_from(position, i);
    if (BigHeap(most_looks()) < moves)
      throw Unanswerable(
          "the Grundy value of a position of " + game_.description() +
          " has no formula in nim-game, which searches every position it can "
          "reach, and this one alone has " +
          to_decimal(moves) + " moves, more than the " + std::to_string(most_looks()) +
          " the search looks at (" + std::to_string(looks_per_position) +
          " for each position of the search's bound, " + std::to_string(search_bound_) + ")");
  }

  std::uint64_t most_looks() const {
    std::uint64_t most;
    if (__builtin_mul_overflow(search_bound_, looks_per_position, &most)) return UINT64_MAX;
    return most;
  }
  std::string too_far() const {
    return "the Grundy value of a position of " + game_.description() +
           " has no formula in nim-game, which searches every position it can reach, and there "
           "are more than " +
           std::to_string(search_bound_) + " (the search's bound)";
  }
  std::string too_long() const {
    return "the Grundy value of a position of " + game_.description() +
           " has no formula in nim-game, which searches every position it can reach, and looked "
           "at more than " +
           std::to_string(most_looks()) + " moves without an answer (" +
           std::to_string(looks_per_position) + " for each position of the search's bound, " +
           std::to_string(search_bound_) + ")";
  }

  Game game_;
  std::uint64_t search_bound_;
  std::unordered_map<Position<Heap>, std::uint64_t, PositionHash<Heap>> memo_;
  std::vector<Frame> stack_;
  std::uint64_t looks_ = 0;
  Position<Heap> option_;
};

}  // namespace nim
