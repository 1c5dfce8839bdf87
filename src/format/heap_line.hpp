// A position as one line of the plain form that --batch reads: its sizes in decimal, separated by
// single spaces (`1 3 5 7`), without the newline; with another separator, OpenSpiel's state string
// (`1;3;5;7`) or the cells of a table row.
#pragma once

#include <span>
#include <type_traits>

#include "format/json_writer.hpp"
#include "nim/heap.hpp"
#include "text/buffer.hpp"

namespace nim {

template <HeapInteger Heap>
void write_heap_line(Buffer& out, std::span<const Heap> heaps, char separator = ' ') {
  if constexpr (std::is_same_v<Heap, SmallHeap>) {  // one reservation for the whole line
    char* const start = out.room(21 * heaps.size());
    char* p = start;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (i > 0) *p++ = separator;
      p = write_decimal(p, heaps[i]);
    }
    out.commit(static_cast<std::size_t>(p - start));
  } else {
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (i > 0) out += separator;
      append_number(out, heaps[i]);
    }
  }
}

}  // namespace nim
