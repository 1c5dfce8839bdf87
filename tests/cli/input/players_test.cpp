#include "cli/input/players.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/input/options.hpp"

namespace nim {
namespace {

constexpr Controller human = Controller::human;
constexpr Controller computer = Controller::computer;

// read_players with the values as typed; nullopt for an option not given.
Controllers players_of(std::optional<std::string> players, std::optional<std::string> first) {
  return read_players(players ? &*players : nullptr, first ? &*first : nullptr);
}

std::string players_error(std::optional<std::string> players, std::optional<std::string> first) {
  try {
    players_of(players, first);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("read_players: each set of players, the first mover first") {
  CHECK(players_of(std::nullopt, std::nullopt) == Controllers{human, computer});
  CHECK(players_of("human,computer", std::nullopt) == Controllers{human, computer});
  CHECK(players_of("computer,human", std::nullopt) == Controllers{computer, human});
  CHECK(players_of("human,human", std::nullopt) == Controllers{human, human});
  CHECK(players_of("computer,computer", std::nullopt) == Controllers{computer, computer});
}

TEST_CASE("read_players: --first against the computer, the same as --players computer,human") {
  CHECK(players_of(std::nullopt, "computer") == Controllers{computer, human});
  CHECK(players_of("human,computer", "computer") == Controllers{computer, human});
  CHECK(players_of(std::nullopt, "human") == Controllers{human, computer});
  CHECK(players_of("human,computer", "human") == Controllers{human, computer});
}

TEST_CASE("read_players: the tables, and every usage error") {
  CHECK(player_set_names() == std::vector<std::string_view>{"human,computer", "computer,human",
                                                            "human,human", "computer,computer"});
  CHECK(first_player_names() == std::vector<std::string_view>{"human", "computer"});
  CHECK(players_error("robot,human", std::nullopt) ==
        "--players \"robot,human\" is not one of human,computer, computer,human, human,human, "
        "computer,computer");
  CHECK(players_error(std::nullopt, "nobody") ==
        "--first \"nobody\" is not one of human, computer");
  const std::string first_needs =
      "--first chooses who moves first against the computer; it needs --players human,computer";
  for (const char* players : {"computer,human", "human,human", "computer,computer"}) {
    INFO(players);
    CHECK(players_error(players, "computer") == first_needs);
    CHECK(players_error(players, "human") == first_needs);
  }
}

}  // namespace
}  // namespace nim
