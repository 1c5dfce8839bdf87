// A command of nim-game (analyse, and those to come): one row of the table in commands.cpp, as
// small Unix tools with subcommands have. A new command is a new file with its row.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"

namespace nim {

struct Command {
  std::string_view name;
  std::string_view summary;  // one line, for the list of commands
  std::string_view guide;    // the page of docs/ that covers it, which its --help names
  std::string_view usage;    // the synopsis lines, each after "nim-game "
  std::vector<OptionGroup> (*options)();
  // Runs the command on its parsed options, writing to `out` (the caller flushes it); returns
  // the exit status. Throws UsageError for a bad combination of options.
  int (*run)(const ParsedOptions& given, Output& out);
  std::string_view epilogue{};  // examples and notes after the options in --help
  // The words an operand may be, for shell completion (match's agent specs); none if free.
  std::vector<std::string_view> operand_words{};
};

// Every command, the default (analyse) first.
std::span<const Command> commands();

// Every option a command takes: its own groups, with --help and --version in the first.
std::vector<OptionGroup> all_options(const Command& command);

Command analyse_command();
Command play_command();
Command match_command();
Command check_agent_command();
Command positions_command();
Command sequence_command();
Command completion_command();

}  // namespace nim
