// cli/input/game_choice: the --game option as a command declares it, every game or only those a
// capability of the table keeps (sequence: the games whose values come from single heaps).
#include "cli/input/game_choice.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace nim {
namespace {

const OptionSpec& game_option(const OptionGroup& group) {
  for (const OptionSpec& spec : group.options)
    if (spec.name == option::game) return spec;
  FAIL("no --game");
  return group.options.front();
}

TEST_CASE("--game offers every game, or Nim and the games a capability keeps") {
  const OptionGroup all = game_choice_options();
  CHECK(game_option(all).choices ==
        std::vector<std::string_view>{"nim", "grundy", "moore", "wythoff", "staircase", "lasker"});
  CHECK(game_option(all).help ==
        "nim, grundy (split a heap in two unequal ones), moore (take from up to k heaps), wythoff "
        "(2 heaps: take from one, or the same from both), staircase (move coins down a step), "
        "lasker (take from a heap, or split it in two)");
  const OptionGroup single = game_choice_options(values_come_from_single_heaps);
  CHECK(game_option(single).choices == std::vector<std::string_view>{"nim", "grundy", "lasker"});
  CHECK(game_option(single).help ==
        "nim, grundy (split a heap in two unequal ones), lasker (take from a heap, or split it in "
        "two)");
  // Asked again, the same help (kept for the program's life).
  CHECK(game_option(game_choice_options(values_come_from_single_heaps)).help ==
        game_option(single).help);
}

}  // namespace
}  // namespace nim
