// The Grundy value of any position of any game by the mex over its moves, memoised, within a bound
// on the positions kept: what the sequence command shows where no theory and no heap sum gives the
// values (the misère values of single heaps, the table of Wythoff's pairs). In normal play a
// position with no move is worth 0; in misère play 1, which makes the value the misère Grundy
// value: 0 exactly when the player to move loses misère play, and, unlike a Grundy value, no guide
// to a sum (the misère value of two heaps is not the XOR of theirs).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/heap.hpp"
#include "nim/period.hpp"
#include "nim/position.hpp"

namespace nim {

template <PlayableGame Game>
class MexSearch {
 public:
  using Heap = typename Game::Heap;

  // At most `most_positions` positions kept, and 32 moves looked at for each (a bound on time, as
  // the misère search of game_solver.hpp has).
  MexSearch(Game game, std::uint64_t most_positions)
      : game_(std::move(game)),
        most_positions_(most_positions),
        most_moves_(most_positions > std::numeric_limits<std::uint64_t>::max() / moves_a_position
                        ? std::numeric_limits<std::uint64_t>::max()
                        : most_positions * moves_a_position) {}

  // The value of `position`, or nothing when it needs more positions or moves than the bounds
  // (those kept stay kept, so that a later call goes on from them).
  std::optional<GrundyValue> value(std::span<const Heap> position) {
    try {
      return value_of(key_of(position));
    } catch (const BoundReached&) {
      return std::nullopt;
    }
  }

  std::uint64_t positions_kept() const { return values_.size(); }

 private:
  static constexpr std::uint64_t moves_a_position = 32;
  struct BoundReached {};
  struct KeyHash {
    std::size_t operator()(const Position<Heap>& heaps) const {
      std::size_t hash = heaps.size();
      for (const Heap& h : heaps)
        hash = hash * 1'000'003u ^ std::hash<std::uint64_t>{}(low_bits(h));
      return hash;
    }
    static std::uint64_t low_bits(const Heap& h) {
      if constexpr (std::same_as<Heap, std::uint64_t>)
        return h;
      else
        return mpz_get_ui(h.get_mpz_t());
    }
  };

  // The position as the game sees it: in a game where heap order and empty heaps do not matter,
  // its nonempty heaps sorted, so that the same position is kept once.
  Position<Heap> key_of(std::span<const Heap> position) const {
    Position<Heap> key(position.begin(), position.end());
    if (game_.order_free()) {
      std::erase_if(key, [](const Heap& h) { return is_zero(h); });
      std::ranges::sort(key);
    }
    return key;
  }

  GrundyValue value_of(const Position<Heap>& key) {
    if (const auto found = values_.find(key); found != values_.end()) return found->second;
    std::vector<GrundyValue> reached;
    bool any = false;
    for (std::size_t heap = 0; heap < key.size(); ++heap)
      game_.for_each_move_from(std::span<const Heap>(key), heap, [&](const GameMove<Heap>& move) {
        any = true;
        if (++moves_seen_ > most_moves_) throw BoundReached{};
        reached.push_back(value_of(key_of(after(game_, std::span<const Heap>(key), move))));
        return true;
      });
    GrundyValue value = 0;
    if (!any) {
      value = game_.misere ? 1 : 0;
    } else {
      std::ranges::sort(reached);
      for (GrundyValue v : reached)
        if (v == value) ++value;
    }
    if (values_.size() >= most_positions_) throw BoundReached{};
    values_.emplace(key, value);
    return value;
  }

  Game game_;
  std::uint64_t most_positions_;
  std::uint64_t most_moves_;
  std::uint64_t moves_seen_ = 0;
  std::unordered_map<Position<Heap>, GrundyValue, KeyHash> values_;
};

}  // namespace nim
