// nim-game play at a real pseudo-terminal: tests/e2e/play_terminal.py plays games there as a
// person would (the prompt before each read, a game won by hints, a game lost, a bad move, quit,
// Ctrl-D, line editing at 80 and 60 columns, colours on and off, a terminal resized during a game,
// a sum of games at 44 columns)
// and through plain pipes, and every command's --help at 60 and 100 columns; any misbehaviour
// fails this test.
#include <doctest/doctest.h>

#include <string>

#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

TEST_CASE(
    "play at a pseudo-terminal: prompts, hints, a win, a loss, quit, Ctrl-D, line editing, "
    "colours, a resize, and every command's --help in the terminal's width") {
  INFO("python3 is needed: scripts/bootstrap.sh installs it (Debian package python3)");
  REQUIRE(testing::have_program("python3"));
  testing::RunSpec spec;
  spec.argv = {"/bin/sh", "-c", "exec python3 \"$0\" \"$1\"",
               NIM_SOURCE_DIR "/tests/e2e/play_terminal.py", testing::nim_game_path()};
  spec.timeout_seconds = 300;
  const auto run = testing::run_process(spec);
  INFO("play_terminal.py says:\n" << run.out << run.err);
  CHECK(run.status == 0);
  CHECK_FALSE(run.timed_out);
  CHECK(run.out.find("ok: through_pipes\n") != std::string::npos);
  CHECK(run.out.find("ok: resize\n") != std::string::npos);  // it ran to the end
}

}  // namespace
}  // namespace nim
