#include "cli/commands/batch.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "cli/input/json_reader.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/ordered_pool.hpp"

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
    std::swap(records_.buffer(), answered.records);
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
  BlockPool blocks(
      jobs, blocks_per_thread * jobs, [&] { return BlockAnswerer(blocks, out, work); },
      [&](AnsweredBlock& answered) {
        out.write(answered.records.view());
        answered.records.clear();
        if (answered.tally.bad_lines > 0 && tally.bad_lines == 0)
          tally.first_bad = answered.tally.first_bad;
        tally.bad_lines += answered.tally.bad_lines;
      });
  LineReader reader(input_fd);
  std::uint64_t lines = 0;
  while (auto text = reader.next_lines(block_bytes)) {
    blocks.submit([&](LineBlock& block) {
      block.lines.assign(*text);
      block.first_line = lines + 1;
    });
    lines += static_cast<std::uint64_t>(std::count(text->begin(), text->end(), '\n'));
  }
  blocks.finish();
  tally.lines = lines;
  return tally;
}

RulesCheck::RulesCheck(std::string rules)
    : rules_(std::move(rules)), canonical_(canonical_json(rules_)) {}

std::string RulesCheck::error(std::string_view line_rules) const {
  // The line is valid JSON, so its rules are one JSON value.
  if (line_rules == rules_ || canonical_json(line_rules) == canonical_) return {};
  return "the line's rules " + std::string(line_rules) + " are not this command's " + rules_;
}

int report(const BatchTally& tally, Output& out) {
  if (tally.bad_lines == 0) return exit_ok;
  out.flush();
  std::fprintf(stderr, "nim-game: %llu of %llu lines could not be read (the first is line %llu)\n",
               static_cast<unsigned long long>(tally.bad_lines),
               static_cast<unsigned long long>(tally.lines),
               static_cast<unsigned long long>(tally.first_bad));
  return exit_bad_lines;
}

}  // namespace nim
