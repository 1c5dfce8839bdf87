// nim-game's command line: picks the command, reads its options, runs it, and maps failures to
// exit statuses.
#include "cli/commands/command_line.hpp"

#include <algorithm>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/interrupt.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/ordered_pool.hpp"
#include "cli/system/terminal.hpp"
#include "text/edit_distance.hpp"
#include "text/wrap.hpp"

namespace nim {
namespace {

// Where the Debian package puts the guide (docs/ of the source tree).
constexpr std::string_view installed_docs = "/usr/share/doc/nim-game/";

// The help is laid out for the terminal it is written to, up to this width (and at it when
// standard output is no terminal): the width its text is written for. Below the narrowest, the
// options' columns would leave no room for their words.
constexpr std::size_t help_width = 80, narrowest_help = 50;

// An indented line of a help's text: an example command or a row of a list ("  NAME   what it
// is"), its words after a run of blanks (a comment, a description) continued on the lines under
// them, and an example's shell continuations.
struct HelpItem {
  std::size_t blanks = 0;
  std::string head;         // the command or the name, a command's continuations joined
  std::string gap;          // the blanks before the tail
  std::string tail;         // its continuation lines joined
  std::size_t tail_at = 0;  // the tail's column as written
};

std::size_t leading_blanks(std::string_view line) {
  return std::min(line.find_first_not_of(' '), line.size());
}

HelpItem help_item(std::string_view line) {
  HelpItem item;
  item.blanks = leading_blanks(line);
  const std::string_view rest = line.substr(item.blanks);
  const std::size_t gap = rest.find("  ");
  item.head = std::string(rest.substr(0, gap));
  if (gap != std::string_view::npos) {
    const std::size_t tail = std::min(rest.find_first_not_of(' ', gap), rest.size());
    item.gap = std::string(rest.substr(gap, tail - gap));
    item.tail = std::string(rest.substr(tail));
    item.tail_at = item.blanks + tail;
  }
  return item;
}

// An item laid out in `width` columns: an example as a shell command still (broken with " \",
// its continuations indented by 4), its comment after it or on the lines under it; a row of a list
// with its description under its own column, or under the name when that column is too far right.
std::string laid_out(const HelpItem& item, std::size_t width) {
  if (item.head.starts_with("nim-game ")) {
    std::string text;
    // A quoted word ('cmd:python3 agent.py') is never broken: the shell would keep the break.
    std::string unbroken = std::string(item.blanks, ' ') + item.head;
    bool quoted = false;
    for (char& c : unbroken) {
      if (c == '\'') quoted = !quoted;
      if (quoted && c == ' ') c = '\x1f';
    }
    std::string command = wrap(unbroken, width - 2, item.blanks + 4);
    std::ranges::replace(command, '\x1f', ' ');
    for (std::size_t start = 0; start < command.size();) {
      std::size_t end = command.find('\n', start);
      if (end == std::string::npos) end = command.size();
      text += command.substr(start, end - start) + (end < command.size() ? " \\\n" : "");
      start = end + 1;
    }
    if (item.tail.empty()) return text + "\n";
    if (text.find('\n') == std::string::npos &&
        display_width(text) + item.gap.size() + display_width(item.tail) <= width)
      return text + item.gap + item.tail + "\n";
    return text + "\n" +
           wrap(std::string(item.blanks + 4, ' ') + item.tail, width, item.blanks + 4) + "\n";
  }
  // A line indented past the middle (a comment under its command) comes back under the command,
  // where a comment that no longer fits beside its command goes.
  const std::size_t blanks = item.blanks > width / 2 ? 6 : item.blanks;
  const std::string line = std::string(blanks, ' ') + item.head + item.gap + item.tail;
  if (item.tail.empty() || item.tail_at > width / 2) return wrap(line, width, blanks + 4) + "\n";
  return wrap(line, width, item.tail_at) + "\n";
}

// `text` laid out in lines of `width` columns: each paragraph (lines that start with no blank, up
// to an empty or indented line) joined and wrapped again; each indented line (an example, a row
// of a list) with its continuations laid out by laid_out(). At help_width, the text as written.
std::string reflowed(std::string_view text, std::size_t width) {
  if (width >= help_width) return std::string(text);
  std::string out, paragraph;
  std::optional<HelpItem> item;
  const auto end_block = [&] {
    if (!paragraph.empty()) out += wrap(paragraph, width) + "\n";
    paragraph.clear();
    if (item) out += laid_out(*item, width);
    item.reset();
  };
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const std::size_t blanks = leading_blanks(line);
    if (item && blanks < line.size() && item->tail_at != 0 && blanks == item->tail_at) {
      item->tail += ' ';  // the description goes on (appended apart: GCC 12's false -Wrestrict)
      item->tail += line.substr(blanks);
      continue;
    }
    if (item && blanks < line.size() && blanks > item->blanks && item->head.ends_with(" \\")) {
      const HelpItem more = help_item(line);  // the command goes on
      item->head.resize(item->head.size() - 2);
      item->head += " " + more.head;
      item->gap = more.gap;
      item->tail = more.tail;
      continue;
    }
    if (!line.empty() && blanks == 0) {
      if (item) end_block();
      if (!paragraph.empty()) paragraph += ' ';
      paragraph += line;
      continue;
    }
    end_block();
    if (line.empty() || blanks == line.size())
      out += "\n";
    else
      item = help_item(line);
  }
  end_block();
  return out;
}

// `nim-game --help`: the commands, then the default command's options. `nim-game COMMAND --help`:
// that command's options. In lines of `width` columns, help_width at most.
std::string help(const Command& command, bool named, std::size_t width) {
  std::string text;
  const auto groups = all_options(command);
  if (!named) {
    text = reflowed("nim-game: exact analysis of Nim and the impartial games after it.\n", width) +
           "\nCommands:\n";
    for (const Command& each : commands()) {
      std::string name(each.name);
      name.resize(std::max<std::size_t>(name.size(), 12), ' ');
      text += wrap("  " + name + std::string(each.summary), width, 14) + "\n";
    }
    text += '\n';
    text += reflowed(
        "'nim-game COMMAND --help' shows a command's options.\n"
        "Without a command, nim-game analyses:\n",
        width);
    text += '\n';
  }
  text += options_help("nim-game", command.summary, command.usage, groups, width);
  if (!command.epilogue.empty()) text.append("\n").append(reflowed(command.epilogue, width));
  // The guide's page, as the source tree and the installed package hold it.
  text += '\n';
  text += wrap("Guide: docs/" + std::string(command.guide) + ", installed as " +
                   std::string(installed_docs) + std::string(command.guide) + ".",
               width) +
          "\n";
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
    out.buffer() += help(command, named, std::clamp(text_width(1), narrowest_help, help_width));
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
  } catch (const StoppedBySignal& e) {
    return fail(e.what(), InterruptCatcher::exit_status(e.signal));
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
