// A line on stderr while a long run goes on, when stderr is a terminal: "nim-game match: 120 of
// 1000 games, 45 games/s, 20 s left". A thread of its own redraws it in place every 200 ms from the
// count that the workers keep, however long each piece of work takes; it is erased at the end.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace nim {

class ProgressLine {
 public:
  // `title` starts the line ("nim-game match"), `unit` names what is counted ("games").
  ProgressLine(std::string title, std::string unit, std::uint64_t total);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // Erases the line, also when an error ends the run: its message then starts a clean line.
  ~ProgressLine();

  // `count` more done; from any thread.
  void add(std::uint64_t count) { done_.fetch_add(count, std::memory_order_relaxed); }
  // Writes `text` (whole lines) on stderr above the line, which is drawn again under it.
  void write(std::string_view text);

 private:
  void draw();
  void redraw(std::stop_token stop);

  const std::string title_;
  const std::string unit_;
  const std::uint64_t total_;
  std::atomic<std::uint64_t> done_ = 0;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable_any stopped_;
  std::jthread drawing_;  // only on a terminal
};

}  // namespace nim
