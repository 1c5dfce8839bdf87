// libFuzzer harness for the command-line parser (scripts/fuzz.sh builds and runs it): the input,
// split at NUL bytes into arguments, is parsed with a table of every kind of option (the shared
// game options and the choice of a game after Nim, a flag, a value, a list like -H) and read as
// game options and a game, and each argument as a game of a sum (--sum). It must give options or
// one usage error of one line, never a crash.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/options.hpp"
#include "cli/input/sum_component.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> words;
  std::size_t start = 0;
  for (std::size_t end; (end = input.find('\0', start)) != std::string::npos; start = end + 1)
    words.push_back(input.substr(start, end - start));
  words.push_back(input.substr(start));
  std::vector<const char*> args;
  for (const auto& word : words)
    args.push_back(word.c_str());
  static const std::vector<nim::OptionGroup> table{
      {"",
       {
           {.name = "heaps", .letter = 'H', .value = "SIZE", .list = true},
           {.name = "batch"},
           {.name = "move", .value = "I,N"},
       }},
      nim::rule_options(),
      nim::game_choice_options(),
      nim::choice_options(),
      nim::output_options(),
  };
  try {
    const nim::ParsedOptions given = nim::parse_options(table, args);
    (void)nim::read_game_options(given);
    (void)nim::read_game_spec(given);
  } catch (const nim::UsageError& e) {
    if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
  }
  // Each word as a game of a sum (--sum): the game and its heaps, or one line saying why not.
  for (const auto& word : words) {
    try {
      (void)nim::read_sum_component(word, static_cast<nim::SumHeaps>(word.size() % 3));
    } catch (const nim::UsageError& e) {
      if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
    }
  }
  return 0;
}
