#include "cli/commands/field_options.hpp"

#include <cstdio>
#include <string>

#include "cli/commands/playout_options.hpp"
#include "cli/input/field_list.hpp"
#include "cli/input/heap_text.hpp"
#include "format/rules_words.hpp"

namespace nim {

void add_field_options(OptionGroup& output) {
  output.options.push_back(
      {.name = option::fields,
       .value = "LIST",
       .help = "only these fields, in this order: heaps, state, rules, winning, move, "
               "action, winning_moves, winning_actions, grundy_values, nim_sum, grundy_sum"});
  output.options.push_back({.name = option::max_heaps,
                            .value = "N",
                            .help = "csv, tsv with --batch: at most N heaps a line, the "
                                    "table's heap columns; rows written as lines come "
                                    "(default: the input's most, read first)"});
  output.options.push_back(
      {.name = option::pad,
       .value = "N",
       .help = "csv, tsv: fill the cells of missing heaps with N (default: empty)"});
}

bool is_table(Format format) {
  return format == Format::csv || format == Format::tsv;
}

FieldRequest read_field_request(const ParsedOptions& given, Format format, bool batch) {
  FieldRequest request;
  const std::string format_name =
      given.has(option::format) ? "--format " + *given.value(option::format) : "--fields";
  if (const auto* text = given.value(option::fields)) {
    if (format == Format::text)
      throw UsageError(
          "--fields chooses the keys of JSON records or the columns of csv and tsv; "
          "it cannot be used with --format text");
    request.fields = parse_field_list("--fields", *text);
  } else if (is_table(format)) {
    request.fields = std::vector<Field>{Field::heaps, Field::winning, Field::move};
  }
  for (const std::string_view table_option : {option::max_heaps, option::pad})
    if (given.has(table_option) && !is_table(format))
      throw UsageError(dashed(table_option) + " lays out a table: it needs --format csv or tsv");
  if (const auto* text = given.value(option::max_heaps)) {
    if (!batch) throw UsageError("--max-heaps needs --batch (-H has its own count)");
    request.heap_columns = parse_whole_number("--max-heaps", *text, 1, 1'000'000);
  }
  if (const auto* text = given.value(option::pad)) {
    const auto pad = parse_integer(*text);
    if (!pad || *pad < 0)
      throw UsageError("--pad " + quoted(*text) + " is not a whole number (0 or more)");
    request.pad = *pad;
  }
  if (!request.fields) return request;
  for (const std::string_view full_only :
       {std::string_view("move"), option::playout, std::string_view("explain"),
        std::string_view("all-moves")})
    if (given.has(full_only))
      throw UsageError(dashed(full_only) + " adds to the full record; " + format_name +
                       " writes the fields chosen" +
                       (full_only == "all-moves" ? " (name winning_moves among them)" : ""));
  request.lists_winning_moves = has_field(*request.fields, Field::winning_moves) ||
                                has_field(*request.fields, Field::winning_actions);
  return request;
}

std::optional<TableLayout> table_layout(FieldRequest& request, Format format, bool batch,
                                        std::size_t heaps_given, bool move_as_json,
                                        TableInput& input) {
  if (!is_table(format)) return std::nullopt;
  if (!batch) {
    request.heap_columns = heaps_given;
  } else if (!request.heap_columns) {
    input.spooled = spool_input(0);
    input.input_fd = fileno(input.spooled.file.get());
    request.heap_columns = input.spooled.most_heaps;
  }
  return TableLayout{.kind = format == Format::csv ? TableKind::csv : TableKind::tsv,
                     .fields = *request.fields,
                     .heap_columns = *request.heap_columns,
                     .pad = request.pad,
                     .batch = batch,
                     .move_as_json = move_as_json};
}

}  // namespace nim
