// The ordered pool on its own: results in task order whatever the threads and however long each
// task takes, at most `capacity` tasks in flight, a worker's exception on the caller, parts of a
// result handed over in turn, and workers told when no task is left.
#include "cli/system/ordered_pool.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/memory_limit.hpp"

namespace nim {
namespace {

// A task of `pool_tasks` numbered ones, some of which take a while: task k sleeps k % 7 * 50 µs,
// and every 97th task 2 ms, so that later tasks often finish first.
void take_a_while(std::uint64_t task) {
  const auto pause =
      task % 97 == 0 ? std::chrono::microseconds(2000) : std::chrono::microseconds(task % 7 * 50);
  std::this_thread::sleep_for(pause);
}

constexpr std::uint64_t pool_tasks = 600;

// A worker that squares its task.
struct Squarer {
  void operator()(std::uint64_t number, const std::uint64_t& task, std::uint64_t& result) {
    CHECK(number == task);
    take_a_while(task);
    result = task * task;
  }
};

TEST_CASE("ordered pool: results consumed in task order, whatever the threads") {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (std::size_t capacity : {std::size_t{1}, std::size_t{4} * threads}) {
      INFO(threads << " threads, capacity " << capacity);
      std::vector<std::uint64_t> consumed;
      OrderedPool<std::uint64_t, std::uint64_t> pool(
          threads, capacity, [] { return Squarer{}; },
          [&](std::uint64_t& square) { consumed.push_back(square); });
      for (std::uint64_t k = 0; k < pool_tasks; ++k)
        pool.submit([k](std::uint64_t& task) { task = k; });
      pool.finish();
      REQUIRE(consumed.size() == pool_tasks);
      for (std::uint64_t k = 0; k < pool_tasks; ++k)
        CHECK(consumed[k] == k * k);
    }
  }
}

TEST_CASE("ordered pool: never more than its capacity in flight, however slow the oldest task") {
  constexpr std::size_t capacity = 6;
  std::atomic<std::size_t> in_flight = 0, most_in_flight = 0;
  std::atomic<bool> first_may_end = false;
  struct Stalling {
    std::atomic<bool>& first_may_end;
    void operator()(std::uint64_t number, const int&, int&) {
      if (number == 0)  // the oldest task holds up every result behind it
        while (!first_may_end)
          std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  };
  OrderedPool<int, int> pool(
      3, capacity, [&] { return Stalling{first_may_end}; }, [&](int&) { --in_flight; });
  std::thread release([&] {
    // Once every slot is taken, the submitter waits: a while later, still no more are.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (in_flight < capacity && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(in_flight == capacity);
    first_may_end = true;
  });
  for (int k = 0; k < 200; ++k) {
    pool.submit([&](int&) {
      const std::size_t now = ++in_flight;
      std::size_t most = most_in_flight;
      while (now > most && !most_in_flight.compare_exchange_weak(most, now)) {
      }
    });
  }
  pool.finish();
  release.join();
  CHECK(in_flight == 0);
  CHECK(most_in_flight == capacity);
}

TEST_CASE("ordered pool: an exception of a worker or of the consumer is rethrown on the caller") {
  struct Failing {
    void operator()(std::uint64_t number, const int&, int&) {
      if (number == 37) throw std::runtime_error("task 37 failed");
    }
  };
  for (unsigned threads : {1u, 2u, 4u}) {
    INFO(threads << " threads");
    std::uint64_t consumed = 0;
    const auto run_all = [&] {
      OrderedPool<int, int> pool(
          threads, 4 * threads, [] { return Failing{}; }, [&](int&) { ++consumed; });
      for (int k = 0; k < 10'000; ++k)
        pool.submit([](int&) {});
      pool.finish();
    };
    CHECK_THROWS_WITH_AS(run_all(), "task 37 failed", std::runtime_error);
    CHECK(consumed <= 37);  // nothing after the failed task

    const auto consume_badly = [&] {
      OrderedPool<int, int> pool(
          threads, 4 * threads, [] { return [](std::uint64_t, const int&, int&) {}; },
          [](int&) { throw std::runtime_error("cannot write"); });
      for (int k = 0; k < 10'000; ++k)
        pool.submit([](int&) {});
      pool.finish();
    };
    CHECK_THROWS_WITH_AS(consume_badly(), "cannot write", std::runtime_error);
  }
}

TEST_CASE(
    "ordered pool: parts of a result handed over in turn come between those before and after") {
  using Parts = std::vector<std::string>;
  for (unsigned threads : {1u, 2u, 4u}) {
    INFO(threads << " threads");
    Parts seen;
    struct Splitter {
      OrderedPool<int, std::string>& pool;
      Parts& seen;
      void operator()(std::uint64_t number, const int&, std::string& rest) {
        take_a_while(number);
        if (number % 3 == 0)
          pool.in_turn(number, [&] { seen.push_back(std::to_string(number) + " early"); });
        rest = std::to_string(number);
      }
    };
    // The workers hold the pool they are made for, as --batch's do.
    OrderedPool<int, std::string> pool(
        threads, 4 * threads,
        [&] {
          return Splitter{pool, seen};
        },
        [&](std::string& rest) { seen.push_back(rest); });
    for (int k = 0; k < 300; ++k)
      pool.submit([](int&) {});
    pool.finish();
    Parts expected;
    for (int k = 0; k < 300; ++k) {
      if (k % 3 == 0) expected.push_back(std::to_string(k) + " early");
      expected.push_back(std::to_string(k));
    }
    CHECK(seen == expected);
  }
}

TEST_CASE("ordered pool: each worker is finished once no task is left, not when abandoned") {
  struct Counted {
    std::atomic<int>& made;
    std::atomic<int>& finished;
    void operator()(std::uint64_t, const int&, int&) {}
    void finish() { ++finished; }
  };
  static_assert(FinishingWorker<Counted>);
  std::atomic<int> made = 0, finished = 0;
  const auto make = [&] {
    ++made;
    return Counted{made, finished};
  };
  {
    OrderedPool<int, int> pool(3, 12, make, [](int&) {});
    for (int k = 0; k < 100; ++k)
      pool.submit([](int&) {});
    pool.finish();
  }
  CHECK(made == 3);
  CHECK(finished == 3);

  made = finished = 0;
  {
    OrderedPool<int, int> pool(3, 12, make, [](int&) {});
    for (int k = 0; k < 100; ++k)
      pool.submit([](int&) {});
  }  // no finish(): the pool is given up
  CHECK(made == 3);
  CHECK(finished == 0);
}

TEST_CASE("ordered pool: threads the system will not start are one error, the others ended") {
  if (testing::address_sanitized) return;  // the limit of address space cannot be set there
  // Under 512 MB of address space 1,024 threads (8 MB of stack each) cannot all start: the pool
  // ends those that did, then says how many it was asked for and which one failed.
  const int status = testing::status_under_memory_limit(512 << 20, [] {
    try {
      const OrderedPool<std::uint64_t, std::uint64_t> pool(
          1024, 16, [] { return Squarer{}; }, [](std::uint64_t&) {});
    } catch (const ThreadStartError& e) {
      const std::string message = jobs_thread_message(e);
      const bool named =
          message.starts_with(
              "cannot start the 1024 threads of --jobs: the system refused thread ") &&
          message.ends_with(" (Resource temporarily unavailable)");
      return named ? 3 : 4;
    }
    return 0;
  });
  CHECK(status == 3);
}

}  // namespace
}  // namespace nim
