#include "cli/output.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace nim {

void Output::flush() {
  std::size_t written = 0;
  while (written < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + written, buffer_.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) std::_Exit(128 + 13);  // the reader has gone: stop, say nothing
    if (n < 0) throw WriteError(std::string("cannot write the output: ") + std::strerror(errno));
    written += static_cast<std::size_t>(n);
  }
  buffer_.clear();
}

}  // namespace nim
