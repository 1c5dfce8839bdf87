#include "format/play_json.hpp"

namespace nim {

void write_invalid_event(JsonWriter& w, std::string_view input, std::string_view reason) {
  w.begin_object();
  w.key("event");
  w.string("invalid");
  w.key("input");
  w.string(input);
  w.key("reason");
  w.string(reason);
  w.end_object();
}

void write_help_event(JsonWriter& w, std::string_view text) {
  w.begin_object();
  w.key("event");
  w.string("help");
  w.key("text");
  w.string(text);
  w.end_object();
}

}  // namespace nim
