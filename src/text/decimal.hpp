// Numbers in the words of messages and records alike.
#pragma once

#include <cstdint>
#include <string>

namespace nim {

// The shortest decimal that reads back as the same double ("5", "0.5", "0.9149..."): a
// probability, a fraction or a number of seconds, in JSON and in text alike.
std::string shortest_decimal(double value);

// The same without an exponent ("0.0000001", "1000000", not "1e-07", "1e+06"): seconds as
// --move-timeout takes them.
std::string plain_decimal(double value);

// A whole number of units of 10^-decimals written as a decimal without trailing zeros: 51237
// with 3 decimals is "51.237", 9870000 with 6 "9.87", 5000 with 3 "5" (microseconds as
// milliseconds or seconds, exactly).
std::string fixed_point(std::uint64_t units, unsigned decimals);

}  // namespace nim
