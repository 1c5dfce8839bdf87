#include "cli/input/time_control.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace time_control_test {

TEST_CASE("a decimal as a whole number of units, exactly") {
  CHECK(read_fixed_point("5", 3) == 5000);
  CHECK(read_fixed_point("0.25", 6) == 250'000);
  CHECK(read_fixed_point(".5", 1) == 5);
  CHECK(read_fixed_point("5.", 0) == 5);
  CHECK(read_fixed_point("12.345", 3) == 12345);
  CHECK(read_fixed_point("0.001", 3) == 1);
  CHECK(read_fixed_point("18446744073709551615", 0) == UINT64_MAX);
  for (const char* text : {"", ".", "1.2345", "-1", "+1", "1e3", "1,5", " 1", "1..2", "0x1",
                           "18446744073709551616", "18446744073709551.616"}) {
    INFO(text);
    CHECK_FALSE(read_fixed_point(text, 3));
  }
}

TEST_CASE("--time-control BASE+INC: seconds, to the microsecond") {
  CHECK(read_time_control("--time-control", "10+0.1") ==
        TimeControl{.base = 10'000'000, .increment = 100'000});
  CHECK(read_time_control("--time-control", "0.000001+0") == TimeControl{.base = 1});
  CHECK(read_time_control("--time-control", ".5+.25") ==
        TimeControl{.base = 500'000, .increment = 250'000});
  CHECK(read_time_control("--time-control", "1000000+1000000") ==
        TimeControl{.base = 1'000'000'000'000, .increment = 1'000'000'000'000});
}

TEST_CASE("--time-control: a bad value is refused in one line that names it") {
  const auto error = [](const std::string& text) {
    return testing::usage_error_of([&] { (void)read_time_control("--time-control", text); });
  };
  const std::string form =
      " is not BASE+INC in seconds (60+0.5: 60 s for a game, 0.5 s more a move)";
  CHECK(error("10") == "--time-control \"10\"" + form);
  CHECK(error("") == "--time-control \"\"" + form);
  const auto base = [](const std::string& text, const std::string& part) {
    return "--time-control \"" + text + "\": its base \"" + part +
           "\" is not a number of seconds above 0 and at most 1000000 (to the microsecond)";
  };
  CHECK(error("0+1") == base("0+1", "0"));
  CHECK(error("0.0000001+1") == base("0.0000001+1", "0.0000001"));
  CHECK(error("1000000.000001+0") == base("1000000.000001+0", "1000000.000001"));
  CHECK(error("+1") == base("+1", ""));
  CHECK(error("-1+1") == base("-1+1", "-1"));
  CHECK(error("1e3+1") == base("1e3+1", "1e3"));
  const auto increment = [](const std::string& text, const std::string& part) {
    return "--time-control \"" + text + "\": its increment \"" + part +
           "\" is not a number of seconds from 0 to 1000000 (to the microsecond)";
  };
  CHECK(error("10+") == increment("10+", ""));
  CHECK(error("10+x") == increment("10+x", "x"));
  CHECK(error("10+0.1+1") == increment("10+0.1+1", "0.1+1"));
  CHECK(error("10+1000001") == increment("10+1000001", "1000001"));
}

}  // namespace time_control_test
}  // namespace nim
