// The clock faults of a match's programs (commands/match_agents.hpp): the words of each way to
// lose on time, and the clock charged, exactly. A reply read just after its deadline cannot be
// forced through a real program, so its fault is checked here.
#include "cli/commands/match_agents.hpp"

#include <doctest/doctest.h>

#include <optional>

namespace nim::match_agents_test {
namespace {

TEST_CASE("a reply within the clock is charged, plus the increment") {
  GameClock clock(TimeControl{.base = 350'000, .increment = 50'000});
  CHECK_FALSE(charge_reply(clock, 100'000));
  CHECK(clock.left() == 300'000);
  CHECK_FALSE(charge_reply(clock, 300'000));  // all of it, to the microsecond
  CHECK(clock.left() == 50'000);
}

TEST_CASE("a reply read after the time left loses on time, in the words of a fault") {
  GameClock clock(TimeControl{.base = 350'000, .increment = 50'000});
  const std::optional<AgentFault> late = charge_reply(clock, 410'000);
  REQUIRE(late);
  CHECK(late->termination == Termination::time);
  CHECK(late->message == "lost on time: it replied after 0.41 s, with 0.35 s left on its clock");
  CHECK(clock.left() == 0);
  const std::optional<AgentFault> by_one = charge_reply(clock, 1);
  REQUIRE(by_one);
  CHECK(by_one->message == "lost on time: it replied after 0.000001 s, with 0 s left on its clock");
}

TEST_CASE("no reply within the time left loses on time") {
  const AgentFault fault = no_reply_on_time(350'000);
  CHECK(fault.termination == Termination::time);
  CHECK(fault.message == "lost on time: no reply within the 0.35 s left on its clock");
}

}  // namespace
}  // namespace nim::match_agents_test
