// nim-game match's rating list (docs/matches.md, "One rating list"): its keys and its table, the
// anchor, the agents the games cannot place, a resumed match's list, and each refusal of --anchor.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/temp_file.hpp"

namespace nim::match_ratings_test {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::split_lines;
using testing::TempFile;
using Args = std::vector<std::string>;

const Args four{"match",
                "a=difficulty:0.9",
                "b=difficulty:0.7",
                "c=difficulty:0.5",
                "d=random",
                "--games",
                "200",
                "--seed",
                "3",
                "--anchor",
                "d=1000"};

Json report_of(Args args) {
  const auto run = run_nim(args);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  return parse_exact(run.out);
}

std::vector<std::string> keys_of(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items())
    keys.push_back(key);
  return keys;
}

TEST_CASE("match ratings: a round robin of 4 agents, anchored, in JSON and as a table") {
  const Json report = report_of(four);
  const std::vector<std::string> top = keys_of(report);
  const std::vector<std::string> expected{
      "games",         "games_per_pair", "distinct_games", "starts", "seed",
      "rules",         "specs",          "version",        "agents", "pairs",
      "rating_anchor", "ratings",        "cross_table"};
  CHECK(top == expected);
  CHECK(report["rating_anchor"] == Json::parse(R"({"agent":"d","elo":1000})"));
  const Json& ratings = report["ratings"];
  REQUIRE(ratings.size() == 4);
  const char* order[] = {"a", "b", "c", "d"};
  const double elo[] = {1490.24, 1287.46, 1169.81, 1000};
  for (std::size_t i = 0; i < 4; ++i) {
    INFO(ratings[i].dump());
    CHECK(keys_of(ratings[i]) ==
          std::vector<std::string>{"agent", "elo", "elo_ci95", "unbounded", "games"});
    CHECK(ratings[i]["agent"] == order[i]);
    CHECK(ratings[i]["elo"].get<double>() == doctest::Approx(elo[i]).epsilon(1e-5));
    CHECK(ratings[i]["unbounded"].is_null());
    CHECK(ratings[i]["games"] == 600);
    const double low = ratings[i]["elo_ci95"][0], high = ratings[i]["elo_ci95"][1];
    CHECK(low <= ratings[i]["elo"].get<double>());
    CHECK(ratings[i]["elo"].get<double>() <= high);
  }
  CHECK(ratings[3]["elo"] == 1000);
  CHECK(ratings[3]["elo_ci95"] == Json::parse("[1000,1000]"));  // the anchor's is fixed
  CHECK(ratings[0]["elo_ci95"][0].get<double>() == doctest::Approx(1432.13).epsilon(1e-5));
  CHECK(ratings[0]["elo_ci95"][1].get<double>() == doctest::Approx(1548.35).epsilon(1e-5));

  Args text = four;
  text.insert(text.end(), {"--format", "text"});
  const auto run = run_nim(text);
  CHECK(run.out.find("\n\nrating   Elo  95% interval  games\n"
                     "a       1490  1432 to 1548    600\n"
                     "b       1287  1239 to 1335    600\n"
                     "c       1170  1125 to 1214    600\n"
                     "d       1000        anchor    600\n\nwins against") != std::string::npos);
}

TEST_CASE("match ratings: the first agent at 0 by default, and none with two agents unasked") {
  const Json three =
      report_of({"match", "perfect", "random", "difficulty:0.5", "--games", "20", "--seed", "1"});
  CHECK(three["rating_anchor"] == Json::parse(R"({"agent":"perfect","elo":0})"));
  CHECK_FALSE(report_of({"match", "perfect", "random", "--games", "2"}).contains("ratings"));
  // Two agents, asked for: the pairwise Elo of the score, to the bit, and its negation.
  const Json two = report_of({"match", "difficulty:0.7", "random", "--games", "40", "--seed", "2",
                              "--anchor", "random=0"});
  CHECK(two["ratings"][0]["agent"] == "difficulty:0.7");
  CHECK(two["ratings"][0]["elo"].dump() == two["pairs"][0]["elo"].dump());
  const Json other = report_of({"match", "difficulty:0.7", "random", "--games", "40", "--seed", "2",
                                "--anchor", "difficulty:0.7=0"});
  CHECK(other["ratings"][1]["elo"].dump() == "-" + two["pairs"][0]["elo"].dump());
}

TEST_CASE("match ratings: agents the games place at no finite distance are unbounded") {
  // A gauntlet of perfect: it and difficulty:0.8 (which won a game from perfect) are above random
  // by more than any number; difficulty:0.5, which lost every game to perfect, is not placed
  // against random at all.
  const Args gauntlet{"match",
                      "perfect",
                      "random",
                      "difficulty:0.5",
                      "difficulty:0.8",
                      "--games",
                      "20",
                      "--seed",
                      "1",
                      "--gauntlet",
                      "1",
                      "--anchor",
                      "random=0"};
  const Json report = report_of(gauntlet);
  const Json expected = Json::parse(R"([
    {"agent":"perfect","elo":null,"elo_ci95":null,"unbounded":"above","games":60},
    {"agent":"difficulty:0.8","elo":null,"elo_ci95":null,"unbounded":"above","games":20},
    {"agent":"random","elo":0,"elo_ci95":[0,0],"unbounded":null,"games":20},
    {"agent":"difficulty:0.5","elo":null,"elo_ci95":null,"unbounded":"both","games":20}])");
  CHECK(report["ratings"] == expected);
  Args text = gauntlet;
  text.insert(text.end(), {"--format", "text"});
  CHECK(run_nim(text).out.find(
            "rating           Elo  95% interval  games\n"
            "perfect         +inf             -     60\n"
            "difficulty:0.8  +inf             -     20\n"
            "random             0        anchor     20\n"
            "difficulty:0.5     ?             -     20\n"
            "+inf, -inf: no finite rating fits the games (between the agents so rated and the\n"
            "  others, every game went one way); ?: the games do not place the agent against\n"
            "  random.\n") != std::string::npos);
}

TEST_CASE("match ratings: a resumed match lists the same ratings") {
  const Args args{"match",
                  "a=difficulty:0.9",
                  "b=difficulty:0.7",
                  "c=difficulty:0.5",
                  "--games",
                  "20",
                  "--seed",
                  "3"};
  const TempFile whole;
  Args played = args;
  played.insert(played.end(), {"--games-out", whole.path()});
  const auto first = run_nim(played);
  REQUIRE(first.status == 0);
  const auto lines = split_lines(whole.read());
  REQUIRE(lines.size() == 60);
  std::string half;
  for (std::size_t i = 0; i < 25; ++i)
    half += lines[i] + "\n";
  const TempFile part(half);
  Args resumed = args;
  resumed.insert(resumed.end(), {"--resume", part.path()});
  const auto second = run_nim(resumed);
  CHECK(second.status == 0);
  CHECK(second.out == first.out);
  CHECK(parse_exact(second.out).contains("ratings"));
}

TEST_CASE("match --anchor: refused with one line naming the bad part") {
  check_usage_error("match", {"perfect", "random", "--anchor", "nobody=0"},
                    "--anchor \"nobody=0\": no agent is named \"nobody\"; the agents are "
                    "\"perfect\", \"random\"");
  check_usage_error("match", {"perfect", "random", "--anchor", "random=x"},
                    "--anchor \"random=x\": \"x\" is not a decimal number");
  check_usage_error("match", {"perfect", "random", "--anchor", "random=1e3"},
                    "--anchor \"random=1e3\": \"1e3\" is not a decimal number");
  check_usage_error("match", {"perfect", "random", "--anchor", "random"},
                    "--anchor \"random\" is not NAME=ELO, as in --anchor perfect=0");
  // A name given by its spec may hold '=': the number follows the last one.
  const std::string program = std::string("cmd:env A=1 ") + NIM_GAME_BINARY + " --batch";
  const Json spec = report_of(
      {"match", "perfect", program, "--games", "2", "--seed", "1", "--anchor", program + "=-20"});
  CHECK(spec["rating_anchor"]["agent"] == program);
  CHECK(spec["rating_anchor"]["elo"] == -20);
}

}  // namespace
}  // namespace nim::match_ratings_test
