// libFuzzer harness for the position reader (scripts/fuzz.sh builds and runs it): any bytes, as a
// --batch line or as an -H argument, must give either heaps or a message, never a crash; a
// position read must read back the same from its plain form; a message quoting the input must
// be one line of valid JSON text, whatever bytes the input held; and an "id" found must be one
// JSON value taken from the line, which the records can carry as it is (and so must "rules" be,
// with a canonical form to compare). The same bytes as a line of a sum of games (one position a
// game) must give the same guarantees.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/input/sum_component.hpp"
#include "json_oracle.hpp"

namespace {

std::string plain_text(const nim::AnyPosition& heaps) {
  std::string text;
  const auto add = [&](const std::string& size) { text += (text.empty() ? "" : " ") + size; };
  if (heaps.is_big())
    for (const auto& h : heaps.big())
      add(h.get_str());
  else
    for (auto h : heaps.small())
      add(std::to_string(h));
  return text;
}

void check(const std::string& error, const nim::AnyPosition& heaps) {
  if (!error.empty()) {
    if (error.find('\n') != std::string::npos) std::abort();
    if (!nim::fuzz::is_json(nim::quoted(error))) std::abort();
    return;
  }
  nim::AnyPosition again;
  if (!nim::read_heaps(plain_text(heaps), again).empty()) std::abort();
  if (plain_text(again) != plain_text(heaps)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  nim::AnyPosition heaps;
  nim::LineKeys keys;
  check(nim::read_heaps(input, heaps, keys), heaps);
  for (const auto& key : {keys.id, keys.rules}) {
    if (!key) continue;
    if (key->data() < input.data() || key->data() + key->size() > input.data() + input.size())
      std::abort();
    if (!nim::fuzz::is_json(*key)) std::abort();
    // The form the rules are compared in exists for every JSON value.
    (void)nim::canonical_json(*key);
  }
  // The same bytes as a --batch line of a sum of three games: its heaps, or a message; its id
  // and rules views of the line.
  std::vector<nim::AnyPosition> games;
  nim::SumLineKeys sum_keys;
  const std::string error = nim::read_sum_line(input, 3, games, sum_keys);
  if (error.empty()) {
    if (games.size() != 3) std::abort();
    for (const auto& game : games)
      check(error, game);
  } else {
    check(error, heaps);
  }
  std::vector<std::optional<std::string_view>> views{sum_keys.id, sum_keys.rules};
  views.insert(views.end(), sum_keys.game_rules.begin(), sum_keys.game_rules.end());
  for (const auto& key : views) {
    if (!key) continue;
    if (key->data() < input.data() || key->data() + key->size() > input.data() + input.size())
      std::abort();
    if (!nim::fuzz::is_json(*key)) std::abort();
  }
  heaps.clear();
  check(nim::append_heaps(input, heaps), heaps);
  if (!nim::fuzz::is_json(nim::quoted(input))) std::abort();
  return 0;
}
