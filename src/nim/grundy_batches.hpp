// The batches of rare pairs of grundy_values.hpp (grundy_rare_pairs.hpp), made as the heaps reach
// them, and, with a second thread, ahead of them. A batch reads only the values and rare heaps
// below its start minus RarePairBatch::lag, so the second thread makes the next batches while the
// first computes the heaps of the batch before; the first, when the batch it needs is still being
// made, makes the one after meanwhile (0.007's batches take more time than its searches). Either
// thread makes a batch the same way, so the values and steps are the same with one thread or two.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>

#include "nim/grundy_rare_pairs.hpp"
#include "nim/period.hpp"
#include "nim/thread_pool.hpp"

namespace nim {

// The values in the narrowest width that holds them: 1, 2 or 4 bytes each.
struct NarrowValues {
  const void* data = nullptr;
  unsigned width = 4;

  // Calls f with the values, typed by their width.
  template <typename F>
  decltype(auto) visit(F&& f) const {
    if (width == 1) return f(static_cast<const std::uint8_t*>(data));
    if (width == 2) return f(static_cast<const std::uint16_t*>(data));
    return f(static_cast<const GrundyValue*>(data));
  }
};

class RarePairBatches {
 public:
  // What a batch is made of (RarePairBatch::start()): the values so far, the values' bound, the
  // classes, the rare heaps so far; and the last heap asked for (no batch starts beyond it).
  struct Sources {
    NarrowValues values;
    std::uint64_t value_count = 0, next_class_choice = 0, most_heap = 0;
    const SparseSpace* space = nullptr;
    std::size_t rare_known = 0;
  };

  // With `ahead`, a second thread makes the batches ahead: if the system refuses it, a
  // ThreadStartError says that thread 2 of 2 was refused (the first is the caller's).
  explicit RarePairBatches(bool ahead) : shared_(std::make_unique<Shared>()) {
    if (!ahead) return;
    try {
      worker_ =
          std::make_unique<ThreadPool>(1, [shared = shared_.get()](unsigned) { shared->work(); });
    } catch (const ThreadStartError& e) {
      throw ThreadStartError(2, 2, e.reason());
    }
  }
  RarePairBatches(RarePairBatches&&) = default;
  RarePairBatches& operator=(RarePairBatches&&) = delete;
  ~RarePairBatches() {
    if (!worker_) return;
    {
      const std::lock_guard lock(shared_->mutex);
      shared_->stopping = true;
    }
    shared_->changed.notify_all();
    worker_.reset();  // joins
  }

  // The batch of heap n, which the heaps before it have no more use for. `sources` hold G(0) to
  // G(n - 1) and the rare heaps below n; they stay where they are, and the same, until the next
  // call, pause() or drop().
  RarePairBatch& at(std::uint64_t n, const Sources& sources) {
    if (current_ != nullptr && current_->start <= n && current_->batch.holds(n))
      return current_->batch;
    Shared& shared = *shared_;
    std::unique_lock lock(shared.mutex);
    if (current_ != nullptr) current_->state = Slot::empty;
    Slot* slot = shared.find(n);
    if (slot == nullptr) {  // none made ahead: the batches start again here
      shared.forget(lock);
      shared.next_start = n;
    }
    shared.sources = sources;
    shared.known = n;
    shared.news.fetch_add(1, std::memory_order_relaxed);
    if (shared.may_make(2)) shared.changed.notify_all();
    if (slot == nullptr) slot = shared.make_next(lock);
    // While the second thread makes it, this one makes the batches after it (when it may).
    while (slot->state != Slot::ready)
      if (shared.may_make(1))
        shared.make_next(lock);
      else
        shared.made.wait(lock);
    slot->state = Slot::in_use;
    current_ = slot;
    return slot->batch;
  }

  // Waits until the second thread is done with the sources: they may move or change. The batches
  // made stay.
  void pause() {
    std::unique_lock lock(shared_->mutex);
    shared_->pause(lock);
  }

  // Forgets every batch (the values' bound or the classes changed), once the second thread is done
  // with the sources.
  void drop() {
    std::unique_lock lock(shared_->mutex);
    shared_->forget(lock);
    current_ = nullptr;
  }

 private:
  struct Slot {
    RarePairBatch batch;
    std::uint64_t start = 0;
    enum State { empty, making, ready, in_use } state = empty;
  };

  static void pause_a_moment() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }

  static void make(RarePairBatch& batch, std::uint64_t n, const Sources& sources) {
    sources.values.visit([&](const auto* values) {
      batch.start(values, n, sources.value_count, sources.next_class_choice, *sources.space,
                  sources.rare_known);
    });
  }

  // What the two threads share, under the mutex (the slots' batches: while made, only by the
  // thread that makes them).
  struct Shared {
    std::mutex mutex;
    std::condition_variable changed;  // new sources, an empty slot, or stopping: for the second
    std::condition_variable made;     // a batch made ahead: for the first
    std::array<Slot, 4> slots;        // the batch in use and those ahead
    Sources sources;
    std::uint64_t known = 0;       // the sources hold the heaps below it (0: none, paused)
    std::uint64_t next_start = 0;  // the heap the next batch ahead starts at (0: none)
    bool stopping = false;
    std::atomic<std::uint64_t> news{0};  // counts the changes of `known`, read without the mutex

    Slot* find(std::uint64_t n) {
      for (Slot& slot : slots)
        if ((slot.state == Slot::making || slot.state == Slot::ready) && slot.start == n)
          return &slot;
      return nullptr;
    }
    Slot* find_empty() {
      for (Slot& slot : slots)
        if (slot.state == Slot::empty) return &slot;
      return nullptr;
    }
    bool making() const {
      for (const Slot& slot : slots)
        if (slot.state == Slot::making) return true;
      return false;
    }
    // Whether the next `count` batches ahead may be made now: their sources are known, no class
    // choice comes first, they are asked for, and slots are free.
    bool may_make(unsigned count) const {
      if (next_start == 0 || known == 0) return false;
      unsigned empty = 0;
      for (const Slot& slot : slots)
        empty += slot.state == Slot::empty ? 1 : 0;
      if (empty < count) return false;
      for (std::uint64_t start = next_start; count > 0; --count) {
        if (start > known + RarePairBatch::lag || start >= sources.next_class_choice ||
            start > sources.most_heap)
          return false;
        start += RarePairBatch::length_at(start, sources.value_count, sources.next_class_choice);
      }
      return true;
    }

    // With the lock held: waits until the second thread is done with the sources, and lets it
    // begin nothing new until the next at().
    void pause(std::unique_lock<std::mutex>& lock) {
      known = 0;
      made.wait(lock, [this] { return !making(); });
    }
    // The same, and every batch made is forgotten.
    void forget(std::unique_lock<std::mutex>& lock) {
      pause(lock);
      for (Slot& slot : slots)
        slot.state = Slot::empty;
      next_start = 0;
    }

    // Makes the next batch, with the lock held on entry and on return, not in between.
    Slot* make_next(std::unique_lock<std::mutex>& lock) {
      Slot& slot = *find_empty();
      slot.start = next_start;
      slot.state = Slot::making;
      const Sources made_of = sources;
      next_start +=
          RarePairBatch::length_at(next_start, made_of.value_count, made_of.next_class_choice);
      lock.unlock();
      make(slot.batch, slot.start, made_of);
      lock.lock();
      slot.state = Slot::ready;
      return &slot;
    }

    // The second thread: makes the next batch whenever it may, until stopping.
    void work() {
      std::unique_lock lock(mutex);
      for (;;) {
        if (!stopping && !may_make(1)) {
          // Spins a while first: waking a thread that sleeps costs the other a system call, about
          // 5 us (as long as 5 heaps of Grundy's game), and asleep it is woken only once two
          // batches may be made, half as often.
          const std::uint64_t seen = news.load(std::memory_order_relaxed);
          lock.unlock();
          for (int spin = 0; spin < 4096 && news.load(std::memory_order_relaxed) == seen; ++spin)
            pause_a_moment();
          lock.lock();
        }
        if (!stopping && !may_make(1))
          changed.wait(lock, [this] { return stopping || may_make(2); });
        if (stopping) return;
        make_next(lock);
        made.notify_all();
      }
    }
  };

  std::unique_ptr<Shared> shared_;      // where the second thread finds it, however this moves
  Slot* current_ = nullptr;             // the batch the heaps use now (first thread only)
  std::unique_ptr<ThreadPool> worker_;  // the second thread, if any
};

}  // namespace nim
