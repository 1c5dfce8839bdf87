// nim-game: runs its command line (cli/commands/command_line.hpp) on the process's standard
// output, and writes a failure's line to stderr.
#include <cstdio>
#include <span>
#include <string>

#include "cli/commands/command_line.hpp"
#include "cli/system/output.hpp"
#include "nim/gmp_memory.hpp"

int main(int argc, char** argv) {
  using namespace nim;
  throw_bad_alloc_from_gmp();
  Output out;
  std::string errors;
  const int status = run_command_line(
      std::span<const char* const>(argv + 1, argc > 0 ? argc - 1 : 0), out, errors);
  std::fputs(errors.c_str(), stderr);
  return status;
}
