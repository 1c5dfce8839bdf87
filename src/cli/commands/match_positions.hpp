// The start positions of a match: those of --positions FILE (one a line, in the --batch forms,
// comments and blank lines skipped), or drawn from the seed.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/match_settings.hpp"
#include "format/any_game_words.hpp"
#include "nim/any_position.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_engine.hpp"
#include "nim/match.hpp"

namespace nim {

// The match's game on both heap types, made once by each thread that plays or replays games (an
// engine is made for a game, not for a position).
struct MatchEngines {
  explicit MatchEngines(const MatchSettings& settings)
      : small(engine_of<SmallHeap>(settings)), big(engine_of<BigHeap>(settings)) {}

  template <HeapInteger Heap>
  GameEngine<Heap>& on() const {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return *small;
    else
      return *big;
  }

  std::unique_ptr<GameEngine<SmallHeap>> small;
  std::unique_ptr<GameEngine<BigHeap>> big;

 private:
  template <HeapInteger Heap>
  static std::unique_ptr<GameEngine<Heap>> engine_of(const MatchSettings& settings) {
    if (const auto& sum = settings.sum)
      return make_sum_engine<Heap>(sum->games, sum->misere, sum->search_limit);
    return make_engine<Heap>(settings.prepared);
  }
};

// The words of the match's game: its records', its requests', its report's.
AnyGameWords match_game_words(const MatchSettings& settings);

// The positions of the file at `path`, in order. Every failure is a UsageError that names the
// file (and the line), but a failed read, which is a ReadError, as for any input.
// A position without a move in the game `spec` (every heap empty; Grundy's game on heaps 1 2) is
// refused.
std::vector<AnyPosition> read_start_positions(const std::string& path, const GameSpec& spec);
// The same for a sum of games (`sum`, its games not yet prepared): each line a sum's position in
// the forms a --batch line of a sum has, each start the sum's one list of heaps.
std::vector<AnyPosition> read_sum_start_positions(const std::string& path,
                                                  const MatchSettings::Sum& sum);

// Throws a UsageError when no start drawn from the settings has a move in the game
// played (Grundy's game on heaps of at most 2 objects): drawing them would never end.
void check_drawn_starts(const MatchSettings& settings);

// Start `start` (0-based) of the match: from --positions, cycling, or drawn from the seed, among
// the positions that have a move in the game played.
// Reorders the --positions starts as --positions-order ORDER says (file, shuffled, from:K), the
// shuffle drawn from `seed`; a UsageError names a bad order.
void order_positions(std::vector<AnyPosition>& positions, const std::string& order,
                     std::uint64_t seed);

AnyPosition match_start(const MatchSettings& settings, const MatchEngines& engines,
                        const MatchSeeds& seeds, std::uint64_t start);

}  // namespace nim
