// The sink of the analyse command's records, chosen once from the output options, for Nim and
// for every game after it (format/analysis_sink.hpp: the same sinks write either's analyses).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "cli/input/game_options.hpp"
#include "format/analysis_sink.hpp"
#include "format/field_records.hpp"
#include "format/text.hpp"
#include "nim/fields.hpp"

namespace nim {

// What the output options asked.
struct AnalysisOutput {
  Format format = Format::json;
  bool pretty = false;
  bool trace_moves = false;                  // --trace moves
  TextStyle style{};                         // text
  std::optional<std::vector<Field>> fields;  // --fields, or a table's
  std::optional<TableLayout> layout;         // csv, tsv
};

// Calls run(sink) with the sink of the format asked for, and returns what it returns.
template <class Run>
int with_analysis_sink(const AnalysisOutput& output, Run&& run) {
  switch (output.format) {
    case Format::text:
      return run(TextAnalysisSink(output.style));
    case Format::csv:
    case Format::tsv:
      return run(TableAnalysisSink(*output.layout));
    case Format::json:
    case Format::svg:  // not formats of analyse's
    case Format::binary:
    case Format::npy:
      break;
  }
  if (output.fields) return run(JsonFieldsSink(*output.fields, output.pretty));
  return run(JsonAnalysisSink(output.pretty, output.trace_moves));
}

}  // namespace nim
