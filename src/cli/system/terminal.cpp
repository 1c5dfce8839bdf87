#include "cli/system/terminal.hpp"

#include <sys/ioctl.h>
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

std::size_t text_width(int fd) {
  constexpr std::size_t default_width = 80;
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return default_width;
  return size.ws_col;
}

}  // namespace nim
