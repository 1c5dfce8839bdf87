// Running a piece of a unit test in a child process whose address space is limited
// (setrlimit(RLIMIT_AS), as `ulimit -v` does): what runs out of memory there cannot harm the
// test's own process. AddressSanitizer reserves terabytes of address space, so under it the
// limit cannot be set: the tests that use this skip themselves (address_sanitized).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <functional>

namespace nim::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool address_sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool address_sanitized = true;
#else
inline constexpr bool address_sanitized = false;
#endif
#else
inline constexpr bool address_sanitized = false;
#endif

// Runs `body` in a child process limited to `bytes` of address space, and returns its exit status
// (body's return value), or 128 + the signal that ended it; -1 if the child could not be made.
inline int status_under_memory_limit(rlim_t bytes, const std::function<int()>& body) {
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) {
    const rlimit limit{bytes, bytes};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(100);
    ::alarm(60);  // a child that hangs ends (SIGALRM: 142) rather than the test run
    const int status = body();
    std::fflush(nullptr);
    ::_exit(status);
  }
  int status = 0;
  if (::waitpid(child, &status, 0) != child) return -1;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace nim::testing
