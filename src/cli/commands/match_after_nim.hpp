// One game of a match of a game after Nim (--game, --octal, ...), as the match's threads play it
// and --resume replays it: its start checked, then played through the library's game loop by a
// solver of its own (a misère search keeps only the positions of its game).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>

#include "cli/commands/match_settings.hpp"
#include "cli/input/options.hpp"
#include "cli/system/interrupt.hpp"
#include "nim/any_position.hpp"
#include "nim/game_board.hpp"
#include "nim/game_solver.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"

namespace nim {

// The heap type of the board that a generic lambda is given.
template <class Board>
using HeapOf = typename std::remove_cvref_t<Board>::Heap;

// A game's rules that give up once the match stops: every look at a heap's moves asks (one in 256,
// which costs nothing), and throws Interrupted, so that no search (a misère search of a million
// positions at a game's start) and no agent's look through a position's moves outlasts a signal
// by more than a few heaps' moves. The rest is the game's own.
template <PlayableGame Game>
class StoppableRules {
 public:
  using Heap = typename Game::Heap;

  StoppableRules(Game rules, const std::function<bool()>& stopping)
      : misere(rules.misere), rules_(std::move(rules)), stopping_(&stopping) {}

  bool misere;

  std::string description() const { return rules_.description(); }
  void check(std::span<const Heap> position) const { rules_.check(position); }
  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t heap, Visit visit) const {
    if (++looks_ % 256 == 0 && (*stopping_)()) throw Interrupted{};
    return rules_.for_each_move_from(position, heap, std::move(visit));
  }
  BigHeap move_count_from(std::span<const Heap> position, std::size_t heap) const {
    return rules_.move_count_from(position, heap);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t heap,
                               const BigHeap& n) const {
    return rules_.nth_move_from(position, heap, n);
  }
  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    return rules_.is_legal(position, move);
  }
  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { rules_.apply(heaps, move); }
  bool order_free() const { return rules_.order_free(); }
  bool knows_misere() const { return rules_.knows_misere(); }
  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    rules_.solve(position, verdict);
  }

 private:
  Game rules_;
  const std::function<bool()>* stopping_;
  mutable std::uint32_t looks_ = 0;  // one game's, on one thread
};

// The mover's answer at ply `ply` on the board of a game after Nim.
template <PlayableGame Game, class Heap = typename Game::Heap>
using AskOnBoard =
    std::function<GameAgentAnswer<Heap>(Player, const GameBoard<Game>&, std::uint64_t)>;

// Plays game `scheduled` under `rules` from `position` (see play_game_after_nim). Defined in
// match_after_nim_u64.cpp and match_after_nim_gmp.cpp, for every game of the table on its heap
// type, with and without StoppableRules: the game loops are compiled once for the match and
// --resume, on both cores.
template <PlayableGame Game, class Heap = typename Game::Heap>
GameMatchGame<Heap> play_after_nim_game(const Game& rules, const MatchSettings& settings,
                                        const ScheduledGame& scheduled,
                                        const Position<Heap>& position,
                                        const AskOnBoard<Game>& ask);

// Plays game `scheduled` from `start`: ask(mover, board, ply) gives the mover's GameAgentAnswer
// on the GameBoard, done(game) receives the GameMatchGame. A start the theory cannot answer (a
// heap beyond the Grundy values, a misère search beyond its bound, Wythoff's game on 3 heaps) is
// a UsageError that names the game and its start, thrown before any move is asked for (and so is
// a position of more than most_moves_listed moves for --choose largest or random, when reached).
// Once stopping() says so, Interrupted is thrown from the game, its start's check included.
template <class Ask, class Done>
void play_game_after_nim(const MatchSettings& settings, const ScheduledGame& scheduled,
                         AnyPosition start, const std::function<bool()>& stopping, Ask&& ask,
                         Done&& done) {
  const PreparedGame& prepared = *settings.after_nim;
  if (!start.is_big() && !fits_machine_words(prepared.spec(), start.small())) start.make_big();
  const auto play = [&](const auto& position) {
    using Heap = typename std::remove_cvref_t<decltype(position)>::value_type;
    std::visit(
        [&](const auto& rules) {
          const auto run = [&](const auto& game_rules) {
            using Game = std::remove_cvref_t<decltype(game_rules)>;
            const AskOnBoard<Game> asked = [&](Player mover, const GameBoard<Game>& board,
                                               std::uint64_t ply) {
              return ask(mover, board, ply);
            };
            done(play_after_nim_game(game_rules, settings, scheduled, position, asked));
          };
          // A search (misère play without theory: a million positions at a start) gives up at a
          // signal inside itself; normal play needs no search, and its board (an index of a
          // take-and-break game's heaps) makes a ply cheap, so the check between plies suffices.
          if (rules.misere)
            run(StoppableRules(rules, stopping));
          else
            run(rules);
        },
        prepared.rules<Heap>());
  };
  if (start.is_big())
    play(start.big());
  else
    play(start.small());
}

}  // namespace nim
