// libFuzzer harness for the readers of a heap game's parameters (scripts/fuzz.sh builds and runs
// it): any bytes, as an octal code or as a set of takes, must give a game or a message of one
// line that is valid JSON text when quoted, never a crash; a code read must read back the same
// from the code it writes, and a set must hold increasing takes from 1 to most_named_take.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/heap_game_text.hpp"
#include "cli/input/options.hpp"
#include "json_oracle.hpp"
#include "text/escape.hpp"

namespace {

void check_message(const nim::UsageError& error) {
  const std::string message = error.what();
  if (message.find('\n') != std::string::npos) std::abort();
  if (!nim::fuzz::is_json(nim::quoted(message))) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    const nim::HeapGame game = nim::read_octal_code(input);
    if (nim::read_octal_code(nim::octal_code(game)) != game) std::abort();
  } catch (const nim::UsageError& error) {
    check_message(error);
  }
  try {
    const auto set = nim::read_take_set("--subtract", input);
    if (set.empty()) std::abort();
    for (std::size_t k = 0; k < set.size(); ++k)
      if (set[k] < 1 || set[k] > nim::most_named_take || (k > 0 && set[k - 1] >= set[k]))
        std::abort();
  } catch (const nim::UsageError& error) {
    check_message(error);
  }
  return 0;
}
