// The check of a usage error, for the end-to-end tests (the binary run) and the command tests (the
// command line run in-process) alike: exit status 2, nothing on stdout, and exactly the message on
// stderr, after "nim-game: ", on one line.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "support/process.hpp"

namespace nim::testing {

// run(args) gives a result with status, out and err.
template <class Run>
void check_usage_error_by(Run run, const std::vector<std::string>& args, std::string_view message) {
  std::string command = "nim-game";
  for (const auto& arg : args)
    command += " " + shell_quote(arg);
  const auto result = run(args);
  INFO(command);
  CHECK(result.status == 2);
  CHECK(result.out.empty());
  CHECK(result.err == "nim-game: " + std::string(message) + "\n");
}

}  // namespace nim::testing
