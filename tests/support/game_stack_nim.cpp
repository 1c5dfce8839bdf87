// Plays Nim through the game stack (GameBoard: play_out_game() with --trace moves' detail, and a
// match game between built-in agents), for the benchmark (scripts/bench.sh):
//   game_stack_nim playout|match HEAPS MAX_SIZE MAX_PLIES SEED [misere] [when-losing]
// It prints the plies played and a digest of the moves, so that two builds can be seen to play the
// same game.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "nim/agent.hpp"
#include "nim/game_playout.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/match_game.hpp"

namespace {

std::uint64_t digest_of(std::uint64_t digest, const nim::GameMove<nim::SmallHeap>& move) {
  return nim::splitmix64_mix(digest ^ (move.heap() * 0x9e3779b97f4a7c15ULL) ^
                             move.takes.front().count);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr,
                 "usage: game_stack_nim playout|match HEAPS MAX_SIZE MAX_PLIES SEED [misere] "
                 "[first-one|random]\n");
    return 2;
  }
  const auto arg = [&](int i) { return std::strtoull(argv[i], nullptr, 10); };
  const std::string mode = argv[1];
  const std::uint64_t heaps = arg(2), max_size = arg(3), max_plies = arg(4);
  nim::SplitMix64 draw(arg(5));
  nim::Position<nim::SmallHeap> start;
  for (std::uint64_t i = 0; i < heaps; ++i)
    start.push_back(nim::uniform_below(draw, max_size + 1));
  nim::NimRules<nim::SmallHeap> rules;
  nim::Strategy strategy;
  for (int i = 6; i < argc; ++i) {
    const std::string option = argv[i];
    if (option == "misere") rules.misere = true;
    if (option == "first-one") strategy.when_losing = nim::WhenLosing::first_one;
    if (option == "random") strategy.when_losing = nim::WhenLosing::random;
  }
  nim::GameSolver<nim::NimRules<nim::SmallHeap>> solver(rules, 1000);
  nim::SplitMix64 rng(arg(5) + 1);
  std::uint64_t plies = 0, digest = 0;
  if (mode == "playout") {
    nim::play_out_game(solver, std::span<const nim::SmallHeap>(start), strategy, rng, max_plies,
                       nim::WinningMoves::omit, nim::PlyDetail::move, [&](const auto& ply) {
                         if (!ply.analysis.move) return;
                         ++plies;
                         digest = digest_of(digest, *ply.analysis.move);
                       });
  } else {
    const nim::BuiltInAgent perfect{}, random{nim::BuiltInAgent::Kind::random};
    auto ask = [&](nim::Player mover, const auto& board, std::uint64_t) {
      return nim::AgentAnswer<nim::SmallHeap>(nim::built_in_game_move(
          mover == nim::Player::first ? perfect : random, board, strategy, rng));
    };
    const auto game = nim::play_match_game(solver, start, max_plies, ask);
    for (const auto& move : game.moves) {
      ++plies;
      digest = digest_of(digest, move.move);
    }
  }
  std::printf("%llu plies, digest %016llx\n", static_cast<unsigned long long>(plies),
              static_cast<unsigned long long>(digest));
}
