// libFuzzer harness for the JSON reader (scripts/fuzz.sh builds and runs it): on any bytes,
// JsonReader accepts exactly what is_json (nlohmann::json, numbers of any size allowed) accepts,
// except NUL bytes, where nlohmann stops reading. skip() returns the value as written, which is
// itself valid JSON.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/json_reader.hpp"
#include "json_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with("\xEF\xBB\xBF")) return 0;  // nlohmann skips a byte order mark; we do not
  bool ours = true;
  try {
    nim::JsonReader json(input);
    const std::string_view value = json.skip();
    json.end();
    nim::JsonReader again(value);  // the value as written is itself valid JSON
    again.skip();
    again.end();
  } catch (const nim::JsonError& e) {
    ours = false;
    if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
  }
  if (input.find('\0') != std::string_view::npos) return 0;
  if (ours != nim::fuzz::is_json(input)) std::abort();
  return 0;
}
