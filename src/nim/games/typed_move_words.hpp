// How a person types a move of a game in `nim-game play`, heaps numbered from 1, in the game's
// words. The defaults are a heap and a count, which every game that takes from one heap shares; a
// game with other moves states its own (nim/games/<game>/<game>.hpp).
#pragma once

#include <string_view>

namespace nim {

struct TypedMoveWords {
  // In the prompt: "Your move (heap count): ".
  std::string_view prompt = "heap count";
  // At the start: "Type a move as <start>, or hint, help or quit."
  std::string_view start = "heap and count (4 1 takes 1 from heap 4)";
  // For a line that is not a move: "\"xx\" is not a move: type <unreadable>, or hint, help or
  // quit".
  std::string_view unreadable = "a heap and a count (4 1)";
  // In the help: "Type a move as <help>."; none: the words of the start.
  std::string_view help{};
};

}  // namespace nim
