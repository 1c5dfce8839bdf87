#include "format/explanation_text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "format/json_records.hpp"
#include "nim/games/nim/nim.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using Steps = std::vector<std::string>;
using Json = nlohmann::ordered_json;

Steps steps_of(const Small& position, const NimRules<SmallHeap>& rules = {}) {
  return explanation_steps(explain(analyse(position, rules)));
}

std::string record_of(const Small& position, const NimRules<SmallHeap>& rules = {}) {
  Buffer out;
  JsonWriter w(out, false);
  w.begin_object();
  record::write_explanation(w, explain(analyse(position, rules)));
  w.end_object();
  return out.str();
}

TEST_CASE("binary: most significant bit first, padded to the width") {
  CHECK(binary(SmallHeap{5}, 3) == "101");
  CHECK(binary(SmallHeap{5}, 6) == "000101");
  CHECK(binary(SmallHeap{0}, 1) == "0");
  CHECK(binary(SmallHeap{18446744073709551615ULL}, 64) == std::string(64, '1'));
  CHECK(binary(BigHeap("18446744073709551616"), 66) == "01" + std::string(64, '0'));
  CHECK(binary(BigHeap(6), 3) == "110");
}

TEST_CASE("the JSON explanation of the notebook's positions (issue 8)") {
  const auto won = Json::parse(record_of({3, 4, 5, 6}))["explanation"];
  std::vector<std::string> keys;
  for (const auto& item : won.items())
    keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"values", "rows", "parity", "column", "heap", "steps"});
  CHECK(won["values"] == "sizes");
  CHECK(won["rows"] == Json::parse(R"(["011","100","101","110"])"));
  CHECK(won["parity"] == "100");
  CHECK(won["column"] == 2);
  CHECK(won["heap"] == 1);
  CHECK(won["steps"].size() == 4);

  const auto lost = Json::parse(record_of({5, 4, 1}))["explanation"];
  CHECK(lost["rows"] == Json::parse(R"(["101","100","001"])"));
  CHECK(lost["parity"] == "000");
  CHECK(lost["column"].is_null());
  CHECK(lost["heap"] == 0);  // the best try's heap

  const auto over = Json::parse(record_of({0, 0}))["explanation"];
  CHECK(over["rows"] == Json::parse(R"(["0","0"])"));
  CHECK(over["heap"].is_null());
  CHECK(over["steps"] ==
        Json::parse(R"(["No objects are left: the game is over, and the player to move )"
                    R"(has lost, since whoever took the last object won."])"));

  const auto capped = Json::parse(record_of({4, 5, 3}, {false, 3}))["explanation"];
  CHECK(capped["values"] == "grundy");
  CHECK(capped["rows"] == Json::parse(R"(["00","01","11"])"));
  CHECK(capped["parity"] == "10");
}

TEST_CASE("the steps when the sum decides, and when the position is lost") {
  CHECK(steps_of({5, 4, 1}) ==
        Steps{"Write each heap's size in binary, one row per heap, with the columns numbered from "
              "0 at the right, and count the 1s in each column. The parity row, 000, is all 0s: no "
              "column has an odd count, so the nim-sum is 0.",
              "The nim-sum is 0: every column is even. Any move changes one row and so makes some "
              "column odd, and the opponent can make every column even again: the player to move "
              "loses against perfect play.",
              "No move wins. This one takes 1 from heap 1, leaving 4: the opponent is left a won "
              "position, but has to find the winning reply."});
}

TEST_CASE("the steps of misère play: the switch, and an odd number of heaps of one") {
  const NimRules<SmallHeap> misere{true, {}};
  const Steps switching = steps_of({3, 1, 1}, misere);
  REQUIRE(switching.size() == 4);
  CHECK(switching[1] ==
        "Misère play: while some heap is of 2 or more objects, the nim-sum decides "
        "as in normal play.");
  CHECK(switching[2] ==
        "The nim-sum is not 0, so the player to move wins. But heap 1 is the only heap of 2 or "
        "more objects, and the winning move brings it down to 0 or 1, whichever leaves an odd "
        "number of heaps of one object: the rule then switches, since with no heap of 2 or more "
        "objects, whoever faces an odd number of heaps of one object loses.");
  CHECK(switching[3] ==
        "Take 2 from heap 1, leaving 1: 3 heaps of one object remain, an odd "
        "number, and the opponent faces a lost position.");

  const Steps ones = steps_of({1, 1, 0}, misere);
  REQUIRE(ones.size() == 4);
  CHECK(ones[2] == "There are 2 heaps of one object, an even number: the player to move wins.");
  CHECK(ones[3] ==
        "Take 1 from heap 1, leaving 0: that leaves 1 heap of one object, an odd "
        "number, to the opponent.");
  const Steps odd = steps_of({1, 0, 0}, misere);
  CHECK(odd[2] ==
        "There is 1 heap of one object, an odd number: the player to move loses "
        "against perfect play.");
}

TEST_CASE("the steps under a cap: values h mod (K+1), and a value that rises") {
  const Steps steps = steps_of({4, 5, 3}, {false, 3});
  REQUIRE(steps.size() == 5);
  CHECK(steps[0] ==
        "A move takes 1 to 3 objects, so a heap counts as its size mod 4, its value: "
        "from h objects a move reaches h-1 down to h-3, whose values are every value "
        "from 0 to 3 but h's own (only the smaller ones when h is below 3).");
  CHECK(steps[3] ==
        "Column 1 is the highest odd column. Every column becomes even when heap 1's value "
        "changes its bit in every odd column, turning 0 (00) into 2 (10). That is more than it "
        "was, but a move can go below a multiple of 4: taking 2, between 1 and 3, leaves 2 "
        "objects, worth 2.");
  CHECK(steps[4] ==
        "Take 2 from heap 1, leaving 2, worth 2: every column is then even, the "
        "Grundy sum is 0, and the opponent faces a lost position.");
  const Steps falling = steps_of({3, 5}, {false, 3});  // values 3 and 1: heap 1 goes 3 -> 1
  CHECK(falling[3] ==
        "Column 1 is the highest odd column, and heap 1's row has a 1 there. Changing that row's "
        "bit in every odd column turns 3 (11) into 1 (01): smaller, since column 1 goes from 1 to "
        "0, so a move of 2, no more than 3, does it.");
  const Steps one_left = steps_of({4, 1}, {false, 3});  // one object left: "1 object"
  CHECK(one_left[3].ends_with("taking 3, between 1 and 3, leaves 1 object, worth 1."));
}

}  // namespace
}  // namespace nim
