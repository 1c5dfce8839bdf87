#include "cli/input/rules_table.hpp"

#include "cli/input/game_options.hpp"

namespace nim {

namespace {

std::vector<OptionSpec> nim_options() {
  return {
      {.name = option::misere, .help = "whoever takes the last object loses"},
      {.name = option::max_take,
       .value = "K",
       .help = "a move takes at most K objects (K >= 1, any size)",
       .kind = OptionSpec::Kind::number},
  };
}

GameSpec read_nim(const ParsedOptions& given) {
  GameSpec nim = spec_of_kind(GameSpec::Kind::nim);
  nim.misere = given.has(option::misere);
  if (const auto* cap = given.value(option::max_take))
    nim.max_take = parse_positive_integer("--max-take", *cap);
  return nim;
}

}  // namespace

std::span<const RulesRow> rules_table() {
  static const std::vector<RulesRow> table{
      {NimRules<BigHeap>::name, "take one or more objects from one heap", nim_options, read_nim},
  };
  return table;
}

}  // namespace nim
