// Whether output goes to a person at a terminal, and whether they want colours there.
#pragma once

namespace nim {

// Whether `fd` is a terminal.
bool is_terminal(int fd);

// Colours only on a terminal, never when NO_COLOR is set (to anything, even the empty string, as
// issue 8 and the manual say), and never on TERM=dumb.
bool colour_wanted(int fd);

}  // namespace nim
