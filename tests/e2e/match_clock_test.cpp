// nim-game match --time-control and the facts of the programs' replies, run as a user runs them: a
// program that runs out of its clock loses on time, and the runner never waits beyond it; each
// program move is timed in the records and the report; the values a program gives are scored
// against exact play (tests/e2e/agents/clock_agent.py plays them all).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim::match_clock_test {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::shell_quote;
using testing::split_lines;
using testing::TempFile;
using Args = std::vector<std::string>;

const std::string clock_agent = NIM_SOURCE_DIR "/tests/e2e/agents/clock_agent.py";

// The clock agent: it sleeps `sleep` seconds a move (but its process's first), replies with the
// value given ("none": no value), and logs its requests to `log` if given.
std::string clock_agent_spec(const std::string& sleep, const std::string& value,
                             const std::string& log = "") {
  return "cmd:python3 " + shell_quote(clock_agent) + " " + sleep + " " + shell_quote(value) +
         (log.empty() ? "" : " " + shell_quote(log));
}

struct Played {
  Json report;
  std::vector<Json> games;
  double seconds = 0;
};

// `nim-game match ARGS --games-out FILE`, which must succeed quietly, from the starts given.
Played play(Args args, const std::string& starts) {
  const TempFile positions(starts), games;
  args.insert(args.begin(), "match");
  args.insert(args.end(), {"--positions", positions.path(), "--games-out", games.path()});
  const auto run = run_nim(args);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  CHECK(run.err == "");
  Played played{parse_exact(run.out), {}, run.seconds};
  for (const auto& line : split_lines(games.read()))
    played.games.push_back(parse_exact(line));
  return played;
}

const Json& agent_of(const Json& report, const std::string& name) {
  for (const auto& agent : report["agents"])
    if (agent["name"] == name) return agent;
  FAIL("no agent " << name);
  throw;
}

TEST_CASE("match --time-control: a program that runs out of its clock loses on time") {
  // Under --max-take 1 from 9, the slow program's first reply (its start, not on the clock) is
  // quick and gains the increment; its next would take 60 s, where the clock leaves it 0.35 s.
  // The runner waits no longer than that, far less than --move-timeout's 20 s.
  const TempFile log;
  const auto played =
      play({"slow=" + clock_agent_spec("60", "none", log.path()), "perfect", "--max-take", "1",
            "--games", "2", "--seed", "1", "--time-control", "0.3+0.05", "--move-timeout", "20"},
           "9\n");
  REQUIRE(played.games.size() == 2);
  for (const auto& game : played.games) {
    CHECK(game["winner"] == "perfect");
    CHECK(game["reason"] == "lost on time: no reply within the 0.35 s left on its clock");
  }
  CHECK(played.seconds < 15);  // two waits of 0.35 s, not of 20 s
  const Json& slow = agent_of(played.report, "slow");
  CHECK(slow["losses_by_reason"] == Json::parse(R"({"normal":0,"illegal_move":0,"bad_reply":0,)"
                                                R"("timeout":0,"time":2,"exited":0,)"
                                                R"("adjudicated":0})"));
  // Each request of a game carries the clock: the base, then the base and the increment.
  const auto requests = split_lines(log.read());
  REQUIRE(requests.size() == 5);  // the start-up check's, then two a game
  CHECK(!parse_exact(requests[0]).contains("clock"));
  for (const std::size_t game : {1, 3}) {
    CHECK(parse_exact(requests[game])["clock"] ==
          Json::parse(R"({"time_left":0.3,"increment":0.05})"));
    CHECK(parse_exact(requests[game + 1])["clock"] ==
          Json::parse(R"({"time_left":0.35,"increment":0.05})"));
  }
  CHECK(requests[1].ends_with(R"("job":1,"clock":{"time_left":0.3,"increment":0.05}})"));
}

TEST_CASE("match --time-control: on a clock it has time for, a program plays on, timed") {
  const auto played = play({"quick=" + clock_agent_spec("0", "none"), "perfect", "--max-take", "1",
                            "--games", "2", "--seed", "1", "--time-control", "30+0"},
                           "5\n");
  std::uint64_t moves = 0;
  for (const auto& game : played.games) {
    CHECK(game["reason"] == "normal");
    // The program's moves are timed, perfect's are null.
    const bool quick_first = game["first"] == "quick";
    REQUIRE(game["move_ms"].size() == game["moves"].size());
    for (std::size_t ply = 0; ply < game["moves"].size(); ++ply) {
      const bool quick = (ply % 2 == 0) == quick_first;
      CHECK(game["move_ms"][ply].is_null() == !quick);
      moves += quick ? 1 : 0;
    }
    CHECK(!game.contains("values"));
  }
  const Json& quick = agent_of(played.report, "quick");
  CHECK(quick["move_ms"]["moves"] == moves);
  CHECK(quick["move_ms"]["median"].get<double>() <= quick["move_ms"]["p90"].get<double>());
  CHECK(!quick.contains("values"));
  CHECK(!agent_of(played.report, "perfect").contains("move_ms"));
}

TEST_CASE("match --time-control: the move timeout stays, a fault of its own") {
  // The clock leaves 100 s; --move-timeout 0.2 ends the wait for a reply of 10 s first.
  const auto played =
      play({"slow=" + clock_agent_spec("10", "none"), "perfect", "--max-take", "1", "--games", "2",
            "--seed", "1", "--time-control", "100+0", "--move-timeout", "0.2"},
           "9\n");
  for (const auto& game : played.games)
    CHECK(game["reason"] == "no reply within 0.2 s");
  CHECK(agent_of(played.report, "slow")["losses_by_reason"]["timeout"] == 2);
  CHECK(agent_of(played.report, "slow")["losses_by_reason"]["time"] == 0);
}

TEST_CASE("match: an agent's own time-control, on its spec, is its alone") {
  const std::string own =
      "cmd[time-control=0.3+0]:python3 " + shell_quote(clock_agent) + " 10 none";
  const auto played = play({"own=" + own, "other=" + clock_agent_spec("0", "none"), "--max-take",
                            "1", "--games", "2", "--seed", "1"},
                           "9\n");
  for (const auto& game : played.games) {
    CHECK(game["winner"] == "other");
    CHECK(game["reason"] == "lost on time: no reply within the 0.3 s left on its clock");
  }
}

TEST_CASE("match: values scored against exact play, the Brier score exact") {
  // From 1 2 the program takes 1 from heap 0 with the value 0.75: moving first, from a won
  // position (error 0.0625, the winner named); second, after perfect's 1 1, from a lost one
  // (error 0.5625, the winner not named). Brier (0.0625 + 0.5625) / 2.
  const auto played = play(
      {"v=" + clock_agent_spec("0", "0.75"), "perfect", "--games", "2", "--seed", "1"}, "1 2\n");
  REQUIRE(played.games.size() == 2);
  CHECK(played.games[0]["moves"] == Json::parse("[[0,1],[1,2]]"));
  CHECK(played.games[0]["values"] == Json::parse("[0.75,null]"));
  CHECK(played.games[1]["moves"] == Json::parse("[[1,1],[0,1],[1,1]]"));
  CHECK(played.games[1]["values"] == Json::parse("[null,0.75,null]"));
  CHECK(agent_of(played.report, "v")["values"] ==
        Json::parse(R"({"moves":2,"brier":0.3125,"winner_right":1,"winner_accuracy":0.5})"));
  CHECK(!agent_of(played.report, "perfect").contains("values"));

  const TempFile positions("1 2\n");
  const auto text =
      run_nim({"match", "v=" + clock_agent_spec("0", "0.75"), "perfect", "--games", "2", "--seed",
               "1", "--positions", positions.path(), "--format", "text"});
  CHECK(text.status == 0);
  CHECK(text.out.find("\n"
                      "values  moves   Brier  winner right  accuracy\n"
                      "v           2  0.3125           1/2     0.500\n") != std::string::npos);
  // The times differ from run to run, and with them the widths of the columns.
  const auto times = text.out.find("\nmove time (ms)  moves  ");
  REQUIRE(times != std::string::npos);
  const std::string heading =
      text.out.substr(times + 1, text.out.find('\n', times + 1) - times - 1);
  CHECK(heading.find("  median  ") != std::string::npos);
  CHECK(heading.ends_with("  90%"));
}

TEST_CASE("match --resume: the games it goes on from keep their times and values") {
  const TempFile positions("1 2\n"), games;
  const Args settings{"match",
                      "v=" + clock_agent_spec("0", "0.75"),
                      "perfect",
                      "--games",
                      "4",
                      "--seed",
                      "1",
                      "--positions",
                      positions.path()};
  Args whole = settings;
  whole.insert(whole.end(), {"--games-out", games.path()});
  const auto played = run_nim(whole);
  REQUIRE(played.status == 0);
  const auto lines = split_lines(games.read());
  REQUIRE(lines.size() == 4);
  // The first two games, their times changed: the resumed match counts them as written.
  std::string first_two = lines[0] + "\n" + lines[1] + "\n";
  const auto times = first_two.find("\"move_ms\":[");
  REQUIRE(times != std::string::npos);
  first_two.replace(times, first_two.find(',', times) - times, "\"move_ms\":[1000000.5");
  games.write(first_two);
  Args resume = settings;
  resume.insert(resume.end(), {"--resume", games.path()});
  const auto resumed = run_nim(resume);
  INFO(resumed.err);
  REQUIRE(resumed.status == 0);
  const auto written = split_lines(games.read());
  REQUIRE(written.size() == 4);
  CHECK(written[0] + "\n" + written[1] + "\n" == first_two);
  const Json report = parse_exact(resumed.out);
  CHECK(agent_of(report, "v")["values"] == agent_of(parse_exact(played.out), "v")["values"]);
  CHECK(agent_of(report, "v")["move_ms"]["p90"] == 1000000.5);
}

TEST_CASE("match: the time a program says it thought, and the rest of the round trip") {
  const auto played =
      play({"t=cmd:THINK_MS=measured python3 " + shell_quote(clock_agent) + " 0.02 none", "perfect",
            "--max-take", "1", "--games", "2", "--seed", "1"},
           "5\n");
  std::uint64_t moves = 0;
  for (const auto& game : played.games) {
    REQUIRE(game["think_ms"].size() == game["moves"].size());
    for (std::size_t ply = 0; ply < game["moves"].size(); ++ply) {
      CHECK(game["think_ms"][ply].is_null() == game["move_ms"][ply].is_null());
      if (game["think_ms"][ply].is_null()) continue;
      ++moves;
      CHECK(game["think_ms"][ply].get<double>() <= game["move_ms"][ply].get<double>());
    }
  }
  const Json& agent = agent_of(played.report, "t");
  CHECK(agent["think_ms"]["moves"] == moves);
  CHECK(agent["latency_ms"]["moves"] == moves);
  CHECK(agent["move_ms"]["moves"] == moves);
  // Its process's first move does not sleep; the others think 20 ms at least.
  CHECK(agent["think_ms"]["p90"].get<double>() >= 20);
  CHECK(!agent_of(played.report, "perfect").contains("think_ms"));

  const TempFile positions("5\n");
  const auto text =
      run_nim({"match", "t=cmd:THINK_MS=1 python3 " + shell_quote(clock_agent) + " 0.02 none",
               "perfect", "--max-take", "1", "--games", "2", "--seed", "1", "--positions",
               positions.path(), "--format", "text"});
  CHECK(text.status == 0);
  const auto thinking = text.out.find("\nthinking (ms)  moves  median    90%  latency median");
  REQUIRE(thinking != std::string::npos);
  CHECK(text.out.find("  1.000  1.000  ", thinking) != std::string::npos);
}

TEST_CASE("match: a program that says it thought longer than its round trip gives a bad reply") {
  const auto played = play({"t=cmd:THINK_MS=100000 python3 " + shell_quote(clock_agent) + " 0 none",
                            "perfect", "--max-take", "1", "--games", "2", "--seed", "1"},
                           "5\n");
  for (const auto& game : played.games) {
    const std::string reason = game["reason"];
    CHECK(reason.starts_with("\"think_ms\" is 100000, more than the "));
    CHECK(reason.ends_with(" ms from its request to its reply"));
  }
  CHECK(agent_of(played.report, "t")["losses_by_reason"]["bad_reply"] == 2);
}

TEST_CASE("match: a value that is not a number from 0 to 1 is a bad reply") {
  for (const std::string value : {"1.5", "\"high\"", "null"}) {
    INFO(value);
    const auto played = play(
        {"v=" + clock_agent_spec("0", value), "perfect", "--games", "2", "--seed", "1"}, "1 2\n");
    // The reply quoted as JSON writes a string.
    const std::string reply = R"({"move":[0,1],"value":)" + value + "}";
    for (const auto& game : played.games)
      CHECK(game["reason"] == "\"value\" is not a number from 0 to 1: " + Json(reply).dump());
    CHECK(agent_of(played.report, "v")["losses_by_reason"]["bad_reply"] == 2);
  }
}

TEST_CASE("match --time-control: a bad value is refused in one line, exit status 2") {
  check_usage_error({"match", "perfect", "random", "--time-control", "10"},
                    "--time-control \"10\" is not BASE+INC in seconds (60+0.5: 60 s for a game, "
                    "0.5 s more a move)");
  check_usage_error({"match", "perfect", "random", "--time-control", "0+0.1"},
                    "--time-control \"0+0.1\": its base \"0\" is not a number of seconds above 0 "
                    "and at most 1000000 (to the microsecond)");
  check_usage_error({"match", "perfect", "random", "--time-control", "10+-1"},
                    "--time-control \"10+-1\": its increment \"-1\" is not a number of seconds "
                    "from 0 to 1000000 (to the microsecond)");
}

}  // namespace nim::match_clock_test
