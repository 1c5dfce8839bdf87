// The message of the UsageError a reader of outside input throws, for the unit tests to assert it
// whole: usage_error_of([&] { parse(...); }) is that message, or "" when nothing was thrown.
#pragma once

#include <string>

#include "cli/input/options.hpp"

namespace nim::testing {

template <class Parse>
std::string usage_error_of(Parse parse) {
  try {
    parse();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace nim::testing
