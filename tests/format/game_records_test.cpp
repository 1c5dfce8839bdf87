#include "format/game_records.hpp"

#include <doctest/doctest.h>

#include <string>

#include "nim/game_analysis.hpp"
#include "nim/games/moore.hpp"

namespace nim {
namespace {

const GameSpec moore_spec{.kind = GameSpec::Kind::moore, .heap_game = {}};

std::string moore_text(const Position<SmallHeap>& position, const RecordContext& context,
                       const std::string& proposed_words = "") {
  GameSolver solver(MooreRules<SmallHeap>{2, false}, 1000);
  const auto analysis = analyse_game(solver, std::span<const SmallHeap>(position));
  Buffer out;
  write_game_analysis_text(out, moore_spec, analysis, context, TextStyle{}, proposed_words);
  return out.str();
}

TEST_CASE("a game's analysis in text: \"Line N:\" first in --batch, as Nim's") {
  const std::string record =
      "Moore's Nim, from up to 2 heaps a move:\n"
      "1: X\n"
      "2: X X\n"
      "The player to move wins with perfect play.\n"
      "Winning move: take 1 from heap 1 and 2 from heap 2 (leaves 0 0).\n";
  CHECK(moore_text({1, 2}, {}) == record);
  CHECK(moore_text({1, 2}, {.seed = std::nullopt, .line = 12, .id = std::nullopt}) ==
        "Line 12:\n" + record);
  CHECK(moore_text({1, 2}, {.seed = std::nullopt, .line = 3, .id = std::nullopt}, "--move: ok") ==
        "Line 3:\n"
        "Moore's Nim, from up to 2 heaps a move:\n"
        "1: X\n"
        "2: X X\n"
        "The player to move wins with perfect play.\n"
        "--move: ok\n"
        "Winning move: take 1 from heap 1 and 2 from heap 2 (leaves 0 0).\n");
}

}  // namespace
}  // namespace nim
