#include "cli/system/line_editor.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/system/output.hpp"

namespace nim {
namespace {

TEST_CASE("with_literal_marks: colour codes take no column, and none ends the prompt") {
  CHECK(with_literal_marks("Your move (heap count): ", '|') == "Your move (heap count): ");
  CHECK(with_literal_marks("\x1b[1mYour move (heap count): \x1b[0m", '|') ==
        "|\x1b[1m|Your move (heap count):|\x1b[0m| ");
  CHECK(with_literal_marks("\x1b[1mA\x1b[0m \x1b[31mB\x1b[0m", '|') ==
        "|\x1b[1m|A|\x1b[0m| |\x1b[31m|B|\x1b[0m|");
  CHECK(with_literal_marks("", '|') == "");
}

TEST_CASE("Output::flush_whole_lines: the unfinished line is kept back, the rest written") {
  std::string written;
  Output out([&](std::string_view records) { written += records; });
  out.buffer() += "1: X\n2: X X\nYour move: ";
  CHECK(out.flush_whole_lines() == "Your move: ");
  CHECK(written == "1: X\n2: X X\n");
  out.buffer() += "no line end";
  CHECK(out.flush_whole_lines() == "no line end");
  CHECK(written == "1: X\n2: X X\n");
  out.buffer() += "done\n";
  CHECK(out.flush_whole_lines().empty());
  CHECK(written == "1: X\n2: X X\ndone\n");
}

}  // namespace
}  // namespace nim
