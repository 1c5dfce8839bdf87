// libFuzzer harness for the JSON reader (scripts/fuzz.sh builds and runs it), checked against
// nlohmann::json: on any bytes, JsonReader accepts exactly what nlohmann accepts, except numbers
// too large for a double, which nlohmann rejects and JsonReader keeps as text, and NUL bytes,
// where nlohmann stops reading. skip() returns the value as written, which is itself valid JSON.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/json_reader.hpp"

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
  bool theirs = true;
  try {
    (void)nlohmann::json::parse(input);
  } catch (const nlohmann::json::out_of_range&) {
    theirs = ours;  // a number beyond a double: nlohmann's limit, not JSON's
  } catch (const nlohmann::json::exception&) {
    theirs = false;
  }
  if (ours != theirs) std::abort();
  return 0;
}
