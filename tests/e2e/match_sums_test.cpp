// nim-game match --sum with programs that speak the agent protocol: the requests give a sum's
// position game by game and its legal moves in their components, a program's move is read in its
// component, an illegal one or one of the wrong form is refused in words that name the component,
// the end event says the game in the same forms, and --resume replays such games to the same
// bytes. Matches of the built-in agents on sums are tests/cli/commands/match_sums_test.cpp's.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::run_nim;
using testing::shell_quote;
using testing::split_lines;
using testing::TempFile;
using Args = std::vector<std::string>;

const std::string sum_agent = NIM_SOURCE_DIR "/tests/e2e/agents/sum_agent.py";
const std::string fixed_move_agent = NIM_SOURCE_DIR "/tests/e2e/agents/fixed_move_agent.py";

// A match of `agent` against perfect on Kayles beside Nim, from the start `3 | 2`, with `more`.
Args sum_match(const std::string& agent, const std::string& starts, const Args& more = {}) {
  Args args{"match",       agent,  "perfect", "--sum", "--octal 0.77", "--sum", "--game nim",
            "--positions", starts, "--games", "2",     "--seed",       "1"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("match --sum: a program is sent the sum's position and its legal moves by component") {
  const TempFile lines, starts("3 | 2\n");
  const auto run = run_nim(sum_match(
      "cmd:python3 " + shell_quote(sum_agent) + " " + shell_quote(lines.path()), starts.path()));
  INFO(run.err);
  REQUIRE(run.status == 0);
  const auto received = split_lines(lines.read());
  REQUIRE(received.size() >= 3);
  const std::string kayles = R"({"rules":{"game":"octal","code":"0.77","misere":false},"heaps":)";
  const std::string nim = R"({"rules":{"game":"nim","misere":false,"max_take":null},"heaps":)";
  // The start-up request: the first position of each game with a move.
  CHECK(received[0] == R"({"sum":[)" + kayles + "[1]}," + nim +
                           R"([1]}],"rules":{"game":"sum","misere":false},"game":0,"ply":0,)"
                           R"("player":"first","protocol":4,"job":0})");
  CHECK(received[1] ==
        R"({"sum":[)" + kayles + "[3]}," + nim +
            R"([2]}],"rules":{"game":"sum","misere":false},"game":1,"ply":0,"player":"first",)"
            R"("protocol":4,"job":1,"legal_moves":[{"component":0,"move":[0,1]},)"
            R"({"component":0,"move":[0,1,[1,1]]},{"component":0,"move":[0,2]},)"
            R"({"component":1,"move":[0,1]},{"component":1,"move":[0,2]}]})");
  // Its end event: the start and the moves in the same forms.
  bool told = false;
  for (const std::string& line : received) {
    const auto event = testing::parse_exact(line);
    if (!event.contains("event") || event["game"] != 1) continue;
    told = true;
    CHECK(event["start"] ==
          testing::Json::parse(R"({"sum":[)" + kayles + "[3]}," + nim + "[2]}]}"));
    CHECK(event["moves"][0] == testing::Json::parse(R"({"component":0,"move":[0,1]})"));
  }
  CHECK(told);
}

TEST_CASE("check-agent --sum: a program of a sum's moves is checked in the sum it names") {
  const TempFile lines;
  const std::string agent =
      "cmd:python3 " + shell_quote(sum_agent) + " " + shell_quote(lines.path());
  const auto passed =
      run_nim({"check-agent", agent, "--sum", "--octal 0.77", "--sum", "--game wythoff",
               "--heap-count", "1", "--max-size", "4", "--seed", "3"});
  INFO(passed.err);
  CHECK(passed.status == 0);
  CHECK(passed.out.ends_with("all 3 checks passed\n"));
  // A program that answers a sum with a single game's move fails.
  const TempFile log;
  const auto failed = run_nim(
      {"check-agent",
       "cmd:python3 " + shell_quote(fixed_move_agent) + " " + shell_quote(log.path()) + " '[0,1]'",
       "--sum", "--octal 0.77", "--sum", "--game wythoff", "--heap-count", "1", "--max-size", "4",
       "--seed", "3"});
  CHECK(failed.status == 1);
  CHECK(failed.out.find("\"move\" is not a move of one game of the sum") != std::string::npos);
}

TEST_CASE("match --sum: a program's move in no component, or of no sum's form, loses the game") {
  const TempFile log, starts("3 | 2\n");
  const auto reasons = [&](const std::string& move) {
    const TempFile games;
    const auto run = run_nim(sum_match("cmd:python3 " + shell_quote(fixed_move_agent) + " " +
                                           shell_quote(log.path()) + " " + shell_quote(move),
                                       starts.path(), {"--games-out", games.path()}));
    REQUIRE(run.status == 0);
    std::vector<std::string> found;
    for (const std::string& line : split_lines(games.read()))
      found.push_back(testing::parse_exact(line)["reason"]);
    return found;
  };
  CHECK(reasons(R"({"component":2,"move":[0,1]})") ==
        std::vector<std::string>(2, R"(illegal move {"component":2,"move":[0,1]}: there is no )"
                                    R"(component 2: the components are numbered 0 to 1)"));
  CHECK(reasons(R"({"component":1,"move":[1,1]})")[0] ==
        R"(illegal move {"component":1,"move":[1,1]}: in component 1, there is no heap 1: the )"
        R"(heaps are numbered 0 to 0)");
  CHECK(reasons(R"({"component":0,"move":[0,3]})")[0] ==
        R"(illegal move {"component":0,"move":[0,3]}: in component 0, the rules of the octal )"
        R"(game 0.77 do not allow it)");
  CHECK(reasons("[0,1]")[0] ==
        R"("move" is not a move of one game of the sum, {"component":C,"move":M}: )"
        R"("{\"move\": [0, 1], \"events\": [\"end\"]}")");
}

TEST_CASE("match --sum --resume: a program's games replayed, its illegal move too") {
  const TempFile log, starts("3 | 2\n4 | 1\n"), whole, part;
  const std::string agent = "cmd:python3 " + shell_quote(fixed_move_agent) + " " +
                            shell_quote(log.path()) + " " +
                            shell_quote(R"({"component":1,"move":[0,1]})");
  const auto full =
      run_nim(sum_match(agent, starts.path(), {"--games", "4", "--games-out", whole.path()}));
  REQUIRE(full.status == 0);
  const auto lines = split_lines(whole.read());
  REQUIRE(lines.size() == 4);
  part.write(lines[0] + "\n" + lines[1] + "\n");
  const auto resumed =
      run_nim(sum_match(agent, starts.path(), {"--games", "4", "--resume", part.path()}));
  INFO(resumed.err);
  REQUIRE(resumed.status == 0);
  // The same games, but for the times of the replies played again.
  const auto without_times = [](const std::string& records) {
    std::vector<testing::Json> games;
    for (const std::string& line : split_lines(records)) {
      testing::Json game = testing::parse_exact(line);
      game.erase("move_ms");
      games.push_back(game);
    }
    return games;
  };
  CHECK(without_times(part.read()) == without_times(whole.read()));
  CHECK(part.read().starts_with(lines[0] + "\n" + lines[1] + "\n"));
}

}  // namespace
}  // namespace nim
