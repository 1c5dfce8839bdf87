// A game after Nim chosen at run time, on one heap type: everything the commands and the Python
// module ask of a game, behind one interface. Each game's engine is compiled once, in translation
// units of its own (engine_of.hpp), so that no command compiles a game and an edit to one game
// rebuilds only that game's engines and the links.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "nim/agent.hpp"
#include "nim/game_envs.hpp"
#include "nim/game_explanation.hpp"
#include "nim/game_playout.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_row.hpp"
#include "nim/match_game.hpp"
#include "nim/sampling.hpp"

namespace nim {

// The board of a match's game as a program sees it: the heaps.
template <HeapInteger HeapT>
class MatchBoard {
 public:
  using Heap = HeapT;
  virtual ~MatchBoard() = default;
  virtual std::span<const Heap> heaps() const = 0;
};

// The mover's answer at ply `ply` on the board of a match's game.
template <HeapInteger Heap>
using AskOnBoard = std::function<AgentAnswer<Heap>(Player, const MatchBoard<Heap>&, std::uint64_t)>;

// Who plays a match's game: a side with a built-in agent is played inside the engine (its moves
// drawn from `rng` with `strategy`, at no call through `ask`); the others are asked.
template <HeapInteger Heap>
struct MatchPlayers {
  std::array<std::optional<BuiltInAgent>, 2> built_in{};  // the first player's, the second's
  Strategy strategy{};
  SplitMix64* rng = nullptr;  // the game's, for the built-in agents' random choices
  AskOnBoard<Heap> ask{};
};

template <HeapInteger Heap>
class GameEngine {
 public:
  using Heaps = std::span<const Heap>;
  using OnPly = std::function<void(const GamePly<Heap>&)>;

  virtual ~GameEngine() = default;

  // Forgets the positions the misère search kept: each position is then searched on its own,
  // within the bound.
  virtual void forget() = 0;
  virtual void verdict(Heaps position, Verdict<Heap>& verdict) = 0;
  // The verdict's winning alone: a sum of heap values adds them up and builds nothing.
  virtual bool winning(Heaps position) = 0;
  // winning() of each of the won.size() positions of `columns` heaps (maybe none) laid out one
  // after another in `rows`, behind one call (arrays of many small positions); a misère search
  // forgets between them, so that each is searched within the bound on its own.
  virtual void winning_rows(Heaps rows, std::size_t columns, std::span<bool> won) = 0;
  // The default strategy's move in each position laid out as winning_rows() reads them, for a
  // game whose moves take from one heap (moves_take_from_one_heap()): its heap and count, none
  // when the game is over.
  virtual void moves_rows(Heaps rows, std::size_t columns,
                          std::span<std::optional<Move<Heap>>> moves) = 0;
  // analyse_game() of game_analysis.hpp: the theory's move.
  virtual void analyse(Heaps position, WinningMoves list, GameAnalysis<Heap>& analysis) = 0;
  // analyse_game() of game_strategy.hpp: the move the strategy picks.
  virtual void analyse(Heaps position, const Strategy& strategy, SplitMix64& rng, WinningMoves list,
                       GameAnalysis<Heap>& analysis) = 0;
  virtual GameMoveVerdict judge(Heaps position, const GameMove<Heap>& move) = 0;
  virtual bool is_legal(Heaps position, const GameMove<Heap>& move) const = 0;
  virtual Position<Heap> after(Heaps position, const GameMove<Heap>& move) const = 0;
  virtual std::optional<GameMove<Heap>> random_move(Heaps position, SplitMix64& rng) const = 0;
  virtual GameExplanation<Heap> explain(const GameAnalysis<Heap>& analysis) const = 0;
  virtual void play_out(Heaps start, const Strategy& strategy, SplitMix64& rng,
                        std::uint64_t max_plies, WinningMoves list, PlyDetail detail,
                        const OnPly& on_ply) = 0;
  // The game in words: "Grundy's game", "the octal game 4.07".
  virtual std::string description() const = 0;
  // Whether the order of the heaps never changes who wins (false for staircase Nim's steps).
  virtual bool order_free() const = 0;
  // Refuses (Unanswerable) heaps up to `largest` whose values the game does not know (a
  // take-and-break game's heaps beyond its Grundy values, with no proved period).
  virtual void require_values_to(const Heap& largest) const = 0;
  // Refuses (Unanswerable) a position the game is not played on (Wythoff's game on 3 heaps).
  virtual void check(Heaps position) const = 0;
  virtual bool has_move(Heaps position) const = 0;
  // The values of `positions`, in order, by the mex over their moves (nim/grundy_search.hpp: in
  // misère play the misère Grundy values), each search going on from the positions the ones
  // before it kept, within `most_positions` kept in all: fewer than positions.size() values when
  // the bound stops it, at the first not given.
  virtual std::vector<GrundyValue> mex_values(std::span<const Position<Heap>> positions,
                                              std::uint64_t most_positions) const = 0;
  // Draws of positions of `heap_count` heaps of sizes in `size` aimed at one outcome, for a game
  // whose value is a sum of heap values; null for the others, which are balanced by rejection.
  virtual std::unique_ptr<OutcomeDrawer<Heap>> outcome_drawer(const Range<std::size_t>& heap_count,
                                                              const Range<Heap>& size) const = 0;
  // What a sum of different games asks of each of its components (nim/games/sum/sum.hpp): the
  // moves of one heap, as the game's PlayableGame visits, counts and numbers them;
  virtual bool for_each_move_from(
      Heaps position, std::size_t heap,
      const std::function<bool(const GameMove<Heap>&)>& visit) const = 0;
  virtual BigHeap move_count_from(Heaps position, std::size_t heap) const = 0;
  virtual GameMove<Heap> nth_move_from(Heaps position, std::size_t heap,
                                       const BigHeap& n) const = 0;
  // the position's Grundy value in normal play: by the game's theory, or searched within the
  // bound (Wythoff's game, Moore's Nim), Unanswerable beyond it;
  virtual Heap grundy_value(Heaps position) = 0;
  // and a move to a position worth `target`, below its value (one exists: the mex).
  virtual GameMove<Heap> move_to_value(Heaps position, const Heap& target) = 0;
  // One game of a match from `start`, by a solver of its own (a misère search keeps only the
  // positions of its game): the start answered first (Unanswerable when it cannot be, before any
  // move is asked for), then each move, a built-in agent's or players.ask(mover, board, ply),
  // through the library's game loop. stop_here() is called before each move (and now and then by
  // a misère search), and throws to stop the game.
  virtual MatchGame<Heap> play_match(const Position<Heap>& start, std::uint64_t max_plies,
                                     const std::function<void()>& stop_here,
                                     const MatchPlayers<Heap>& players) const = 0;
  // Games for reinforcement learning (nim/game_envs.hpp) on machine words, drawn from `seed`, for
  // a game whose moves take from one heap (moves_take_from_one_heap()); std::logic_error on
  // GMP's numbers.
  virtual std::unique_ptr<GameEnvs> environments(const EnvSettings& settings,
                                                 std::uint64_t seed) const = 0;

  GameAnalysis<Heap> analyse(Heaps position, WinningMoves list = WinningMoves::omit) {
    GameAnalysis<Heap> analysis;
    analyse(position, list, analysis);
    return analysis;
  }
  GameAnalysis<Heap> analyse(Heaps position, const Strategy& strategy, SplitMix64& rng,
                             WinningMoves list = WinningMoves::omit) {
    GameAnalysis<Heap> analysis;
    analyse(position, strategy, rng, list, analysis);
    return analysis;
  }
};

}  // namespace nim
