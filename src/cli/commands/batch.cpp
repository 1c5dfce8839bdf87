#include "cli/commands/batch.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "cli/input/heap_game_text.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/ordered_pool.hpp"
#include "format/sum_records.hpp"

namespace nim {

namespace {

// A block holds whole lines, at least this many bytes of them when the input has them: a thousand
// or two positions, a fraction of a millisecond of work, whose records usually fit in the output
// buffer (past it, a block waits for its turn to write).
constexpr std::size_t block_bytes = 32 * 1024;
// Blocks in flight (waiting, being answered, or waiting to be written) for each thread: enough to
// keep every thread busy while one block is slow, few enough to keep memory small.
constexpr std::size_t blocks_per_thread = 4;

// A block of whole lines of the input, the first numbered `first_line`.
struct LineBlock {
  std::string lines;
  std::uint64_t first_line = 0;
};

// Its records, and the tally of its bad lines.
struct AnsweredBlock {
  Buffer records;
  BatchTally tally;
};

using BlockPool = OrderedPool<LineBlock, AnsweredBlock>;

// What a thread of the pool answers blocks with: an output of its own, whose records are handed
// over with the block when it is answered. When they outgrow the output's buffer (a long
// playout), the block waits for its turn and writes them as it goes, so that no block holds more
// than about a buffer's worth.
class BlockAnswerer {
 public:
  BlockAnswerer(BlockPool& pool, Output& out, const BlockWork& work)
      : pool_(pool), out_(out), work_(work) {}
  BlockAnswerer(const BlockAnswerer&) = delete;
  BlockAnswerer& operator=(const BlockAnswerer&) = delete;

  void operator()(std::uint64_t number, const LineBlock& block, AnsweredBlock& answered) {
    number_ = number;
    answered.tally = {};
    work_(block.lines, block.first_line, records_, answered.tally);
    // The block's records go with it; its buffer, already consumed, serves the next block.
    records_.swap_buffer(answered.records);
  }

 private:
  BlockPool& pool_;
  Output& out_;
  const BlockWork& work_;
  std::uint64_t number_ = 0;  // the block being answered
  Output records_{
      [this](std::string_view text) { pool_.in_turn(number_, [&] { out_.write(text); }); }};
};

}  // namespace

BatchTally answer_in_blocks(int input_fd, Output& out, unsigned jobs, const BlockWork& work) {
  BatchTally tally;  // of the blocks consumed, on the pool's threads
  // Thrown by the consumer of the block where memory ran out, once its records are written: the
  // blocks after it are given up.
  struct OutOfMemory {};
  BlockPool blocks(
      jobs, blocks_per_thread * jobs, [&] { return BlockAnswerer(blocks, out, work); },
      [&](AnsweredBlock& answered) {
        out.write(answered.records.view());
        answered.records.clear();
        if (answered.tally.bad_lines > 0 && tally.bad_lines == 0)
          tally.first_bad = answered.tally.first_bad;
        tally.bad_lines += answered.tally.bad_lines;
        if (answered.tally.out_of_memory) {
          tally.out_of_memory = answered.tally.out_of_memory;
          throw OutOfMemory{};
        }
      });
  LineReader reader(input_fd);
  std::uint64_t lines = 0;
  try {
    while (auto text = reader.next_lines(block_bytes)) {
      blocks.submit([&](LineBlock& block) {
        block.lines.assign(*text);
        block.first_line = lines + 1;
      });
      lines += static_cast<std::uint64_t>(std::count(text->begin(), text->end(), '\n'));
    }
    blocks.finish();
  } catch (const OutOfMemory&) {
    lines = tally.out_of_memory;
  }
  tally.lines = lines;
  return tally;
}

LineCheck::LineCheck(std::string rules, std::optional<std::size_t> most_heaps)
    : rules_(std::move(rules)), canonical_(canonical_json(rules_)), most_heaps_(most_heaps) {
  // Nim's rules as the agent protocol sends them name the game (a program may be nim-game).
  if (rules_.find("\"game\"") == std::string::npos)
    named_nim_ = canonical_json(std::string("{\"game\":\"nim\",") + rules_.substr(1));
}

std::string LineCheck::error(const AnyPosition& heaps, const LineKeys& keys) const {
  if (most_heaps_ && heaps.size() > *most_heaps_)
    return "the line has " + std::to_string(heaps.size()) + " heaps, more than --max-heaps " +
           std::to_string(*most_heaps_);
  // The line is valid JSON, so its rules are one JSON value.
  if (!keys.rules || *keys.rules == rules_) return {};
  // An octal game's code in either spelling (0.770 or 0.77) names the same game.
  if (const std::string canonical = canonical_json(with_normal_octal_code(*keys.rules));
      canonical == canonical_ || canonical == named_nim_)
    return {};
  return "the line's rules " + std::string(*keys.rules) + " are not this command's " + rules_;
}

SpooledInput spool_input(int input_fd) {
  SpooledInput spooled;
  spooled.file.reset(std::tmpfile());
  const auto failed = [](const char* what) {
    return WriteError(std::string("cannot spool the input to a temporary file (") + what +
                      "): " + std::strerror(errno));
  };
  if (!spooled.file) throw failed("tmpfile");
  LineReader reader(input_fd);
  AnyPosition heaps;
  while (auto line = reader.next([] {})) {
    if (!is_comment_or_blank(*line) && read_heaps(*line, heaps).empty())
      spooled.most_heaps = std::max(spooled.most_heaps, heaps.size());
    if (std::fwrite(line->data(), 1, line->size(), spooled.file.get()) != line->size() ||
        std::fputc('\n', spooled.file.get()) == EOF)
      throw failed("write");
  }
  if (std::fflush(spooled.file.get()) != 0) throw failed("write");
  std::rewind(spooled.file.get());
  return spooled;
}

void write_finished_records(Output& out) noexcept {
  try {
    out.drop_unended();
    out.flush();
  } catch (...) {  // the failure being reported comes first
  }
}

int report(const BatchTally& tally, Output& out) {
  if (tally.out_of_memory) {
    out.flush();
    std::fprintf(stderr, "nim-game: out of memory at line %llu; the lines after it were not read\n",
                 static_cast<unsigned long long>(tally.out_of_memory));
    return exit_io;
  }
  if (tally.bad_lines == 0) return exit_ok;
  out.flush();
  std::fprintf(stderr, "nim-game: %llu of %llu lines could not be read (the first is line %llu)\n",
               static_cast<unsigned long long>(tally.bad_lines),
               static_cast<unsigned long long>(tally.lines),
               static_cast<unsigned long long>(tally.first_bad));
  return exit_bad_lines;
}

std::string sum_rules_error(const SumLineKeys& keys, const SumWords& words) {
  const AnyPosition none;
  if (keys.rules) {
    if (std::string error = LineCheck(words.rules).error(none, {.id = {}, .rules = keys.rules});
        !error.empty())
      return error;
  }
  for (std::size_t c = 0; c < keys.game_rules.size(); ++c)
    if (keys.game_rules[c])
      if (std::string error = LineCheck(words.components[c].rules)
                                  .error(none, {.id = {}, .rules = keys.game_rules[c]});
          !error.empty())
        return "component " + std::to_string(c + 1) + ": " + error;
  return {};
}

}  // namespace nim
