// The --batch loop of cli/commands/batch.hpp when memory runs out at a line: the records of the
// lines before it written, the line's unfinished record dropped and its error record in its place,
// no line after it answered, exit status 3; on one thread and on several.
#include "cli/commands/batch.hpp"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cli/system/exit_status.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

// Writes {"line":N} for every line, but runs out of memory half way through line `failing`'s (or
// fails otherwise, with `other`).
struct RunsOutAtLine {
  std::uint64_t failing = 0;
  bool other = false;

  void operator()(Output& out, AnyPosition&, const BatchLine& line) const {
    out.buffer() += "{\"line\":" + std::to_string(line.number);
    if (line.number == failing && other) throw std::runtime_error("not memory");
    if (line.number == failing) throw std::bad_alloc();
    out.buffer() += "}\n";
    out.end_record();
  }
  void bad_line(Output& out, const BatchLine& line, std::string_view,
                std::string_view error) const {
    out.buffer() +=
        "{\"line\":" + std::to_string(line.number) + ",\"error\":\"" + std::string(error) + "\"}\n";
    out.end_record();
  }
};

TEST_CASE("batch: memory running out at a line ends the run after that line's error record") {
  for (const unsigned jobs : {1u, 2u}) {
    INFO(jobs << " jobs");
    // 30,000 lines: blocks of 32 KB after the first, which the other thread may answer before
    // the first's turn comes; none may be written.
    std::string lines;
    for (int line = 0; line < 30'000; ++line)
      lines += "1 2\n";
    const testing::TempFile input(lines), output;
    const int in = ::open(input.path().c_str(), O_RDONLY);
    const int out_fd = ::open(output.path().c_str(), O_WRONLY | O_TRUNC);
    REQUIRE(in >= 0);
    REQUIRE(out_fd >= 0);
    Output out(out_fd);
    RunsOutAtLine answer{3};
    const int status =
        run_batch(in, out, jobs, LineCheck(R"({"misere":false,"max_take":null})"), answer);
    out.flush();
    ::close(in);
    ::close(out_fd);
    CHECK(status == exit_io);
    CHECK(output.read() ==
          "{\"line\":1}\n{\"line\":2}\n{\"line\":3,\"error\":\"out of memory\"}\n");
  }
}

TEST_CASE("batch: another failure ends the run after the records finished before it") {
  const testing::TempFile input("1 2\n3 4\n5 6\n"), output;
  const int in = ::open(input.path().c_str(), O_RDONLY);
  const int out_fd = ::open(output.path().c_str(), O_WRONLY | O_TRUNC);
  REQUIRE(in >= 0);
  REQUIRE(out_fd >= 0);
  Output out(out_fd);
  RunsOutAtLine answer{2, true};
  CHECK_THROWS_WITH_AS(
      run_batch(in, out, 1, LineCheck(R"({"misere":false,"max_take":null})"), answer), "not memory",
      std::runtime_error);
  ::close(in);
  ::close(out_fd);
  CHECK(output.read() == "{\"line\":1}\n");
}

TEST_CASE("batch: a line's rules name the command's octal game in either spelling") {
  const LineCheck check(R"({"game":"octal","code":"0.77","misere":false})");
  const AnyPosition heaps;
  const auto error = [&](std::string_view rules) {
    return check.error(heaps, LineKeys{std::nullopt, rules});
  };
  CHECK(error(R"({"game":"octal","code":"0.77","misere":false})").empty());
  CHECK(error(R"({"misere":false,"code":"0.770","game":"octal"})").empty());
  CHECK(error(R"({"game":"octal","code":"0.7700","misere":false})").empty());
  CHECK(error(R"({"game":"octal","code":"0.707","misere":false})") ==
        R"(the line's rules {"game":"octal","code":"0.707","misere":false} are not this )"
        R"(command's {"game":"octal","code":"0.77","misere":false})");
  CHECK_FALSE(error(R"({"game":"octal","code":"0.770","misere":true})").empty());
}

}  // namespace
}  // namespace nim
