// The table of games: each game's row, in the order --game lists them. A new game is a folder of
// nim/games/ (its rules, its --explain facts, its engines and its row) and its line here, after its
// kind in GameSpec.
#include <array>

#include "nim/games/game_row.hpp"

namespace nim {

// Made in each game's own folder (nim/games/<game>/row.cpp).
const GameRow& nim_row();
const GameRow& take_and_break_row();
const GameRow& moore_row();
const GameRow& wythoff_row();
const GameRow& staircase_row();
const GameRow& lasker_row();

std::span<const GameRow* const> game_rows() {
  // In the order of GameSpec::Kind, which game_row() looks up.
  static const std::array<const GameRow*, 6> rows{&nim_row(),       &take_and_break_row(),
                                                  &moore_row(),     &wythoff_row(),
                                                  &staircase_row(), &lasker_row()};
  return rows;
}

const GameRow& game_row(GameSpec::Kind kind) {
  return *game_rows()[static_cast<std::size_t>(kind)];
}

}  // namespace nim
