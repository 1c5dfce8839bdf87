#include "text/edit_distance.hpp"

#include <doctest/doctest.h>

#include <array>
#include <string_view>

namespace nim {
namespace {

TEST_CASE("edit_distance: insertions, deletions, substitutions and swaps count one each") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("misere", "misere") == 0);
  CHECK(edit_distance("", "play") == 4);
  CHECK(edit_distance("play", "") == 4);
  CHECK(edit_distance("misre", "misere") == 1);     // an insertion
  CHECK(edit_distance("misserre", "misere") == 2);  // two deletions
  CHECK(edit_distance("mizere", "misere") == 1);    // a substitution
  CHECK(edit_distance("plya", "play") == 1);        // two neighbours swapped
  CHECK(edit_distance("ab", "ba") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("ca", "abc") == 3);  // the restricted distance: a swapped pair is not edited
}

TEST_CASE("edit_distance is symmetric") {
  constexpr std::array<std::string_view, 6> words{"", "a", "play", "plya", "positions", "seed"};
  for (const std::string_view a : words)
    for (const std::string_view b : words) {
      INFO(a, " ", b);
      CHECK(edit_distance(a, b) == edit_distance(b, a));
    }
}

constexpr std::array<std::string_view, 5> command_names{"analyse", "play", "match", "positions",
                                                        "completion"};

TEST_CASE("closest_spelling: the nearest name when it is near enough") {
  CHECK(closest_spelling("plya", command_names) == "play");
  CHECK(closest_spelling("pla", command_names) == "play");
  CHECK(closest_spelling("postions", command_names) == "positions");
  CHECK(closest_spelling("analyze", command_names) == "analyse");
  CHECK(closest_spelling("completoin", command_names) == "completion");
  CHECK(closest_spelling("poistoins", command_names) == "positions");  // 2 in 9 letters
}

TEST_CASE("closest_spelling: nothing when every name is far, or the word too short to judge") {
  CHECK(closest_spelling("3", command_names) == std::nullopt);
  CHECK(closest_spelling("", command_names) == std::nullopt);
  CHECK(closest_spelling("xyz", command_names) == std::nullopt);
  CHECK(closest_spelling("pxyy", command_names) == std::nullopt);  // 2 in 4 letters
  CHECK(closest_spelling("play", std::span<const std::string_view>{}) == std::nullopt);
}

TEST_CASE("closest_spelling: the first of equally near names") {
  constexpr std::array<std::string_view, 2> names{"seed", "seek"};
  CHECK(closest_spelling("seel", names) == "seed");
}

}  // namespace
}  // namespace nim
