// Records of positions field by field (nim/fields.hpp), for data sets: a JSON object of the
// fields chosen, or a row of a CSV (RFC 4180) or TSV table. `positions --label` and `analyse
// --fields` write them through their sinks; nothing here solves anything.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "format/heap_line.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
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

}  // namespace record

// What a record of fields reads of an analysis: a game's (GameFields,
// format/game_field_records.hpp). The records and the rows below are written against this.
template <class F>
concept FieldSource = requires(const F& f, JsonWriter& w, Buffer& out, std::size_t i) {
  f.heaps();  // a span of the heap sizes
  f.write_rules(w);
  { f.winning() } -> std::same_as<bool>;
  { f.has_move() } -> std::same_as<bool>;
  f.write_move(w);                // null without a move
  f.append_move_cells(out, ',');  // with a move: its heap and count
  f.append_action(out);           // with a move
  // Each winning move (when listed), in JSON and as its action id.
  f.winning_moves();
  f.write_move_of(w, *std::ranges::begin(f.winning_moves()));
  f.append_action_of(out, *std::ranges::begin(f.winning_moves()));
  { f.has_grundy_values() } -> std::same_as<bool>;
  f.append_grundy_value(out, i);  // with values: heap i's
  f.append_nim_sum(out);
  { f.has_grundy_sum() } -> std::same_as<bool>;
  f.append_grundy_sum(out);  // with a sum
};

namespace record {

// Every field's JSON value in a record, and the value of a field that a table writes in one cell
// (a list, the rules).
template <FieldSource Source>
void write_field_value(JsonWriter& w, const Source& source, Field field) {
  const auto heaps = source.heaps();
  switch (field) {
    case Field::heaps:
      return write_heaps(w, heaps);
    case Field::state: {
      Buffer& out = w.raw_value();
      out += '"';
      write_heap_line(out, heaps, ';');
      out += '"';
      return;
    }
    case Field::rules:
      return source.write_rules(w);
    case Field::winning:
      return w.boolean(source.winning());
    case Field::move:
      return source.write_move(w);
    case Field::action:
      if (!source.has_move()) return w.null();
      return source.append_action(w.raw_value());
    case Field::winning_moves:
      w.begin_array();
      for (const auto& move : source.winning_moves())
        source.write_move_of(w, move);
      return w.end_array();
    case Field::winning_actions:
      w.begin_array();
      for (const auto& move : source.winning_moves())
        source.append_action_of(w.raw_value(), move);
      return w.end_array();
    case Field::grundy_values:
      if (!source.has_grundy_values()) return w.null();
      w.begin_array();
      for (std::size_t i = 0; i < heaps.size(); ++i)
        source.append_grundy_value(w.raw_value(), i);
      return w.end_array();
    case Field::nim_sum:
      return source.append_nim_sum(w.raw_value());
    case Field::grundy_sum:
      if (!source.has_grundy_sum()) return w.null();
      return source.append_grundy_sum(w.raw_value());
  }
}

}  // namespace record

// {"heaps":[1,3,5,7],"rules":{...},"winning":false,...}: the fields chosen, in their order, then
// the record's context (`line`, `id` in --batch mode). The analysis holds winning_moves when they
// are among the fields; only heaps, state and rules are read from an analysis of the position
// alone (not analysed).
template <FieldSource Source>
void write_field_record(JsonWriter& w, const Source& source, std::span<const Field> fields,
                        const RecordContext& context) {
  w.begin_object();
  for (const Field field : fields) {
    w.key(about(field).name);
    record::write_field_value(w, source, field);
  }
  record::write_context(w, context);
  w.end_object();
}

// ---- Tables ----

// npy: numpy's array file, one record a position (format/npy_records.hpp).
enum class TableKind { csv, tsv, npy };

// The columns of a table, fixed before its first row: the fields chosen; the heaps (and Grundy
// values) in `heap_columns` columns each, a shorter position padded with `pad` (empty cells
// without it); with `batch`, the input line first and the error of an unreadable line last.
struct TableLayout {
  TableKind kind = TableKind::csv;
  std::vector<Field> fields;
  std::size_t heap_columns = 0;
  std::optional<BigHeap> pad;
  bool batch = false;
  // The move in one cell, as its JSON text ("move"), for a game whose moves may take from several
  // heaps or split one; otherwise in two (move_heap, move_take).
  bool move_as_json = false;
};

// The header row: line, h1..hN, state, rules, winning, move_heap, move_take, action,
// winning_moves, winning_actions, g1..gN, nim_sum, grundy_sum, error (those in use, in order).
void write_table_header(Buffer& out, const TableLayout& layout);

// A text cell: as it is when it needs nothing else; in CSV, in double quotes (doubled inside) when
// it holds a comma, a quote or a line break (RFC 4180); in TSV, with tab, line breaks and
// backslash as \t, \n, \r and \\ (TSV has no quoting).
void append_table_text(Buffer& out, TableKind kind, std::string_view text);

namespace record {

// A field whose value is a JSON list or object, in one cell as its JSON text.
template <FieldSource Source>
void append_json_cell(Buffer& out, const TableLayout& layout, const Source& source, Field field) {
  Buffer json;
  JsonWriter w(json, false);
  write_field_value(w, source, field);
  append_table_text(out, layout.kind, json.view());
}

}  // namespace record

// One row: the fields of a position (analysed, when the fields need it), ended by LF (RFC 4180
// asks for CRLF; CSV readers take both, and Unix tools want LF). `line`: its --batch line. The
// heaps (and Grundy values) fill `layout.heap_columns` cells, padded; the caller checked that
// they fit.
template <FieldSource Source>
void write_table_row(Buffer& out, const TableLayout& layout, const Source& source,
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
  const auto heaps = source.heaps();
  const auto heap_cells = [&](const auto& append_value) {
    for (std::size_t i = 0; i < layout.heap_columns; ++i) {
      if (i > 0) out += separator;
      if (i < heaps.size())
        append_value(i);
      else if (layout.pad)
        append_number(out, *layout.pad);
    }
  };
  for (const Field field : layout.fields) {
    next_cell();
    switch (field) {
      case Field::heaps:
        if (!layout.pad && heaps.size() == layout.heap_columns) {
          write_heap_line(out, heaps, separator);
          break;
        }
        heap_cells([&](std::size_t i) { append_number(out, heaps[i]); });
        break;
      case Field::grundy_values:
        if (source.has_grundy_values()) {
          heap_cells([&](std::size_t i) { source.append_grundy_value(out, i); });
        } else {
          for (std::size_t i = 1; i < layout.heap_columns; ++i)
            out += separator;
        }
        break;
      case Field::state:
        write_heap_line(out, heaps, ';');
        break;
      case Field::winning:
        out += source.winning() ? '1' : '0';
        break;
      case Field::move:
        if (layout.move_as_json) {
          if (source.has_move()) record::append_json_cell(out, layout, source, field);
        } else if (source.has_move()) {
          source.append_move_cells(out, separator);
        } else {
          out += separator;
        }
        break;
      case Field::action:
        if (source.has_move()) source.append_action(out);
        break;
      case Field::nim_sum:
        source.append_nim_sum(out);
        break;
      case Field::grundy_sum:
        if (source.has_grundy_sum()) source.append_grundy_sum(out);
        break;
      case Field::rules:
      case Field::winning_moves:
      case Field::winning_actions:
        record::append_json_cell(out, layout, source, field);
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
