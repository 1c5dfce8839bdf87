#include "cli/system/terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace nim {

bool is_terminal(int fd) {
  return ::isatty(fd) == 1;
}

bool colour_wanted(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return is_terminal(fd) && !no_color && !(term && std::string_view(term) == "dumb");
}

}  // namespace nim
