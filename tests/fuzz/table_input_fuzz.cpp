// libFuzzer harness for what positions and analyse read to lay out data sets (scripts/fuzz.sh
// builds and runs it): any bytes, as a --fields list or a --split spec, give a value or one usage
// error of one line, never a crash. A list read names each field once; a spec read has names of
// the allowed characters, each once, shares adding up to 1 exactly, and split_counts() shares out
// any count exactly.
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "cli/input/field_list.hpp"
#include "cli/input/options.hpp"
#include "cli/input/split_spec.hpp"

namespace {

template <class Parse>
void one_line_error(const Parse& parse) {
  try {
    parse();
  } catch (const nim::UsageError& e) {
    if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  one_line_error([&] {
    const auto fields = nim::parse_field_list("--fields", text);
    for (std::size_t i = 0; i < fields.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (fields[i] == fields[j]) std::abort();
  });
  one_line_error([&] {
    const auto parts = nim::parse_split_spec("--split", text);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (parts[i].name.empty() || parts[i].name.find_first_of("/\\=, ") != std::string::npos)
        std::abort();
      for (std::size_t j = 0; j < i; ++j)
        if (parts[i].name == parts[j].name) std::abort();
      total += parts[i].share;
    }
    if (total != nim::whole_share) std::abort();
    for (const std::uint64_t count :
         {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{size}, UINT64_MAX}) {
      const auto counts = nim::split_counts(parts, count);
      if (std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) != count) std::abort();
    }
  });
  return 0;
}
