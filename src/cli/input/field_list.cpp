#include "cli/input/field_list.hpp"

#include <string>

#include "cli/input/heap_text.hpp"
#include "cli/input/options.hpp"

namespace nim {

std::vector<Field> parse_field_list(std::string_view option, std::string_view text) {
  const std::string head = std::string(option) + " " + quoted(text) + ": ";
  std::vector<Field> fields;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view name = trim_blanks(text.substr(start, end - start));
    const FieldName* found = nullptr;
    for (const FieldName& field : field_names)
      if (field.name == name) found = &field;
    if (!found) {
      std::string known;
      for (const FieldName& field : field_names)
        known += (known.empty() ? "" : ", ") + std::string(field.name);
      throw UsageError(head + (name.empty() ? "an empty name" : quoted(name)) +
                       " is not a field (" + known + ")");
    }
    if (has_field(fields, found->field))
      throw UsageError(head + std::string(name) + " is given twice");
    fields.push_back(found->field);
    start = end + 1;
  }
  return fields;
}

}  // namespace nim
