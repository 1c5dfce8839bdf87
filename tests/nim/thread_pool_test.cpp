// The thread pool on its own: each body on a thread of its own with its number, what a body throws
// on the caller, and a thread the system refuses as one error naming it, after the threads started
// were told to stop and joined.
#include "nim/thread_pool.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/memory_limit.hpp"

namespace nim {
namespace {

TEST_CASE("thread pool: body(t) runs once for each t, each on a thread of its own") {
  for (const unsigned count : {1u, 2u, 5u}) {
    INFO("count: " << count);
    std::mutex mutex;
    std::vector<unsigned> numbers;
    std::set<std::thread::id> threads;
    on_threads(count, [&](unsigned t) {
      const std::lock_guard lock(mutex);
      numbers.push_back(t);
      threads.insert(std::this_thread::get_id());
    });
    std::sort(numbers.begin(), numbers.end());
    std::vector<unsigned> expected(count);
    for (unsigned t = 0; t < count; ++t)
      expected[t] = t;
    CHECK(numbers == expected);
    CHECK(threads.size() == count);
    // One thread alone is the caller's.
    CHECK(threads.contains(std::this_thread::get_id()) == (count == 1));
  }
  unsigned calls = 0;
  on_threads(0, [&](unsigned) { ++calls; });
  CHECK(calls == 0);
}

TEST_CASE("thread pool: the pool joins its threads before it is gone") {
  std::atomic<unsigned> done = 0;
  {
    const ThreadPool pool(4, [&](unsigned) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++done;
    });
    CHECK(pool.size() == 4);
  }
  CHECK(done == 4);
}

TEST_CASE("thread pool: what a body throws is thrown on the caller, once every body returned") {
  std::atomic<unsigned> returned = 0;
  CHECK_THROWS_WITH_AS(on_threads(3,
                                  [&](unsigned t) {
                                    ++returned;
                                    if (t == 1) throw std::invalid_argument("body 1");
                                  }),
                       "body 1", std::invalid_argument);
  CHECK(returned == 3);
}

TEST_CASE("thread pool: threads the system will not start are one error, the others stopped") {
  if (testing::address_sanitized) return;  // the limit of address space cannot be set there
  // Under 512 MB of address space 1,024 threads (8 MB of stack each) cannot all start: the pool
  // tells those started to stop, joins them, then says how many were asked and which one failed.
  const int status = testing::status_under_memory_limit(512 << 20, [] {
    std::mutex mutex;
    std::condition_variable changed;
    bool stop = false;
    unsigned started = 0;
    unsigned ended = 0;
    try {
      const ThreadPool pool(
          1024,
          [&](unsigned) {
            std::unique_lock lock(mutex);
            ++started;
            changed.wait(lock, [&] { return stop; });  // without stop(), never returns
            ++ended;
          },
          [&] {
            const std::lock_guard lock(mutex);
            stop = true;
            changed.notify_all();
          });
    } catch (const ThreadStartError& e) {
      const bool named =
          e.asked() == 1024 && e.refused() > 1 && e.refused() <= 1024 &&
          e.reason() == "Resource temporarily unavailable" &&
          std::string(e.what()) == "cannot start 1024 threads: the system refused thread " +
                                       std::to_string(e.refused()) + " (" + e.reason() + ")";
      const bool joined = ended == started && started == e.refused() - 1;
      return named && joined ? 3 : 4;
    }
    return 0;
  });
  CHECK(status == 3);
}

}  // namespace
}  // namespace nim
