// A chess clock for a match's programs (--time-control BASE+INC): each agent has BASE for a game,
// spends on each move the time its reply took, and gains INC once the move is made (Fischer's
// increment). Whole microseconds, so that the arithmetic is exact; the runner measures the time.
#pragma once

#include <algorithm>
#include <cstdint>

namespace nim {

struct TimeControl {
  std::uint64_t base = 0;       // microseconds on each agent's clock when a game starts
  std::uint64_t increment = 0;  // microseconds added after each of its moves

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

class GameClock {
 public:
  explicit GameClock(TimeControl control) : control_(control), left_(control.base) {}

  // The time left before the agent's next reply, in microseconds.
  std::uint64_t left() const { return left_; }

  // Charges a reply that took `spent` microseconds: false when it took more than the time left
  // (the agent lost on time; the clock stays at 0), else the time left is less by `spent` and
  // more by the increment.
  bool charge(std::uint64_t spent) {
    if (spent > left_) {
      left_ = 0;
      return false;
    }
    left_ = left_ - spent + std::min(control_.increment, UINT64_MAX - (left_ - spent));
    return true;
  }

 private:
  TimeControl control_;
  std::uint64_t left_;
};

}  // namespace nim
