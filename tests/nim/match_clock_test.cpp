#include "nim/match_clock.hpp"

#include <doctest/doctest.h>

#include <cstdint>

namespace nim {
namespace match_clock_test {

TEST_CASE("a game clock: each reply's time off, the increment on, until it runs out") {
  GameClock clock(TimeControl{.base = 1'000'000, .increment = 100'000});
  CHECK(clock.left() == 1'000'000);
  CHECK(clock.charge(300'000));
  CHECK(clock.left() == 800'000);
  CHECK(clock.charge(0));  // a reply not on the clock: the increment alone
  CHECK(clock.left() == 900'000);
  CHECK(clock.charge(900'000));  // all the time left is still in time
  CHECK(clock.left() == 100'000);
  CHECK_FALSE(clock.charge(100'001));
  CHECK(clock.left() == 0);
}

TEST_CASE("a game clock without increment, and one that cannot overflow") {
  GameClock sudden(TimeControl{.base = 10});
  CHECK(sudden.charge(10));
  CHECK(sudden.left() == 0);
  CHECK_FALSE(sudden.charge(1));
  GameClock huge(TimeControl{.base = UINT64_MAX, .increment = UINT64_MAX});
  CHECK(huge.charge(0));
  CHECK(huge.left() == UINT64_MAX);
}

}  // namespace match_clock_test
}  // namespace nim
