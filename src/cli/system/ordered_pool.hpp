// Threads that work on numbered tasks at once and hand their results, in task order, to one
// consumer at a time: --batch --jobs answers blocks of lines with it, match --jobs plays blocks of
// games. The caller submits the tasks in order; at most `capacity` are in flight (waiting, being
// worked on, or done and waiting for their turn), so memory stays flat however many there are.
// The thread that finishes the oldest task consumes its result and every finished one after it;
// the others leave theirs in its slot and take the next task. No lock is held while a task is
// worked on or a result consumed. Its threads are a ThreadPool's (nim/thread_pool.hpp).
#pragma once

#include <concepts>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "nim/thread_pool.hpp"

namespace nim {

// A thread of --jobs the system would not start (its limit on threads, or on memory: each thread
// reserves its stack), in the command line's words: exit status 3, as when memory runs out.
inline std::string jobs_thread_message(const ThreadStartError& error) {
  return "cannot start the " + std::to_string(error.asked()) +
         " threads of --jobs: the system refused thread " + std::to_string(error.refused()) + " (" +
         error.reason() + ")";
}

// What a thread of the pool works with: it fills in the result of task `number` (0, 1, ... in
// the order submitted). Each thread has its own, so it may keep what it needs between tasks.
template <class Worker, class Task, class Result>
concept PoolWorker = requires(Worker& worker, std::uint64_t number, const Task& task,
                              Result& result) {
  worker(number, task, result);
};

// A worker with something to do once no task is left (a program to say goodbye to); not called
// when the pool is abandoned.
template <class Worker>
concept FinishingWorker = requires(Worker& worker) {
  worker.finish();
};

template <std::default_initializable Task, std::default_initializable Result>
class OrderedPool {
 public:
  // `make_worker()` runs once on each of the `threads` threads and makes that thread's worker;
  // `consume(result)` runs for every result, in task order, on one thread at a time. A result is
  // used again for a later task: the worker starts it afresh.
  template <std::invocable MakeWorker>
  requires PoolWorker<std::invoke_result_t<MakeWorker&>, Task, Result> OrderedPool(
      unsigned threads, std::size_t capacity, MakeWorker make_worker,
      std::function<void(Result&)> consume)
      : consume_(std::move(consume)),
        slots_(capacity),
        // A thread refused: those started end before the pool is given up (they wait for tasks
        // otherwise).
        threads_(
            threads, [this, make_worker](unsigned) mutable { run(make_worker); },
            [this] {
              {
                const std::lock_guard lock(mutex_);
                stopping_ = true;
              }
              changed_.notify_all();
            }) {}

  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;

  // Unless finish() has returned, the threads give up their tasks and end.
  ~OrderedPool() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = !finished_;
    }
    changed_.notify_all();
  }  // threads_ joins first

  // Adds a task, which `fill(task)` writes into a slot used before (whose buffers it may keep);
  // waits while `capacity` tasks are in flight. From one thread only. Rethrows what went wrong on
  // a thread.
  template <std::invocable<Task&> Fill>
  void submit(Fill&& fill) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return failure_ || submitted_ - consumed_ < slots_.size(); });
    if (failure_) std::rethrow_exception(failure_);
    Slot& slot = slot_of(submitted_);
    unlocked(lock, [&] { fill(slot.task); });  // no thread looks at a free slot
    ++submitted_;
    lock.unlock();
    changed_.notify_all();
  }

  // No more tasks: waits until every result has been consumed. Rethrows what went wrong on a
  // thread.
  void finish() {
    std::unique_lock lock(mutex_);
    closing_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return failure_ || (consumed_ == submitted_ && !consuming_); });
    if (failure_) std::rethrow_exception(failure_);
    finished_ = true;
  }

  // For the worker of task `number`, while it works: runs `f` as the consumer, once every result
  // before this task's has been consumed. A worker whose result would grow too big (the records
  // of a long playout) hands it over in parts this way.
  template <std::invocable F>
  void in_turn(std::uint64_t number, F&& f) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock,
                  [&] { return failure_ || stopping_ || (consumed_ == number && !consuming_); });
    if (failure_ || stopping_) throw Abandoned{};
    consuming_ = true;
    unlocked(lock, f);
    consuming_ = false;
    lock.unlock();
    changed_.notify_all();
  }

 private:
  struct Slot {
    Task task;
    Result result;
    bool done = false;  // the result is ready to be consumed
  };

  // Thrown out of a worker waiting for its turn when the pool gives up.
  struct Abandoned {};

  Slot& slot_of(std::uint64_t number) { return slots_[number % slots_.size()]; }

  // Runs `f` with the lock released, and takes it again however `f` ends.
  template <class F>
  static void unlocked(std::unique_lock<std::mutex>& lock, F&& f) {
    lock.unlock();
    struct Relock {
      std::unique_lock<std::mutex>& lock;
      ~Relock() { lock.lock(); }
    } relock{lock};
    f();
  }

  template <class MakeWorker>
  void run(MakeWorker& make_worker) {
    try {
      serve(make_worker());
    } catch (const Abandoned&) {
    } catch (...) {
      {
        const std::lock_guard lock(mutex_);
        if (!failure_) failure_ = std::current_exception();
      }
      changed_.notify_all();
    }
  }

  template <class Worker>
  void serve(Worker worker) {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock,
                    [&] { return failure_ || stopping_ || closing_ || claimed_ < submitted_; });
      if (failure_ || stopping_) return;
      if (claimed_ == submitted_) break;  // closing, and every task taken
      const std::uint64_t number = claimed_++;
      Slot& slot = slot_of(number);
      unlocked(lock, [&] { worker(number, std::as_const(slot.task), slot.result); });
      slot.done = true;
      consume_finished(lock);
    }
    lock.unlock();
    if constexpr (FinishingWorker<Worker>) worker.finish();
  }

  // Consumes the finished results from the oldest on, unless another thread is consuming (it
  // will come to them). Called with the lock held.
  void consume_finished(std::unique_lock<std::mutex>& lock) {
    if (consuming_) return;
    consuming_ = true;
    while (!failure_ && !stopping_ && consumed_ < submitted_ && slot_of(consumed_).done) {
      Slot& slot = slot_of(consumed_);
      unlocked(lock, [&] { consume_(slot.result); });
      slot.done = false;
      ++consumed_;
      changed_.notify_all();  // room for a task, or a turn come
    }
    consuming_ = false;
    changed_.notify_all();
  }

  const std::function<void(Result&)> consume_;
  std::vector<Slot> slots_;  // task n in slot n % capacity
  std::mutex mutex_;
  std::condition_variable changed_;  // any change of the state below
  std::uint64_t submitted_ = 0;      // tasks submitted
  std::uint64_t claimed_ = 0;        // tasks taken by a thread: the oldest ones
  std::uint64_t consumed_ = 0;       // results consumed: the oldest ones
  bool consuming_ = false;           // a thread is consuming
  bool closing_ = false;             // no more tasks will come
  bool finished_ = false;            // every result has been consumed
  bool stopping_ = false;            // abandoned: stop
  std::exception_ptr failure_;
  ThreadPool threads_;  // the last member: it joins first
};

}  // namespace nim
