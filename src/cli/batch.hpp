// The --batch loop: every line of the input read as a position and answered in input order. A
// line that cannot be read gets an error record in its place, and a summary on stderr at the end.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "cli/exit_status.hpp"
#include "cli/heap_text.hpp"
#include "cli/line_reader.hpp"
#include "cli/output.hpp"
#include "nim/any_position.hpp"

namespace nim {

// Whether a line gives no record: blank, or a comment (its first non-blank character is '#').
inline bool is_comment_or_blank(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

// Reads lines from `input_fd` and calls answer(position, line_number) for each position, which
// appends its records to `out`, and write_bad_line(line_number, line, error) for each line that
// cannot be read. Returns exit_ok, or exit_bad_lines if some lines could not be read.
template <class Answer, class WriteBadLine>
requires std::invocable<Answer&, AnyPosition&, std::uint64_t> &&
    std::invocable<WriteBadLine&, std::uint64_t, std::string_view, std::string_view>
int run_batch(int input_fd, Output& out, WriteBadLine&& write_bad_line, Answer&& answer) {
  LineReader reader(input_fd);
  AnyPosition heaps;
  std::uint64_t line_number = 0, bad_lines = 0, first_bad = 0;
  while (auto line = reader.next([&] { out.flush(); })) {
    ++line_number;
    if (is_comment_or_blank(*line)) continue;
    if (const std::string error = read_heaps(*line, heaps); error.empty()) {
      answer(heaps, line_number);
    } else {
      if (bad_lines++ == 0) first_bad = line_number;
      write_bad_line(line_number, *line, error);
      out.end_record();
    }
  }
  if (bad_lines == 0) return exit_ok;
  out.flush();
  std::fprintf(stderr, "nim-game: %llu of %llu lines could not be read (the first is line %llu)\n",
               static_cast<unsigned long long>(bad_lines),
               static_cast<unsigned long long>(line_number),
               static_cast<unsigned long long>(first_bad));
  return exit_bad_lines;
}

}  // namespace nim
