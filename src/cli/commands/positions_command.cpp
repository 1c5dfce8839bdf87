// nim-game positions: position sets for data sets. A random sample (--count), balanced between
// won and lost positions if asked (--balanced), without repeats (--unique), split into files that
// share no position (--split), or every position of a space in order (--all); one a line in the
// plain form --batch reads, as JSON objects with their rules, or as CSV or TSV rows, labelled with
// what the rules say of them if asked (--label, --fields).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/field_checks.hpp"
#include "cli/commands/positions_games.hpp"
#include "cli/commands/positions_request.hpp"
#include "cli/commands/positions_sums.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/system/terminal.hpp"

namespace nim {

namespace {

// The file name extension of a format's records.
std::string extension_of(Format format) {
  switch (format) {
    case Format::json:
      return ".jsonl";
    case Format::csv:
      return ".csv";
    case Format::tsv:
      return ".tsv";
    case Format::npy:
      return ".npy";
    default:
      return ".txt";
  }
}

TableKind table_kind_of(Format format) {
  if (format == Format::npy) return TableKind::npy;
  return format == Format::csv ? TableKind::csv : TableKind::tsv;
}

// npy's records hold 64-bit signed integers: the largest heap, and the largest action id (heaps
// times it, less 1), must fit. Checked before anything is written. A move
// is held as its heap and count, which the games whose moves do more than take from one heap
// have not.
void check_npy_request(const PositionsRequest& request, const GameSpec& spec) {
  const BigHeap most_int64("9223372036854775807");
  const auto beyond = [&](const BigHeap& value, const std::string& what) {
    if (value > most_int64)
      throw UsageError("--format npy writes 64-bit integers: " + what +
                       " is beyond 2^63 - 1; give --format json, csv or tsv");
  };
  beyond(request.most_size, "--max-size " + request.most_size.get_str());
  if (request.pad) beyond(*request.pad, "--pad " + request.pad->get_str());
  if (has_field(request.fields, Field::action))
    beyond(request.most_size * BigHeap(request.heap_count.most) - 1,
           "an action id of --max-size " + request.most_size.get_str() + " and " +
               std::to_string(request.heap_count.most) + " heaps");
  if (has_field(request.fields, Field::move) && !moves_take_from_one_heap(spec))
    throw UsageError("--format npy writes a move as its heap and count: " + game_name(spec) +
                     " has other moves; give --format json, csv or tsv");
  if (request.set.split.empty() && is_terminal(1))
    throw UsageError("--format npy writes binary records: redirect standard output to a file");
}

// The table asked for: a column for each heap a position may have.
TableLayout table_layout_of(const PositionsRequest& request, bool move_as_json = false) {
  return {.kind = table_kind_of(request.game.format),
          .fields = request.fields,
          .heap_columns = request.heap_count.most,
          .pad = request.pad,
          .move_as_json = move_as_json};
}

int run(const ParsedOptions& given, Output& out) {
  if (given.has("sum")) return write_sum_positions(given, out);
  const PositionsRequest request = read_positions_request(given);
  const GameSpec spec = read_game(given, request.game.rules);
  // The fields chosen, or a table's, or Nim's JSON record; otherwise the game's own record.
  std::optional<std::vector<Field>> fields;
  std::optional<TableLayout> layout;
  if (request.fields_given || request.table() ||
      (labels_winning_only(spec) && request.game.format == Format::json)) {
    check_action_fields(request.fields, spec);
    fields = request.fields;
  }
  if (request.game.format == Format::npy) check_npy_request(request, spec);
  if (request.table()) layout = table_layout_of(request, !moves_take_from_one_heap(spec));
  return write_game_positions({.count = request.count,
                               .balanced = request.balanced,
                               .sorted = request.sorted,
                               .json = request.game.format == Format::json,
                               .label = request.label,
                               .heap_count = request.heap_count,
                               .least_size = request.least_size,
                               .most_size = request.most_size,
                               .seed = request.seed,
                               .seed_drawn = request.seed_drawn,
                               .set = request.set,
                               .fields = std::move(fields),
                               .layout = std::move(layout),
                               .extension = extension_of(request.game.format)},
                              GameWords(spec), out);
}

constexpr const char* epilogue = R"(Examples:
  nim-game positions --count 5 --heap-count 1..4 --max-size 10 --seed 1
  nim-game positions --count 1000 --heap-count 3..5 --max-size 100 --balanced \
      --misere
  nim-game positions --all --heap-count 1..3 --max-size 7 --sorted
  nim-game positions --all --heap-count 2 --max-size 3 | nim-game --batch
  nim-game positions --count 1000 --heap-count 3..8 --max-size 100 --balanced \
      --label --format csv
  nim-game positions --count 10000 --heap-count 3..6 --max-size 31 --balanced \
      --label --format csv --split train=0.8,test=0.2 --output-prefix data/
  nim-game positions --count 100 --heap-count 2 --max-size 20 --game wythoff \
      --balanced --label --format json
  nim-game positions --sum '--octal 0.77' --sum '--game wythoff' --count 5 \
      --heap-count 1..2 --max-size 9 | nim-game --batch --sum '--octal 0.77' \
      --sum '--game wythoff'

Exit status: 0 success; 2 bad command line, or --balanced or --unique asks for
positions that cannot be found; 3 output (or a --split file) failed, or memory
ran out.
)";

}  // namespace

Command positions_command() {
  return {.name = "positions",
          .summary = "write position sets: random, balanced won and lost, or every one",
          .guide = "data-sets.md",
          .usage =
              "positions --count N --heap-count A..B --max-size M [OPTION...]\n"
              "  nim-game positions --all --heap-count A..B --max-size M [--sorted] "
              "[OPTION...]\n"
              "  nim-game positions --sum GAME --sum GAME... --count N --heap-count A..B "
              "--max-size M [OPTION...]",
          .options = positions_options,
          .run = run,
          .epilogue = epilogue};
}

}  // namespace nim
