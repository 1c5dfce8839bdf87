// Where the sequence command's answer goes: a game's Grundy values and what is known of their
// period, as one JSON record or as text for a person. The command picks a sink once, from
// --format (SequenceSink).
#pragma once

#include <concepts>
#include <cstdint>

#include "format/text.hpp"
#include "nim/grundy_sequence.hpp"
#include "text/buffer.hpp"

namespace nim {

template <class Sink>
concept SequenceSink = requires(const Sink& sink, Buffer& out, const GrundySequence& sequence,
                                std::uint64_t up_to) {
  sink.sequence(out, sequence, up_to);
};

// {"rules":{...},"up_to":N,"values":[G(0),...,G(N)],"computed_to":M,"period":p,"pre_period":e,
// "saltus":s,"proved":true,"proof":"guy-smith"}; period, pre_period, saltus and proof are null
// when nothing is known.
struct JsonSequenceSink {
  void sequence(Buffer& out, const GrundySequence& sequence, std::uint64_t up_to) const;
};

// The title, the values in rows (as many a row as the width allows, in tens), then what is known
// of the period.
struct TextSequenceSink {
  TextStyle style;
  void sequence(Buffer& out, const GrundySequence& sequence, std::uint64_t up_to) const;
};

static_assert(SequenceSink<JsonSequenceSink> && SequenceSink<TextSequenceSink>);

}  // namespace nim
