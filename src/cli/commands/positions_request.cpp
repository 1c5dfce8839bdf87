// The positions command's options and what they ask, read and checked: a PositionsRequest.
#include "cli/commands/positions_request.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/input/field_list.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/heap_text.hpp"
#include "format/npy_records.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view count = "count";
constexpr std::string_view balanced = "balanced";
constexpr std::string_view sorted = "sorted";
constexpr std::string_view all = "all";
constexpr std::string_view heap_count = "heap-count";
constexpr std::string_view max_size = "max-size";
constexpr std::string_view label = "label";
constexpr std::string_view fields = "fields";
constexpr std::string_view unique = "unique";
constexpr std::string_view split = "split";
constexpr std::string_view output_prefix = "output-prefix";
constexpr std::string_view split_key = "split-key";
constexpr std::string_view pad = "pad";
}  // namespace option

std::vector<OptionGroup> options() {
  return {
      {"",
       {
           {.name = option::count, .value = "N", .help = "a random sample of N positions"},
           {.name = option::all, .help = "every position, in order"},
           {.name = option::heap_count,
            .value = "A..B",
            .help = "how many heaps a position has: A to B (or just N), at least 1"},
           {.name = option::max_size, .value = "M", .help = "the largest heap size (any size)"},
           {.name = "min-size", .value = "m", .help = "the smallest heap size (default 0)"},
           {.name = option::balanced,
            .value = "[per-heap-count]",
            .help = "with --count: half the positions won for the player to move, half lost "
                    "(per-heap-count: half of each heap count's, so that it tells nothing)",
            .choices = {"per-heap-count"},
            .optional = true},
           {.name = option::sorted, .help = "with --all: only sizes in non-decreasing order"},
           {.name = option::unique,
            .value = "[ordered]",
            .help = "with --count: no position twice (heaps in any order are the same position; "
                    "ordered: only in the same order)",
            .choices = {"ordered"},
            .optional = true},
           {.name = option::split,
            .value = "NAME=SHARE,...",
            .help = "with --count: parts that share no position, each a file (train=0.8,test=0.2); "
                    "a position's part is a hash of the position"},
           {.name = option::split_key,
            .value = "K",
            .help = "with --split: the hash's key, 0 to 2^64-1 (default 0), not the --seed"},
           {.name = option::output_prefix,
            .value = "PREFIX",
            .help = "with --split: part NAME goes to PREFIXNAME.txt, .jsonl, .csv or .tsv"},
           seed_option(),
           {.name = "sum",
            .value = "GAME",
            .help = "with --count: one game of a sum of games, its options alone, as in --sum "
                    "'--octal 0.77' (one --sum for each game): each game's heaps "
                    "drawn, --heap-count's or the game's own number"},
       }},
      {"Rules (for --balanced and --label)", rule_options().options},
      game_choice_options(),
      {"Output",
       {
           format_option("text (default: `1 3 5 7`, as --batch reads it), json "
                         "({\"heaps\":[1,3,5,7],\"rules\":{...}}), csv, tsv or npy "
                         "(numpy's array file)",
                         Tables::and_arrays),
           {.name = option::label,
            .help = "add what the rules say of each position: winning (and the --fields chosen)"},
           {.name = option::fields,
            .value = "LIST",
            .help = "what each record holds: heaps, state, rules, winning, move, action, "
                    "winning_moves, winning_actions, grundy_values, nim_sum, grundy_sum"},
           {.name = option::pad,
            .value = "N",
            .help = "csv, tsv, npy: fill the cells of missing heaps with N (default: empty; npy: "
                    "0)"},
       }},
  };
}

// A heap size given as an option: a whole number of any size.
BigHeap parse_size(std::string_view option, const std::string& text) {
  const auto size = parse_integer(text);
  if (!size || *size < 0)
    throw UsageError(std::string(option) + " " + quoted(text) +
                     " is not a whole number (0 or more, of any size)");
  return *size;
}

// The fields of a record when --fields is not given: the heaps, the rules in JSON (so that
// --batch can check them), and with --label whether the position is won.
std::vector<Field> default_fields(Format format, bool label) {
  std::vector<Field> fields{Field::heaps};
  if (format == Format::json) fields.push_back(Field::rules);
  if (label) fields.push_back(Field::winning);
  return fields;
}

void read_output_request(const ParsedOptions& given, PositionsRequest& request) {
  const Format format = request.game.format;
  request.label = given.has(option::label);
  const auto* fields = given.value(option::fields);
  request.fields_given = fields != nullptr;
  if (format == Format::text) {
    for (const std::string_view needs_fields : {option::label, option::fields})
      if (given.has(needs_fields))
        throw UsageError(
            dashed(needs_fields) +
            " writes fields: give --format json, csv, tsv or npy (text is the heaps alone)");
  }
  request.fields =
      fields ? parse_field_list("--fields", *fields) : default_fields(format, request.label);
  for (const Field field : request.fields) {
    if (format == Format::npy && !npy_holds(field))
      throw UsageError(
          "--format npy holds numbers of fixed size: --fields " + std::string(about(field).name) +
          (field == Field::state || field == Field::rules ? " is text"
                                                          : " is a list of any length") +
          "; give --format json, csv or tsv");
    if (about(field).needs_analysis && !request.label)
      throw UsageError("--fields " + std::string(about(field).name) +
                       " needs --label (the rules decide it)");
  }
  if (const auto* pad = given.value(option::pad)) {
    if (!request.table())
      throw UsageError("--pad fills table cells: it needs --format csv, tsv or npy");
    request.pad = parse_size("--pad", *pad);
  }
}

PositionsRequest read_request(const ParsedOptions& given) {
  PositionsRequest request;
  request.game = read_game_options(given, Format::text, Tables::and_arrays);
  request.balanced = given.has(option::balanced);
  request.sorted = given.has(option::sorted);
  const bool all = given.has(option::all);
  reject_operands(given);
  if (const auto* text = given.value(option::count))
    request.count = parse_whole_number("--count", *text);
  if (all && request.count) throw UsageError("--count and --all cannot be used together");
  if (!all && !request.count)
    throw UsageError("no positions asked for: give --count N (a random sample) or --all");
  const auto* heap_count = given.value(option::heap_count);
  if (!heap_count) throw UsageError("positions needs --heap-count A..B (how many heaps)");
  const auto [least, most] = parse_range("--heap-count", *heap_count, 1);
  request.heap_count = {least, most};
  const auto* max_size = given.value(option::max_size);
  if (!max_size) throw UsageError("positions needs --max-size M (the largest heap size)");
  request.most_size = parse_size("--max-size", *max_size);
  if (const auto* min_size = given.value("min-size"))
    request.least_size = parse_size("--min-size", *min_size);
  if (request.most_size < request.least_size)
    throw UsageError("--min-size " + request.least_size.get_str() + " is more than --max-size " +
                     request.most_size.get_str());

  if (request.sorted && !all) throw UsageError("--sorted needs --all");
  if (request.balanced && !request.count) throw UsageError("--balanced needs --count");
  read_output_request(given, request);
  request.set = read_set_request(given, request.count.has_value());
  if (request.balanced && request.set.split.empty() && *request.count % 2 != 0)
    throw UsageError("--balanced needs an even --count (half won, half lost), not " +
                     std::to_string(*request.count));
  const bool rules_used =
      request.balanced || request.label || has_field(request.fields, Field::rules);
  std::vector<OptionSpec> rules = rule_options().options;
  for (OptionSpec& game : game_choice_options().options)
    rules.push_back(std::move(game));
  for (const OptionSpec& rule : rules)
    if (given.has(rule.name) && !rules_used)
      throw UsageError(dashed(rule.name) +
                       " needs --balanced, --label or the rules field of --format json (the rules "
                       "decide who wins)");
  request.seed = seed_in_use(request.game, request.count.has_value(), "--count").value_or(0);
  request.seed_drawn = request.count && !request.game.seed;
  return request;
}

}  // namespace

std::vector<OptionGroup> positions_options() {
  return options();
}

PositionsRequest read_positions_request(const ParsedOptions& given) {
  return read_request(given);
}

}  // namespace nim
