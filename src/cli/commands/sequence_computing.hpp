// The computing of a take-and-break game's values for nim-game sequence: a progress line at a
// terminal, and with --checkpoint or --resume the computing saved to a file from time to time and
// when a signal stops it (input/sequence_checkpoint: the file's form), and taken up from it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "cli/input/options.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap_game.hpp"

namespace nim {

// The seconds between two saves of --checkpoint: at most this much work is lost when the machine
// stops, and writing 10^8 values (100 to 400 MB) every 30 s costs a few percent.
inline constexpr std::uint64_t default_checkpoint_seconds = 30;

// --checkpoint, --checkpoint-every and --resume: where the computing is saved, how often, and the
// file it goes on from.
struct CheckpointOptions {
  std::optional<std::string> file;  // --checkpoint, else --resume
  std::string option;               // the option that named it, for messages
  std::optional<std::string> resume;
  std::chrono::seconds every{default_checkpoint_seconds};
};

OptionGroup checkpoint_options();
CheckpointOptions read_checkpoint_options(const ParsedOptions& given);

// The values computed, on `threads` threads (2 at most are used); with a checkpoint's file, saved
// there from time to time and when a signal stops them (then StoppedBySignal, which ends nim-game
// with the signal's status).
GrundySequence compute(const CheckpointOptions& checkpoint, HeapGame game, std::uint64_t up_to,
                       std::uint64_t search_limit, std::uint64_t most_steps, unsigned threads);

}  // namespace nim
