#include "cli/commands/command.hpp"

namespace nim {

std::span<const Command> commands() {
  static const std::vector<Command> table{
      analyse_command(),   play_command(),     match_command(),      check_agent_command(),
      positions_command(), sequence_command(), completion_command(),
  };
  return table;
}

std::vector<OptionGroup> all_options(const Command& command) {
  std::vector<OptionGroup> groups = command.options();
  groups.front().options.push_back(
      {.name = "help", .letter = 'h', .help = "print this help and exit"});
  groups.front().options.push_back({.name = "version", .help = "print the version and exit"});
  return groups;
}

}  // namespace nim
