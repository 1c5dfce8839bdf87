// One game of a match, as the match's threads play it and --resume replays it: its start checked,
// then played through the library's game loop by a solver of its own (GameEngine::play_match).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

#include "cli/commands/match_positions.hpp"
#include "cli/commands/match_settings.hpp"
#include "cli/input/options.hpp"
#include "cli/system/interrupt.hpp"
#include "format/text.hpp"
#include "nim/any_position.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/match.hpp"

namespace nim {

// The heap type of the board that a generic lambda is given.
template <class Board>
using HeapOf = typename std::remove_cvref_t<Board>::Heap;

// Plays game `scheduled` from `start`: a built-in agent of `built_in` (by player) plays with the
// match's strategy and `rng`, ask(mover, board, ply) gives the other movers' AgentAnswer on the
// MatchBoard; done(game) receives the MatchGame. A start the theory cannot answer (a
// heap beyond the Grundy values, a misère search beyond its bound, Wythoff's game on 3 heaps) is
// a UsageError that names the game and its start, thrown before any move is asked for (and so is
// a position of more than most_moves_listed moves for --choose largest or random, when reached).
// Once stopping() says so, Interrupted is thrown from the game, its start's check included.
template <class Ask, class Done>
void play_engine_game(const MatchSettings& settings, const MatchEngines& engines,
                      const ScheduledGame& scheduled, AnyPosition start,
                      const std::function<bool()>& stopping,
                      const std::array<std::optional<BuiltInAgent>, 2>& built_in, SplitMix64& rng,
                      Ask&& ask, Done&& done) {
  // A sum's start has its heap type already, as it was drawn or read (sum_fits_machine_words()).
  if (!settings.sum && !start.is_big() &&
      !fits_machine_words(settings.prepared.spec(), start.small()))
    start.make_big();
  const std::function<void()> stop_here = [&] {
    if (stopping()) throw Interrupted{};
  };
  const auto play = [&]<HeapInteger Heap>(const Position<Heap>& position) {
    const MatchPlayers<Heap> players{
        .built_in = built_in,
        .strategy = settings.game.strategy,
        .rng = &rng,
        .ask = [&](Player mover, const MatchBoard<Heap>& board, std::uint64_t ply) {
          return ask(mover, board, ply);
        }};
    std::optional<MatchGame<Heap>> game;
    try {
      game = engines.on<Heap>().play_match(position, settings.max_plies, stop_here, players);
    } catch (const Unanswerable& e) {
      // Only --choose largest or random can refuse after the start: a position of too many moves.
      throw UsageError("game " + std::to_string(scheduled.number) + " (heaps " +
                       heap_list(std::span<const Heap>(position)) + "): " + e.what());
    }
    done(*game);
  };
  if (start.is_big())
    play(start.big());
  else
    play(start.small());
}

}  // namespace nim
