#include "cli/input/field_list.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/input/options.hpp"
#include "support/usage_error.hpp"

namespace nim {
namespace {

std::string field_list_error(const std::string& text) {
  return testing::usage_error_of([&] { parse_field_list("--fields", text); });
}

TEST_CASE("--fields: names separated by commas, in the order given") {
  CHECK(parse_field_list("--fields", "heaps,winning,move") ==
        std::vector<Field>{Field::heaps, Field::winning, Field::move});
  CHECK(parse_field_list("--fields", " move , heaps ") ==
        std::vector<Field>{Field::move, Field::heaps});
  std::string every;
  for (const FieldName& field : field_names)
    every += (every.empty() ? "" : ",") + std::string(field.name);
  const auto all = parse_field_list("--fields", every);
  REQUIRE(all.size() == field_names.size());
  for (std::size_t i = 0; i < all.size(); ++i)
    CHECK(about(all[i]).name == field_names[i].name);
}

TEST_CASE("--fields: an unknown, empty or repeated name is a usage error naming it") {
  const std::string known =
      " is not a field (heaps, state, rules, winning, move, action, winning_moves, "
      "winning_actions, grundy_values, nim_sum, grundy_sum)";
  CHECK(field_list_error("heaps,foo") == "--fields \"heaps,foo\": \"foo\"" + known);
  CHECK(field_list_error("") == "--fields \"\": an empty name" + known);
  CHECK(field_list_error("heaps,,move") == "--fields \"heaps,,move\": an empty name" + known);
  CHECK(field_list_error("heaps,") == "--fields \"heaps,\": an empty name" + known);
  CHECK(field_list_error("Heaps") == "--fields \"Heaps\": \"Heaps\"" + known);
  CHECK(field_list_error("move,heaps,move") == "--fields \"move,heaps,move\": move is given twice");
  CHECK(field_list_error("a\tb") == "--fields \"a\\u0009b\": \"a\\u0009b\"" + known);
}

}  // namespace
}  // namespace nim
