// The file of --checkpoint and --resume: a paused computation of a take-and-break game's Grundy
// values (nim/grundy_sequence.hpp's SequenceProgress and its values), with the game's rules, as
// bytes, and read back. Its layout is in docs/sequences.md; both directions are here, so that
// they agree. The reader takes outside input: whatever the bytes, it returns a checkpoint whose
// fields agree with one another or throws a UsageError of one line naming the file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nim/grundy_sequence.hpp"
#include "text/buffer.hpp"

namespace nim {

struct SequenceCheckpoint {
  std::string rules;  // the game, as describe() says it: "the octal game 0.77"
  SequenceProgress progress;
  std::vector<GrundyValue> values;
};

// The file's bytes, its checksum last.
void write_checkpoint(Buffer& out, std::string_view rules, const SequenceProgress& progress,
                      std::span<const GrundyValue> values);

// The checkpoint in `bytes`, read from the file `name` (which the messages name as
// --resume "NAME"). Refused: bytes that do not start as a checkpoint does, another version
// of the layout, a file cut short or too long, a checksum that does not match, fields that
// contradict one another.
SequenceCheckpoint read_checkpoint(std::string_view bytes, std::string_view name);

// The checksum of the bytes before it (FNV-1a, 64 bits), which the fuzz harness puts right so as
// to reach the checks after it.
std::uint64_t checkpoint_checksum(std::string_view bytes);

}  // namespace nim
