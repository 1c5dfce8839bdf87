#include "cli/input/game_choice.hpp"

#include "cli/input/game_options.hpp"

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cli/input/heap_game_text.hpp"
#include "nim/games/game_row.hpp"

namespace nim {

namespace {

// 4 bytes a value: at most 400 MB of values.
constexpr std::uint64_t most_grundy_limit = 100'000'000;

// The games --game names: each game of the table that has a name, Nim first.
std::vector<std::string_view> game_names() {
  std::vector<std::string_view> names;
  for (const GameRow* row : game_rows())
    if (!row->name.empty()) names.push_back(row->name);
  return names;
}

// The game --game names, as a GameSpec with its parameters' defaults.
std::optional<GameSpec> named_spec(std::string_view name) {
  for (const GameRow* row : game_rows())
    if (!row->name.empty() && row->name == name) return row->named_spec();
  return std::nullopt;
}

}  // namespace

OptionGroup game_choice_options(bool (*offered)(const GameSpec&)) {
  // The help of each --game offered, kept for the program's life (an OptionSpec holds views).
  static std::mutex mutex;
  static std::map<bool (*)(const GameSpec&), std::string> helps;
  const std::lock_guard lock(mutex);
  std::string& help = helps[offered];
  const bool first = help.empty();
  std::vector<std::string_view> choices;
  for (const GameRow* row : game_rows()) {
    if (row->name.empty()) continue;
    // Nim is always offered: it is the default.
    if (row->kind != GameSpec::Kind::nim && offered && !offered(row->named_spec())) continue;
    if (first)
      help += (help.empty() ? "" : ", ") + std::string(row->name) + std::string(row->summary);
    choices.push_back(row->name);
  }
  return {"Game (default: Nim)",
          {
              {.name = option::game, .value = "NAME", .help = help, .choices = choices},
              {.name = option::octal,
               .value = "CODE",
               .help = "an octal game: 0.77 (Kayles), 0.07 (Dawson's Kayles), 4.07, ..."},
              {.name = option::subtract,
               .value = "LIST",
               .help = "a subtraction game: take a number in the list (1,3,4)",
               .kind = OptionSpec::Kind::list},
              {.name = option::subtract_all_but,
               .value = "LIST",
               .help = "take any number but those in the list (2,5)",
               .kind = OptionSpec::Kind::list},
              {.name = option::heaps_per_move,
               .value = "K",
               .help = "--game moore: a move takes from 1 to K heaps (default 2)",
               .kind = OptionSpec::Kind::number},
              {.name = option::search_limit,
               .value = "N",
               .help = "--misere of --octal, --subtract, --subtract-all-but, --game grundy, "
                       "staircase or lasker: search N positions at most (default 1000000)",
               .kind = OptionSpec::Kind::number},
              {.name = option::grundy_limit,
               .value = "L",
               .help = "when no period is proved, compute Grundy values to heap L at most, in "
                       "max(L, 1024)^2 steps at most (default 100000, at most 100000000)",
               .kind = OptionSpec::Kind::number},
          }};
}

std::optional<HeapGame> read_take_and_break(const ParsedOptions& given) {
  std::optional<HeapGame> game;
  const auto choose = [&](std::string_view name, auto read) {
    const std::string* text = given.value(name);
    if (!text) return;
    if (game)
      throw UsageError("give one game: --octal, --subtract, --subtract-all-but or --game grundy");
    game = read(*text);
  };
  choose(option::octal, [](const std::string& text) { return read_octal_code(text); });
  choose(option::subtract, [](const std::string& text) {
    return subtraction_game(read_take_set("--subtract", text));
  });
  choose(option::subtract_all_but, [](const std::string& text) {
    return all_but_subtraction_game(read_take_set("--subtract-all-but", text));
  });
  if (const std::string* name = given.value(option::game); name && *name == "grundy") {
    if (game)
      throw UsageError("give one game: --octal, --subtract, --subtract-all-but or --game grundy");
    game = grundys_game();
  }
  return game;
}

std::optional<GameSpec> read_game_spec(const ParsedOptions& given) {
  const std::string* name = given.value(option::game);
  if (const std::vector<std::string_view> names = game_names();
      name && std::find(names.begin(), names.end(), *name) == names.end())
    not_one_of("--game", *name, names);
  GameSpec spec;
  const std::optional<HeapGame> take_and_break = read_take_and_break(given);
  if (take_and_break) {
    if (name && *name != "grundy")
      throw UsageError("--game " + *name +
                       " cannot be used with --octal, --subtract or "
                       "--subtract-all-but, which name a game of their own");
    spec.kind = GameSpec::Kind::take_and_break;
    spec.heap_game = *take_and_break;
  } else if (const std::optional<GameSpec> named = name ? named_spec(*name) : std::nullopt) {
    spec = *named;
  }
  const bool nim = !take_and_break && (!name || *name == "nim");
  if (const std::string* k = given.value(option::heaps_per_move)) {
    if (nim || spec.kind != GameSpec::Kind::moore)
      throw UsageError("--heaps-per-move is a rule of Moore's Nim: it needs --game moore");
    spec.heaps_per_move = parse_whole_number("--heaps-per-move", *k, 1, 1'000'000);
  }
  if (const std::string* limit = given.value(option::grundy_limit)) {
    if (nim || spec.kind != GameSpec::Kind::take_and_break)
      throw UsageError(
          "--grundy-limit bounds the Grundy values of --octal, --subtract, --subtract-all-but "
          "and --game grundy");
    spec.grundy_limit = parse_whole_number("--grundy-limit", *limit, 0, most_grundy_limit);
  }
  if (const std::string* limit = given.value(option::search_limit)) {
    if (nim || !misere_is_searched(spec) || !given.has(option::misere))
      throw UsageError(
          "--limit-search bounds the search of misère play, which --misere asks of --octal, "
          "--subtract, --subtract-all-but, --game grundy, --game staircase and --game lasker");
    spec.search_limit = parse_whole_number("--limit-search", *limit, 1, 100'000'000);
  }
  if (nim) return std::nullopt;
  if (given.has(option::max_take))
    throw UsageError("--max-take is a rule of Nim, not of this game");
  spec.misere = given.has(option::misere);
  return spec;
}

GameSpec game_of(const std::optional<GameSpec>& named, const GameSpec& nim) {
  return named ? *named : nim;
}

GameSpec read_game(const ParsedOptions& given, const GameSpec& nim) {
  return game_of(read_game_spec(given), nim);
}

}  // namespace nim
