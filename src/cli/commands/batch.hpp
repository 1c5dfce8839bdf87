// The --batch loop: every line of the input read as a position and answered in input order, on one
// thread or on several (--jobs). A line that cannot be read gets an error record in its place, and
// a summary on stderr at the end.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cli/input/heap_text.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/output.hpp"
#include "nim/any_position.hpp"

namespace nim {

// Where the position of a --batch line comes from: its number, from 1, and its "id" as written.
struct BatchLine {
  std::uint64_t number = 0;
  std::optional<std::string_view> id;
};

// How many lines were read, and which could not be.
struct BatchTally {
  std::uint64_t lines = 0, bad_lines = 0, first_bad = 0;
  // The line at which memory ran out (it has its error record; no line after it is answered), or 0.
  std::uint64_t out_of_memory = 0;

  void add_bad(std::uint64_t line) {
    if (bad_lines++ == 0) first_bad = line;
  }
};

// What --batch asks of the command that answers its lines: the records of a position, and the
// record of a line that cannot be read (`input`, and why), each appended to `out` and ended
// there (Output::end_record). The records of a position may instead be the reason it cannot be
// answered (a string, empty when it was), written as the error record of its line. With --jobs
// several threads call it at once, each with its own `out`.
template <class Answer>
concept LineAnswerer = requires(Answer& answer, Output& out, AnyPosition& heaps,
                                const BatchLine& line, std::string_view text) {
  answer(out, heaps, line);
  answer.bad_line(out, line, text, text);
};

// An answerer of lines, or a maker of them (worker()): each thread then answers with one of its
// own, which may keep storage from line to line.
template <class Answer>
concept BatchAnswerer = LineAnswerer<Answer> || requires(const Answer& answer) {
  { answer.worker() } -> LineAnswerer;
};

// The answerer of one thread's lines.
template <BatchAnswerer Answer>
decltype(auto) worker_of(Answer& answer) {
  if constexpr (LineAnswerer<Answer>)
    return (answer);
  else
    return answer.worker();
}

// What a line read must also be to be answered: made under the command's rules when it carries
// its rules (a line made under others is an error, never answered under the command's), and of no
// more heaps than a table has columns for (--max-heaps).
class LineCheck {
 public:
  // `rules`: the command's rules as its JSON records write them.
  explicit LineCheck(std::string rules, std::optional<std::size_t> most_heaps = std::nullopt);

  // Whether a line of these keys has anything to check (most lines have not: the hot path).
  bool needed(const LineKeys& keys) const { return keys.rules || most_heaps_; }
  // Why the line cannot be answered; empty when it can.
  std::string error(const AnyPosition& heaps, const LineKeys& keys) const;

 private:
  std::string rules_;
  std::string canonical_;
  std::string named_nim_;  // Nim's rules with "game":"nim" first, as agents are sent them
  std::optional<std::size_t> most_heaps_;
};

struct SumLineKeys;
struct SumWords;

// Why a --batch line of a sum cannot be answered for the rules it carries: the sum's, or a game's,
// made under other rules than the command's (`words`); empty when it can.
std::string sum_rules_error(const SumLineKeys& keys, const SumWords& words);

// Answers one line into `out`: nothing for a blank or comment line, else the records of its
// position, or an error record. When memory runs out on the way, the line's unfinished record is
// dropped, the records before it written, and its error record says so (tally.out_of_memory):
// the caller answers no line after it.
template <LineAnswerer Answer>
void answer_line(std::string_view line, std::uint64_t number, AnyPosition& heaps, Output& out,
                 BatchTally& tally, const LineCheck& check, Answer& answer) {
  if (is_comment_or_blank(line)) return;
  LineKeys keys;
  std::string error;
  try {
    error = read_heaps(line, heaps, keys);
    if (error.empty() && check.needed(keys)) error = check.error(heaps, keys);
    if (error.empty()) {
      // An answer may refuse the position (a theory with no answer for it), saying why.
      if constexpr (std::same_as<decltype(answer(out, heaps, BatchLine{})), std::string>) {
        error = answer(out, heaps, BatchLine{number, keys.id});
        if (error.empty()) return;
      } else {
        return answer(out, heaps, BatchLine{number, keys.id});
      }
    }
  } catch (const std::bad_alloc&) {
    tally.out_of_memory = number;
  } catch (const std::length_error&) {  // a container asked for more than memory can hold
    tally.out_of_memory = number;
  }
  if (tally.out_of_memory) {
    out.drop_unended();
    out.flush();
    error = "out of memory";
  }
  tally.add_bad(number);
  answer.bad_line(out, BatchLine{number, keys.id}, line, error);
}

// What the threads of --jobs do with a block of lines (each ending in '\n', the first numbered
// `first_line`): answer them into `out`, counting the bad ones in `tally`.
using BlockWork = std::function<void(std::string_view lines, std::uint64_t first_line, Output& out,
                                     BatchTally& tally)>;

// Reads `input_fd` in blocks of lines that `jobs` threads answer at once with `work`, and writes
// their records to `out` in input order, exactly as one thread would. A few blocks per thread are
// in flight at any time, so memory stays small whatever the input. Returns the tally of every
// line, up to the one where memory ran out if it did; rethrows what went wrong on a thread.
BatchTally answer_in_blocks(int input_fd, Output& out, unsigned jobs, const BlockWork& work);

// Writes the records ended so far, before a failure ends the command; nothing if writing fails.
void write_finished_records(Output& out) noexcept;

// The summary on stderr when some lines could not be read, or memory ran out; the exit status.
int report(const BatchTally& tally, Output& out);

// The standard input copied to a temporary file, to be read again, and the most heaps a line of it
// has: a table's header names its heap columns before the first row.
struct SpooledInput {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, std::fclose};
  std::size_t most_heaps = 0;
};
SpooledInput spool_input(int input_fd);

// Reads lines from `input_fd` and has `answer` (or its workers) write the records of each line to
// `out`, on `jobs` threads; a line that fails `check` gets an error record. Returns exit_ok,
// exit_bad_lines if some lines could not be read, or exit_io if memory ran out (at a line, which
// has its error record after the records of the lines before it).
template <BatchAnswerer Answer>
int run_batch(int input_fd, Output& out, unsigned jobs, const LineCheck& check, Answer& answer) {
  BatchTally tally;
  if (jobs <= 1) {
    LineReader reader(input_fd);
    AnyPosition heaps;
    decltype(auto) worker = worker_of(answer);
    try {
      while (!tally.out_of_memory) {
        const auto line = reader.next([&] { out.flush(); });
        if (!line) break;
        answer_line(*line, ++tally.lines, heaps, out, tally, check, worker);
      }
    } catch (...) {
      write_finished_records(out);  // then the failure: the input unread, memory gone
      throw;
    }
  } else {
    tally = answer_in_blocks(input_fd, out, jobs,
                             [&](std::string_view lines, std::uint64_t number, Output& block_out,
                                 BatchTally& block_tally) {
                               AnyPosition heaps;
                               decltype(auto) worker = worker_of(answer);
                               for (std::size_t start = 0;
                                    start < lines.size() && !block_tally.out_of_memory; ++number) {
                                 const std::size_t end = lines.find('\n', start);
                                 answer_line(lines.substr(start, end - start), number, heaps,
                                             block_out, block_tally, check, worker);
                                 start = end + 1;
                               }
                             });
  }
  return report(tally, out);
}

}  // namespace nim
