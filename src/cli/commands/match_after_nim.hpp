// One game of a match of a game after Nim (--game, --octal, ...), as the match's threads play it
// and --resume replays it: its start checked, then played through the library's game loop by a
// solver of its own (a misère search keeps only the positions of its game).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>

#include "cli/commands/match_settings.hpp"
#include "cli/input/options.hpp"
#include "format/text.hpp"
#include "nim/any_position.hpp"
#include "nim/game_solver.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"

namespace nim {

// The heap type of the board that a generic lambda is given.
template <class Board>
using HeapOf = typename std::remove_cvref_t<Board>::Heap;

// Plays game `scheduled` from `start`: ask(mover, board, ply) gives the mover's GameAgentAnswer
// on the GameBoard, done(game) receives the GameMatchGame. A start the theory cannot answer (a
// heap beyond the Grundy values, a misère search beyond its bound, Wythoff's game on 3 heaps) is
// a UsageError that names the game and its start, thrown before any move is asked for (and so is
// a position of more than most_moves_listed moves for --choose largest or random, when reached).
template <class Ask, class Done>
void play_game_after_nim(const MatchSettings& settings, const ScheduledGame& scheduled,
                         AnyPosition start, Ask&& ask, Done&& done) {
  const PreparedGame& prepared = *settings.after_nim;
  if (!start.is_big() && !fits_machine_words(prepared.spec(), start.small())) start.make_big();
  const auto play = [&](const auto& position) {
    using Heap = typename std::remove_cvref_t<decltype(position)>::value_type;
    const std::span<const Heap> heaps(position);
    std::visit(
        [&](const auto& rules) {
          GameSolver solver(rules, prepared.spec().search_limit);
          using Board = GameBoard<std::remove_cvref_t<decltype(rules)>>;
          const auto asked = [&](Player mover, const Board& board, std::uint64_t ply) {
            return ask(mover, board, ply);
          };
          std::optional<GameMatchGame<Heap>> game;
          try {
            solver.verdict(heaps);
            solver.require_searchable(heaps);
            // Only --choose largest or random can refuse here: a position of too many moves.
            game = play_match_game(solver, position, settings.max_plies, asked);
          } catch (const Unanswerable& e) {
            throw UsageError(std::string("game ") + std::to_string(scheduled.number) + " (heaps " +
                             heap_list(heaps) + "): " + e.what());
          }
          done(*game);
        },
        prepared.rules<Heap>());
  };
  if (start.is_big())
    play(start.big());
  else
    play(start.small());
}

}  // namespace nim
