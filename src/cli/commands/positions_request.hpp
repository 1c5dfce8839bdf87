// The positions command's options and what they ask (positions_request.cpp), read once into a
// PositionsRequest, which positions_command.cpp writes from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "cli/commands/positions_sets.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/options.hpp"
#include "nim/fields.hpp"
#include "nim/sampling.hpp"

namespace nim {

// What the command line asks of the positions command, checked.
struct PositionsRequest {
  GameOptions game;
  std::optional<std::uint64_t> count;  // --count; none with --all
  bool balanced = false;
  bool sorted = false;
  Range<std::size_t> heap_count{1, 1};
  BigHeap least_size = 0, most_size = 0;
  std::uint64_t seed = 0;   // the seed in use, with --count
  bool seed_drawn = false;  // not given: say it on stderr, so that the run can be repeated
  bool label = false;
  std::vector<Field> fields;   // what each record holds (text: the heaps alone)
  SetRequest set;              // --unique, --split, --balanced per-heap-count
  std::optional<BigHeap> pad;  // csv, tsv, npy
  bool fields_given = false;   // --fields

  // A table of fixed columns: csv, tsv, or numpy's array file.
  bool table() const {
    return game.format == Format::csv || game.format == Format::tsv || game.format == Format::npy;
  }
};

// The options of `nim-game positions`, beside the shared ones.
std::vector<OptionGroup> positions_options();

// The request the options make, checked: a usage error names what is wrong.
PositionsRequest read_positions_request(const ParsedOptions& given);

}  // namespace nim
