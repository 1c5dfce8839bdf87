// Where the sequence command's answer goes: a game's Grundy values and what is known of their
// period, as one JSON record or as text for a person. The command picks a sink once, from
// --format (SequenceSink). The values are computed for a take-and-break game (GrundySequence), or
// given by the game's theory (TheorySequence: Nim, capped Nim, Lasker's Nim).
#pragma once

#include <concepts>
#include <cstdint>

#include "format/text.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/theory_sequence.hpp"
#include "text/buffer.hpp"

namespace nim {

template <class Sink>
concept SequenceSink = requires(const Sink& sink, Buffer& out, const GrundySequence& sequence,
                                const TheorySequence<GameSpec>& theory, std::uint64_t up_to) {
  sink.sequence(out, sequence, up_to);
  sink.sequence(out, theory, up_to);
};

// {"rules":{...},"up_to":N,"values":[G(0),...,G(N)],"computed_to":M,"period":p,"pre_period":e,
// "saltus":s,"proved":true,"proof":"guy-smith"}; period, pre_period, saltus and proof are null
// when nothing is known. `rules` is the game's rules object as the analyse records write it;
// `proof` is "theory" when the game's theory gives the values (computed_to is then N).
struct JsonSequenceSink {
  void sequence(Buffer& out, const GrundySequence& sequence, std::uint64_t up_to) const;
  void sequence(Buffer& out, const TheorySequence<GameSpec>& sequence, std::uint64_t up_to) const;
};

// The title, the values in rows (as many a row as the width allows, in tens), then what is known
// of the period (for a theory, its formula).
struct TextSequenceSink {
  TextStyle style;
  void sequence(Buffer& out, const GrundySequence& sequence, std::uint64_t up_to) const;
  void sequence(Buffer& out, const TheorySequence<GameSpec>& sequence, std::uint64_t up_to) const;
};

static_assert(SequenceSink<JsonSequenceSink> && SequenceSink<TextSequenceSink>);

}  // namespace nim
