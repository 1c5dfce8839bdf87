// libFuzzer harness for the input parser (scripts/fuzz.sh builds and runs it): any bytes, as a
// --batch line or as -H values, must give either heaps or a message, never a crash; a parsed
// position must read back the same from its plain form; and a message quoting the input must be
// valid JSON, whatever bytes the input held.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "heap_text.hpp"

namespace {

std::string plain_text(const nim::HeapList& heaps) {
  std::string text;
  const auto add = [&](const std::string& size) { text += (text.empty() ? "" : " ") + size; };
  if (heaps.is_big)
    for (const auto& h : heaps.big)
      add(h.get_str());
  else
    for (auto h : heaps.small)
      add(std::to_string(h));
  return text;
}

void check(std::string_view input, nim::Fields fields) {
  nim::HeapList heaps;
  const std::string error = nim::parse_heaps(input, heaps, fields);
  if (!error.empty()) {
    if (!nlohmann::json::accept(nim::quoted(error))) std::abort();
    return;
  }
  nim::HeapList again;
  if (!nim::parse_heaps(plain_text(heaps), again).empty()) std::abort();
  if (plain_text(again) != plain_text(heaps)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  check(input, nim::Fields::any);
  check(input, nim::Fields::by_comma);
  if (!nlohmann::json::accept(nim::quoted(input))) std::abort();
  return 0;
}
