#include "cli/commands/batch.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "cli/system/exit_status.hpp"

namespace nim {

namespace {

// A block holds whole lines, at least this many bytes of them when the input has them: a thousand
// or two positions, a fraction of a millisecond of work, whose records usually fit in the output
// buffer (past it, a block waits for its turn to write).
constexpr std::size_t block_bytes = 32 * 1024;
// Blocks in flight (waiting, being answered, or waiting to be written) for each thread: enough to
// keep every thread busy while one block is slow, few enough to keep memory small.
constexpr std::size_t blocks_per_thread = 4;

// Another thread failed, or the run is being abandoned: this one stops where it is.
struct Stopped {};

// Blocks of lines answered by a pool of threads and written in the order they came. The thread
// that finishes the block at the front writes it, and every finished block after it; a block
// whose records outgrow the output buffer (a long playout) waits for its turn at the front and
// writes as it goes, so no block holds more than about a buffer's worth.
class OrderedBlocks {
 public:
  OrderedBlocks(Output& out, unsigned threads, const BlockWork& work)
      : out_(out), work_(work), capacity_(blocks_per_thread * threads) {
    for (unsigned t = 0; t < threads; ++t)
      threads_.emplace_back([this] { serve(); });
  }

  ~OrderedBlocks() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;  // after finish(), nothing is left to do; otherwise give up
    }
    changed_.notify_all();
  }  // threads_, the last member, joins first

  // Hands over a copy of some whole lines, the first numbered `first_line`; waits while too many
  // blocks are in flight.
  void submit(std::string_view lines, std::uint64_t first_line) {
    std::unique_ptr<Block> block;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return failure_ || blocks_.size() < capacity_; });
      if (failure_) std::rethrow_exception(failure_);
      if (!spare_.empty()) {
        block = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    if (!block) {
      block = std::make_unique<Block>();
      block->records =
          Output([this, b = block.get()](std::string_view text) { write_early(*b, text); });
    }
    block->lines.assign(lines);
    block->first_line = first_line;
    {
      const std::lock_guard lock(mutex_);
      blocks_.push_back(std::move(block));
    }
    changed_.notify_all();
  }

  // No more blocks: waits until all are written; returns the tally of their bad lines.
  BatchTally finish() {
    std::unique_lock lock(mutex_);
    closing_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return failure_ || (blocks_.empty() && !writing_); });
    if (failure_) std::rethrow_exception(failure_);
    return bad_lines_;
  }

 private:
  struct Block {
    std::string lines;
    std::uint64_t first_line = 0;
    BatchTally tally;
    Output records;
    bool done = false;
  };

  void serve() {
    for (;;) {
      Block* block;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(
            lock, [&] { return failure_ || stopping_ || closing_ || claimed_ < blocks_.size(); });
        if (failure_ || stopping_ || claimed_ == blocks_.size()) return;
        block = blocks_[claimed_++].get();
      }
      try {
        work_(block->lines, block->first_line, block->records, block->tally);
        std::unique_lock lock(mutex_);
        block->done = true;
        write_finished(lock);
      } catch (const Stopped&) {
        return;
      } catch (...) {
        {
          const std::lock_guard lock(mutex_);
          if (!failure_) failure_ = std::current_exception();
        }
        changed_.notify_all();
        return;
      }
    }
  }

  // Writes the finished blocks at the front, unless another thread is writing (it will come to
  // them). Called with the lock held.
  void write_finished(std::unique_lock<std::mutex>& lock) {
    if (writing_ || failure_ || stopping_) return;
    writing_ = true;
    while (!blocks_.empty() && blocks_.front()->done) {
      std::unique_ptr<Block> block = std::move(blocks_.front());
      blocks_.pop_front();
      --claimed_;
      if (block->tally.bad_lines > 0 && bad_lines_.bad_lines == 0)
        bad_lines_.first_bad = block->tally.first_bad;
      bad_lines_.bad_lines += block->tally.bad_lines;
      lock.unlock();
      changed_.notify_all();  // room for another block
      write(block->records.buffer().view(), lock);
      // Kept for another block: its buffers are already the right size, and their pages mapped.
      block->records.buffer().clear();
      block->tally = {};
      block->done = false;
      spare_.push_back(std::move(block));
    }
    writing_ = false;
    lock.unlock();
    changed_.notify_all();
  }

  // The records of a block still being answered, which fill its buffer: written once the block
  // reaches the front.
  void write_early(const Block& block, std::string_view text) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] {
      return failure_ || stopping_ || (blocks_.front().get() == &block && !writing_);
    });
    if (failure_ || stopping_) throw Stopped{};
    writing_ = true;
    lock.unlock();
    write(text, lock);
    writing_ = false;
    lock.unlock();
    changed_.notify_all();
  }

  // Writes `text` with the lock released, and takes it again, even when the write fails.
  void write(std::string_view text, std::unique_lock<std::mutex>& lock) {
    try {
      out_.write(text);
    } catch (...) {
      lock.lock();
      writing_ = false;
      lock.unlock();
      throw;
    }
    lock.lock();
  }

  Output& out_;
  const BlockWork& work_;
  const std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable changed_;            // any change of the state below
  std::deque<std::unique_ptr<Block>> blocks_;  // in input order; the front is written next
  std::vector<std::unique_ptr<Block>> spare_;  // written, to be used again
  std::size_t claimed_ = 0;                    // blocks_ taken by a thread, from the front
  bool writing_ = false;                       // a thread is writing to out_
  bool closing_ = false;                       // no more blocks will come
  bool stopping_ = false;                      // the run is over: stop
  std::exception_ptr failure_;
  BatchTally bad_lines_;  // of the blocks written
  std::vector<std::jthread> threads_;
};

}  // namespace

BatchTally answer_in_blocks(int input_fd, Output& out, unsigned jobs, const BlockWork& work) {
  LineReader reader(input_fd);
  OrderedBlocks blocks(out, jobs, work);
  std::uint64_t lines = 0;
  while (auto text = reader.next_lines(block_bytes)) {
    blocks.submit(*text, lines + 1);
    lines += static_cast<std::uint64_t>(std::count(text->begin(), text->end(), '\n'));
  }
  BatchTally tally = blocks.finish();
  tally.lines = lines;
  return tally;
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
