#include "cli/system/output.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace nim {

namespace {

void write_all(int fd, std::string_view text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) std::_Exit(128 + 13);  // the reader has gone: stop, say nothing
    if (n < 0) throw WriteError(std::string("cannot write the output: ") + std::strerror(errno));
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace

void Output::flush() {
  if (buffer_.size() == 0) return;
  if (drain_)
    drain_(buffer_.view());
  else
    write_all(fd_, buffer_.view());
  buffer_.clear();
}

void Output::write(std::string_view text) {
  flush();
  if (drain_)
    drain_(text);
  else
    write_all(fd_, text);
}

}  // namespace nim
