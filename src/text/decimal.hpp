// Numbers in the words of messages and records alike.
#pragma once

#include <string>

namespace nim {

// The shortest decimal that reads back as the same double ("5", "0.5", "0.9149..."): a
// probability, a fraction or a number of seconds, in JSON and in text alike.
std::string shortest_decimal(double value);

}  // namespace nim
