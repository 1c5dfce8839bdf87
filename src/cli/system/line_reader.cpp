#include "cli/system/line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nim {

std::optional<std::string_view> LineReader::take_line() {
  const char* data = buffer_.data();
  const void* newline = std::memchr(data + scanned_, '\n', end_ - scanned_);
  if (!newline) {
    scanned_ = end_;
    return std::nullopt;
  }
  const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(newline) - data);
  const std::string_view line(data + begin_, at - begin_);
  begin_ = scanned_ = at + 1;
  return line;
}

std::optional<std::string_view> LineReader::next_lines(std::size_t bytes) {
  for (;;) {
    const std::size_t whole = find_whole_lines();
    if (whole > begin_ && (whole - begin_ >= bytes || eof_ || !input_ready())) {
      const std::string_view lines(buffer_.data() + begin_, whole - begin_);
      begin_ = scanned_ = whole;
      return lines;
    }
    if (eof_) {
      if (begin_ == end_) return std::nullopt;
      end_line_at_end();
      continue;
    }
    fill();
  }
}

std::size_t LineReader::find_whole_lines() {
  whole_ = std::max(whole_, begin_);
  if (scanned_ < end_) {
    if (const void* newline = memrchr(buffer_.data() + scanned_, '\n', end_ - scanned_))
      whole_ = static_cast<std::size_t>(static_cast<const char*>(newline) - buffer_.data()) + 1;
    scanned_ = end_;
  }
  return whole_;
}

void LineReader::end_line_at_end() {
  if (end_ == buffer_.size()) buffer_.resize(buffer_.size() + 1);
  buffer_[end_++] = '\n';
}

bool LineReader::input_ready() const {
  pollfd input{fd_, POLLIN, 0};
  return ::poll(&input, 1, 0) != 0;  // data, the end, or an error that read(2) will report
}

void LineReader::fill() {
  if (begin_ > 0) {  // keep the partial line at the front
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    scanned_ -= begin_;
    whole_ -= std::min(whole_, begin_);
    begin_ = 0;
  }
  if (end_ == buffer_.size()) buffer_.resize(2 * buffer_.size());
  for (;;) {
    const ssize_t n = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ReadError(std::string("cannot read the input: ") + std::strerror(errno));
    if (n == 0) eof_ = true;
    end_ += static_cast<std::size_t>(n);
    return;
  }
}

}  // namespace nim
