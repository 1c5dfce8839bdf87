// libFuzzer harness for the position reader (scripts/fuzz.sh builds and runs it): any bytes, as a
// --batch line or as an -H argument, must give either heaps or a message, never a crash; a
// position read must read back the same from its plain form; a message quoting the input must
// be one line of valid JSON text, whatever bytes the input held; and an "id" found must be one
// JSON value taken from the line, which the records can carry as it is (and so must "rules" be,
// with a canonical form to compare).
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "cli/input/heap_text.hpp"
#include "cli/input/json_reader.hpp"
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
  heaps.clear();
  check(nim::append_heaps(input, heaps), heaps);
  if (!nim::fuzz::is_json(nim::quoted(input))) std::abort();
  return 0;
}
