#include "format/json_records.hpp"

namespace nim {

void write_input_error(JsonWriter& w, std::uint64_t line, std::optional<std::string_view> id,
                       std::string_view input, std::string_view error) {
  w.begin_object();
  w.key("line");
  w.number(line);
  record::write_id(w, id);
  w.key("input");
  w.string(input);
  w.key("error");
  w.string(error);
  w.end_object();
}

}  // namespace nim
