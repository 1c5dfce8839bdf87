// Standard output, buffered by whole records: a record is flushed only once it is complete, so a
// failure can never leave half a JSON line behind it.
#pragma once

#include <stdexcept>
#include <string>

#include "format/buffer.hpp"

namespace nim {

// A write to standard output failed for a reason other than a closed pipe.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Output {
 public:
  explicit Output(int fd = 1) : fd_(fd) {}

  Buffer& buffer() { return buffer_; }

  // Call after each complete record: writes out the buffer once it holds enough to be worth it.
  void end_record() {
    if (buffer_.size() >= flush_size) flush();
  }

  // Writes everything buffered. A closed pipe ends the process quietly with status 141, as
  // SIGPIPE would; any other failure throws WriteError.
  void flush();

 private:
  static constexpr std::size_t flush_size = 1 << 20;
  int fd_;
  Buffer buffer_;
};

}  // namespace nim
