// Prose laid out for a reader: broken at spaces so that no line is wider than the terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace nim {

// The width of `text` in columns: one a code point (nim-game writes no wide characters).
std::size_t display_width(std::string_view text);

// `text` broken at spaces into lines of at most `width` columns, joined by '\n' (none at the end),
// each line after the first starting with `indent` spaces, so that it stands under its item. A
// word wider than a line stays whole on a line of its own. Only a lone space is a break: a run of
// spaces is kept whole (a quoted input shows as typed). Width 0 leaves the text as it is.
std::string wrap(std::string_view text, std::size_t width, std::size_t indent = 0);

}  // namespace nim
