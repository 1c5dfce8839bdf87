// Reading heap sizes and other whole numbers from text: the -H arguments, and one line of --batch
// input in any of its forms (`1 3 5 7`, `1,3,5,7`, OpenSpiel's `1;3;5;7`, `[1,3,5,7]`,
// `{"heaps":[1,3,5,7]}`).
// Every error message names the offending value.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "nim/any_position.hpp"
#include "nim/heap.hpp"
#include "text/escape.hpp"  // quoted(), which names values in messages

namespace nim {

// Whether a line of positions holds none: blank, or a comment (its first non-blank character is
// '#').
inline bool is_comment_or_blank(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

// Reads the heaps of one --batch line into `position` (cleared first): JSON when the line starts
// with `[` or `{`, else plain text, whose sizes are separated by commas (blanks around each
// allowed) when the line has a comma, by semicolons (OpenSpiel's pile_sizes, blanks allowed too)
// when it has one, else by blanks. Returns an error message, or an empty string on success; a
// line with no size at all is an error.
std::string read_heaps(std::string_view line, AnyPosition& position);

// What a JSON object line carries beside its heaps, each any JSON value as written (a view into
// the line). `id` is set whenever the line is valid JSON with one "id" key, even when its heaps
// are bad, so that an error record can carry it too; `rules` when it has one "rules" key, the
// rules it was made under (as `positions --format json` writes them).
struct LineKeys {
  std::optional<std::string_view> id;
  std::optional<std::string_view> rules;
};

// The same, and the line's other keys.
std::string read_heaps(std::string_view line, AnyPosition& position, LineKeys& keys);

// Reads one -H argument, in the plain forms of a line, and appends its sizes to `position`.
std::string append_heaps(std::string_view argument, AnyPosition& position);

// A whole number in plain decimal with an optional leading minus; nullopt when it is not one.
std::optional<BigHeap> parse_integer(std::string_view text);

// `text` without its leading and trailing blanks (spaces, tabs, and the \r of CRLF input).
std::string_view trim_blanks(std::string_view text);

}  // namespace nim
