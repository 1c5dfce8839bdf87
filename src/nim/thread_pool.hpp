// The one place where threads are started: a ThreadPool runs one body on a number of threads and
// joins them. Every user goes through it (the CLI's ordered pool for --jobs, the match statistics'
// sorters, a Grundy sequence's second thread, the Python module's chunks of rows), so that a
// thread the system refuses is always the same error, never fewer threads in silence, and no
// started thread is ever left running. It does no I/O: the error carries its numbers, and each
// caller words them in its own terms.
#pragma once

#include <concepts>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace nim {

// The system would not start as many threads as asked (its limit on threads, or on memory: each
// thread reserves its stack).
class ThreadStartError : public std::runtime_error {
 public:
  ThreadStartError(unsigned asked, unsigned refused, std::string reason)
      : std::runtime_error("cannot start " + std::to_string(asked) +
                           " threads: the system refused thread " + std::to_string(refused) + " (" +
                           reason + ")"),
        asked_(asked),
        refused_(refused),
        reason_(std::move(reason)) {}

  unsigned asked() const { return asked_; }              // threads asked for
  unsigned refused() const { return refused_; }          // the first one refused, from 1
  const std::string& reason() const { return reason_; }  // the system's words

 private:
  unsigned asked_;
  unsigned refused_;
  std::string reason_;
};

class ThreadPool {
 public:
  // Starts `count` threads, thread t (0, 1, ...) running a copy of `body` as body(t). When the
  // system refuses one, `stop()` runs (it makes the bodies started return), the threads started
  // are joined, and ThreadStartError says which one was refused.
  template <std::copy_constructible Body, std::invocable Stop>
  requires std::invocable<Body&, unsigned> ThreadPool(unsigned count, Body body, Stop stop) {
    threads_.reserve(count);
    try {
      for (unsigned t = 0; t < count; ++t)
        threads_.emplace_back([body, t]() mutable { body(t); });
    } catch (const std::system_error& e) {
      const auto started = static_cast<unsigned>(threads_.size());
      stop();
      threads_.clear();  // joins
      throw ThreadStartError(count, started + 1, e.code().message());
    } catch (...) {
      stop();
      threads_.clear();
      throw;
    }
  }

  // For bodies that return by themselves.
  template <std::copy_constructible Body>
  requires std::invocable<Body&, unsigned> ThreadPool(unsigned count, Body body)
      : ThreadPool(count, std::move(body), [] {}) {}

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  ~ThreadPool() = default;  // joins every thread

  // Waits until every body has returned.
  void join() { threads_.clear(); }

  std::size_t size() const { return threads_.size(); }

 private:
  std::vector<std::jthread> threads_;
};

// Runs body(t) for t = 0 .. count - 1, each on a thread of its own, and returns once all have
// returned; what a body throws is thrown here (the first one, when several throw). One thread
// alone is the calling one.
template <class Body>
requires std::invocable<Body&, unsigned>
void on_threads(unsigned count, Body&& body) {
  if (count <= 1) {
    if (count == 1) body(0u);
    return;
  }
  std::mutex mutex;
  std::exception_ptr failure;
  {
    ThreadPool pool(count, [&](unsigned t) {
      try {
        body(t);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
    });
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace nim
