// nim-game's command line: picks the command, reads its options, runs it, and maps failures to
// exit statuses.
#include "cli/commands/command_line.hpp"

#include <algorithm>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/ordered_pool.hpp"
#include "text/edit_distance.hpp"

namespace nim {
namespace {

// Where the Debian package puts the guide (docs/ of the source tree).
constexpr std::string_view installed_docs = "/usr/share/doc/nim-game/";

// `nim-game --help`: the commands, then the default command's options. `nim-game COMMAND --help`:
// that command's options.
std::string help(const Command& command, bool named) {
  std::string text;
  const auto groups = all_options(command);
  if (!named) {
    text = "nim-game: exact analysis of Nim and the impartial games after it.\n\nCommands:\n";
    for (const Command& each : commands()) {
      std::string name(each.name);
      name.resize(std::max<std::size_t>(name.size(), 12), ' ');
      text.append("  ").append(name).append(each.summary).append("\n");
    }
    text +=
        "\n'nim-game COMMAND --help' shows a command's options.\n"
        "Without a command, nim-game analyses:\n\n";
  }
  text += options_help("nim-game", command.summary, command.usage, groups);
  if (!command.epilogue.empty()) text.append("\n").append(command.epilogue);
  // The guide's page, as the source tree and the installed package hold it.
  text.append("\nGuide: docs/").append(command.guide).append(", installed as ");
  text.append(installed_docs).append(command.guide).append(".\n");
  text += "Every option in full: man nim-game.\n";
  return text;
}

// A word shown as it would be typed again at the shell: as it is when that is safe, else quoted.
std::string as_typed(std::string_view word) {
  const bool plain = !word.empty() && std::ranges::all_of(word, [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           std::string_view(",.:=+/_-").find(c) != std::string_view::npos;
  });
  return plain ? std::string(word) : quoted(word);
}

// The command the first argument names. An unknown one is a usage error that suggests what was
// probably meant: -H before heap sizes typed without it, or the nearest command's name.
const Command& command_named(std::span<const char* const> args) {
  const std::string_view name = args.front();
  std::vector<std::string_view> names;
  for (const Command& command : commands()) {
    if (command.name == name) return command;
    names.push_back(command.name);
  }
  std::string message = "unknown command " + quoted(name);
  AnyPosition heaps;
  if (append_heaps(name, heaps).empty()) {
    std::string suggestion = "nim-game -H";
    for (const std::string_view arg : args)
      suggestion.append(" ").append(as_typed(arg));
    throw UsageError(message + "; did you mean '" + suggestion + "'?");
  }
  if (const auto nearest = closest_spelling(name, names))
    throw UsageError(message + "; did you mean '" + std::string(*nearest) + "'?");
  std::string listed;
  for (const std::string_view each : names) {
    if (!listed.empty()) listed += ", ";
    listed += each;
  }
  throw UsageError(message + " (the commands are " + listed + ")");
}

int run(std::span<const char* const> args, Output& out) {
  // The first argument names the command, unless it is an option: then it is analyse.
  const bool named =
      !args.empty() && !is_option(args.front()) && std::string_view(args.front()) != "--";
  const Command& command = named ? command_named(args) : commands().front();
  if (named) args = args.subspan(1);
  const ParsedOptions given = parse_options(all_options(command), args);

  int status = exit_ok;
  if (given.has("help"))
    out.buffer() += help(command, named);
  else if (given.has("version"))
    out.buffer() += "nim-game " NIM_GAME_VERSION "\n";
  else
    status = command.run(given, out);
  out.flush();
  return status;
}

}  // namespace

int run_command_line(std::span<const char* const> args, Output& out, std::string& errors) {
  const auto fail = [&errors](std::string_view message, int status) {
    errors.append("nim-game: ").append(message).append("\n");
    return status;
  };
  try {
    return run(args, out);
  } catch (const UsageError& e) {
    return fail(e.what(), exit_usage);
  } catch (const WriteError& e) {
    return fail(e.what(), exit_io);
  } catch (const ReadError& e) {
    return fail(e.what(), exit_io);
  } catch (const ThreadStartError& e) {
    return fail(jobs_thread_message(e), exit_io);
  } catch (const std::bad_alloc&) {
    return fail("out of memory", exit_io);
  } catch (const std::length_error&) {
    // A container asked for more than the address space holds (a position of 2^62 heaps): memory
    // runs out as surely as for bad_alloc, only sooner.
    return fail("out of memory", exit_io);
  }
}

}  // namespace nim
