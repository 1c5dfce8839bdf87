// The command line: what the user asked for, read from argv and checked before anything runs.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "heap.hpp"
#include "heap_text.hpp"
#include "move_choice.hpp"

namespace nim {

// Bad usage: an unknown option, a missing or malformed value. main prints it and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A move to judge (--move I,N), as typed: either number may be negative or out of range, which
// makes the move illegal rather than the command line wrong.
struct ProposedMove {
  BigHeap heap;
  BigHeap count;
};

enum class Trace { full, moves };

struct Options {
  bool help = false;
  bool version = false;
  std::string help_text;

  HeapList heaps;  // from -H; empty with --batch
  bool batch = false;
  bool pretty = false;

  bool misere = false;
  std::optional<BigHeap> max_take;
  Strategy strategy;
  std::optional<std::uint64_t> seed;
  bool all_moves = false;
  std::optional<ProposedMove> move;

  bool playout = false;
  std::uint64_t max_plies = UINT64_MAX;
  Trace trace = Trace::full;
};

// Throws UsageError with a one-line message that names the offending value.
Options parse_command_line(int argc, const char* const argv[]);

}  // namespace nim
