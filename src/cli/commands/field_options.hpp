// The records of chosen fields and the tables (--fields, --format csv|tsv, --max-heaps, --pad) of
// the analyse command, read and laid out once for every game: Nim's analyses and the games' fill
// the same records (format/field_records.hpp). The positions command checks its fields here too.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "cli/commands/batch.hpp"
#include "cli/commands/field_checks.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/options.hpp"
#include "format/field_records.hpp"
#include "nim/fields.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/heap.hpp"

namespace nim {

namespace option {
inline constexpr std::string_view fields = "fields";
inline constexpr std::string_view max_heaps = "max-heaps";
inline constexpr std::string_view pad = "pad";
}  // namespace option

// --fields, --max-heaps and --pad, as the output options declare them.
void add_field_options(OptionGroup& output);

struct FieldRequest {
  std::optional<std::vector<Field>> fields;  // --fields, or a table's default
  std::optional<std::size_t> heap_columns;   // csv, tsv: --max-heaps, or found
  std::optional<BigHeap> pad;                // csv, tsv
  bool lists_winning_moves = false;          // winning_moves or winning_actions among the fields
};

bool is_table(Format format);

// The field request of `format`, checked (a record of chosen fields is the analysis alone:
// --move, --playout, --explain and --all-moves are refused with it).
FieldRequest read_field_request(const ParsedOptions& given, Format format, bool batch);

// Where --batch reads its lines: standard input, or its copy when a table's heap columns had to
// be counted first.
struct TableInput {
  SpooledInput spooled;
  int input_fd = 0;
};

// The layout of the table asked for; none unless `format` is csv or tsv. Its heap columns are
// known before its header: -H's count, --max-heaps, or the most heaps a line of standard input
// has (read first: the input is spooled into `input`).
std::optional<TableLayout> table_layout(FieldRequest& request, Format format, bool batch,
                                        std::size_t heaps_given, bool move_as_json,
                                        TableInput& input);

}  // namespace nim
