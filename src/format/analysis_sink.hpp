// Where the analyse command's records go: an analysis, the verdict on a proposed move, the plies of
// a playout, the record of a --batch line that cannot be read, of every game. The command picks a
// sink once, from --format, and is written once, generic over the sink (AnalysisSink): it never
// asks again which format is in use. A new format is a new sink.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "format/field_records.hpp"
#include "format/game_field_records.hpp"
#include "format/game_playout_records.hpp"
#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_playout.hpp"
#include "text/buffer.hpp"

namespace nim {

// A game's --explain in writing, when asked.
template <HeapInteger Heap>
using ExplanationIfAsked = std::optional<WrittenExplanation<Heap>>;

// What a sink of analyse records does. header() appends what comes before the first record (a
// table's header row); each other method appends one record to `out`, ended as the format ends
// it; `last_of_batch` marks the end of a --batch line's records.
template <class Sink>
concept AnalysisSink = requires(const Sink& sink, Buffer& out, const GameWords& words,
                                const GameAnalysis<SmallHeap>& game, const RecordContext& context,
                                const ExplanationIfAsked<SmallHeap>& explanation,
                                std::uint64_t line, std::string_view text, bool last_of_batch) {
  sink.header(out);
  sink.analysis(out, words, game, context, explanation, last_of_batch);
  sink.bad_line(out, line, context.id, text, text);
};

// A sink of the full records, which also writes the verdict on a proposed move and the plies of a
// playout. The sinks of chosen fields (JSON with --fields, CSV, TSV) write analyses only.
template <class Sink>
concept FullAnalysisSink = AnalysisSink<Sink> &&
    requires(const Sink& sink, Buffer& out, const GameWords& words,
             const GameAnalysis<SmallHeap>& game, const GameMoveCheck<SmallHeap>& check,
             const GamePly<SmallHeap>& ply, const RecordContext& context,
             const ExplanationIfAsked<SmallHeap>& explanation, bool last_of_batch) {
  sink.move_check(out, words, game, check, context, explanation, last_of_batch);
  sink.ply(out, words, ply, context, explanation, last_of_batch);
};

// JSON Lines: one record a line, indented with --pretty; a playout's plies in full or, with
// --trace moves, only the move.
// A line that could not be read, as a JSON error record on a line of its own.
inline void write_bad_line(Buffer& out, bool pretty, std::uint64_t line,
                           std::optional<std::string_view> id, std::string_view input,
                           std::string_view error) {
  JsonWriter w(out, pretty);
  write_input_error(w, line, id, input, error);
  out += '\n';
}

class JsonAnalysisSink {
 public:
  JsonAnalysisSink(bool pretty, bool trace_moves) : pretty_(pretty), trace_moves_(trace_moves) {}

  void header(Buffer&) const {}
  template <HeapInteger Heap>
  void analysis(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                const RecordContext& context, const ExplanationIfAsked<Heap>& explanation,
                bool) const {
    JsonWriter w(out, pretty_);
    write_game_analysis(w, words, analysis, context, explanation);
    out += '\n';
  }
  template <HeapInteger Heap>
  void move_check(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                  const GameMoveCheck<Heap>& check, const RecordContext& context,
                  const ExplanationIfAsked<Heap>& explanation, bool) const {
    JsonWriter w(out, pretty_);
    write_game_move_check(w, words, analysis, check, context, explanation);
    out += '\n';
  }
  template <HeapInteger Heap>
  void ply(Buffer& out, const GameWords& words, const GamePly<Heap>& ply,
           const RecordContext& context, const ExplanationIfAsked<Heap>& explanation, bool) const {
    JsonWriter w(out, pretty_);
    if (trace_moves_)
      write_game_ply_move(w, ply, context);
    else
      write_game_ply(w, words, ply, context, explanation);
    out += '\n';
  }
  void bad_line(Buffer& out, std::uint64_t line, std::optional<std::string_view> id,
                std::string_view input, std::string_view error) const {
    write_bad_line(out, pretty_, line, id, input, error);
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

  void header(Buffer&) const {}
  // A game's: its record, then the explanation and the seed, as Nim's text writes them.
  template <HeapInteger Heap>
  void analysis(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                const RecordContext& context, const ExplanationIfAsked<Heap>& explanation,
                bool last_of_batch) const {
    write_game_analysis_text(out, words, analysis, context, style_);
    after_game_record(out, context, explanation, last_of_batch);
  }
  template <HeapInteger Heap>
  void move_check(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                  const GameMoveCheck<Heap>& check, const RecordContext& context,
                  const ExplanationIfAsked<Heap>& explanation, bool last_of_batch) const {
    write_game_move_check_text(out, words, analysis, check, context, style_);
    after_game_record(out, context, explanation, last_of_batch);
  }
  template <HeapInteger Heap>
  void ply(Buffer& out, const GameWords& words, const GamePly<Heap>& ply,
           const RecordContext& context, const ExplanationIfAsked<Heap>& explanation,
           bool last_of_batch) const {
    write_game_ply_text(out, words, ply, context, style_, explanation);
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
  template <HeapInteger Heap>
  void after_game_record(Buffer& out, const RecordContext& context,
                         const ExplanationIfAsked<Heap>& explanation, bool last_of_batch) const {
    write_game_explanation_text(out, explanation, style_);
    write_seed(out, context);
    end(out, last_of_batch);
  }

  TextStyle style_;
};

// JSON Lines of the fields chosen with --fields: {"heaps":[...],"winning":true,...,"line":N}.
class JsonFieldsSink {
 public:
  JsonFieldsSink(std::vector<Field> fields, bool pretty)
      : fields_(std::move(fields)), pretty_(pretty) {}

  void header(Buffer&) const {}
  template <HeapInteger Heap>
  void analysis(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                const RecordContext& context, const ExplanationIfAsked<Heap>&, bool) const {
    JsonWriter w(out, pretty_);
    write_field_record(w, GameFields<Heap>(words, analysis), fields_, context);
    out += '\n';
  }
  void bad_line(Buffer& out, std::uint64_t line, std::optional<std::string_view> id,
                std::string_view input, std::string_view error) const {
    write_bad_line(out, pretty_, line, id, input, error);
  }

 private:
  std::vector<Field> fields_;
  bool pretty_;
};

// A CSV or TSV table: the header row, then one row a position (with --batch, its line first and
// an error column last, filled for a line that cannot be read).
class TableAnalysisSink {
 public:
  explicit TableAnalysisSink(TableLayout layout) : layout_(std::move(layout)) {}

  void header(Buffer& out) const { write_table_header(out, layout_); }
  template <HeapInteger Heap>
  void analysis(Buffer& out, const GameWords& words, const GameAnalysis<Heap>& analysis,
                const RecordContext& context, const ExplanationIfAsked<Heap>&, bool) const {
    write_table_row(out, layout_, GameFields<Heap>(words, analysis), context.line);
  }
  void bad_line(Buffer& out, std::uint64_t line, std::optional<std::string_view>, std::string_view,
                std::string_view error) const {
    write_table_error_row(out, layout_, line, error);
  }

 private:
  TableLayout layout_;
};

static_assert(FullAnalysisSink<JsonAnalysisSink> && FullAnalysisSink<TextAnalysisSink> &&
              AnalysisSink<JsonFieldsSink> && AnalysisSink<TableAnalysisSink>);

}  // namespace nim
