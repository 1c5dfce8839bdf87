// How the two sides of a game are named, from who controls them: against the computer "you" and
// "the computer"; two people "Player 1" and "Player 2"; two computers "Computer 1" and
// "Computer 2". JSON names them "human", "computer", "player1", "player2", "computer1",
// "computer2".
#pragma once

#include <array>
#include <string>

#include "nim/game.hpp"
#include "nim/player.hpp"

namespace nim {

struct SideName {
  std::string key;      // in JSON
  std::string subject;  // at the start of a sentence: "You", "The computer", "Player 1"
  std::string object;   // inside one: "you", "the computer", "Player 1"
  std::string name;     // before a move: "Computer takes 2 from heap 3."
  bool you = false;     // the second person: "you win", not "you wins"
};

inline SideName side_name(const Controllers& controllers, Player player) {
  const std::size_t index = side_index(player);
  const std::string number = std::to_string(index + 1);
  if (controllers[0] != controllers[1]) {
    if (controllers[index] == Controller::human) return {"human", "You", "you", "You", true};
    return {"computer", "The computer", "the computer", "Computer", false};
  }
  const std::string name = (controllers[0] == Controller::human ? "Player " : "Computer ") + number;
  return {(controllers[0] == Controller::human ? "player" : "computer") + number, name, name, name,
          false};
}

}  // namespace nim
