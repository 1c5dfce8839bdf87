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

AnyRules read_nim(const ParsedOptions& given) {
  NimRules<BigHeap> rules{given.has(option::misere), std::nullopt};
  if (const auto* cap = given.value(option::max_take))
    rules.max_take = parse_positive_integer("--max-take", *cap);
  return AnyRules(std::move(rules));
}

}  // namespace

std::span<const RulesRow> rules_table() {
  static const std::vector<RulesRow> table{
      {NimRules<BigHeap>::name, "take one or more objects from one heap", nim_options, read_nim},
  };
  return table;
}

}  // namespace nim
