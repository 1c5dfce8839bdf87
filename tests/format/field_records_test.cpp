// Records of chosen fields and table rows, byte for byte: the JSON keys in the order chosen, the
// header row, padding, RFC 4180 quoting, TSV's escapes, and OpenSpiel's action ids.
#include "format/field_records.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "format/game_field_records.hpp"
#include "support/nim_engine.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

// Nim's analysis with every winning move, through its engine.
GameAnalysis<SmallHeap> labelled(const Small& position, const NimRules<SmallHeap>& rules) {
  return testing::nim_analysis(position, rules, {}, 0, WinningMoves::list);
}

std::string table_row(const TableLayout& layout, const Small& position,
                      std::optional<std::uint64_t> line = std::nullopt) {
  Buffer out;
  const GameWords nim(NimRules<SmallHeap>{}.spec());
  write_table_row(out, layout, GameFields<SmallHeap>(nim, labelled(position, {})), line);
  return out.str();
}

TEST_CASE("write_field_record: the fields chosen, in their order, then the context") {
  const Small position{1, 3, 5, 6};
  const NimRules<SmallHeap> rules{false, SmallHeap{4}};
  const GameWords words(rules.spec());
  const auto analysis = labelled(position, rules);
  Buffer out;
  JsonWriter w(out, false);
  write_field_record(
      w, GameFields<SmallHeap>(words, analysis),
      std::vector<Field>{Field::winning, Field::heaps, Field::state, Field::rules, Field::move,
                         Field::action, Field::winning_moves, Field::winning_actions,
                         Field::grundy_values, Field::nim_sum, Field::grundy_sum},
      RecordContext{.line = 7});
  CHECK(out.str() ==
        R"({"winning":true,"heaps":[1,3,5,6],"state":"1;3;5;6","rules":{"misere":false,)"
        R"("max_take":4},"move":[1,3],"action":9,"winning_moves":[[1,3],[2,2],[3,4]],)"
        R"("winning_actions":[9,6,15],"grundy_values":[1,3,0,1],"nim_sum":1,"grundy_sum":3,)"
        R"("line":7})");
}

TEST_CASE("write_table_header: every field's columns, heaps and Grundy values numbered") {
  TableLayout layout{
      .kind = TableKind::csv,
      .fields = {Field::heaps, Field::state, Field::rules, Field::winning, Field::move,
                 Field::action, Field::winning_moves, Field::winning_actions, Field::grundy_values,
                 Field::nim_sum, Field::grundy_sum},
      .heap_columns = 2,
      .pad = std::nullopt,
      .batch = true};
  Buffer out;
  write_table_header(out, layout);
  CHECK(out.str() ==
        "line,h1,h2,state,rules,winning,move_heap,move_take,action,winning_moves,"
        "winning_actions,g1,g2,nim_sum,grundy_sum,error\n");
  layout.kind = TableKind::tsv;
  layout.fields = {Field::heaps};
  layout.batch = false;
  out.clear();
  write_table_header(out, layout);
  CHECK(out.str() == "h1\th2\n");
}

TEST_CASE("write_table_row: padded heaps, quoted lists, empty cells where there is no move") {
  TableLayout layout{.fields = {Field::heaps, Field::winning, Field::move, Field::winning_moves},
                     .heap_columns = 3,
                     .pad = std::nullopt,
                     .batch = false};
  CHECK(table_row(layout, {1, 2}) == "1,2,,1,1,1,\"[[1,1]]\"\n");
  CHECK(table_row(layout, {0, 0, 0}) == "0,0,0,0,,,[]\n");
  layout.pad = BigHeap(0);
  CHECK(table_row(layout, {1, 2}) == "1,2,0,1,1,1,\"[[1,1]]\"\n");
  layout.kind = TableKind::tsv;
  layout.batch = true;
  CHECK(table_row(layout, {1, 2}, 9) == "9\t1\t2\t0\t1\t1\t1\t[[1,1]]\t\n");
}

TEST_CASE("write_table_error_row: the line, an empty cell for every column, and the error") {
  const TableLayout layout{
      .fields = {Field::heaps, Field::move}, .heap_columns = 2, .pad = std::nullopt, .batch = true};
  Buffer out;
  write_table_error_row(out, layout, 3, "heap size \"x\", said \"no\"");
  CHECK(out.str() == "3,,,,,\"heap size \"\"x\"\", said \"\"no\"\"\"\n");
}

TEST_CASE("append_table_text: RFC 4180 quoting for CSV, backslash escapes for TSV") {
  const auto cell = [](TableKind kind, std::string_view text) {
    Buffer out;
    append_table_text(out, kind, text);
    return out.str();
  };
  CHECK(cell(TableKind::csv, "plain text") == "plain text");
  CHECK(cell(TableKind::csv, "a,b") == "\"a,b\"");
  CHECK(cell(TableKind::csv, "say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(cell(TableKind::csv, "two\nlines\r") == "\"two\nlines\r\"");
  CHECK(cell(TableKind::tsv, "a\tb\\c\nd\re,\"f\"") == "a\\tb\\\\c\\nd\\re,\"f\"");
}

TEST_CASE("OpenSpiel's action id: (take - 1) * heaps + heap, exact beyond 64 bits") {
  CHECK(openspiel_action(Move<SmallHeap>{3, 1}, 4) == SmallHeap{3});
  CHECK(openspiel_action(Move<SmallHeap>{0, 2}, 4) == SmallHeap{4});
  CHECK(openspiel_action(Move<SmallHeap>{1, 0}, 2) == std::nullopt);  // (0 - 1) wraps: no id
  CHECK(openspiel_action(Move<SmallHeap>{0, UINT64_MAX}, 2) == std::nullopt);
  CHECK(openspiel_action(Move<BigHeap>{0, to_big(UINT64_MAX)}, 2) ==
        BigHeap("36893488147419103228", 10));
  Buffer out;
  record::append_action(out, Move<SmallHeap>{1, UINT64_MAX}, 3);
  CHECK(out.str() == "55340232221128654843");  // (2^64 - 2) * 3 + 1
}

}  // namespace
}  // namespace nim
