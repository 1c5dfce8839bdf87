// Records of positions as numpy's array file (.npy, format version 1.0): one structured record a
// position, a field of fixed size for each field chosen, so that numpy.load() reads a whole set at
// once and a["heaps"] is an array of rows. Every number is a little-endian 64-bit signed integer
// ('<i8'), winning a byte ('|b1'); a missing value is -1. The heaps are padded to the most heaps a
// position may have (with --pad, else 0) and followed by heap_count, which padding would lose.
// The fields of variable size or text (state, rules, winning_moves, winning_actions) have no such
// form: the command refuses them before writing. Nothing here solves anything.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "format/field_records.hpp"
#include "nim/heap.hpp"
#include "text/buffer.hpp"

namespace nim {

// Whether a field has a form of fixed size in .npy.
bool npy_holds(Field field);

// The file's magic, version and header: the records' dtype (from the layout's fields and heap
// columns) and their number, `rows`.
void write_npy_header(Buffer& out, const TableLayout& layout, const BigHeap& rows);

namespace npy {

// A value as '<i8': little-endian whatever the machine. The command checks the sizes before any
// record (--max-size, and heaps times it for actions), so a value beyond is a defect.
inline void append_int64(Buffer& out, std::int64_t value) {
  auto bits = static_cast<std::uint64_t>(value);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
  char bytes[8];
  std::memcpy(bytes, &bits, 8);
  out += std::string_view(bytes, 8);
}
template <class Number>
void append_number(Buffer& out, const Number& value) {
  constexpr auto most = std::uint64_t{std::numeric_limits<std::int64_t>::max()};
  if constexpr (std::same_as<Number, BigHeap>) {
    if (!fits_small(value) || to_small(value) > most)
      throw std::overflow_error("a value beyond 2^63 - 1 in an npy record");
    append_int64(out, static_cast<std::int64_t>(to_small(value)));
  } else {
    if (std::uint64_t{value} > most)
      throw std::overflow_error("a value beyond 2^63 - 1 in an npy record");
    append_int64(out, static_cast<std::int64_t>(value));
  }
}

// The heaps padded to the layout's columns, then their count. Machine words on a little-endian
// machine are copied as they are, in one append, once no size is beyond 2^63 - 1 (their OR
// shows it): sets of millions of rows are written at the speed of their text lines.
template <class Heap>
void append_heaps(Buffer& out, std::span<const Heap> heaps, const TableLayout& layout) {
  if constexpr (std::same_as<Heap, SmallHeap> && std::endian::native == std::endian::little) {
    SmallHeap any_bits = 0;
    for (const SmallHeap h : heaps)
      any_bits |= h;
    if (any_bits >> 63 == 0) {
      out.append(reinterpret_cast<const char*>(heaps.data()), 8 * heaps.size());
      if (heaps.size() < layout.heap_columns) {
        const std::int64_t pad = layout.pad ? static_cast<std::int64_t>(to_small(*layout.pad)) : 0;
        for (std::size_t i = heaps.size(); i < layout.heap_columns; ++i)
          append_int64(out, pad);
      }
      append_int64(out, static_cast<std::int64_t>(heaps.size()));
      return;
    }
  }
  for (std::size_t i = 0; i < layout.heap_columns; ++i) {
    if (i < heaps.size())
      append_number(out, heaps[i]);
    else
      append_number(out, layout.pad.value_or(BigHeap(0)));
  }
  append_number(out, std::uint64_t{heaps.size()});
}

}  // namespace npy

// What an npy record reads of a position's fields, besides FieldSource: the numbers themselves.
template <class F>
concept NpySource = FieldSource<F> && requires(const F& f, std::size_t i) {
  f.move_take();         // with a move taking from one heap: its take (heap, count)
  f.action_id();         // with such a move: OpenSpiel's id, exact
  f.nim_sum_value();     // the XOR of the heap sizes
  f.grundy_sum_value();  // with a sum
  f.with_grundy_value(i, [](const auto&) {});  // with values: heap i's
};

// One record: the fields of a position, in the layout's order, padded as the header says.
template <NpySource Source>
void write_npy_row(Buffer& out, const TableLayout& layout, const Source& source) {
  const auto heaps = source.heaps();
  for (const Field field : layout.fields) {
    switch (field) {
      case Field::heaps:
        npy::append_heaps(out, heaps, layout);
        break;
      case Field::winning:
        out += static_cast<char>(source.winning() ? 1 : 0);
        break;
      case Field::move:
        if (source.has_move()) {
          const auto& take = source.move_take();
          npy::append_number(out, std::uint64_t{take.heap});
          npy::append_number(out, take.count);
        } else {
          npy::append_int64(out, -1);
          npy::append_int64(out, -1);
        }
        break;
      case Field::action:
        if (source.has_move())
          npy::append_number(out, source.action_id());
        else
          npy::append_int64(out, -1);
        break;
      case Field::grundy_values:
        for (std::size_t i = 0; i < layout.heap_columns; ++i) {
          if (i < heaps.size() && source.has_grundy_values())
            source.with_grundy_value(i, [&](const auto& value) { npy::append_number(out, value); });
          else
            npy::append_int64(out, -1);
        }
        break;
      case Field::nim_sum:
        npy::append_number(out, source.nim_sum_value());
        break;
      case Field::grundy_sum:
        if (source.has_grundy_sum())
          npy::append_number(out, source.grundy_sum_value());
        else
          npy::append_int64(out, -1);
        break;
      case Field::state:
      case Field::rules:
      case Field::winning_moves:
      case Field::winning_actions:
        throw std::logic_error("an npy record of a field it cannot hold");
    }
  }
}

}  // namespace nim
