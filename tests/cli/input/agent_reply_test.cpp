#include "cli/input/agent_reply.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "text/escape.hpp"

namespace nim {
namespace {

// What a move is in Nim, as the game's row says it (a message quotes it).
constexpr std::string_view nim_form = "[heap, count], two whole numbers";

// The move of a reply of one take, as "[heap,count]", or the error.
std::string read(const std::string& line) {
  const auto reply = read_reply(line, nim_form);
  if (const auto* move = std::get_if<ProposedGameMove>(&reply)) {
    REQUIRE(move->move.takes.size() == 1);
    // Appended piece by piece: GCC 12 warns (wrongly) about "[" + a string from GMP.
    std::string text = "[";
    text += std::to_string(move->move.takes.front().heap);
    text += ",";
    text += move->move.takes.front().count.get_str();
    return text + "]";
  }
  return std::get<std::string>(reply);
}

TEST_CASE("a reply: the move, whatever else the object holds") {
  CHECK(read(R"({"move":[3,1]})") == "[3,1]");
  CHECK(read(R"( {"why":"nim-sum","move" : [ 0 , 2 ] ,"x":{"move":[9]}} )") == "[0,2]");
  CHECK(read(R"({"move":[3,1]})"
             "\r") == "[3,1]");  // a CRLF agent
  // nim-game --batch's own record is a reply.
  CHECK(read(R"({"winning":false,"description":"From heap 3 take this number of beans : 1",)"
             R"("move":[3,1],"next_position":[1,3,5,6],"line":1})") == "[3,1]");
}

TEST_CASE("a reply's numbers are kept exact, for the judge to rule on") {
  CHECK(read(R"({"move":[9,1]})") == "[9,1]");
  CHECK(read(R"({"move":[0,0]})") == "[0,0]");
  CHECK(read(R"({"move":[-0,7]})") == "[0,7]");  // -0 is 0
  const std::string huge = "1" + std::string(400, '0');
  CHECK(read(R"({"move":[0,)" + huge + "]}") == "[0," + huge + "]");
}

TEST_CASE("a reply of a sum of games: the component and the move in it, kept as given") {
  constexpr std::string_view form = "a move of one game of the sum";
  const auto reply = read_reply(R"({"move":{"move":[0,1,[1,2]],"component":2},"value":0.5})", form,
                                /*of_sum=*/true);
  const auto* move = std::get_if<ProposedGameMove>(&reply);
  REQUIRE(move);
  const GameMove<BigHeap> split{{{0, BigHeap(1)}}, {{BigHeap(1), BigHeap(2)}}};
  REQUIRE(move->in_component);
  CHECK(move->in_component->component == 2);
  CHECK(move->in_component->move == split);
  CHECK(move->facts.value == 0.5);
  // A component beyond any sum is kept as one no sum has.
  const auto far =
      read_reply(R"({"move":{"component":99999999999999999999999,"move":[0,1]}})", form, true);
  CHECK(std::get<ProposedGameMove>(far).in_component->component == ~std::size_t{0});
  for (const std::string bad :
       {R"({"move":[0,1]})", R"({"move":{"component":1}})", R"({"move":{"move":[0,1]}})",
        R"({"move":{"component":-1,"move":[0,1]}})", R"({"move":{"component":1.5,"move":[0,1]}})",
        R"({"move":{"component":1,"move":[0,1],"x":1}})",
        R"({"move":{"component":1,"component":2,"move":[0,1]}})",
        R"({"move":{"component":"1","move":[0,1]}})"}) {
    INFO(bad);
    CHECK(std::get<std::string>(read_reply(bad, form, true)) ==
          "\"move\" is not a move of one game of the sum: " + nim::quoted(bad));
  }
}

TEST_CASE("a line that is not a reply says why, quoting it") {
  CHECK(read("hello") == "not JSON: \"hello\" (unexpected character 'h' at byte 1)");
  CHECK(read("") == "not JSON: \"\" (unexpected end of the text)");
  CHECK(read(R"({"move":[1,2]} x)") ==
        R"(not JSON: "{\"move\":[1,2]} x" (unexpected character 'x' at byte 16))");
  CHECK(read(R"({"move":[1,2])") == R"(not JSON: "{\"move\":[1,2]" (unexpected end of the text))");
  CHECK(read("[3,1]") == R"(not a JSON object: "[3,1]")");
  CHECK(read("3") == R"(not a JSON object: "3")");
  CHECK(read(R"({"mov":[3,1]})") == R"(no "move" in the reply: "{\"mov\":[3,1]}")");
  CHECK(read("{}") == R"(no "move" in the reply: "{}")");
  for (const std::string bad :
       {R"({"move":[3]})", R"({"move":[3,1,2]})", R"({"move":[]})", R"({"move":"3,1"})",
        R"({"move":[3,1.0]})", R"({"move":[3,1e0]})", R"({"move":["3",1]})", R"({"move":null})",
        R"({"move":{"heap":3,"count":1}})",
        // A heap's index and a count are whole numbers: a negative one is no move, in every game.
        R"({"move":[-1,1]})", R"({"move":[0,-7]})",
        R"({"move":[-1000000000000000000000000000000,1]})"}) {
    std::string shown;
    for (char c : bad)
      shown += c == '"' ? std::string("\\\"") : std::string(1, c);
    CHECK(read(bad) == "\"move\" is not [heap, count], two whole numbers: \"" + shown + "\"");
  }
  CHECK(read(R"({"move":[1,1],"move":[2,2]})") ==
        R"(more than one "move" in the reply: "{\"move\":[1,1],\"move\":[2,2]}")");
}

TEST_CASE("a long reply is quoted by its first 100 bytes, control bytes are escaped") {
  const std::string long_line = std::string(150, 'x');
  CHECK(read(long_line) ==
        "not JSON: \"" + std::string(100, 'x') + "\"... (unexpected character 'x' at byte 1)");
  CHECK(read("\x1b[31m") == "not JSON: \"\\u001b[31m\" (unexpected byte 0x1b at byte 1)");
}

TEST_CASE("the start-up reply asks for events and for the legal moves, and for nothing else") {
  CHECK(read_start_up_asks(R"({"move":[0,1],"events":["end"]})").end);
  CHECK(read_start_up_asks(R"({"events":["end","end"]})").end);
  // A version 1 reply, or any line: no event.
  for (const std::string_view quiet : {R"({"move":[0,1]})", R"({"events":[]})", "I am here",
                                       "[\"end\"]", "", R"({"events":["end"]} trailing)"})
    CHECK_FALSE(read_start_up_asks(quiet).end);
  const auto error = [](std::string_view line) {
    try {
      (void)read_start_up_asks(line);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(
      error(R"({"events":["end","start"]})") ==
      R"(it asks for the event "start", which nim-game does not send (protocol version 4 has "end"))");
  CHECK(error(R"({"events":"end"})") ==
        R"("events" is not a list of event names in its reply "{\"events\":\"end\"}")");
  CHECK(error(R"({"events":[1]})") ==
        R"("events" is not a list of event names in its reply "{\"events\":[1]}")");
  // Version 4: the legal moves in each request, asked with true.
  const AgentAsks both =
      read_start_up_asks(R"({"move":[0,1],"events":["end"],"legal_moves":true})");
  CHECK(both.end);
  CHECK(both.legal_moves);
  CHECK_FALSE(read_start_up_asks(R"({"legal_moves":false})").legal_moves);
  CHECK_FALSE(read_start_up_asks(R"({"move":[0,1],"events":["end"]})").legal_moves);
  CHECK(error(R"({"legal_moves":1})") ==
        R"("legal_moves" is not true or false in its reply "{\"legal_moves\":1}")");
  CHECK(error(R"({"legal_moves":null})") ==
        R"("legal_moves" is not true or false in its reply "{\"legal_moves\":null}")");
  CHECK(error(R"({"legal_moves":"true"})") ==
        R"("legal_moves" is not true or false in its reply "{\"legal_moves\":\"true\"}")");
}

// The move of a reply in any of the move forms, or the error; a message says what a move is in
// Kayles.
std::string read_game(const std::string& line) {
  const auto reply = read_reply(
      line,
      "a move of the game: [heap, count], [heap, count, [left, right]] or [[heap, count], ...]");
  if (const auto* move = std::get_if<ProposedGameMove>(&reply)) {
    const auto& [takes, split] = move->move;
    std::string text;
    for (const auto& [heap, count] : takes)
      text += "(" + std::to_string(heap) + " " + count.get_str() + ")";
    if (split) text += " split " + (*split)[0].get_str() + " " + (*split)[1].get_str();
    return text;
  }
  return std::get<std::string>(reply);
}

TEST_CASE("a reply: each of the move forms of the games (protocol version 3)") {
  CHECK(read_game(R"({"move":[3,1]})") == "(3 1)");
  CHECK(read_game(R"({"move":[0,1,[4,2]],"why":"Kayles"})") == "(0 1) split 2 4");
  CHECK(read_game(R"({"move":[0,0,[1,5]]})") == "(0 0) split 1 5");  // Grundy's game
  CHECK(read_game(R"({"move":[[0,2],[1,2]]})") == "(0 2)(1 2)");     // Wythoff, Moore
  const std::string huge = "1" + std::string(40, '0');
  CHECK(read_game(R"({"move":[1,)" + huge + "]}") == "(1 " + huge + ")");
  for (const std::string bad :
       {R"({"move":[3]})", R"({"move":[-1,1]})", R"({"move":[[0,1,[1,1]]]})", R"({"move":"0,1"})",
        R"({"move":[]})", R"({"move":[0,1,[1]]})"}) {
    std::string shown;
    for (char c : bad)
      shown += c == '"' ? std::string("\\\"") : std::string(1, c);
    CHECK(read_game(bad) ==
          "\"move\" is not a move of the game: [heap, count], [heap, count, [left, right]] or "
          "[[heap, count], ...]: \"" +
              shown + "\"");
  }
  CHECK(read_game(R"({"moves":[0,1]})") == R"(no "move" in the reply: "{\"moves\":[0,1]}")");
}

TEST_CASE("a reply's value: a number from 0 to 1, kept with the move") {
  const auto value = [](const std::string& line) -> std::optional<double> {
    const auto reply = read_reply(line, nim_form);
    REQUIRE(std::holds_alternative<ProposedGameMove>(reply));
    return std::get<ProposedGameMove>(reply).facts.value;
  };
  CHECK(value(R"({"move":[0,1]})") == std::nullopt);
  CHECK(value(R"({"move":[0,1],"value":0.75})") == 0.75);
  CHECK(value(R"({"value":0,"move":[0,1]})") == 0.0);
  CHECK(value(R"({"value":1,"move":[0,1]})") == 1.0);
  CHECK(value(R"({"value":1e0,"move":[0,1]})") == 1.0);
  CHECK(value(R"({"value":2.5E-1,"move":[0,1]})") == 0.25);
  CHECK(value(R"({"value":-0,"move":[0,1]})") == 0.0);
  CHECK(!std::signbit(*value(R"({"value":-0.0,"move":[0,1]})")));
  CHECK(value(R"({"value":1e-400,"move":[0,1]})") == 0.0);  // too near 0 to be told from it
  CHECK(read(R"({"move":[0,1],"value":0.75})") == "[0,1]");
}

TEST_CASE("a reply's value that is not a number from 0 to 1 is no reply") {
  const std::string refused = "\"value\" is not a number from 0 to 1: ";
  CHECK(read(R"({"move":[0,1],"value":1.5})") == refused + R"("{\"move\":[0,1],\"value\":1.5}")");
  CHECK(read(R"({"value":-0.1,"move":[0,1]})") == refused + R"("{\"value\":-0.1,\"move\":[0,1]}")");
  CHECK(read(R"({"value":"high","move":[0,1]})") ==
        refused + R"("{\"value\":\"high\",\"move\":[0,1]}")");
  CHECK(read(R"({"value":null,"move":[0,1]})") == refused + R"("{\"value\":null,\"move\":[0,1]}")");
  CHECK(read(R"({"value":[0.5],"move":[0,1]})") ==
        refused + R"("{\"value\":[0.5],\"move\":[0,1]}")");
  CHECK(read(R"({"value":1e400,"move":[0,1]})") ==
        refused + R"("{\"value\":1e400,\"move\":[0,1]}")");
  CHECK(read(R"({"value":-1e-400,"move":[0,1]})") ==
        refused + R"("{\"value\":-1e-400,\"move\":[0,1]}")");
  CHECK(read(R"({"value":0.5,"move":[0,1],"value":0.5})") ==
        R"(more than one "value" in the reply: "{\"value\":0.5,\"move\":[0,1],\"value\":0.5}")");
  // The move is looked for as before: no move is said first.
  CHECK(read(R"({"value":0.5})") == R"(no "move" in the reply: "{\"value\":0.5}")");
}

TEST_CASE("a reply's think_ms: milliseconds from 0, kept to the microsecond with the move") {
  const auto think = [](const std::string& line) -> std::optional<std::uint64_t> {
    const auto reply = read_reply(line, nim_form);
    REQUIRE(std::holds_alternative<ProposedGameMove>(reply));
    return std::get<ProposedGameMove>(reply).facts.think_microseconds;
  };
  CHECK(think(R"({"move":[0,1]})") == std::nullopt);
  CHECK(think(R"({"move":[0,1],"think_ms":12.5})") == 12'500);
  CHECK(think(R"({"think_ms":0,"move":[0,1]})") == 0);
  CHECK(think(R"({"think_ms":0.0004,"move":[0,1]})") == 0);      // to the nearest microsecond
  CHECK(think(R"({"think_ms":0.0123456,"move":[0,1]})") == 12);  // as time.perf_counter() gives
  CHECK(think(R"({"think_ms":1e8,"move":[0,1]})") == 100'000'000'000);
  CHECK(think(R"({"think_ms":1e-400,"move":[0,1]})") == 0);
  CHECK(think(R"({"think_ms":5,"value":0.5,"move":[0,1]})") == 5'000);

  const std::string refused = "\"think_ms\" is not a number of milliseconds from 0: ";
  CHECK(read(R"({"move":[0,1],"think_ms":-1})") ==
        refused + R"("{\"move\":[0,1],\"think_ms\":-1}")");
  CHECK(read(R"({"move":[0,1],"think_ms":"5"})") ==
        refused + R"("{\"move\":[0,1],\"think_ms\":\"5\"}")");
  CHECK(read(R"({"move":[0,1],"think_ms":1e400})") ==
        refused + R"("{\"move\":[0,1],\"think_ms\":1e400}")");
  CHECK(read(R"({"move":[0,1],"think_ms":100000001})") ==
        refused + R"("{\"move\":[0,1],\"think_ms\":100000001}")");
  CHECK(
      read(R"({"think_ms":1,"move":[0,1],"think_ms":1})") ==
      R"(more than one "think_ms" in the reply: "{\"think_ms\":1,\"move\":[0,1],\"think_ms\":1}")");
}

}  // namespace
}  // namespace nim
