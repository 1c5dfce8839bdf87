#include "cli/command.hpp"

namespace nim {

std::span<const Command> commands() {
  static const std::vector<Command> table{
      analyse_command(),
      match_command(),
  };
  return table;
}

}  // namespace nim
