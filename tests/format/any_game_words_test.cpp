#include "format/any_game_words.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace nim::any_game_words_test {
namespace {

GameSpec kayles() {
  return GameSpec{.heap_game = octal_game({0, 7, 7})};
}
GameSpec nim() {
  return GameSpec{.kind = GameSpec::Kind::nim, .heap_game = {}};
}

TEST_CASE("AnyGameWords of a sum: the board by component, its moves told in their component") {
  const AnyGameWords words(SumWords({kayles(), nim()}, false));
  // Kayles 2 3, Nim with no heap: each component's heaps, then a marker of their count + 1.
  const Position<SmallHeap> position{2, 3, 3, 1};
  const std::span<const SmallHeap> heaps(position);
  Buffer board;
  words.write_board(board, heaps, TextStyle{.colour = false, .width = 80});
  CHECK(board.str() ==
        "Component 1, Octal game 0.77:\n"
        "  1: X X\n"
        "  2: X X X\n"
        "Component 2, Nim:\n"
        "  (no heap)\n");
  // The component's board is drawn 2 columns narrower: at width 12, a heap of 5 is its size.
  Buffer narrow;
  words.write_board(narrow, std::span<const SmallHeap>(Position<SmallHeap>{5, 2, 1}),
                    TextStyle{.colour = false, .width = 12});
  CHECK(narrow.str() ==
        "Component 1, Octal game 0.77:\n"
        "  1: 5 objects\n"
        "Component 2, Nim:\n"
        "  (no heap)\n");
  CHECK(words.move_words(heaps, GameMove<SmallHeap>::single(1, 1), VerbForm::past) ==
        "took 1 from heap 2 in component 1");
  CHECK(words.title() == "Sum of 2 games");
  CHECK(words.typed().prompt == "component heap count [parts]");
  CHECK_FALSE(words.takes_objects());
  // A sum of games that never split has no parts in its prompt.
  CHECK(AnyGameWords(SumWords({nim(), nim()}, true)).typed().prompt == "component heap count");
  CHECK(AnyGameWords(SumWords({nim(), nim()}, true)).misere());
}

TEST_CASE("AnyGameWords of one game: the game's own words") {
  const AnyGameWords words{GameWords(nim())};
  CHECK(words.title() == "Nim");
  CHECK(words.takes_objects());
  CHECK(words.typed().prompt == "heap count");
  const Position<SmallHeap> position{3, 1};
  CHECK(words.move_words(std::span<const SmallHeap>(position), GameMove<SmallHeap>::single(0, 2)) ==
        "take 2 from heap 1");
}

}  // namespace
}  // namespace nim::any_game_words_test
