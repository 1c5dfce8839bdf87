// Numbers in the words of messages and records alike.
#pragma once

#include <string>

namespace nim {

// The shortest decimal that reads back as the same double ("5", "0.5", "0.9149..."): a
// probability, a fraction or a number of seconds, in JSON and in text alike.
std::string shortest_decimal(double value);

// The same without an exponent ("0.0000001", "1000000", not "1e-07", "1e+06"): seconds as
// --move-timeout takes them.
std::string plain_decimal(double value);

}  // namespace nim
