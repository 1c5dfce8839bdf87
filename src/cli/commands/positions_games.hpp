// nim-game positions of every game, through its engine: --count (random, or --balanced between
// won and lost, as a whole or per heap count; --unique, --split) and --all, as text lines or JSON
// records with their rules, labelled with --label (winning, and in every game but Nim the move and
// the Grundy values), or the fields chosen (--fields, csv, tsv).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/positions_sets.hpp"
#include "cli/system/output.hpp"
#include "format/field_records.hpp"
#include "format/game_records.hpp"
#include "nim/sampling.hpp"

namespace nim {

struct GamePositionsRequest {
  std::optional<std::uint64_t> count;  // none: every position (--all)
  bool balanced = false;
  bool sorted = false;
  bool json = false;
  bool label = false;
  Range<std::size_t> heap_count{1, 1};
  BigHeap least_size = 0, most_size = 0;
  std::uint64_t seed = 0;
  bool seed_drawn = false;  // said on stderr once the request is known to be good
  SetRequest set;           // --unique, --split, --balanced per-heap-count
  // The fields chosen (--fields, or a table's): none for the game's own record.
  std::optional<std::vector<Field>> fields;
  std::optional<TableLayout> layout;  // csv, tsv
  std::string extension;              // of --split's files
};

// Tells a seed drawn for the positions on stderr, so that the run can be repeated.
void say_drawn_seed(std::uint64_t seed);

int write_game_positions(const GamePositionsRequest& request, const GameWords& words, Output& out);

}  // namespace nim
