// Reading the --fields list: the names of nim/fields.hpp, separated by commas, each once, in the
// order the records and the table's columns take.
#pragma once

#include <string_view>
#include <vector>

#include "nim/fields.hpp"

namespace nim {

// Throws UsageError naming `option`, the list and the bad name.
std::vector<Field> parse_field_list(std::string_view option, std::string_view text);

}  // namespace nim
