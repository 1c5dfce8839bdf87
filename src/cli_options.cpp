#include "cli_options.hpp"

#include <cxxopts.hpp>

#include <map>
#include <string_view>
#include <vector>

namespace nim {

namespace {

constexpr const char* examples = R"(
Examples:
  nim-game -H 1 3 5 7                     analyse a position (also -H 1,3,5,7)
  nim-game -H 1 3 5 7 --pretty            the same record, indented
  nim-game -H 1 3 5 7 --playout           the whole game, one JSON record per ply
  nim-game -H 9 12 --playout --max-plies 3 --trace moves
  nim-game -H 3 1 1 --misere              whoever takes the last object loses
  nim-game -H 4 5 --max-take 3            a move takes 1 to 3 objects
  nim-game -H 1 3 5 6 --choose largest    play in the largest heap that has a winning move
  nim-game -H 1 3 5 6 --choose random --seed 7
  nim-game -H 1 3 5 7 --when-losing random --seed 7
  nim-game -H 1 2 3 --all-moves           list every winning move
  nim-game -H 1 3 5 7 --move 3,1          judge a move: heap 3, take 1
  printf '1 3 5 7\n[1,2,3]\n' | nim-game --batch

Exit status: 0 success; 1 some --batch lines could not be read (each has an error record);
2 bad command line or heap size; 3 input or output failed, or memory ran out.
)";

// An argument that starts an option rather than giving a value: "-3" and "-" are values.
bool is_option(std::string_view arg) {
  return arg.size() >= 2 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9');
}

// cxxopts names the option in its messages as ‘name’: give it back as it is typed, --name or -n.
std::string option_named_in(const std::string& message) {
  const auto open = message.find("\u2018"), close = message.find("\u2019");
  if (open == std::string::npos || close == std::string::npos) return message;
  const std::string name = message.substr(open + 3, close - open - 3);
  return (name.size() == 1 ? "-" : "--") + name;
}

std::uint64_t parse_count(const std::string& text, const char* option) {
  const auto value = parse_integer(text);
  if (!value || *value < 0 || !fits_small(*value))
    throw UsageError(std::string(option) + " " + quoted(text) +
                     " is not a whole number from 0 to 18446744073709551615");
  return to_small(*value);
}

template <class Enum>
Enum parse_name(const std::string& text, const char* option,
                const std::vector<std::pair<const char*, Enum>>& names) {
  std::string known;
  for (const auto& [name, value] : names) {
    if (text == name) return value;
    known += known.empty() ? name : std::string(", ") + name;
  }
  throw UsageError(std::string(option) + " " + quoted(text) + " is not one of " + known);
}

ProposedMove parse_move(const std::string& text) {
  const auto comma = text.find(',');
  std::optional<BigHeap> heap, count;
  if (comma != std::string::npos) {
    heap = parse_integer(std::string_view(text).substr(0, comma));
    count = parse_integer(std::string_view(text).substr(comma + 1));
  }
  if (!heap || !count)
    throw UsageError("--move " + quoted(text) + " is not of the form I,N (heap index, count)");
  return {*heap, *count};
}

}  // namespace

Options parse_command_line(int argc, const char* const argv[]) {
  // -H takes every value up to the next option, which cxxopts cannot express: collect those
  // values here and give cxxopts the rest.
  std::vector<const char*> rest{argc > 0 ? argv[0] : "nim-game"};
  std::vector<std::string_view> heap_values;
  bool heaps_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-H" || arg == "--heaps") {
      heaps_given = true;
      while (i + 1 < argc && !is_option(argv[i + 1]))
        heap_values.push_back(argv[++i]);
    } else if (arg.starts_with("--heaps=") || arg.starts_with("-H")) {  // -H1,3 as getopt allows
      heaps_given = true;
      heap_values.push_back(arg.substr(arg[1] == 'H' ? 2 : 8));
    } else {
      rest.push_back(argv[i]);
    }
  }

  cxxopts::Options spec("nim-game", "Exact analysis of Nim positions, one JSON record each.");
  spec.custom_help("-H SIZE... [OPTION...] | --batch [OPTION...]");
  // One option a line, as the table it is.
  // clang-format off
  spec.add_options()
    ("H,heaps", "heap sizes of the position, separated by spaces or commas",
     cxxopts::value<std::string>(), "SIZE...")
    ("batch", "read positions from stdin, one per line, and write a record for each")
    ("pretty", "indent the JSON records")
    ("h,help", "print this help and exit")
    ("version", "print the version and exit");
  spec.add_options("Rules")
    ("misere", "whoever takes the last object loses")
    ("max-take", "a move takes at most K objects (K >= 1)", cxxopts::value<std::string>(), "K");
  spec.add_options("Move choice")
    ("choose", "winning move to play: first, largest or random (default first)",
     cxxopts::value<std::string>(), "POLICY")
    ("when-losing", "move from a lost position: largest-one, first-one or random "
     "(default largest-one)", cxxopts::value<std::string>(), "POLICY")
    ("seed", "seed for the random policies (default: drawn, and reported in the record)",
     cxxopts::value<std::string>(), "S")
    ("all-moves", "add winning_moves, every winning move")
    ("move", "judge the move that takes N objects from heap I (0-based)",
     cxxopts::value<std::string>(), "I,N");
  spec.add_options("Playout")
    ("playout", "play the game out, one record per ply (JSON Lines)")
    ("max-plies", "stop the playout after N plies", cxxopts::value<std::string>(), "N")
    ("trace", "playout records: full, or moves (ply, move, winning, done only)",
     cxxopts::value<std::string>(), "FORM");
  // clang-format on

  cxxopts::ParseResult given;
  try {
    given = spec.parse(static_cast<int>(rest.size()), rest.data());
  } catch (const cxxopts::exceptions::no_such_option& e) {
    throw UsageError("unknown option " + option_named_in(e.what()));
  } catch (const cxxopts::exceptions::missing_argument& e) {
    throw UsageError(option_named_in(e.what()) + " needs a value");
  } catch (const cxxopts::exceptions::exception& e) {
    throw UsageError(e.what());
  }
  for (const auto& extra : given.unmatched())
    throw UsageError("unexpected argument " + quoted(extra) + " (heap sizes follow -H)");

  Options options;
  if (given.count("help")) {
    options.help = true;
    options.help_text = spec.help({"", "Rules", "Move choice", "Playout"}) + examples;
    return options;
  }
  if (given.count("version")) {
    options.version = true;
    return options;
  }

  options.batch = given.count("batch") > 0;
  options.pretty = given.count("pretty") > 0;
  options.misere = given.count("misere") > 0;
  options.all_moves = given.count("all-moves") > 0;
  options.playout = given.count("playout") > 0;

  if (given.count("max-take")) {
    const auto text = given["max-take"].as<std::string>();
    options.max_take = parse_integer(text);
    if (!options.max_take)
      throw UsageError("--max-take " + quoted(text) + " is not a whole number");
    if (*options.max_take < 1) throw UsageError("--max-take must be at least 1, not " + text);
  }
  if (given.count("choose"))
    options.strategy.choice = parse_name<Choice>(
        given["choose"].as<std::string>(), "--choose",
        {{"first", Choice::first}, {"largest", Choice::largest}, {"random", Choice::random}});
  if (given.count("when-losing"))
    options.strategy.when_losing =
        parse_name<WhenLosing>(given["when-losing"].as<std::string>(), "--when-losing",
                               {{"largest-one", WhenLosing::largest_one},
                                {"first-one", WhenLosing::first_one},
                                {"random", WhenLosing::random}});
  if (given.count("seed")) options.seed = parse_count(given["seed"].as<std::string>(), "--seed");
  if (given.count("move")) options.move = parse_move(given["move"].as<std::string>());
  if (given.count("max-plies"))
    options.max_plies = parse_count(given["max-plies"].as<std::string>(), "--max-plies");
  if (given.count("trace"))
    options.trace = parse_name<Trace>(given["trace"].as<std::string>(), "--trace",
                                      {{"full", Trace::full}, {"moves", Trace::moves}});

  if (options.batch && heaps_given) throw UsageError("-H and --batch cannot be used together");
  if (!options.batch && !heaps_given)
    throw UsageError("no position: give heap sizes with -H (as in -H 1 3 5 7), or use --batch");
  if (heaps_given && heap_values.empty()) throw UsageError("-H needs at least one heap size");
  if (options.move && options.playout)
    throw UsageError("--move judges one move; it cannot be used with --playout");
  for (const char* needs_playout : {"max-plies", "trace"})
    if (given.count(needs_playout) && !options.playout)
      throw UsageError(std::string("--") + needs_playout + " needs --playout");

  if (heaps_given) {
    // Each value may itself hold several sizes (-H 1,3,5,7). Joined by commas and read as
    // comma-separated fields, an empty value stays an empty field, which the parser reports.
    std::string heap_text;
    for (std::size_t i = 0; i < heap_values.size(); ++i) {
      if (i > 0) heap_text += ',';
      heap_text += heap_values[i];
    }
    if (std::string error = parse_heaps(heap_text, options.heaps, Fields::by_comma); !error.empty())
      throw UsageError(error);
  }
  return options;
}

}  // namespace nim
