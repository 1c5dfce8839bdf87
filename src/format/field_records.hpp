// Records of positions field by field (nim/fields.hpp), for data sets: a JSON object of the
// fields chosen, or a row of a CSV (RFC 4180) or TSV table. `positions --label` and `analyse
// --fields` write them through their sinks; nothing here solves anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "format/heap_line.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "nim/analysis.hpp"
#include "nim/fields.hpp"
#include "text/buffer.hpp"

namespace nim {

namespace record {

// OpenSpiel's action id of a move, exactly, whatever its size.
template <HeapInteger Heap>
void append_action(Buffer& out, const Move<Heap>& move, std::size_t heap_count) {
  if constexpr (std::is_same_v<Heap, SmallHeap>) {
    if (const auto id = openspiel_action(move, heap_count)) return append_number(out, *id);
    append_number(out, openspiel_action(Move<BigHeap>{move.heap, to_big(move.count)}, heap_count));
  } else {
    append_number(out, openspiel_action(move, heap_count));
  }
}

// The JSON value of a field that a table writes in one cell (a list, the rules), and every
// field's JSON value in a record.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_field_value(JsonWriter& w, const Analysis<Rules>& analysis, Field field) {
  const std::size_t heap_count = analysis.position.size();
  switch (field) {
    case Field::heaps:
      return write_heaps(w, analysis.position);
    case Field::state: {
      Buffer& out = w.raw_value();
      out += '"';
      write_heap_line(out, analysis.position, ';');
      out += '"';
      return;
    }
    case Field::rules:
      return write_rules(w, analysis.rules);
    case Field::winning:
      return w.boolean(analysis.winning);
    case Field::move:
      return write_move(w, analysis.move);
    case Field::action:
      if (!analysis.move) return w.null();
      return append_action(w.raw_value(), *analysis.move, heap_count);
    case Field::winning_moves:
      w.begin_array();
      for (const auto& move : *analysis.winning_moves)
        write_move(w, std::optional(move));
      return w.end_array();
    case Field::winning_actions:
      w.begin_array();
      for (const auto& move : *analysis.winning_moves)
        append_action(w.raw_value(), move, heap_count);
      return w.end_array();
    case Field::grundy_values:
      w.begin_array();
      for (const Heap& h : analysis.position)
        w.number(analysis.rules.grundy(h));
      return w.end_array();
    case Field::nim_sum:
      return w.number(analysis.nim_sum);
    case Field::grundy_sum:
      return w.number(analysis.grundy_sum);
  }
}

}  // namespace record

// {"heaps":[1,3,5,7],"rules":{...},"winning":false,...}: the fields chosen, in their order, then
// the record's context (`line`, `id` in --batch mode). `analysis` holds winning_moves when they
// are among the fields; only heaps, state and rules are read from an analysis of the position
// alone (not analysed).
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_field_record(JsonWriter& w, const Analysis<Rules>& analysis,
                        std::span<const Field> fields, const RecordContext& context) {
  w.begin_object();
  for (const Field field : fields) {
    w.key(about(field).name);
    record::write_field_value(w, analysis, field);
  }
  record::write_context(w, context);
  w.end_object();
}

// ---- Tables ----

enum class TableKind { csv, tsv };

// The columns of a table, fixed before its first row: the fields chosen; the heaps (and Grundy
// values) in `heap_columns` columns each, a shorter position padded with `pad` (empty cells
// without it); with `batch`, the input line first and the error of an unreadable line last.
struct TableLayout {
  TableKind kind = TableKind::csv;
  std::vector<Field> fields;
  std::size_t heap_columns = 0;
  std::optional<BigHeap> pad;
  bool batch = false;
};

// The header row: line, h1..hN, state, rules, winning, move_heap, move_take, action,
// winning_moves, winning_actions, g1..gN, nim_sum, grundy_sum, error (those in use, in order).
void write_table_header(Buffer& out, const TableLayout& layout);

// A text cell: as it is when it needs nothing else; in CSV, in double quotes (doubled inside) when
// it holds a comma, a quote or a line break (RFC 4180); in TSV, with tab, line breaks and
// backslash as \t, \n, \r and \\ (TSV has no quoting).
void append_table_text(Buffer& out, TableKind kind, std::string_view text);

namespace record {

// Sizes or Grundy values in `layout.heap_columns` cells, padded; the caller checked that they fit.
template <HeapInteger Heap, class Value>
void append_heap_cells(Buffer& out, const TableLayout& layout, std::span<const Heap> heaps,
                       const Value& value, char separator) {
  for (std::size_t i = 0; i < layout.heap_columns; ++i) {
    if (i > 0) out += separator;
    if (i < heaps.size())
      append_number(out, value(heaps[i]));
    else if (layout.pad)
      append_number(out, *layout.pad);
  }
}

// A field whose value is a JSON list or object, in one cell as its JSON text.
template <HeapSumRuleset Rules>
void append_json_cell(Buffer& out, const TableLayout& layout, const Analysis<Rules>& analysis,
                      Field field) {
  Buffer json;
  JsonWriter w(json, false);
  write_field_value(w, analysis, field);
  append_table_text(out, layout.kind, json.view());
}

}  // namespace record

// One row: the fields of a position (analysed, when the fields need it), ended by LF (RFC 4180
// asks for CRLF; CSV readers take both, and Unix tools want LF). `line`: its --batch line.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_table_row(Buffer& out, const TableLayout& layout, const Analysis<Rules>& analysis,
                     std::optional<std::uint64_t> line = std::nullopt) {
  const char separator = layout.kind == TableKind::csv ? ',' : '\t';
  bool first = true;
  const auto next_cell = [&] {
    if (!first) out += separator;
    first = false;
  };
  if (layout.batch) {
    next_cell();
    append_number(out, *line);
  }
  const auto& position = analysis.position;
  for (const Field field : layout.fields) {
    next_cell();
    switch (field) {
      case Field::heaps:
        if (!layout.pad && position.size() == layout.heap_columns) {
          write_heap_line(out, position, separator);
          break;
        }
        record::append_heap_cells(
            out, layout, position, [](const Heap& h) { return h; }, separator);
        break;
      case Field::grundy_values:
        record::append_heap_cells(
            out, layout, position, [&](const Heap& h) { return analysis.rules.grundy(h); },
            separator);
        break;
      case Field::state:
        write_heap_line(out, position, ';');
        break;
      case Field::winning:
        out += analysis.winning ? '1' : '0';
        break;
      case Field::move:
        if (analysis.move) {
          append_number(out, std::uint64_t{analysis.move->heap});
          out += separator;
          append_number(out, analysis.move->count);
        } else {
          out += separator;
        }
        break;
      case Field::action:
        if (analysis.move) record::append_action(out, *analysis.move, position.size());
        break;
      case Field::nim_sum:
        append_number(out, analysis.nim_sum);
        break;
      case Field::grundy_sum:
        append_number(out, analysis.grundy_sum);
        break;
      case Field::rules:
      case Field::winning_moves:
      case Field::winning_actions:
        record::append_json_cell(out, layout, analysis, field);
        break;
    }
  }
  if (layout.batch) out += separator;  // the empty error cell
  out += '\n';
}

// The row of a --batch line that cannot be read: its number, empty cells, and why.
void write_table_error_row(Buffer& out, const TableLayout& layout, std::uint64_t line,
                           std::string_view error);

}  // namespace nim
