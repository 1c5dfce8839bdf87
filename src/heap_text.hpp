// Reading heap sizes and other whole numbers from text: the -H arguments, and one line of --batch
// input in any of its forms (`1 3 5 7`, `1,3,5,7`, `[1,3,5,7]`, `{"heaps":[1,3,5,7]}`).
// Every error message names the offending value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "heap.hpp"
#include "position.hpp"

namespace nim {

// A position as read: machine words when every size fits in 64 bits, GMP integers otherwise.
struct HeapList {
  Position<SmallHeap> small;
  Position<BigHeap> big;
  bool is_big = false;
};

enum class Fields {
  any,       // comma-separated if there is a comma, else separated by spaces and tabs; or JSON
  by_comma,  // comma-separated only (the -H values, joined)
};

// Parses a position from text into `heaps` (cleared first). Returns an error message, or an empty
// string on success. Fields are trimmed of spaces and tabs; with Fields::any, text starting with
// `[` or `{` is read as JSON.
std::string parse_heaps(std::string_view text, HeapList& heaps, Fields fields = Fields::any);

// Moves the sizes to GMP integers (for a query whose options need more than 64 bits).
void make_big(HeapList& heaps);

// A whole number in plain decimal with an optional leading minus; nullopt when it is not one.
std::optional<BigHeap> parse_integer(std::string_view text);

// `text` wrapped in double quotes and JSON-escaped, to name a value in a message.
std::string quoted(std::string_view text);

}  // namespace nim
