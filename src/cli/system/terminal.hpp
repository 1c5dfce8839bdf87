// Whether output goes to a person at a terminal, and whether they want colours there.
#pragma once

#include <cstddef>

namespace nim {

// Whether `fd` is a terminal.
bool is_terminal(int fd);

// Colours only on a terminal, never when NO_COLOR is set (to anything, even the empty string, as
// no-color.org and the manual say), and never on TERM=dumb.
bool colour_wanted(int fd);

// The width text for people is wrapped to: the terminal's columns, or 80 when `fd` is not a
// terminal (a file, a pipe) or the terminal does not tell its size.
std::size_t text_width(int fd);

}  // namespace nim
