// Joining records back to their rows (issue 10): a JSON line's "id" comes back verbatim in every
// record of that line, after `line`: analyses, verdicts, playout plies and error records, on one
// thread and on two.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"

namespace nim {
namespace {

using testing::Json;
using testing::keys_of;
using testing::parse_exact;
using testing::run_nim;
using testing::split_lines;
using Args = std::vector<std::string>;

// The output of --batch with these options, which --jobs 2 must give byte for byte too.
std::string batch_output(Args options, const std::string& input, int expected_status = 0) {
  options.insert(options.begin(), "--batch");
  const auto one = run_nim(options, input);
  INFO("stderr: " << one.err);
  CHECK(one.status == expected_status);
  options.insert(options.end(), {"--jobs", "2"});
  const auto two = run_nim(options, input);
  CHECK(two.status == one.status);
  CHECK(two.out == one.out);
  CHECK(two.err == one.err);
  return one.out;
}

// The text after `"line":N` in a record, which must end it: where the id goes.
std::string after_line(const std::string& record) {
  const auto at = record.find("\"line\":");
  REQUIRE(at != std::string::npos);
  const auto end = record.find_first_not_of("0123456789", at + 7);
  return record.substr(end);
}

TEST_CASE("batch id: numbers, strings with escapes, nested objects and big integers, verbatim") {
  const std::vector<std::string> ids{
      "7",
      "-3.25e-2",
      R"("row \"7\" \\ \u00e9\t\ud83d\ude00")",
      R"({"file": "a.csv", "rows" : [1, {"x":null}], "ok":true})",
      "123456789012345678901234567890123456789012345678901234567890",
      "null",
      "[]",
      R"("caf)"
      "\xc3\xa9"
      R"(")",
  };
  std::string input;
  for (const auto& id : ids)
    input += R"({"heaps":[1,3,5,7],"id":)" + id + "}\n";
  input += "1 3 5 7\n[1,3,5,7]\n";  // no id: no key
  const auto records = split_lines(batch_output({}, input));
  REQUIRE(records.size() == ids.size() + 2);
  for (std::size_t k = 0; k < ids.size(); ++k) {
    INFO("id: " << ids[k]);
    CHECK(after_line(records[k]) == ",\"id\":" + ids[k] + "}");
    const Json record = parse_exact(records[k]);
    CHECK(keys_of(record).back() == "id");
    CHECK(record["line"] == k + 1);
  }
  CHECK(after_line(records[ids.size()]) == "}");
  CHECK(after_line(records[ids.size() + 1]) == "}");
  // The exact record, so that nothing else moved.
  CHECK(records[0] ==
        R"({"winning":false,"description":"From heap 3 take this number of beans : 1",)"
        R"("move":[3,1],"next_position":[1,3,5,6],"position_before_move":[1,3,5,7],"nim_sum":0,)"
        R"("game_over":false,"rules":{"misere":false,"max_take":null},"line":1,"id":7})");
}

TEST_CASE("batch id: a number beyond a double is JSON's, and comes back as written") {
  // nlohmann::json (and so parse_exact) refuses these; the grammar does not.
  const auto records = split_lines(
      batch_output({}, "{\"heaps\":[1,2],\"id\":6e+400}\n{\"heaps\":[1,2],\"id\":-1E-99999}\n"));
  REQUIRE(records.size() == 2);
  CHECK(after_line(records[0]) == ",\"id\":6e+400}");
  CHECK(after_line(records[1]) == ",\"id\":-1E-99999}");
}

TEST_CASE("batch id: in every kind of record, after line (and after seed)") {
  const std::string input = R"({"id":{"k":[1,2]},"heaps":[2,2]})"
                            "\n";
  const std::string id = R"(,"id":{"k":[1,2]}})";
  SUBCASE("an analysis with every option that adds keys") {
    const auto out = batch_output(
        {"--all-moves", "--max-take", "3", "--choose", "random", "--seed", "4"}, input);
    CHECK(after_line(out) == id + "\n");
    CHECK(out.find(R"("seed":4,"line":1,"id":)") != std::string::npos);
  }
  SUBCASE("a verdict on --move") {
    const auto out = batch_output({"--move", "0,1"}, input);
    CHECK(after_line(out) == id + "\n");
    CHECK(keys_of(parse_exact(out)).back() == "id");
  }
  SUBCASE("every ply of a playout, full and --trace moves") {
    for (const Args& options : {Args{"--playout"}, Args{"--playout", "--trace", "moves"}}) {
      const auto plies = split_lines(batch_output(options, input + "[1]\n"));
      REQUIRE(plies.size() == 5);  // 2 2 takes 4 plies; [1] one, without an id
      for (std::size_t k = 0; k < 4; ++k)
        CHECK(after_line(plies[k]) == id);
      CHECK(after_line(plies[4]) == "}");
    }
  }
  SUBCASE("--pretty: the id as written, after line") {
    const auto out = batch_output({"--pretty"}, input);
    CHECK(out.ends_with("  \"line\": 1,\n  \"id\": {\"k\":[1,2]}\n}\n"));
  }
}

TEST_CASE("batch id: an error record keeps the id of a valid JSON line with bad heaps") {
  const std::string input = R"({"heaps":[1,-2],"id":"r1"})"
                            "\n"
                            R"({"id":{"n":[1]},"heaps":"x"})"
                            "\n"
                            R"({"id":99999999999999999999999})"
                            "\n"
                            R"({"heaps":[1],"id":5)"
                            "\n"
                            R"({"heaps":[1],"id":1,"id":2})"
                            "\n"
                            R"({"heaps":[3],"id":"ok"})"
                            "\n";
  const auto run = run_nim({"--batch"}, input);
  const auto records = split_lines(batch_output({}, input, 1));
  REQUIRE(records.size() == 6);
  CHECK(records[0] == R"({"line":1,"id":"r1","input":"{\"heaps\":[1,-2],\"id\":\"r1\"}",)"
                      R"("error":"heap size -2 is negative"})");
  CHECK(records[1] == R"({"line":2,"id":{"n":[1]},"input":"{\"id\":{\"n\":[1]},\"heaps\":\"x\"}",)"
                      R"("error":"\"heaps\" must be a list of heap sizes"})");
  CHECK(records[2] ==
        R"({"line":3,"id":99999999999999999999999,"input":"{\"id\":99999999999999999999999}",)"
        R"("error":"no \"heaps\" key in the object"})");
  // Not JSON, or two ids: no id.
  CHECK(records[3] == R"({"line":4,"input":"{\"heaps\":[1],\"id\":5","error":)"
                      R"("not valid JSON: unexpected end of the text"})");
  CHECK(records[4] == R"({"line":5,"input":"{\"heaps\":[1],\"id\":1,\"id\":2}",)"
                      R"("error":"more than one \"id\" key"})");
  CHECK(after_line(records[5]) == R"(,"id":"ok"})");
  CHECK(run.err == "nim-game: 5 of 6 lines could not be read (the first is line 1)\n");
}

}  // namespace
}  // namespace nim
