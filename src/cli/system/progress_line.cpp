#include "cli/system/progress_line.hpp"

#include <cstdio>
#include <system_error>
#include <utility>

#include "cli/system/terminal.hpp"

namespace nim {

namespace {

constexpr std::chrono::milliseconds redraw_every{200};

}  // namespace

ProgressLine::ProgressLine(std::string title, std::string unit, std::uint64_t total)
    : title_(std::move(title)), unit_(std::move(unit)), total_(total) {
  if (!is_terminal(2)) return;
  try {
    drawing_ = std::jthread([this](std::stop_token stop) { redraw(stop); });
  } catch (const std::system_error&) {
    // No thread to draw it: the work goes on without the line, which only shows progress.
  }
}

ProgressLine::~ProgressLine() {
  if (!drawing_.joinable()) return;
  drawing_.request_stop();
  drawing_.join();
  std::fputs("\r\033[K", stderr);
}

void ProgressLine::write(std::string_view text) {
  std::unique_lock lock(mutex_);
  if (drawing_.joinable()) std::fputs("\r\033[K", stderr);
  std::fwrite(text.data(), 1, text.size(), stderr);
  if (drawing_.joinable()) draw();
  std::fflush(stderr);
}

void ProgressLine::redraw(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  do
    draw();
  while (!stopped_.wait_for(lock, stop, redraw_every, [&] { return stop.stop_requested(); }));
}

void ProgressLine::draw() {
  const std::uint64_t done = done_.load(std::memory_order_relaxed);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line =
      "\r" + title_ + ": " + std::to_string(done) + " of " + std::to_string(total_) + " " + unit_;
  if (done > 0 && seconds > 0) {
    const double rate = static_cast<double>(done) / seconds;
    char text[96];
    std::snprintf(text, sizeof text, ", %.0f %s/s, %.0f s left", rate, unit_.c_str(),
                  static_cast<double>(total_ - done) / rate);
    line += text;
  }
  line += "\033[K";
  std::fputs(line.c_str(), stderr);
}

}  // namespace nim
