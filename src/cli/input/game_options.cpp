#include "cli/input/game_options.hpp"

#include <array>
#include <span>
#include <string>
#include <vector>

#include "cli/input/heap_text.hpp"

namespace nim {

namespace {

constexpr std::array<Named<Choice>, 3> choices{{
    {"first", Choice::first},
    {"largest", Choice::largest},
    {"random", Choice::random},
}};

constexpr std::array<Named<WhenLosing>, 3> when_losing_moves{{
    {"largest-one", WhenLosing::largest_one},
    {"first-one", WhenLosing::first_one},
    {"random", WhenLosing::random},
}};

// In the order of Format.
constexpr std::array<Named<Format>, 7> formats{{
    {"json", Format::json},
    {"text", Format::text},
    {"csv", Format::csv},
    {"tsv", Format::tsv},
    {"svg", Format::svg},
    {"binary", Format::binary},
    {"npy", Format::npy},
}};

// The formats a command offers: json and text, then csv and tsv, then svg and binary, or npy.
std::vector<Named<Format>> formats_of(Tables tables) {
  std::vector<Named<Format>> offered(formats.begin(), formats.begin() + 2);
  if (tables == Tables::no) return offered;
  offered.insert(offered.end(), formats.begin() + 2, formats.begin() + 4);
  if (tables == Tables::and_picture_and_bytes)
    offered.insert(offered.end(), formats.begin() + 4, formats.begin() + 6);
  if (tables == Tables::and_arrays) offered.push_back(formats[6]);
  return offered;
}

}  // namespace

OptionGroup rule_options() {
  return {"Rules",
          {
              {.name = option::misere, .help = "whoever takes the last object loses"},
              {.name = option::max_take,
               .value = "K",
               .help = "a move takes at most K objects (K >= 1, any size)",
               .kind = OptionSpec::Kind::number},
          }};
}

GameSpec read_rules(const ParsedOptions& given) {
  GameSpec nim = spec_of_kind(GameSpec::Kind::nim);
  nim.misere = given.has(option::misere);
  if (const auto* cap = given.value(option::max_take))
    nim.max_take = parse_positive_integer(dashed(option::max_take), *cap);
  return nim;
}

OptionSpec seed_option() {
  return {.name = option::seed,
          .value = "S",
          .help = "seed of every random choice, 0 to 2^64-1 (default: drawn and reported)"};
}

OptionGroup choice_options() {
  return {"Move choice",
          {
              {.name = option::choose,
               .value = "POLICY",
               .help = "winning move to play: first, largest or random (default first)",
               .choices = names_of<Choice>(choices)},
              {.name = option::when_losing,
               .value = "POLICY",
               .help = "move from a lost position: largest-one, first-one or random "
                       "(default largest-one)",
               .choices = names_of<WhenLosing>(when_losing_moves)},
              seed_option(),
          }};
}

OptionSpec format_option(std::string_view help, Tables tables) {
  return {.name = option::format,
          .value = "FORMAT",
          .help = help,
          .choices = names_of<Format>(formats_of(tables))};
}

OptionGroup output_options(Format default_format, Tables tables) {
  std::string_view help =
      default_format == Format::json ? "json (default) or text" : "text (default) or json";
  if (tables == Tables::yes) help = "json (default), text, csv or tsv (tables: see --fields)";
  return {"Output",
          {
              format_option(help, tables),
              {.name = option::pretty, .help = "indent the JSON records"},
          }};
}

GameOptions read_game_options(const ParsedOptions& given, Format default_format, Tables tables) {
  GameOptions options;
  options.format = default_format;
  options.rules = read_rules(given);
  if (const auto* text = given.value(option::choose))
    options.strategy.choice = parse_named<Choice>(dashed(option::choose), *text, choices);
  if (const auto* text = given.value(option::when_losing))
    options.strategy.when_losing =
        parse_named<WhenLosing>(dashed(option::when_losing), *text, when_losing_moves);
  if (const auto* text = given.value(option::seed))
    options.seed = parse_whole_number(dashed(option::seed), *text);
  if (const auto* text = given.value(option::format))
    options.format = parse_named<Format>(dashed(option::format), *text, formats_of(tables));
  options.pretty = given.has(option::pretty);
  if (options.pretty && options.format != Format::json)
    throw UsageError("--pretty indents JSON; it cannot be used with --format " +
                     std::string(formats[static_cast<std::size_t>(options.format)].name));
  return options;
}

std::optional<std::uint64_t> seed_in_use(const GameOptions& options, bool random,
                                         std::string_view what_would_use_it) {
  if (!random) {
    if (options.seed) throw UsageError("--seed needs " + std::string(what_would_use_it));
    return std::nullopt;
  }
  return options.seed ? *options.seed : draw_seed();
}

void reject_operands(const ParsedOptions& given, std::size_t allowed, std::string_view hint) {
  if (given.operands().size() > allowed)
    throw UsageError("unexpected argument " + quoted(given.operands()[allowed]) +
                     std::string(hint));
}

}  // namespace nim
