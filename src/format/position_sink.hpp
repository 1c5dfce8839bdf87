// Where the positions command's positions go, one a line: as JSON ({"heaps":[1,3,5,7]}) or as the
// plain line --batch reads (1 3 5 7). The command picks a sink once, from --format, and is written
// once, generic over the sink (PositionSink). A new format is a new sink.
#pragma once

#include <concepts>
#include <span>

#include "format/heap_line.hpp"
#include "format/json_records.hpp"
#include "nim/heap.hpp"
#include "text/buffer.hpp"

namespace nim {

template <class Sink>
concept PositionSink = requires(const Sink& sink, Buffer& out, std::span<const SmallHeap> small,
                                std::span<const BigHeap> big) {
  sink.position(out, small);
  sink.position(out, big);
};

struct JsonPositionSink {
  template <HeapInteger Heap>
  void position(Buffer& out, std::span<const Heap> heaps) const {
    JsonWriter w(out, false);
    write_position(w, heaps);
    out += '\n';
  }
};

struct TextPositionSink {
  template <HeapInteger Heap>
  void position(Buffer& out, std::span<const Heap> heaps) const {
    write_heap_line(out, heaps);
    out += '\n';
  }
};

static_assert(PositionSink<JsonPositionSink> && PositionSink<TextPositionSink>);

}  // namespace nim
