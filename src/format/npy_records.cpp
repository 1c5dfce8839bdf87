#include "format/npy_records.hpp"

#include <string>
#include <string_view>

namespace nim {

namespace {

// A field's entries in the dtype: "('heaps', '<i8', (3,)), ('heap_count', '<i8')".
std::string dtype_of(const TableLayout& layout, Field field) {
  std::string columns = "(";
  columns += std::to_string(layout.heap_columns);
  columns += ",)";
  const std::string name(about(field).name);
  switch (field) {
    case Field::heaps:
      return "('heaps', '<i8', " + columns + "), ('heap_count', '<i8')";
    case Field::grundy_values:
      return "('grundy_values', '<i8', " + columns + ")";
    case Field::move:
      return "('move', '<i8', (2,))";
    case Field::winning:
      return "('winning', '|b1')";
    default:
      return "('" + name + "', '<i8')";
  }
}

void append_little_endian(Buffer& out, std::uint64_t value, int bytes) {
  for (int k = 0; k < bytes; ++k)
    out += static_cast<char>((value >> (8 * k)) & 0xFF);
}

}  // namespace

bool npy_holds(Field field) {
  switch (field) {
    case Field::state:
    case Field::rules:
    case Field::winning_moves:
    case Field::winning_actions:
      return false;
    default:
      return true;
  }
}

void write_npy_header(Buffer& out, const TableLayout& layout, const BigHeap& rows) {
  std::string descr;
  for (const Field field : layout.fields) {
    if (!descr.empty()) descr += ", ";
    descr += dtype_of(layout, field);
  }
  std::string header =
      "{'descr': [" + descr + "], 'fortran_order': False, 'shape': (" + rows.get_str() + ",), }";
  // Version 1.0: the header's length in 2 bytes (a few fields keep it far below 64 KiB); magic,
  // version, length and the header, ended by a line feed, fill a multiple of 64 bytes (numpy's
  // alignment).
  header.append(63 - (10 + header.size()) % 64, ' ');
  header += '\n';
  out += std::string_view("\x93NUMPY\x01\x00", 8);
  append_little_endian(out, header.size(), 2);
  out += header;
}

}  // namespace nim
