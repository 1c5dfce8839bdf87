#include "cli/input/players.hpp"

#include "cli/input/options.hpp"

namespace nim {

namespace {

constexpr Controllers human_computer{Controller::human, Controller::computer};

constexpr std::array<Named<Controllers>, 4> player_sets{{
    {"human,computer", human_computer},
    {"computer,human", {Controller::computer, Controller::human}},
    {"human,human", {Controller::human, Controller::human}},
    {"computer,computer", {Controller::computer, Controller::computer}},
}};

constexpr std::array<Named<Controller>, 2> first_players{{
    {"human", Controller::human},
    {"computer", Controller::computer},
}};

}  // namespace

std::vector<std::string_view> player_set_names() {
  return names_of<Controllers>(player_sets);
}

std::vector<std::string_view> first_player_names() {
  return names_of<Controller>(first_players);
}

Controllers read_players(const std::string* players, const std::string* first) {
  const Controllers sides =
      players ? parse_named<Controllers>("--players", *players, player_sets) : human_computer;
  if (!first) return sides;
  if (sides != human_computer)
    throw UsageError(
        "--first chooses who moves first against the computer; it needs --players "
        "human,computer");
  if (parse_named<Controller>("--first", *first, first_players) == Controller::human)
    return human_computer;
  return {Controller::computer, Controller::human};
}

}  // namespace nim
