// nim-game: reads the command line, runs the query or the batch, and maps failures to exit codes.
#include <cstdio>
#include <new>

#include "cli_options.hpp"
#include "line_reader.hpp"
#include "output.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
  using namespace nim;
  try {
    const Options options = parse_command_line(argc, argv);
    Output out;
    int status = exit_ok;
    if (options.help)
      out.buffer() += options.help_text;
    else if (options.version)
      out.buffer() += "nim-game " NIM_GAME_VERSION "\n";
    else
      status = options.batch ? run_batch(options, 0, out) : run_query(options, out);
    out.flush();
    return status;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "nim-game: %s\n", e.what());
    return exit_usage;
  } catch (const WriteError& e) {
    std::fprintf(stderr, "nim-game: %s\n", e.what());
    return exit_io;
  } catch (const ReadError& e) {
    std::fprintf(stderr, "nim-game: %s\n", e.what());
    return exit_io;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "nim-game: out of memory\n");
    return exit_io;
  }
}
