// Nim answered through its engine, as the commands answer it: the format tests' way to Nim's
// analyses, plies and verdicts on a move.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "format/game_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/nim/nim.hpp"

namespace nim::testing {

// Nim's engine under `rules`.
template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> nim_engine(const NimRules<Heap>& rules) {
  return make_engine<Heap>(PreparedGame(rules.spec(), BigHeap(0)));
}

// The analysis of `position`, a random policy drawing from a generator started at `seed`.
template <HeapInteger Heap>
GameAnalysis<Heap> nim_analysis(const Position<Heap>& position, const NimRules<Heap>& rules = {},
                                const Strategy& strategy = {}, std::uint64_t seed = 0,
                                WinningMoves winning = WinningMoves::omit) {
  SplitMix64 rng(seed);
  return nim_engine(rules)->analyse(std::span<const Heap>(position), strategy, rng, winning);
}

// A move of Nim's engine as Nim's move: one heap and a count.
template <HeapInteger Heap>
std::optional<Move<Heap>> nim_move_of(const std::optional<GameMove<Heap>>& move) {
  if (!move) return std::nullopt;
  return as_take(*move);
}

// --move as given, judged on `position`.
template <HeapInteger Heap>
GameMoveCheck<Heap> nim_move_check(const Position<Heap>& position, const NimRules<Heap>& rules,
                                   const GivenGameMove& given) {
  const auto engine = nim_engine(rules);
  const std::span<const Heap> heaps(position);
  const auto whole = given.move();
  auto move = whole ? narrow_move<Heap>(*whole) : std::nullopt;
  const GameMoveVerdict verdict = move ? engine->judge(heaps, *move) : GameMoveVerdict::illegal;
  GameMoveCheck<Heap> check{given, std::move(move), verdict, {}};
  if (verdict != GameMoveVerdict::illegal) check.next = engine->after(heaps, *check.move);
  return check;
}

}  // namespace nim::testing
