// Where the sequence command's answer goes: a game's Grundy values and what is known of their
// period, as one JSON record, as text for a person (in rows, or a period a row), as a CSV or TSV
// table, or as an SVG picture. The command picks a sink once, from --format (SequenceSink). The
// values are computed for a take-and-break game (GrundySequence), or given by the game's theory
// (TheorySequence: Nim, capped Nim, Lasker's Nim).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "format/text.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/theory_sequence.hpp"
#include "text/buffer.hpp"

namespace nim {

// The heaps whose values are written: from..up_to (from <= up_to <= the values computed).
struct SequenceRange {
  std::uint64_t from = 0;
  std::uint64_t up_to = 0;
};

// A sequence as the sinks lay it out, whichever way its values came.
struct ShownSequence {
  std::string rules_json;               // the game's rules object, as the analyse records write it
  std::string title;                    // "Octal game 0.07"
  std::span<const GrundyValue> values;  // G(0) to G(computed_to)
  std::optional<Period> period;
  std::string period_words;  // what is known of the period, a sentence
};
ShownSequence shown(const GrundySequence& sequence);
ShownSequence shown(const TheorySequence<GameSpec>& sequence);

template <class Sink>
concept SequenceSink = requires(const Sink& sink, Buffer& out, const ShownSequence& sequence,
                                SequenceRange range) {
  sink.sequence(out, sequence, range);
};

// {"rules":{...},"from":F,"up_to":N,"values":[G(F),...,G(N)],"computed_to":M,"period":p,
// "pre_period":e,"saltus":s,"proved":true,"proof":"guy-smith"}; period, pre_period, saltus and
// proof are null when nothing is known. `proof` is "theory" when the game's theory gives the values
// (computed_to is then N).
struct JsonSequenceSink {
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
};

// The title, the values in rows (as many a row as the width allows, in tens), then what is known
// of the period. `by_period`: a period a row, as Winning Ways' tables lay them out, the rows
// starting at multiples of the period and values before the pre-period that differ from the
// periodic continuation marked with '*'.
struct TextSequenceSink {
  TextStyle style;
  bool by_period = false;
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
};

// A header, heap and grundy_value, then a row a heap, separated by `separator` (CSV or TSV).
struct TableSequenceSink {
  char separator = ',';
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
};

// A picture: G(n) against n, a dot a heap (heaps that share a pixel drawn once, so that 10^5
// heaps stay readable), the axes with their numbers, the title, and the period as a band over
// its first repetition.
struct SvgSequenceSink {
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
};

static_assert(SequenceSink<JsonSequenceSink> && SequenceSink<TextSequenceSink> &&
              SequenceSink<TableSequenceSink> && SequenceSink<SvgSequenceSink>);

}  // namespace nim
