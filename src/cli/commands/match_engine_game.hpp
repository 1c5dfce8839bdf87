// One game of a match of a game after Nim (--game, --octal, ...), as the match's threads play it
// and --resume replays it: its start checked, then played through the library's game loop by a
// solver of its own (GameEngine::play_match).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

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

// Plays game `scheduled` from `start`: ask(mover, board, ply) gives the mover's GameAgentAnswer
// on the MatchBoard, done(game) receives the GameMatchGame. A start the theory cannot answer (a
// heap beyond the Grundy values, a misère search beyond its bound, Wythoff's game on 3 heaps) is
// a UsageError that names the game and its start, thrown before any move is asked for (and so is
// a position of more than most_moves_listed moves for --choose largest or random, when reached).
// Once stopping() says so, Interrupted is thrown from the game, its start's check included.
template <class Ask, class Done>
void play_engine_game(const MatchSettings& settings, const ScheduledGame& scheduled,
                      AnyPosition start, const std::function<bool()>& stopping, Ask&& ask,
                      Done&& done) {
  const PreparedGame& prepared = *settings.engine_game;
  if (!start.is_big() && !fits_machine_words(prepared.spec(), start.small())) start.make_big();
  const std::function<void()> stop_here = [&] {
    if (stopping()) throw Interrupted{};
  };
  const auto play = [&]<HeapInteger Heap>(const Position<Heap>& position) {
    const AskOnBoard<Heap> asked = [&](Player mover, const MatchBoard<Heap>& board,
                                       std::uint64_t ply) { return ask(mover, board, ply); };
    std::optional<GameMatchGame<Heap>> game;
    try {
      game =
          make_engine<Heap>(prepared)->play_match(position, settings.max_plies, stop_here, asked);
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
