// Where the sequence command's answer goes: a game's Grundy values and what is known of their
// period, as one JSON record, as text for a person (in rows, or a period a row), as a CSV or TSV
// table, as an SVG picture, or as bytes. The command picks a sink once, from --format
// (SequenceSink). The values are computed for a take-and-break game (GrundySequence), or given by
// the game's theory (TheorySequence: Nim, capped Nim, Lasker's Nim).
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
  std::string period_words;                   // what is known of the period, a sentence
  std::string values_name = "Grundy values";  // "misère Grundy values"
};
ShownSequence shown(const GrundySequence& sequence);
ShownSequence shown(const TheorySequence<GameSpec>& sequence);
// Misère play's values of single heaps (values[n] the heap of n), which no period is looked for
// and which do not add in sums.
ShownSequence shown_misere(const GameSpec& spec, std::span<const GrundyValue> values);

// The values of a game of two heaps, a value a pair (a, b), 0 <= a, b <= up_to: values[a * (up_to
// + 1) + b].
struct ShownTable {
  std::string rules_json;
  std::string title;
  std::string values_name;  // "Grundy values", "misère Grundy values"
  std::uint64_t up_to = 0;
  std::span<const GrundyValue> values;
  GrundyValue at(std::uint64_t a, std::uint64_t b) const { return values[a * (up_to + 1) + b]; }
};
ShownTable shown_table(const GameSpec& spec, std::uint64_t up_to,
                       std::span<const GrundyValue> values);

template <class Sink>
concept SequenceSink = requires(const Sink& sink, Buffer& out, const ShownSequence& sequence,
                                SequenceRange range, const ShownTable& table) {
  sink.sequence(out, sequence, range);
  sink.table(out, table);
};

// {"rules":{...},"from":F,"up_to":N,"values":[G(F),...,G(N)],"computed_to":M,"period":p,
// "pre_period":e,"saltus":s,"proved":true,"proof":"guy-smith"}; period, pre_period, saltus and
// proof are null when nothing is known. `proof` is "theory" when the game's theory gives the values
// (computed_to is then N).
// A table of pairs: {"rules":{...},"up_to":N,"rows":[[G(0,0),...,G(0,N)],...,[G(N,0),...]]}.
struct JsonSequenceSink {
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
  void table(Buffer& out, const ShownTable& table) const;
};

// The title, the values in rows (as many a row as the width allows, in tens), then what is known
// of the period. `by_period`: a period a row, as Winning Ways' tables lay them out, the rows
// starting at multiples of the period and values before the pre-period that differ from the
// periodic continuation marked with '*'.
struct TextSequenceSink {
  TextStyle style;
  bool by_period = false;
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
  // The title, then a grid: a row for each a, a column for each b, headed by their numbers.
  void table(Buffer& out, const ShownTable& table) const;
};

// A header, heap and grundy_value, then a row a heap, separated by `separator` (CSV or TSV); a
// table of pairs: a, b and grundy_value, a row a pair.
struct TableSequenceSink {
  char separator = ',';
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
  void table(Buffer& out, const ShownTable& table) const;
};

// A picture: G(n) against n, a dot a heap (heaps that share a pixel drawn once, so that 10^5
// heaps stay readable), the axes with their numbers, the title, and the period as a band over
// its first repetition.
// It draws no table of pairs (the command refuses --format svg for one before any is computed).
struct SvgSequenceSink {
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
  void table(Buffer&, const ShownTable&) const {}
};

// The values G(from) to G(up_to) as bytes, for a program to read (docs/sequences.md): a header of
// 32 bytes, "NIMSEQ", the version 1, 'V', the width w of a value (1, 2 or 4 bytes, the narrowest
// that holds them all), 7 zero bytes, `from` and the count of values (8 bytes each); then the
// values, w bytes each. Every number little-endian. The period is not in it: JSON says it.
// It writes no table of pairs (the command refuses --format binary for one, as svg).
struct BinarySequenceSink {
  void sequence(Buffer& out, const ShownSequence& sequence, SequenceRange range) const;
  void table(Buffer&, const ShownTable&) const {}
};

static_assert(SequenceSink<JsonSequenceSink> && SequenceSink<TextSequenceSink> &&
              SequenceSink<TableSequenceSink> && SequenceSink<SvgSequenceSink> &&
              SequenceSink<BinarySequenceSink>);

}  // namespace nim
