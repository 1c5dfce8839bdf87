#include "cli/input/split_spec.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace {

std::string split_error(const std::string& text) {
  return testing::usage_error_of([&] { parse_split_spec("--split", text); });
}

TEST_CASE("--split: named shares, exact decimals adding up to 1") {
  const auto parts = parse_split_spec("--split", "train=0.8,test=0.2");
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].name == "train");
  CHECK(parts[0].share == 800'000'000);
  CHECK(parts[1].name == "test");
  CHECK(parts[1].share == 200'000'000);
  // 0.7 + 0.2 + 0.1 is 1 exactly here, although not in doubles.
  CHECK(parse_split_spec("--split", "a=0.7, b = .2 ,c=0.100").size() == 3);
  CHECK(parse_split_spec("--split", "all=1")[0].share == whole_share);
  CHECK(parse_split_spec("--split", "all=01.000000000")[0].share == whole_share);
  CHECK(parse_split_spec("--split", "x_1-a.b=0.999999999,y=0.000000001")[1].share == 1);
}

TEST_CASE("--split: every malformed spec is a usage error that says what is wrong") {
  const auto head = [](const std::string& text) { return "--split \"" + text + "\": "; };
  CHECK(split_error("a=0.5,b=0.4") == head("a=0.5,b=0.4") + "the shares add up to 0.9, not 1");
  CHECK(split_error("a=0.75,b=0.75") == head("a=0.75,b=0.75") + "the shares add up to 1.5, not 1");
  CHECK(split_error("a=0.5,a=0.5") == head("a=0.5,a=0.5") + "a is given twice");
  CHECK(split_error("a") == head("a") + "\"a\" is not NAME=SHARE (as in train=0.8)");
  CHECK(split_error("") == head("") + "\"\" is not NAME=SHARE (as in train=0.8)");
  CHECK(split_error("a=1,") == head("a=1,") + "\"\" is not NAME=SHARE (as in train=0.8)");
  const std::string not_a_name = " is not letters, digits, '_', '-' and '.' (it names a file)";
  CHECK(split_error("a/b=1") == head("a/b=1") + "the name \"a/b\"" + not_a_name);
  CHECK(split_error("=1") == head("=1") + "the name \"\"" + not_a_name);
  CHECK(split_error("..=1") == head("..=1") + "the name \"..\"" + not_a_name);
  const auto bad_share = [](const std::string& share, const std::string& name) {
    return "the share \"" + share + "\" of " + name +
           " is not a decimal above 0 and at most 1 (at most 9 decimals)";
  };
  for (const std::string share :
       {"2", "1.5", "0", "0.0", "-0.5", "0.1234567891", "1e-1", ".", "0.", "", "x", "10"})
    CHECK(split_error("a=" + share) == head("a=" + share) + bad_share(share, "a"));
}

TEST_CASE("split_counts: shares rounded down, the rest to the parts that lost most") {
  const auto parts = parse_split_spec("--split", "a=0.8,b=0.15,c=0.05");
  CHECK(split_counts(parts, 1000) == std::vector<std::uint64_t>{800, 150, 50});
  CHECK(split_counts(parts, 7) == std::vector<std::uint64_t>{6, 1, 0});  // 5.6, 1.05, 0.35
  CHECK(split_counts(parts, 0) == std::vector<std::uint64_t>{0, 0, 0});
  const auto thirds = parse_split_spec("--split", "a=0.333333333,b=0.333333333,c=0.333333334");
  CHECK(split_counts(thirds, 2) == std::vector<std::uint64_t>{1, 0, 1});  // c lost most
  // Counts near 2^64 do not overflow.
  const auto halves = parse_split_spec("--split", "a=0.5,b=0.5");
  CHECK(split_counts(halves, UINT64_MAX) ==
        std::vector<std::uint64_t>{UINT64_MAX / 2 + 1, UINT64_MAX / 2});
}

}  // namespace
}  // namespace nim
