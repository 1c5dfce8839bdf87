// Where the positions command's positions go, one a line: as JSON ({"heaps":[1,3,5,7],"rules":
// {...}} and the fields chosen), as the plain line --batch reads (1 3 5 7), or as the rows of a
// CSV or TSV table after its header. The command picks a sink once, from --format, and is written
// once, generic over the sink (PositionSink). A new format is a new sink.
#pragma once

#include <concepts>
#include <utility>
#include <vector>

#include "format/field_records.hpp"
#include "format/heap_line.hpp"
#include "format/json_records.hpp"
#include "nim/analysis.hpp"
#include "nim/fields.hpp"
#include "nim/games/nim/nim.hpp"
#include "text/buffer.hpp"

namespace nim {

// header() once, before the first position; then position() for each, with its analysis when the
// fields need one (else an analysis holding only the position and the rules).
template <class Sink>
concept PositionSink = requires(const Sink& sink, Buffer& out,
                                const Analysis<NimRules<SmallHeap>>& small,
                                const Analysis<NimRules<BigHeap>>& big) {
  sink.header(out);
  sink.position(out, small);
  sink.position(out, big);
};

class JsonPositionSink {
 public:
  explicit JsonPositionSink(std::vector<Field> fields) : fields_(std::move(fields)) {}

  void header(Buffer&) const {}
  template <HeapSumRuleset Rules>
  void position(Buffer& out, const Analysis<Rules>& analysis) const {
    JsonWriter w(out, false);
    write_field_record(w, analysis, fields_, {});
    out += '\n';
  }

 private:
  std::vector<Field> fields_;
};

struct TextPositionSink {
  void header(Buffer&) const {}
  template <HeapSumRuleset Rules>
  void position(Buffer& out, const Analysis<Rules>& analysis) const {
    write_heap_line(out, analysis.position);
    out += '\n';
  }
};

class TablePositionSink {
 public:
  explicit TablePositionSink(TableLayout layout) : layout_(std::move(layout)) {}

  void header(Buffer& out) const { write_table_header(out, layout_); }
  template <HeapSumRuleset Rules>
  void position(Buffer& out, const Analysis<Rules>& analysis) const {
    write_table_row(out, layout_, analysis);
  }

 private:
  TableLayout layout_;
};

static_assert(PositionSink<JsonPositionSink> && PositionSink<TextPositionSink> &&
              PositionSink<TablePositionSink>);

}  // namespace nim
