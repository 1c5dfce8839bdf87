// Lines from a file descriptor, in a buffer that grows only to the longest line: memory stays
// flat however long the input, and a line of any length works.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nim {

// Reading the input failed.
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd), buffer_(1 << 16, '\0') {}

  // The next line, without its '\n'; nullopt at the end of the input. `before_read` runs before
  // each read(2), which may wait for the writer: the caller flushes its output there, so that a
  // program feeding lines one at a time gets each answer before it sends the next line.
  template <class BeforeRead>
  std::optional<std::string_view> next(BeforeRead&& before_read) {
    for (;;) {
      if (auto line = take_line()) return line;
      if (eof_) {
        if (begin_ == end_) return std::nullopt;
        const std::string_view last(buffer_.data() + begin_, end_ - begin_);
        begin_ = scanned_ = end_;
        return last;
      }
      before_read();
      fill();
    }
  }

  // Whole lines, for the blocks of --jobs: every line buffered that ends, each with its '\n' (the
  // last line of the input gets one), once they hold at least `bytes` or a read would wait for
  // more, so that a program feeding lines one at a time gets each answer; nullopt at the end of
  // the input. Not to be mixed with next() on one reader.
  std::optional<std::string_view> next_lines(std::size_t bytes);

 private:
  std::optional<std::string_view> take_line();
  void fill();
  // The end of the last whole line buffered (begin_ if there is none).
  std::size_t find_whole_lines();
  void end_line_at_end();    // appends the '\n' that the input's last line lacks
  bool input_ready() const;  // whether a read(2) would return without waiting

  int fd_;
  std::string buffer_;
  std::size_t begin_ = 0;    // start of the unread data
  std::size_t scanned_ = 0;  // no '\n' in [begin_, scanned_); next_lines: in [whole_, scanned_)
  std::size_t whole_ = 0;    // next_lines: the end of the last whole line found, or begin_
  std::size_t end_ = 0;      // end of the data read
  bool eof_ = false;
};

}  // namespace nim
