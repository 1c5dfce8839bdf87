// Standard output, buffered by whole records: a record is flushed only once it is complete, so a
// failure can never leave half a JSON line behind it.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "text/buffer.hpp"

namespace nim {

// A write to standard output failed for a reason other than a closed pipe.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Output {
 public:
  explicit Output(int fd = 1) : fd_(fd) {}
  // An output whose flushes hand the buffer to `drain` instead of writing it: a --jobs worker's
  // records wait there for their turn.
  explicit Output(std::function<void(std::string_view records)> drain)
      : fd_(-1), drain_(std::move(drain)) {}

  Buffer& buffer() { return buffer_; }
  // The file descriptor written to; -1 for an output that hands its records to a drain.
  int fd() const { return fd_; }
  // Trades the buffer for `other` (its records, all ended): a --jobs worker hands its records over.
  void swap_buffer(Buffer& other) {
    std::swap(buffer_, other);
    ended_ = buffer_.size();
  }

  // Call after each complete record: writes out the buffer once it holds enough to be worth it.
  void end_record() {
    ended_ = buffer_.size();
    if (buffer_.size() >= flush_size) flush();
  }

  // Forgets what was written into the buffer since the last record ended: a record that failed
  // half way (memory ran out) is not written.
  void drop_unended() { buffer_.truncate(ended_); }

  // Writes everything buffered. A closed pipe ends the process quietly with status 141, as
  // SIGPIPE would; any other failure throws WriteError.
  void flush();

  // Writes what is buffered, then `text`, without copying it.
  void write(std::string_view text);

  // Writes what is buffered up to its last line end, and returns the unfinished line after it,
  // unwritten: the prompt, which a line editor draws itself so that it can draw it again.
  std::string flush_whole_lines();

 private:
  void put(std::string_view text);  // to the drain or the file descriptor

  static constexpr std::size_t flush_size = 1 << 20;
  int fd_;
  std::function<void(std::string_view)> drain_;
  Buffer buffer_;
  std::size_t ended_ = 0;  // the buffer's size when the last record ended
};

}  // namespace nim
