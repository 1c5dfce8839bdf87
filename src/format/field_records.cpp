#include "format/field_records.hpp"

#include <string>
#include <utility>

namespace nim {

namespace {

char separator_of(const TableLayout& layout) {
  return layout.kind == TableKind::csv ? ',' : '\t';
}

// The columns of a field: its names, in order.
std::vector<std::string> columns_of(const TableLayout& layout, Field field) {
  const auto numbered = [&](std::string_view letter) {
    std::vector<std::string> names;
    for (std::size_t i = 1; i <= layout.heap_columns; ++i) {
      std::string name(letter);
      name += std::to_string(i);  // not letter + to_string(i): a false -Wrestrict of GCC 12
      names.push_back(std::move(name));
    }
    return names;
  };
  switch (field) {
    case Field::heaps:
      return numbered("h");
    case Field::grundy_values:
      return numbered("g");
    case Field::move:
      if (layout.move_as_json) return {"move"};
      return {"move_heap", "move_take"};
    default:
      return {std::string(about(field).name)};
  }
}

}  // namespace

void write_table_header(Buffer& out, const TableLayout& layout) {
  std::vector<std::string> names;
  if (layout.batch) names.push_back("line");
  for (const Field field : layout.fields)
    for (std::string& name : columns_of(layout, field))
      names.push_back(std::move(name));
  if (layout.batch) names.push_back("error");
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += separator_of(layout);
    out += names[i];
  }
  out += '\n';
}

void append_table_text(Buffer& out, TableKind kind, std::string_view text) {
  if (kind == TableKind::tsv) {
    for (const char c : text) {
      switch (c) {
        case '\t':
          out += std::string_view("\\t");
          break;
        case '\n':
          out += std::string_view("\\n");
          break;
        case '\r':
          out += std::string_view("\\r");
          break;
        case '\\':
          out += std::string_view("\\\\");
          break;
        default:
          out += c;
      }
    }
    return;
  }
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void write_table_error_row(Buffer& out, const TableLayout& layout, std::uint64_t line,
                           std::string_view error) {
  append_number(out, line);
  for (const Field field : layout.fields)
    for (std::size_t i = columns_of(layout, field).size(); i > 0; --i)
      out += separator_of(layout);
  out += separator_of(layout);
  append_table_text(out, layout.kind, error);
  out += '\n';
}

}  // namespace nim
