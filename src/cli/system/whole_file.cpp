#include "cli/system/whole_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <system_error>

#include "cli/system/open_file.hpp"

namespace nim {

namespace {

[[noreturn]] void fail() {
  throw std::system_error(errno, std::generic_category());
}

}  // namespace

std::string read_whole_file(const std::string& path) {
  const OpenFile file(path, O_RDONLY);
  struct stat status {};
  if (::fstat(file.fd(), &status) != 0) fail();
  std::string bytes;
  if (S_ISREG(status.st_mode)) bytes.reserve(static_cast<std::size_t>(status.st_size));
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(file.fd(), chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail();
    if (n == 0) return bytes;
    bytes.append(chunk, static_cast<std::size_t>(n));
  }
}

void replace_file(const std::string& path, std::string_view bytes) {
  const std::string temporary = path + ".tmp";
  try {
    const OpenFile file(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!write_all(file.fd(), bytes) || ::fsync(file.fd()) != 0) fail();
  } catch (const std::system_error&) {
    ::unlink(temporary.c_str());
    throw;
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw std::system_error(error, std::generic_category());
  }
}

}  // namespace nim
