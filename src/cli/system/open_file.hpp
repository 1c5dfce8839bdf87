// A file opened with open(2), and closed when it goes, however the code that reads or writes it
// ends.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <string_view>
#include <system_error>

namespace nim {

// Writes the whole of `text` to `fd`, again after a signal interrupts write(2); false, errno set,
// when it fails.
inline bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

class OpenFile {
 public:
  // Opens `path` with `flags` (O_CLOEXEC added); throws std::system_error with open(2)'s errno.
  OpenFile(const std::string& path, int flags, mode_t mode = 0)
      : fd_(::open(path.c_str(), flags | O_CLOEXEC, mode)) {
    if (fd_ < 0) throw std::system_error(errno, std::generic_category());
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() { ::close(fd_); }

  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace nim
