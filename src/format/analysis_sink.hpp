// Where the analyse command's records go: an analysis, the verdict on a proposed move, the plies of
// a playout, the record of a --batch line that cannot be read. The command picks a sink once, from
// --format, and is written once, generic over the sink (AnalysisSink): it never asks again which
// format is in use. A new format is a new sink.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>

#include "format/json_records.hpp"
#include "format/text.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/games/nim.hpp"
#include "nim/move_check.hpp"
#include "nim/playout.hpp"
#include "text/buffer.hpp"

namespace nim {

// What a sink of analyse records does. Each method appends one record (or one ply of a playout)
// to `out`, ended as the format ends it; `last_of_batch` marks the end of a --batch line's records.
template <class Sink>
concept AnalysisSink = requires(const Sink& sink, Buffer& out,
                                const Analysis<NimRules<SmallHeap>>& analysis,
                                const Ply<NimRules<SmallHeap>>& ply, const RecordContext& context,
                                const ProposedMove& proposed, const MoveVerdict<SmallHeap>& verdict,
                                const std::optional<Explanation<SmallHeap>>& explanation,
                                std::uint64_t line, std::string_view text, bool last_of_batch) {
  sink.analysis(out, analysis, context, explanation, last_of_batch);
  sink.move_check(out, analysis, proposed, verdict, context, explanation, last_of_batch);
  sink.ply(out, ply, context, explanation, last_of_batch);
  sink.bad_line(out, line, context.id, text, text);
};

// JSON Lines: one record a line, indented with --pretty; a playout's plies in full or, with
// --trace moves, only the move.
class JsonAnalysisSink {
 public:
  JsonAnalysisSink(bool pretty, bool trace_moves) : pretty_(pretty), trace_moves_(trace_moves) {}

  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void analysis(Buffer& out, const Analysis<Rules>& analysis, const RecordContext& context,
                const std::optional<Explanation<Heap>>& explanation, bool) const {
    JsonWriter w(out, pretty_);
    write_analysis(w, analysis, context, explanation);
    out += '\n';
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void move_check(Buffer& out, const Analysis<Rules>& analysis, const ProposedMove& proposed,
                  const MoveVerdict<Heap>& verdict, const RecordContext& context,
                  const std::optional<Explanation<Heap>>& explanation, bool) const {
    JsonWriter w(out, pretty_);
    write_move_check(w, analysis, proposed, verdict, context, explanation);
    out += '\n';
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void ply(Buffer& out, const Ply<Rules>& ply, const RecordContext& context,
           const std::optional<Explanation<Heap>>& explanation, bool) const {
    JsonWriter w(out, pretty_);
    if (trace_moves_)
      write_ply_move(w, ply, context);
    else
      write_ply(w, ply, context, explanation);
    out += '\n';
  }
  void bad_line(Buffer& out, std::uint64_t line, std::optional<std::string_view> id,
                std::string_view input, std::string_view error) const {
    JsonWriter w(out, pretty_);
    write_input_error(w, line, id, input, error);
    out += '\n';
  }

 private:
  bool pretty_;
  bool trace_moves_;
};

// Text for people: the board, the verdict and the move; a blank line after each --batch line's
// records sets them apart.
class TextAnalysisSink {
 public:
  explicit TextAnalysisSink(TextStyle style) : style_(style) {}

  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void analysis(Buffer& out, const Analysis<Rules>& analysis, const RecordContext& context,
                const std::optional<Explanation<Heap>>& explanation, bool last_of_batch) const {
    write_analysis_text(out, analysis, context, style_, explanation);
    end(out, last_of_batch);
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void move_check(Buffer& out, const Analysis<Rules>& analysis, const ProposedMove& proposed,
                  const MoveVerdict<Heap>& verdict, const RecordContext& context,
                  const std::optional<Explanation<Heap>>& explanation, bool last_of_batch) const {
    write_move_check_text(out, analysis, proposed, verdict, context, style_, explanation);
    end(out, last_of_batch);
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void ply(Buffer& out, const Ply<Rules>& ply, const RecordContext& context,
           const std::optional<Explanation<Heap>>& explanation, bool last_of_batch) const {
    write_ply_text(out, ply, context, style_, explanation);
    end(out, last_of_batch);
  }
  void bad_line(Buffer& out, std::uint64_t line, std::optional<std::string_view>,
                std::string_view input, std::string_view error) const {
    write_input_error_text(out, line, input, error, style_);
    end(out, true);
  }

 private:
  static void end(Buffer& out, bool last_of_batch) {
    if (last_of_batch) out += '\n';
  }

  TextStyle style_;
};

static_assert(AnalysisSink<JsonAnalysisSink> && AnalysisSink<TextAnalysisSink>);

}  // namespace nim
