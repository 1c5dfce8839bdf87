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

void Output::put(std::string_view text) {
  if (drain_)
    drain_(text);
  else
    write_all(fd_, text);
}

void Output::flush() {
  if (buffer_.size() == 0) return;
  put(buffer_.view());
  buffer_.clear();
  ended_ = 0;
}

void Output::write(std::string_view text) {
  flush();
  put(text);
}

std::string Output::flush_whole_lines() {
  const std::string_view text = buffer_.view();
  const std::size_t line_end = text.rfind('\n');
  const std::size_t unfinished = line_end == std::string_view::npos ? 0 : line_end + 1;
  std::string rest(text.substr(unfinished));
  if (unfinished > 0) put(text.substr(0, unfinished));
  buffer_.clear();
  ended_ = 0;
  return rest;
}

}  // namespace nim
