#include "cli/commands/field_checks.hpp"

#include <string>

#include "cli/input/options.hpp"
#include "format/rules_words.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

void check_action_fields(const std::vector<Field>& fields, const GameSpec& spec) {
  if (moves_take_from_one_heap(spec)) return;
  for (const Field field : {Field::action, Field::winning_actions})
    if (has_field(fields, field))
      throw UsageError("--fields " + std::string(about(field).name) +
                       " needs moves that take from one heap and leave it whole, which its ids "
                       "number (OpenSpiel's (take - 1) * heaps + heap); " +
                       game_name(spec) + " has other moves");
}

}  // namespace nim
