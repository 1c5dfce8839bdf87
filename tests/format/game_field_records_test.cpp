// The fields of a game after Nim, byte for byte, in a JSON record and in a table row: the move in
// its game's form (one cell when it may split or take from several heaps), action ids of moves
// that take from one heap, Grundy values where the game has them and null or empty cells where it
// has not.
#include "format/game_field_records.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "nim/game_analysis.hpp"
#include "support/game_table.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

const std::vector<Field> every_field{
    Field::heaps,         Field::state,   Field::rules,         Field::winning,
    Field::move,          Field::action,  Field::winning_moves, Field::winning_actions,
    Field::grundy_values, Field::nim_sum, Field::grundy_sum};

// The record of `fields` and the table row of a position of the game.
struct Written {
  std::string record, header, row;
};
Written written(const GameSpec& spec, const Small& position, std::vector<Field> fields,
                bool move_as_json) {
  const PreparedGame game(spec, BigHeap(20));
  const GameWords words(spec);
  return std::visit(
      [&](const auto& rules) {
        GameSolver solver(rules, spec.search_limit);
        const auto analysis =
            analyse_game(solver, std::span<const SmallHeap>(position), WinningMoves::list);
        const GameFields<SmallHeap> source(words, analysis);
        Written out;
        Buffer record;
        JsonWriter w(record, false);
        write_field_record(w, source, fields, RecordContext{.line = 4});
        out.record = record.str();
        const TableLayout layout{.fields = fields,
                                 .heap_columns = 4,
                                 .pad = std::nullopt,
                                 .batch = false,
                                 .move_as_json = move_as_json};
        Buffer header, row;
        write_table_header(header, layout);
        write_table_row(row, layout, source);
        out.header = header.str();
        out.row = row.str();
        return out;
      },
      rules_of<SmallHeap>(game));
}

TEST_CASE("GameFields: a subtraction game's moves are a heap and a count, with action ids") {
  const GameSpec spec{.heap_game = subtraction_game({1, 2})};
  REQUIRE(moves_take_from_one_heap(spec));
  const Written out = written(spec, {1, 3, 5}, every_field, false);
  CHECK(out.record ==
        R"({"heaps":[1,3,5],"state":"1;3;5","rules":{"game":"subtraction","subtract":[1,2],)"
        R"("misere":false},"winning":true,"move":[2,1],"action":2,"winning_moves":[[2,1]],)"
        R"("winning_actions":[2],"grundy_values":[1,0,2],"nim_sum":7,"grundy_sum":3,"line":4})");
  CHECK(out.header ==
        "h1,h2,h3,h4,state,rules,winning,move_heap,move_take,action,winning_moves,"
        "winning_actions,g1,g2,g3,g4,nim_sum,grundy_sum\n");
  CHECK(out.row ==
        "1,3,5,,1;3;5,\"{\"\"game\"\":\"\"subtraction\"\",\"\"subtract\"\":[1,2],"
        "\"\"misere\"\":false}\",1,2,1,2,\"[[2,1]]\",[2],1,0,2,,7,3\n");
}

TEST_CASE("GameFields: Kayles' split moves in their JSON form, in one cell of a table") {
  const GameSpec spec{.heap_game = octal_game({0, 7, 7})};
  REQUIRE_FALSE(moves_take_from_one_heap(spec));
  const std::vector<Field> fields{Field::heaps, Field::move, Field::winning_moves,
                                  Field::grundy_values, Field::grundy_sum};
  const Written out = written(spec, {1, 3, 5}, fields, true);
  CHECK(out.record == R"({"heaps":[1,3,5],"move":[2,1,[1,3]],"winning_moves":[[2,1,[1,3]]],)"
                      R"("grundy_values":[1,3,4],"grundy_sum":6,"line":4})");
  CHECK(out.header == "h1,h2,h3,h4,move,winning_moves,g1,g2,g3,g4,grundy_sum\n");
  CHECK(out.row == "1,3,5,,\"[2,1,[1,3]]\",\"[[2,1,[1,3]]]\",1,3,4,,6\n");
}

TEST_CASE("GameFields: no Grundy values in Wythoff's game, null and empty cells, and a game over") {
  GameSpec spec;
  spec.kind = GameSpec::Kind::wythoff;
  const std::vector<Field> fields{Field::heaps,         Field::winning, Field::move,
                                  Field::grundy_values, Field::nim_sum, Field::grundy_sum};
  const Written cold = written(spec, {3, 5}, fields, true);
  CHECK(cold.record == R"({"heaps":[3,5],"winning":false,"move":[1,1],"grundy_values":null,)"
                       R"("nim_sum":6,"grundy_sum":null,"line":4})");
  CHECK(cold.row == "3,5,,,0,\"[1,1]\",,,,,6,\n");
  // A game over has no move: null, and an empty cell.
  const Written over = written(spec, {0, 0}, fields, true);
  CHECK(over.record == R"({"heaps":[0,0],"winning":false,"move":null,"grundy_values":null,)"
                       R"("nim_sum":0,"grundy_sum":null,"line":4})");
  CHECK(over.row == "0,0,,,0,,,,,,0,\n");
}

}  // namespace
}  // namespace nim
