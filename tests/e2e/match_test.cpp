// nim-game match (issue 9), run as a user runs it: the claims of the issue's section 3 checked on
// the report and on every game record against the exhaustive search, byte-identical results
// whatever --jobs is, each fault of an external agent made by a test agent
// (tests/e2e/agents/fault_agent.py), the example agents, and the errors.
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/exact_json.hpp"
#include "support/nim_game.hpp"
#include "support/oracle.hpp"
#include "support/process.hpp"
#include "support/temp_file.hpp"

namespace nim {
namespace {

using testing::check_usage_error;
using testing::Json;
using testing::parse_exact;
using testing::run_nim;
using testing::shell_quote;
using testing::split_lines;
using testing::TempFile;
using Args = std::vector<std::string>;
using Small = Position<SmallHeap>;

const std::string fault_agent = NIM_SOURCE_DIR "/tests/e2e/agents/fault_agent.py";
const std::string nim_sum_agent = NIM_SOURCE_DIR "/examples/agents/nim_sum_agent.py";
const std::string random_agent = NIM_SOURCE_DIR "/examples/agents/random_agent.py";
const std::string events_agent = NIM_SOURCE_DIR "/tests/e2e/agents/events_agent.py";
const std::string legal_moves_agent = NIM_SOURCE_DIR "/tests/e2e/agents/legal_moves_agent.py";

std::string python(const std::string& script, const std::string& arguments = "") {
  return "cmd:python3 " + shell_quote(script) + (arguments.empty() ? "" : " " + arguments);
}

struct Match {
  Json report;
  std::vector<Json> games;  // the --games-out records
  std::string games_text;   // the same, as written
  std::string report_text;
  std::string err;
};

// Runs `nim-game match ARGS --games-out FILE`, which must succeed; stderr is returned, for the
// caller to check.
Match match(Args args) {
  const TempFile games;
  args.insert(args.begin(), "match");
  args.insert(args.end(), {"--games-out", games.path()});
  const auto run = run_nim(args);
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  Match result;
  result.report_text = run.out;
  result.err = run.err;
  REQUIRE(run.out.ends_with('\n'));
  REQUIRE(split_lines(run.out).size() == 1);
  result.report = parse_exact(run.out);
  result.games_text = games.read();
  for (const auto& line : split_lines(result.games_text))
    result.games.push_back(parse_exact(line));
  return result;
}

// A match that must say nothing on stderr.
Match quiet_match(const Args& args) {
  Match result = match(args);
  CHECK(result.err == "");
  return result;
}

const Json& agent_named(const Json& report, const std::string& name) {
  for (const auto& agent : report["agents"])
    if (agent["name"] == name) return agent;
  FAIL("no agent " << name);
  static const Json none;
  return none;
}

Small position_of(const Json& heaps) {
  Small position;
  for (const auto& h : heaps)
    position.push_back(h.get<SmallHeap>());
  return position;
}

NimRules<SmallHeap> rules_of(const Json& rules) {
  NimRules<SmallHeap> result;
  result.misere = rules["misere"].get<bool>();
  if (!rules["max_take"].is_null()) result.max_take = rules["max_take"].get<SmallHeap>();
  return result;
}

// Replays a game record with the oracle: every move legal, every `optimal` flag the oracle's,
// a normal ending on an empty board with the right winner.
void check_record(const Json& game, testing::Oracle<NimRules<SmallHeap>>& oracle) {
  INFO("game: " << game.dump());
  Small board = position_of(game["start"]);
  const auto& moves = game["moves"];
  REQUIRE(moves.size() == game["optimal"].size());
  for (std::size_t ply = 0; ply < moves.size(); ++ply) {
    const Move<SmallHeap> move{moves[ply][0].get<std::size_t>(), moves[ply][1].get<SmallHeap>()};
    const auto legal = testing::as_takes(oracle.moves(board));
    REQUIRE(std::find(legal.begin(), legal.end(), move) != legal.end());
    const bool won = oracle.winning(board);
    board = after(board, move);
    CHECK(game["optimal"][ply] == (!won || !oracle.winning(board)));
  }
  if (game["reason"] != "normal") return;
  CHECK(testing::is_empty(board));
  const bool first_moved_last = moves.size() % 2 == 1;
  const bool first_won = game["rules"]["misere"].get<bool>() ? !first_moved_last : first_moved_last;
  CHECK(game["winner"] == (first_won ? game["first"] : game["second"]));
}

const std::vector<Args> rule_sets{
    {}, {"--misere"}, {"--max-take", "3"}, {"--misere", "--max-take", "2"}};

Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// ---- Section 3: the claims ----

TEST_CASE(
    "match: perfect against perfect wins exactly the games whose first mover's start is won") {
  for (const Args& rules : rule_sets) {
    INFO("rules: " << testing::Json(rules).dump());
    const auto result = quiet_match(with({"perfect", "perfect", "--games", "200", "--seed", "3",
                                          "--heap-count", "1..4", "--max-size", "7"},
                                         rules));
    REQUIRE(result.games.size() == 200);
    testing::Oracle oracle(rules_of(result.games.front()["rules"]));
    std::uint64_t first_wins = 0;
    for (const auto& game : result.games) {
      check_record(game, oracle);
      const bool won = oracle.winning(position_of(game["start"]));
      CHECK((game["winner"] == game["first"]) == won);
      first_wins += game["winner"] == game["first"] ? 1 : 0;
    }
    CHECK(first_wins > 0);
    CHECK(first_wins < 200);
    const auto& one = agent_named(result.report, "perfect#1");
    const auto& two = agent_named(result.report, "perfect#2");
    CHECK(one["wins"].get<int>() + two["wins"].get<int>() == 200);
    // Each start twice, colours swapped, the same play: one win each per start.
    CHECK(one["wins"] == 100);
    CHECK(result.report["distinct_games"] == result.report["starts"]);
  }
}

TEST_CASE("match: perfect has accuracy 1 and no blunders in every match, by the oracle too") {
  // Every move's verdict under every agent is match_game_test.cpp's; here, the report's and the
  // records' through the command, under each rule set and strategy.
  const std::vector<Args> strategies{{},
                                     {"--choose", "random", "--when-losing", "random"},
                                     {"--choose", "largest", "--when-losing", "first-one"},
                                     {"--choose", "random"}};
  for (std::size_t k = 0; k < rule_sets.size(); ++k) {
    const Args args = with(with({"perfect", "random", "difficulty:0.5"}, rule_sets[k]),
                           with(strategies[k], {"--games", "40", "--seed", std::to_string(k + 1),
                                                "--heap-count", "1..4", "--max-size", "6"}));
    INFO("args: " << testing::Json(args).dump());
    const auto result = quiet_match(args);
    const Json& perfect = agent_named(result.report, "perfect");
    CHECK(perfect["accuracy"] == 1);
    CHECK(perfect["blunders"] == 0);
    CHECK(perfect["kept_win"] == perfect["moves_from_won"]);
    CHECK(perfect["moves_from_won"] > 0);
    testing::Oracle oracle(rules_of(result.games.front()["rules"]));
    for (const auto& game : result.games)
      check_record(game, oracle);
  }
}

TEST_CASE("match: against random, perfect wins every game it starts from a won position") {
  for (const Args& rules : rule_sets) {
    const auto result = quiet_match(with(
        {"random", "perfect", "--games", "300", "--seed", "5", "--heap-count", "1..5"}, rules));
    testing::Oracle oracle(rules_of(result.games.front()["rules"]));
    std::uint64_t won_starts = 0;
    for (const auto& game : result.games) {
      if (game["first"] != "perfect" || !oracle.winning(position_of(game["start"]))) continue;
      ++won_starts;
      CHECK(game["winner"] == "perfect");
    }
    CHECK(won_starts > 50);
    // And from every start that is won for it, as first or as second.
    const auto& perfect = agent_named(result.report, "perfect");
    CHECK(perfect["from_won_starts"]["wins"] == perfect["from_won_starts"]["games"]);
    CHECK(perfect["from_won_starts"]["games"] == 150);
  }
}

TEST_CASE("match: NAME=SPEC names an agent in the report and the game records (issue 16)") {
  const auto named =
      match({"mine=" + python(nim_sum_agent), "random", "--games", "2", "--seed", "1"});
  CHECK(named.report["specs"] ==
        Json::parse(R"(["cmd:python3 ')" + nim_sum_agent + R"('","random"])"));
  CHECK(named.report["agents"][0]["name"] == "mine");
  CHECK(named.report["agents"][0]["spec"] == "cmd:python3 '" + nim_sum_agent + "'");
  CHECK(named.report["agents"][1]["name"] == "random");
  REQUIRE(named.games.size() == 2);
  CHECK(named.games[0]["first"] == "mine");
  CHECK(named.games[1]["second"] == "mine");
  // The records keep each agent's spec beside its name, for --resume to check.
  CHECK(named.games[0]["first_spec"] == "cmd:python3 '" + nim_sum_agent + "'");
  CHECK(named.games[0]["second_spec"] == "random");
  CHECK(named.games[1]["second_spec"] == "cmd:python3 '" + nim_sum_agent + "'");
  const auto text = run_nim(
      {"match", "best=perfect", "random", "--games", "2", "--seed", "1", "--format", "text"});
  CHECK(text.status == 0);
  CHECK(text.out.starts_with("match: best and random; 2 games from 1 start"));
  CHECK(text.out.find("\nbest        2     2") != std::string::npos);
}

TEST_CASE("match: --games-out gets each game's record as the game ends (issue 16)") {
  // 100 games of a program that takes 0.05 s a move (half a minute or more): the file is watched
  // until its first record, which must come while the match still runs.
  const TempFile games;
  const std::string file = shell_quote(games.path());
  testing::RunSpec spec;
  spec.argv = {"/bin/sh", "-c",
               shell_quote(testing::nim_game_path()) + " match perfect " +
                   shell_quote(python(fault_agent, "slow")) + " --games 100 --seed 1 --games-out " +
                   file +
                   " >/dev/null & match=$!\n"
                   "for i in $(seq 300); do [ -s " +
                   file +
                   " ] && break; sleep 0.1; done\n"
                   "lines=$(wc -l < " +
                   file +
                   ")\n"
                   "if kill $match 2>/dev/null; then echo \"$lines running\"; "
                   "else echo \"$lines over\"; fi\n"
                   "wait $match"};
  const auto run = testing::run_process(spec);
  INFO("the watcher says: " << run.out);
  std::istringstream said(run.out);
  int lines = 0;
  std::string state;
  said >> lines >> state;
  CHECK(lines >= 1);
  CHECK(state == "running");
}

// Runs a Python script of tests/e2e that plays matches itself: SCRIPT NIM_GAME FAULT_AGENT DIR.
auto run_match_script(const std::string& script) {
  const testing::TempDirectory directory;
  testing::RunSpec spec;
  spec.argv = {"/bin/sh",
               "-c",
               "exec python3 \"$0\" \"$1\" \"$2\" \"$3\"",
               script,
               testing::nim_game_path(),
               fault_agent,
               directory.path()};
  return testing::run_process(spec);
}

TEST_CASE("match: SIGINT, SIGTERM, SIGHUP: the finished games reported, the programs ended") {
  INFO("python3 and pgrep are needed: scripts/bootstrap.sh installs them (python3, procps)");
  REQUIRE(testing::have_program("python3"));
  REQUIRE(testing::have_program("pgrep"));
  const auto run = run_match_script(NIM_SOURCE_DIR "/tests/e2e/interrupt_match.py");
  INFO("interrupt_match.py says:\n" << run.out << run.err);
  CHECK(run.status == 0);
  CHECK(run.out.starts_with("ok: every signal; Kayles on 10^30 "));
}

TEST_CASE("match --resume: interrupted at random points, it ends as a match never interrupted") {
  REQUIRE(testing::have_program("python3"));
  const auto run = run_match_script(NIM_SOURCE_DIR "/tests/e2e/resume_match.py");
  INFO("resume_match.py says:\n" << run.out << run.err);
  CHECK(run.status == 0);
  CHECK(run.out.starts_with("ok: "));
}

TEST_CASE("match --resume: a file of other settings is refused, naming what differs") {
  const TempFile games;
  const Args settings{"match", "perfect", "random", "--games", "20", "--seed", "3"};
  Args whole = settings;
  whole.insert(whole.end(), {"--games-out", games.path()});
  REQUIRE(run_nim(whole).status == 0);
  const std::string written = games.read();
  const auto resume = [&](Args extra) {
    Args args = settings;
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--resume", games.path()});
    return args;
  };
  const std::string named = "--resume " + Json(games.path()).dump();
  Args seed = resume({});
  seed[6] = "4";
  check_usage_error(seed, named +
                              ": line 1 does not replay: it starts from [9,8,5,0], this match "
                              "from [1,7,4,9,2]: resume with the interrupted match's --seed, "
                              "--games, --heap-count, --max-size or --positions");
  check_usage_error(resume({"--misere"}),
                    named +
                        ": line 1 does not replay: it was played under "
                        "{\"misere\":false,\"max_take\":null}, this match under "
                        "{\"misere\":true,\"max_take\":null}: resume with the interrupted match's "
                        "rules");
  Args agents = resume({});
  agents[2] = "difficulty:0.5";
  check_usage_error(agents, named +
                                ": line 1 does not replay: its second agent is \"random\", in this "
                                "match \"difficulty:0.5\": resume with the interrupted match's "
                                "agents, names and --games");
  Args fewer = resume({});
  fewer[4] = "10";
  check_usage_error(fewer, named + " holds more games than the 10 of this match");
  check_usage_error({"match", "perfect", "random", "--resume", games.path()},
                    named + " needs the interrupted match's --seed (its report gives it)");
  check_usage_error(resume({"--games-out", games.path()}),
                    named + " appends the games to that file: --games-out is not needed");
  CHECK(games.read() == written);  // refused: the file is as it was

  // A record changed by hand does not replay either.
  std::string changed = written;
  const auto at = changed.find("\"optimal\":[true");
  REQUIRE(at != std::string::npos);
  changed.replace(at, 15, "\"optimal\":[false");
  games.write(changed);
  const auto edited = run_nim(resume({}));
  CHECK(edited.status == 2);
  CHECK(edited.err.find("does not replay: its \"optimal\" is not what its moves give under this "
                        "match's settings ([false") != std::string::npos);
  // What the file holds is shown escaped when it is not safe to show.
  std::string bidi = written;
  bidi.replace(bidi.find("\"first\":\"perfect\""), 17, "\"first\":\"per\u202efect\"");
  games.write(bidi);
  const auto unsafe = run_nim(resume({}));
  CHECK(unsafe.status == 2);
  CHECK(unsafe.err.find("line 1 does not replay: its first agent is \"\\\"per\\u202efect\\\"\", in "
                        "this match \"perfect\"") != std::string::npos);
  games.write("{\"game\":1}\n");
  check_usage_error(resume({}), named + ": line 1 is not a game record of match --games-out");

  // A file that holds every game: nothing is played, the report is the whole match's.
  games.write(written);
  const auto done = run_nim(resume({}));
  CHECK(done.status == 0);
  CHECK(games.read() == written);
  CHECK(done.out == run_nim(settings).out);

  // With two agents, a larger --games lengthens it: the same as a longer match from the start.
  const TempFile longer;
  REQUIRE(run_nim({"match", "perfect", "random", "--games", "40", "--seed", "3", "--games-out",
                   longer.path()})
              .status == 0);
  const auto lengthened = run_nim(
      {"match", "perfect", "random", "--games", "40", "--seed", "3", "--resume", games.path()});
  CHECK(lengthened.status == 0);
  CHECK(games.read() == longer.read());
  CHECK(lengthened.out ==
        run_nim({"match", "perfect", "random", "--games", "40", "--seed", "3"}).out);
}

TEST_CASE("match --resume: an octal game's records in either spelling of its code resume it") {
  const Args settings{"match", "perfect", "random", "--games", "4", "--seed", "1"};
  const auto with = [&](Args extra) {
    Args args = settings;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const TempFile whole;
  REQUIRE(run_nim(with({"--octal", "0.77", "--games-out", whole.path()})).status == 0);
  const std::string written = whole.read();
  const std::size_t half = written.find('\n', written.find('\n') + 1) + 1;
  // The first two records as --octal 0.770 wrote them before codes were read in normal form.
  std::string old_spelling = written.substr(0, half);
  for (std::size_t at; (at = old_spelling.find(R"("code":"0.77")")) != std::string::npos;)
    old_spelling.replace(at, 13, R"("code":"0.770")");
  REQUIRE(old_spelling.find("0.770") != std::string::npos);
  for (const std::string code : {"0.770", "0.77"}) {
    INFO("--octal " << code);
    const TempFile games(old_spelling);
    const auto resumed = run_nim(with({"--octal", code, "--resume", games.path()}));
    INFO(resumed.err);
    CHECK(resumed.status == 0);
    CHECK(games.read() == old_spelling + written.substr(half));
  }
  // Another code is another game.
  const TempFile games(old_spelling);
  const auto other = run_nim(with({"--octal", "0.7", "--resume", games.path()}));
  CHECK(other.status == 2);
  CHECK(other.err.find("does not replay: it was played under") != std::string::npos);
}

TEST_CASE("match --resume: an agent of the same name with another spec is refused, in one line") {
  // The issue's example: p=random resumed a p=difficulty:0.9 match, exit 0, a mixed report.
  const TempFile games;
  REQUIRE(run_nim({"match", "p=difficulty:0.9", "random", "--games", "20", "--seed", "3",
                   "--games-out", games.path()})
              .status == 0);
  const std::string written = games.read();
  check_usage_error(
      {"match", "p=random", "random", "--games", "20", "--seed", "3", "--resume", games.path()},
      "--resume " + Json(games.path()).dump() +
          ": line 1 does not replay: its first agent \"p\" is \"difficulty:0.9\", "
          "in this match \"random\": resume with the interrupted match's agents");
  CHECK(games.read() == written);
}

TEST_CASE("match --resume: records written without the agents' specs resume, with a note") {
  // As nim-game wrote them before it kept the specs: the first 6 of 20 games.
  const Args settings{"match", "perfect", "random", "--games", "20", "--seed", "3"};
  const TempFile whole;
  Args whole_args = settings;
  whole_args.insert(whole_args.end(), {"--games-out", whole.path()});
  REQUIRE(run_nim(whole_args).status == 0);
  const auto lines = split_lines(whole.read());
  REQUIRE(lines.size() == 20);
  std::string old_records;
  for (std::size_t i = 0; i < 6; ++i) {
    std::string line = lines[i];
    const auto from = line.find(",\"first_spec\":");
    const auto to = line.find(",\"moves\":");
    REQUIRE(from != std::string::npos);
    line.erase(from, to - from);
    old_records += line + "\n";
  }
  const TempFile games(old_records);
  Args resume = settings;
  resume.insert(resume.end(), {"--resume", games.path()});
  const auto resumed = run_nim(resume);
  CHECK(resumed.status == 0);
  CHECK(resumed.err == "nim-game: --resume " + Json(games.path()).dump() +
                           ": line 1 was written without the agents' specs (by an older "
                           "nim-game): its agents are checked by name only\n");
  CHECK(resumed.out == run_nim(settings).out);
  // The old records stay as they were; the games played after them have the specs.
  std::string expected = old_records;
  for (std::size_t i = 6; i < lines.size(); ++i)
    expected += lines[i] + "\n";
  CHECK(games.read() == expected);
  // Checked by name, still: another agent does not replay.
  const TempFile again(old_records);
  check_usage_error({"match", "perfect", "difficulty:0.5", "--games", "20", "--seed", "3",
                     "--resume", again.path()},
                    "--resume " + Json(again.path()).dump() +
                        ": line 1 does not replay: its second agent is \"random\", in this match "
                        "\"difficulty:0.5\": resume with the interrupted match's agents, names and "
                        "--games");
}

TEST_CASE("match --sprt: stops once decided, the same whatever --jobs (issue 16)") {
  // Perfect against random: every pair won twice, H1 after 207 pairs (a pair won twice is little
  // evidence for 5 Elo rather than 0: both are far from it).
  const auto better =
      match({"perfect", "random", "--games", "1000", "--seed", "1", "--sprt", "elo0=0,elo1=5"});
  CHECK(better.report["sprt"]["verdict"] == "H1 accepted");
  CHECK(better.report["sprt"]["model"] == "logistic");
  CHECK(better.report["sprt"]["llr"].get<double>() >= 2.9444389791664403);
  CHECK(better.report["games"].get<int>() == 414);
  CHECK(better.report["games"].get<int>() % 2 == 0);  // whole pairs
  CHECK(better.games.size() == better.report["games"].get<std::size_t>());
  // Two equal agents against a test of 20 Elo: H0, where it stops the same with 1 or 3 jobs.
  const Args equal{"difficulty:0.9", "difficulty:0.9", "--games", "20000", "--seed", "1",
                   "--sprt",         "elo0=0,elo1=20"};
  Args three = equal;
  three.insert(three.end(), {"--jobs", "3"});
  const auto one_job = match(equal);
  const auto three_jobs = match(three);
  CHECK(one_job.report["sprt"]["verdict"] == "H0 accepted");
  CHECK(one_job.report["sprt"]["llr"].get<double>() <= -2.9444389791664403);
  CHECK(one_job.report_text == three_jobs.report_text);
  CHECK(one_job.games_text == three_jobs.games_text);
  // The games run out first: inconclusive, every game played.
  const auto short_match =
      match({"random", "random", "--games", "20", "--seed", "1", "--sprt", "elo0=-10,elo1=10"});
  CHECK(short_match.report["sprt"]["verdict"] == "inconclusive");
  CHECK(short_match.report["games"] == 20);
  const auto text = run_nim({"match", "perfect", "random", "--games", "1000", "--seed", "1",
                             "--sprt", "elo0=0,elo1=5", "--format", "text"});
  CHECK(
      text.out.ends_with("\nSPRT of perfect against random, elo0 0, elo1 5 (logistic Elo), "
                         "alpha 0.05, beta\n"
                         "  0.05: LLR 2.96 (bounds -2.94 and 2.94), H1 accepted.\n"));
  check_usage_error("match", {"perfect", "random", "difficulty:0.5", "--sprt", "elo0=0,elo1=5"},
                    "--sprt tests one agent against another: give exactly two agents");
  check_usage_error("match", {"perfect", "random", "--sprt", "elo0=5,elo1=0"},
                    "--sprt \"elo0=5,elo1=0\": elo0 must be below elo1");
  check_usage_error("match", {"perfect", "random", "--sprt", "elo0=0,elo1=5,model=bayesian"},
                    "--sprt \"elo0=0,elo1=5,model=bayesian\": model \"bayesian\" is not logistic "
                    "or normalized");
}

TEST_CASE("match: three pairs that all split have an Elo interval, not 0 to 0") {
  const auto split = quiet_match({"perfect", "perfect", "--games", "6", "--seed", "1"});
  const Json& pairs = split.report["pairs"][0];
  CHECK(pairs["pentanomial"] == Json::parse("[0,0,3,0,0]"));
  CHECK(pairs["elo"] == 0);
  CHECK(pairs["elo_ci95"][0].get<double>() == doctest::Approx(-502.2719877912868));
  CHECK(pairs["elo_ci95"][1].get<double>() == doctest::Approx(502.27198779128656));
  const auto text =
      run_nim({"match", "perfect", "perfect", "--games", "6", "--seed", "1", "--format", "text"});
  CHECK(text.out.ends_with(
      "\nperfect#1 vs perfect#2  0    0  3    0  0  0.500    0  -502 to +502\n"));
}

TEST_CASE("match --sprt: no verdict after a few pairs that all scored alike") {
  // The first agent is about 117 Elo better. The normal approximation of the LLR stopped after
  // 2 to 6 games for 15 of these seeds: 3 pairs split, H0 (wrong) for 9; 1 pair won twice, H1.
  for (int seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    const auto result =
        match({"a=difficulty:0.95", "b=difficulty:0.8", "--heap-count", "3..3", "--max-size", "7",
               "--games", "20000", "--sprt", "elo0=0,elo1=20", "--seed", std::to_string(seed)});
    CHECK(result.report["sprt"]["verdict"] == "H1 accepted");
    CHECK(result.report["games"].get<int>() > 100);
  }
  // The normalized model too.
  const auto normalized =
      match({"a=difficulty:0.95", "b=difficulty:0.8", "--heap-count", "3..3", "--max-size", "7",
             "--games", "20000", "--sprt", "elo0=0,elo1=20,model=normalized", "--seed", "1"});
  CHECK(normalized.report["sprt"]["model"] == "normalized");
  CHECK(normalized.report["sprt"]["verdict"] == "H1 accepted");
  CHECK(normalized.report["games"].get<int>() > 100);
}

TEST_CASE("match: the report's counts add up") {
  const auto result = quiet_match({"perfect", "random", "difficulty:0.5", "--games", "60", "--seed",
                                   "9", "--choose", "random"});
  const Json& report = result.report;
  CHECK(report["games"] == 180);
  CHECK(report["games_per_pair"] == 60);
  CHECK(result.games.size() == 180);
  std::uint64_t wins = 0, moves = 0, plies = 0;
  for (const auto& agent : report["agents"]) {
    INFO("agent: " << agent["name"]);
    const auto games = agent["games"].get<std::uint64_t>();
    CHECK(games == 120);
    // A count over two parts of the agent's games that split them.
    const auto both = [&](const char* part, const char* other, const char* count) {
      return agent[part][count].get<std::uint64_t>() + agent[other][count].get<std::uint64_t>();
    };
    CHECK(both("as_first", "as_second", "games") == games);
    CHECK(both("as_first", "as_second", "wins") == agent["wins"]);
    CHECK(both("from_won_starts", "from_lost_starts", "games") == games);
    CHECK(both("from_won_starts", "from_lost_starts", "wins") == agent["wins"]);
    CHECK(agent["kept_win"].get<std::uint64_t>() + agent["blunders"].get<std::uint64_t>() ==
          agent["moves_from_won"]);
    std::uint64_t losses = 0;
    for (const auto& [reason, count] : agent["losses_by_reason"].items())
      losses += count.get<std::uint64_t>();
    CHECK(losses == games - agent["wins"].get<std::uint64_t>());
    CHECK(agent["losses_by_reason"]["normal"] == losses);
    // The moves from won positions again, grouped by their game's start two ways: each adds up.
    for (const char* grouping : {"accuracy_by_start_heaps", "accuracy_by_start_size"}) {
      std::uint64_t from_won = 0, kept = 0;
      for (const auto& group : agent[grouping]) {
        from_won += group["moves_from_won"].get<std::uint64_t>();
        kept += group["kept_win"].get<std::uint64_t>();
        CHECK(group["moves_from_won"].get<std::uint64_t>() > 0);
      }
      CHECK(from_won == agent["moves_from_won"]);
      CHECK(kept == agent["kept_win"]);
    }
    CHECK(agent["accuracy_by_start_heaps"].size() == 3);  // the default starts: 3 to 5 heaps
    wins += agent["wins"].get<std::uint64_t>();
    moves += agent["moves"].get<std::uint64_t>();
  }
  CHECK(wins == 180);
  for (const auto& game : result.games)
    plies += game["moves"].size();
  CHECK(moves == plies);
  // The cross-table: each pair's wins add up to its games.
  std::map<std::pair<std::string, std::string>, std::uint64_t> wins_against;
  for (const auto& row : report["cross_table"])
    for (const auto& cell : row["against"]) {
      CHECK(cell["games"] == 60);
      wins_against[{row["name"], cell["name"]}] = cell["wins"].get<std::uint64_t>();
    }
  CHECK(wins_against.size() == 6);
  for (const auto& [pair, count] : wins_against)
    CHECK(count + wins_against.at({pair.second, pair.first}) == 60);
  // The game records agree with the report.
  std::map<std::string, std::uint64_t> won;
  for (const auto& game : result.games)
    ++won[game["winner"].get<std::string>()];
  for (const auto& agent : report["agents"])
    CHECK(won[agent["name"].get<std::string>()] == agent["wins"]);
  // starts and distinct_games count what the records show.
  std::set<std::string> starts, games;
  for (const auto& game : result.games) {
    starts.insert(game["start"].dump());
    games.insert(game["start"].dump() + game["moves"].dump());
  }
  CHECK(report["starts"] == starts.size());
  CHECK(report["distinct_games"] == games.size());
  CHECK(games.size() > starts.size());
  // Game numbers run from 1 in order; each pair plays each start twice, colours swapped.
  for (std::size_t i = 0; i < result.games.size(); ++i) {
    CHECK(result.games[i]["game"] == i + 1);
    if (i % 2 == 1) {
      CHECK(result.games[i]["start"] == result.games[i - 1]["start"]);
      CHECK(result.games[i]["first"] == result.games[i - 1]["second"]);
    }
  }
}

TEST_CASE("match: --jobs 1 and --jobs 2 give byte-identical reports and game records") {
  const Args built_in{"perfect", "random",       "difficulty:0.5", "--games",    "400",
                      "--seed",  "17",           "--choose",       "random",     "--when-losing",
                      "random",  "--heap-count", "2..6",           "--max-size", "30"};
  const auto one = quiet_match(with(built_in, {"--jobs", "1"}));
  for (const char* jobs : {"2", "3", "0"}) {
    const auto many = quiet_match(with(built_in, {"--jobs", jobs}));
    CHECK(many.report_text == one.report_text);
    CHECK(many.games_text == one.games_text);
  }
  // External agents too, one program per job, when their choices are reproducible.
  const Args external{python(random_agent, "--seed 4"),
                      python(nim_sum_agent),
                      "random",
                      "--games",
                      "24",
                      "--seed",
                      "8"};
  // But for the times of the programs' moves, which differ from run to run: taken out of both.
  const auto alone = quiet_match(with(external, {"--jobs", "1"}));
  const auto shared = quiet_match(with(external, {"--jobs", "2"}));
  const auto untimed = [](Json json) {
    json.erase("move_ms");
    return json.dump();
  };
  const auto untimed_report = [](Json report) {
    for (Json& agent : report["agents"])
      agent.erase("move_ms");
    return report.dump();
  };
  CHECK(untimed_report(shared.report) == untimed_report(alone.report));
  REQUIRE(shared.games.size() == alone.games.size());
  for (std::size_t i = 0; i < alone.games.size(); ++i) {
    CHECK(alone.games[i].contains("move_ms"));
    CHECK(untimed(shared.games[i]) == untimed(alone.games[i]));
  }
}

TEST_CASE("match: the same seed replays the match, without one, a seed is drawn and reported") {
  const auto drawn = quiet_match({"random", "difficulty:0.5"});
  const auto seed = drawn.report["seed"].get<std::uint64_t>();
  CHECK(seed < (std::uint64_t{1} << 53));
  const auto replayed = quiet_match({"random", "difficulty:0.5", "--seed", std::to_string(seed)});
  CHECK(replayed.report_text == drawn.report_text);
  CHECK(replayed.games_text == drawn.games_text);
  CHECK(drawn.report["games"] == 100);
}

// ---- Section 2: external agents and their faults ----

TEST_CASE("match: cmd:nim-game --batch plays the games of perfect against perfect") {
  for (const Args& rules : {Args{}, Args{"--misere", "--max-take", "4"}}) {
    std::string command = "cmd:" + shell_quote(testing::nim_game_path()) + " --batch";
    for (const auto& rule : rules)
      command += " " + rule;
    const Args common = with({"--games", "40", "--seed", "6", "--heap-count", "2..5"}, rules);
    const auto batch = quiet_match(with({command, "perfect"}, common));
    const auto solver = quiet_match(with({"perfect", "perfect"}, common));
    REQUIRE(batch.games.size() == solver.games.size());
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      CHECK(batch.games[i]["start"] == solver.games[i]["start"]);
      CHECK(batch.games[i]["moves"] == solver.games[i]["moves"]);
      CHECK(batch.games[i]["reason"] == "normal");
      CHECK((batch.games[i]["winner"] == batch.games[i]["first"]) ==
            (solver.games[i]["winner"] == solver.games[i]["first"]));
    }
    CHECK(agent_named(batch.report, command)["accuracy"] == 1);
  }
}

TEST_CASE("match: the example agents play whole matches") {
  for (const Args& rules : rule_sets) {
    INFO("rules: " << testing::Json(rules).dump());
    const Args common = with({"--games", "60", "--seed", "12", "--heap-count", "1..5"}, rules);
    const auto expert = quiet_match(with({python(nim_sum_agent), "perfect"}, common));
    const auto& agent = agent_named(expert.report, python(nim_sum_agent));
    CHECK(agent["accuracy"] == 1);
    CHECK(agent["blunders"] == 0);
    CHECK(agent["losses_by_reason"]["normal"] ==
          agent["games"].get<int>() - agent["wins"].get<int>());
    // The expert system plays the solver's own moves.
    const auto solver = quiet_match(with({"perfect", "perfect"}, common));
    for (std::size_t i = 0; i < expert.games.size(); ++i)
      CHECK(expert.games[i]["moves"] == solver.games[i]["moves"]);

    const auto random = quiet_match(with({python(random_agent), "perfect"}, common));
    const auto& random_player = agent_named(random.report, python(random_agent));
    CHECK(random_player["losses_by_reason"]["normal"] ==
          random_player["games"].get<int>() - random_player["wins"].get<int>());
    CHECK(agent_named(random.report, "perfect")["blunders"] == 0);
    testing::Oracle oracle(rules_of(random.games.front()["rules"]));
    for (const auto& game : random.games) {
      CHECK(game["reason"] == "normal");
      check_record(game, oracle);
    }
  }
}

struct FaultCase {
  std::string fault;
  std::string losses_key;
  std::string reason;  // of the games the agent faults in; "" when it depends on the start
};

TEST_CASE("match: each fault of an agent is recorded, it loses that game, and the match goes on") {
  const std::vector<FaultCase> cases{
      {"illegal", "illegal_move", ""},
      {"garbage", "bad_reply",
       "not JSON: \"I take 1 from heap 0\" (unexpected character 'I' at byte 1)"},
      {"shape", "bad_reply",
       "\"move\" is not [heap, count], two whole numbers: \"{\\\"move\\\":[1]}\""},
      {"silent", "timeout", "no reply within 1 s"},
      {"closed", "timeout", "no reply within 1 s"},
      {"exit", "exited", "exited with status 1"},
      {"signal", "exited", "exited with status 137"},  // /bin/sh's status for a SIGKILL
      {"flood", "bad_reply", "reply longer than 1048576 bytes"},
      // One line answers one request: a second is a fault, never the reply to the next request.
      {"twice", "bad_reply", "a line nobody asked for: \"{\\\"note\\\":\\\"extra\\\"}\""},
  };
  for (const FaultCase& fault : cases) {
    INFO("fault: " << fault.fault);
    const std::string agent = python(fault_agent, fault.fault);
    // A second for a reply; the first reply of each program started (the start-up check's, game
    // 1's, and the first after each fault) gets 5, time enough for python3 to start even on a
    // busy machine.
    const auto result = match({agent, "perfect", "--games", "8", "--seed", "4", "--move-timeout",
                               "1", "--start-timeout", "5"});
    // dash reports a child killed by a signal on its own stderr, which is the agent's.
    CHECK(result.err == (fault.fault == "signal" ? "Killed\nKilled\n" : ""));
    REQUIRE(result.games.size() == 8);
    for (const auto& game : result.games) {
      INFO("game: " << game.dump());
      const bool faulted = game["game"].get<int>() % 4 == 1;  // the agent's own rule
      if (!faulted) {
        CHECK(game["reason"] == "normal");
        continue;
      }
      CHECK(game["winner"] == "perfect");
      if (fault.losses_key == "timeout" && game["game"] == 1) {
        // The program's first reply, its start included: --start-timeout.
        CHECK(game["reason"] == "no reply within 5 s");
      } else if (!fault.reason.empty()) {
        CHECK(game["reason"] == fault.reason);
      } else {
        CHECK(game["reason"] ==
              "illegal move [9,1]: there is no heap 9: the heaps are numbered "
              "0 to " +
                  std::to_string(game["start"].size() - 1));
      }
    }
    // Seen with the reply it follows, the second line loses game 1 at the agent's first move.
    if (fault.fault == "twice") CHECK(result.games[0]["moves"].size() == 0);
    const auto& losses = agent_named(result.report, agent)["losses_by_reason"];
    CHECK(losses[fault.losses_key] == 2);  // games 1 and 5
    CHECK(losses["normal"].get<int>() + 2 ==
          8 - agent_named(result.report, agent)["wins"].get<int>());
    // After each fault the program was started again, and moved in the next game (as second).
    for (const std::size_t next : {1, 5}) {
      const Json& game = result.games[next];
      REQUIRE(game["second"] == agent);
      CHECK(game["moves"].size() >= 2);
    }
  }
}

TEST_CASE("match: after a fault the program is started again, for its next game") {
  // Started for the start-up check, for game 1, and again after its faults in games 1 and 5 (it
  // would have played on after an illegal move or a bad reply, had it not been stopped).
  for (const std::string fault : {"illegal", "garbage", "exit"}) {
    INFO("fault: " << fault);
    const auto result = match(
        {python(fault_agent, fault + " --announce"), "perfect", "--games", "8", "--seed", "4"});
    CHECK(result.err ==
          "fault_agent: started\nfault_agent: started\nfault_agent: started\n"
          "fault_agent: started\n");
  }
  // Without faults it is started twice: the check, then once for the whole match.
  const auto quiet = match({python(fault_agent, "none --announce"), "perfect", "--games", "8"});
  CHECK(quiet.err == "fault_agent: started\nfault_agent: started\n");
}

TEST_CASE("match: a program that exits after replying loses its next game, not the match") {
  const std::string agent = python(fault_agent, "reply-exit");
  const auto result = quiet_match({agent, "perfect", "--games", "8", "--seed", "4"});
  std::uint64_t exits = 0;
  for (const auto& game : result.games)
    if (game["reason"] != "normal") {
      CHECK(game["reason"] == "exited with status 0");
      CHECK(game["winner"] == "perfect");
      ++exits;
    }
  CHECK(exits >= 2);
  CHECK(agent_named(result.report, agent)["losses_by_reason"]["exited"] == exits);
}

TEST_CASE("match: a line there before the next request is a fault, not that request's reply") {
  // The issue's example: one extra line put the agent a move behind for the rest of the game.
  // Here it comes 0.1 s after the reply, while its opponent takes 0.5 s a move (nim-game --batch
  // behind a delay): the runner finds it there when it next asks, and the game is lost by it.
  const std::string slow =
      "slow=cmd:while read -r line; do sleep 0.5; printf '%s\\n' \"$line\"; done | " +
      shell_quote(testing::nim_game_path()) + " --batch";
  const TempFile start("5 5 5\n");
  const std::string late = "late=" + python(fault_agent, "late");
  const auto result =
      match({late, slow, "--games", "2", "--positions", start.path(), "--seed", "1"});
  REQUIRE(result.games.size() == 2);
  CHECK(result.games[0]["first"] == "late");
  CHECK(result.games[0]["reason"] == "a line nobody asked for: \"{\\\"note\\\":\\\"late\\\"}\"");
  CHECK(result.games[0]["winner"] == "slow");
  CHECK(result.games[0]["moves"].size() == 2);   // its move, then the opponent's
  CHECK(result.games[1]["reason"] == "normal");  // started again, it plays one move a request
  CHECK(agent_named(result.report, "late")["losses_by_reason"]["bad_reply"] == 1);
}

TEST_CASE("match: [-1,1] is a bad reply in every game, [9,1] and a split are illegal moves") {
  const std::string fixed = NIM_SOURCE_DIR "/tests/e2e/agents/fixed_move_agent.py";
  for (const Args& game : {Args{}, Args{"--octal", "0.77"}, Args{"--game", "moore"}}) {
    INFO("game: " << Json(game).dump());
    const TempFile log;
    const auto negative =
        quiet_match(with({"a=" + python(fixed, shell_quote(log.path()) + " '[-1,1]'"), "perfect",
                          "--games", "2", "--seed", "1"},
                         game));
    const std::string form = game.empty() ? "[heap, count], two whole numbers"
                                          : "a move of the game: [heap, count], [heap, count, "
                                            "[left, right]] or [[heap, count], ...]";
    for (const auto& record : negative.games)
      CHECK(record["reason"] == "\"move\" is not " + form +
                                    ": \"{\\\"move\\\": [-1, 1], \\\"events\\\": "
                                    "[\\\"end\\\"]}\"");
    CHECK(agent_named(negative.report, "a")["losses_by_reason"]["bad_reply"] == 2);
    const auto beyond =
        quiet_match(with({"a=" + python(fixed, shell_quote(log.path()) + " '[9,1]'"), "perfect",
                          "--games", "2", "--seed", "1"},
                         game));
    for (const auto& record : beyond.games)
      CHECK(record["reason"].get<std::string>().starts_with(
          "illegal move [9,1]: there is no heap 9"));
    CHECK(agent_named(beyond.report, "a")["losses_by_reason"]["illegal_move"] == 2);
  }
  // A move of another game's form is judged by the game's rules, Nim's too.
  const TempFile log, start("3 5\n");
  const auto split =
      quiet_match({"a=" + python(fixed, shell_quote(log.path()) + " '[0,1,[1,1]]'"), "perfect",
                   "--games", "2", "--positions", start.path(), "--seed", "1"});
  for (const auto& record : split.games)
    CHECK(record["reason"] ==
          "illegal move [0,1,[1,1]]: a move of Nim takes from one heap and splits nothing");
  CHECK(agent_named(split.report, "a")["losses_by_reason"]["illegal_move"] == 2);
}

// Protocol version 2: the end event, checked against the game records of the same match.
void check_end_events(const Match& result, const std::string& events_text,
                      const std::string& agent) {
  std::map<std::uint64_t, Json> events;
  for (const auto& line : split_lines(events_text)) {
    const Json event = parse_exact(line);
    CHECK(events.emplace(event["game"].get<std::uint64_t>(), event).second);  // once a game
  }
  for (const auto& game : result.games) {
    const auto number = game["game"].get<std::uint64_t>();
    INFO("game " << number);
    const bool faulty = game["reason"].get<std::string>().starts_with("illegal move");
    if (faulty) {  // its program was stopped by its fault: it is not told
      CHECK(events.count(number) == 0);
      continue;
    }
    REQUIRE(events.count(number) == 1);
    const Json& event = events[number];
    const std::string side = game["first"] == agent ? "first" : "second";
    const std::string winner = game["winner"] == game["first"] ? "first" : "second";
    Json expected = Json::object();
    expected["event"] = "end";
    expected["game"] = number;
    expected["player"] = side;
    expected["winner"] = winner;
    expected["reason"] = game["reason"];
    expected["start"] = game["start"];
    // The protocol names every game, Nim too; Nim's records keep their keys.
    expected["rules"] = Json::object();
    if (!game["rules"].contains("game")) expected["rules"]["game"] = "nim";
    expected["rules"].update(game["rules"]);
    expected["moves"] = game["moves"];
    CHECK(event.dump() == expected.dump());  // every key, in this order
  }
}

// Kayles' moves from a heap of h: take 1 or 2, the rest left whole or split in two, the smaller
// part first.
std::size_t kayles_moves(std::uint64_t h) {
  std::size_t count = 0;
  for (std::uint64_t take = 1; take <= 2 && take <= h; ++take)
    count += (h - take) / 2 + 1;
  return count;
}

TEST_CASE("match: version 4 requests carry the protocol, the job and the legal moves asked for") {
  const TempFile requests;
  const std::string agent = python(legal_moves_agent, shell_quote(requests.path()));
  const TempFile starts;
  starts.write("2 3\n");
  const auto capped = quiet_match({agent, "perfect", "--games", "2", "--positions", starts.path(),
                                   "--max-take", "2", "--seed", "1"});
  std::vector<std::string> lines = split_lines(requests.read());
  REQUIRE(lines.size() >= 2);
  // The start-up request: job 0, and no legal moves (none was asked for yet).
  CHECK(lines[0] ==
        R"({"heaps":[1],"rules":{"game":"nim","misere":false,"max_take":2},"game":0,"ply":0,)"
        R"("player":"first","protocol":4,"job":0})");
  CHECK(lines[1] ==
        R"({"heaps":[2,3],"rules":{"game":"nim","misere":false,"max_take":2},"game":1,"ply":0,)"
        R"("player":"first","protocol":4,"job":1,"legal_moves":[[0,1],[0,2],[1,1],[1,2]]})");
  for (const Json& game : capped.games)
    CHECK(game["reason"] == "normal");

  // Kayles: every move of every position, split moves in their form, so that an agent that
  // plays only moves from the list never plays an illegal one; with --jobs 2, jobs 1 and 2.
  const TempFile kayles;
  const std::string kayles_agent = python(legal_moves_agent, shell_quote(kayles.path()));
  const auto played =
      quiet_match({kayles_agent, "random", "--games", "20", "--octal", "0.77", "--jobs", "2",
                   "--max-size", "12", "--heap-count", "1..3", "--seed", "3"});
  for (const Json& game : played.games)
    CHECK(game["reason"] == "normal");
  std::set<std::uint64_t> jobs;
  for (const std::string& line : split_lines(kayles.read())) {
    const Json request = parse_exact(line);
    CHECK(request["protocol"] == 4);
    jobs.insert(request["job"].get<std::uint64_t>());
    if (request["game"] == 0) continue;
    std::size_t expected = 0;
    for (const Json& heap : request["heaps"])
      expected += kayles_moves(heap.get<std::uint64_t>());
    CHECK(request["legal_moves"].size() == expected);
    for (const Json& move : request["legal_moves"])
      if (move.size() == 3) CHECK(move[2][0] <= move[2][1]);
  }
  CHECK(jobs == std::set<std::uint64_t>{0, 1, 2});

  // Beyond 10,000 moves the list is null: Nim from a heap of 10,001 has 10,001.
  const TempFile big;
  const std::string big_agent = python(legal_moves_agent, shell_quote(big.path()));
  const TempFile big_start;
  big_start.write("10001\n10000\n");
  // Each start is played twice, the sides swapped: the program moves first from each once.
  quiet_match({big_agent, "random", "--games", "4", "--positions", big_start.path(), "--seed", "2",
               "--max-plies", "2"});
  const std::vector<std::string> big_lines = split_lines(big.read());
  CHECK(parse_exact(big_lines[1])["heaps"] == Json::array({10001}));
  CHECK(parse_exact(big_lines[1])["legal_moves"].is_null());
  bool listed = false;
  for (const std::string& line : big_lines)
    if (parse_exact(line)["heaps"] == Json::array({10000}))
      listed = parse_exact(line)["legal_moves"].size() == 10000;
  CHECK(listed);
}

TEST_CASE("match: a version 2 program that asks is told how each of its games ended") {
  const TempFile events;
  const std::string agent = python(events_agent, shell_quote(events.path()));
  const auto result = quiet_match({agent, "perfect", "--games", "8", "--seed", "4"});
  REQUIRE(result.games.size() == 8);
  CHECK(split_lines(events.read()).size() == 8);
  check_end_events(result, events.read(), agent);
  // One line, as the protocol document shows it.
  CHECK(split_lines(events.read())[0].starts_with(
      "{\"event\":\"end\",\"game\":1,\"player\":\"first\",\"winner\":"));

  // With --jobs each program hears of its own games, and every game is heard of once.
  const TempFile shared;
  const std::string jobs_agent = python(events_agent, shell_quote(shared.path()));
  const auto jobs =
      quiet_match({jobs_agent, "perfect", "--games", "40", "--jobs", "2", "--seed", "5"});
  CHECK(split_lines(shared.read()).size() == 40);
  check_end_events(jobs, shared.read(), jobs_agent);

  // Two programs in one game are both told, each of its own side.
  const TempFile first_log, second_log;
  const std::string first = python(events_agent, shell_quote(first_log.path()));
  const std::string second = python(events_agent, shell_quote(second_log.path()));
  const auto both = quiet_match({"a=" + first, "b=" + second, "--games", "4", "--seed", "2"});
  check_end_events(both, first_log.read(), "a");
  check_end_events(both, second_log.read(), "b");
}

TEST_CASE("match: a program stopped by its fault is not told of that game, and is of the next") {
  const TempFile events;
  const std::string agent = python(events_agent, shell_quote(events.path()) + " illegal");
  const auto result = quiet_match({agent, "perfect", "--games", "8", "--seed", "4"});
  CHECK(split_lines(events.read()).size() == 6);  // not games 1 and 5
  check_end_events(result, events.read(), agent);
}

TEST_CASE("match --gauntlet: the first N agents play every other agent, the rest not each other") {
  const auto result = match({"perfect", "difficulty:0.9", "random", "r2=random", "--gauntlet", "2",
                             "--games", "4", "--seed", "3"});
  // Pairs 0-1, 0-2, 0-3, 1-2, 1-3, in that order; 2 and 3 never meet.
  CHECK(result.report["gauntlet"] == 2);
  CHECK(result.report["games"] == 20);
  REQUIRE(result.games.size() == 20);
  const std::vector<std::pair<std::string, std::string>> pairs{{"perfect", "difficulty:0.9"},
                                                               {"perfect", "random"},
                                                               {"perfect", "r2"},
                                                               {"difficulty:0.9", "random"},
                                                               {"difficulty:0.9", "r2"}};
  for (std::size_t g = 0; g < 20; ++g) {
    const auto& [low, high] = pairs[g / 4];
    const bool swapped = g % 2 == 1;
    CHECK(result.games[g]["first"] == (swapped ? high : low));
    CHECK(result.games[g]["second"] == (swapped ? low : high));
  }
  REQUIRE(result.report["pairs"].size() == 5);
  for (std::size_t p = 0; p < 5; ++p)
    CHECK(result.report["pairs"][p]["agents"] == Json::array({pairs[p].first, pairs[p].second}));
  // The cross table lists only the agents each played.
  CHECK(result.report["cross_table"][2]["against"].size() == 2);
  CHECK(result.report["cross_table"][0]["against"].size() == 3);
  const auto text = run_nim({"match", "perfect", "random", "r2=random", "--gauntlet", "1",
                             "--games", "2", "--seed", "3", "--format", "text"});
  CHECK(
      text.out.starts_with("match: perfect, random and r2; 4 games (2 a pair) from 1 start, 4 of "
                           "them\n  different; a gauntlet: perfect against every other agent\n"));
  CHECK(text.out.ends_with(
      "random            0/2       -    -\nr2                0/2       -    -\n"));
  // A round robin's report has no "gauntlet".
  CHECK_FALSE(quiet_match({"perfect", "random", "--games", "2"}).report.contains("gauntlet"));
  check_usage_error("match", {"perfect", "random", "--gauntlet", "2"},
                    "--gauntlet 2 needs more than 2 agents: the first N play the others, and "
                    "there are 2");
  check_usage_error("match", {"perfect", "random", "--gauntlet", "0"},
                    "--gauntlet \"0\" is not a whole number from 1 to 18446744073709551615");
}

TEST_CASE("match: a program's own move timeout, given on its spec, is its alone") {
  // Both take 0.05 s a move from game 1 on: the one allowed 0.01 s loses on time, the other not.
  const std::string quick =
      "quick=cmd[move-timeout=0.01]:python3 " + shell_quote(fault_agent) + " slow";
  const std::string patient = "patient=" + python(fault_agent, "slow");
  const auto result = match({quick, patient, "--games", "4", "--seed", "1"});
  std::uint64_t timeouts = 0;
  for (const auto& game : result.games) {
    if (game["reason"] == "normal") continue;
    CHECK(game["reason"] == "no reply within 0.01 s");
    CHECK(game["winner"] == "patient");
    ++timeouts;
  }
  CHECK(timeouts == 4);
  CHECK(agent_named(result.report, "patient")["losses_by_reason"]["timeout"] == 0);
}

TEST_CASE("match --blunders-out: each lost win, replayed through --batch, was won and left a win") {
  for (const Args& game : {Args{}, Args{"--octal", "0.77"}, Args{"--misere"}}) {
    const TempFile blunders;
    Args args{"perfect", "difficulty:0.6", "random",       "--games", "12", "--seed",
              "9",       "--blunders-out", blunders.path()};
    args.insert(args.end(), game.begin(), game.end());
    const auto result = match(args);
    const auto lines = split_lines(blunders.read());
    // As many as the report counts, each agent's.
    std::map<std::string, std::uint64_t> by_agent;
    std::string positions, left;
    for (const auto& line : lines) {
      const Json blunder = parse_exact(line);
      ++by_agent[blunder["agent"].get<std::string>()];
      positions += line + "\n";
      left += Json{{"heaps", blunder["next_position"]}, {"rules", blunder["rules"]}}.dump() + "\n";
    }
    for (const auto& agent : result.report["agents"])
      CHECK(by_agent[agent["name"].get<std::string>()] == agent["blunders"].get<std::uint64_t>());
    CHECK(by_agent["perfect"] == 0);
    REQUIRE(lines.size() > 0);
    // The positions were won, their winning move is the analysis's; each blunder left a win.
    Args batch{"--batch"};
    batch.insert(batch.end(), game.begin(), game.end());
    const auto before = run_nim(batch, positions);
    const auto after = run_nim(batch, left);
    REQUIRE(before.status == 0);
    REQUIRE(after.status == 0);
    const auto records = split_lines(before.out), next = split_lines(after.out);
    REQUIRE(records.size() == lines.size());
    REQUIRE(next.size() == lines.size());
    for (std::size_t k = 0; k < lines.size(); ++k) {
      CAPTURE(lines[k]);
      CHECK(parse_exact(records[k])["winning"] == true);
      CHECK(parse_exact(records[k])["move"] == parse_exact(lines[k])["winning_move"]);
      CHECK(parse_exact(next[k])["winning"] == true);
    }
  }
}

TEST_CASE("match --log: every line sent and received, as it happens, a fault included") {
  // The fault agent exits in game 1 (and 5): the log says what it was sent, and that it exited.
  const TempFile log;
  const std::string agent = "f=" + python(fault_agent, "exit");
  const auto result =
      match({agent, "perfect", "--games", "8", "--seed", "4", "--jobs", "2", "--log", log.path()});
  const auto lines = split_lines(log.read());
  REQUIRE(lines.size() > 4);
  CHECK(parse_exact(lines[0]).contains("opened"));
  // The start-up check is job 0: the program started, its request and its reply.
  CHECK(parse_exact(lines[1])["job"] == 0);
  CHECK(parse_exact(lines[1])["started"] == "python3 " + shell_quote(fault_agent) + " exit");
  CHECK(parse_exact(lines[2])["sent"].get<std::string>().starts_with("{\"heaps\":"));
  CHECK(parse_exact(lines[3]).contains("received"));
  // Each job's requests are answered in turn, by a reply or a fault, and time goes forward.
  std::map<std::uint64_t, bool> waiting;  // by job: a request sent, not yet answered
  std::map<std::uint64_t, double> last;
  std::uint64_t sent = 0, faults = 0;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const Json entry = parse_exact(lines[k]);
    CAPTURE(lines[k]);
    const auto job = entry["job"].get<std::uint64_t>();
    CHECK(job <= 2);
    CHECK(entry["agent"] == "f");
    CHECK(entry["time"].get<double>() >= last[job]);
    last[job] = entry["time"].get<double>();
    if (entry.contains("sent")) {
      CHECK_FALSE(waiting[job]);
      waiting[job] = true;
      ++sent;
    } else if (entry.contains("received") || entry.contains("fault")) {
      CHECK(waiting[job]);
      waiting[job] = false;
      faults += entry.contains("fault");
    }
  }
  CHECK(faults == 2);
  CHECK(faults == agent_named(result.report, "f")["losses_by_reason"]["exited"]);
  CHECK(sent > faults);

  // Appended to: a second match adds its own lines after an "opened" line of its own.
  match({agent, "perfect", "--games", "2", "--seed", "4", "--log", log.path()});
  CHECK(split_lines(log.read()).size() > lines.size());
  CHECK(parse_exact(split_lines(log.read())[lines.size()]).contains("opened"));
}

TEST_CASE("match: a version 1 program is sent requests only") {
  // fault_agent.py reads every line as a request (a line without "heaps" would end it).
  const auto result = quiet_match({python(fault_agent, "none"), "perfect", "--games", "8"});
  CHECK(agent_named(result.report, python(fault_agent, "none"))["losses_by_reason"]["exited"] == 0);
}

TEST_CASE("match: asking for an event nim-game does not send stops the match before it starts") {
  const TempFile events;
  const auto ask = [&](const std::string& json) {
    return python(events_agent, shell_quote(events.path()) + " " + shell_quote("ask=" + json));
  };
  const auto unknown = run_nim({"match", ask("[\"end\",\"move\"]"), "perfect"});
  CHECK(unknown.status == 2);
  CHECK(unknown.out == "");
  CHECK(unknown.err == "nim-game: agent " + Json(ask("[\"end\",\"move\"]")).dump() +
                           " cannot be started: it asks for the event \"move\", which nim-game "
                           "does not send (protocol version 4 has \"end\")\n");
  const auto not_a_list = run_nim({"match", ask("\"end\""), "perfect"});
  CHECK(not_a_list.status == 2);
  CHECK(not_a_list.err == "nim-game: agent " + Json(ask("\"end\"")).dump() +
                              " cannot be started: \"events\" is not a list of event names in "
                              "its reply \"{\\\"move\\\":[0,1],\\\"events\\\":\\\"end\\\"}\"\n");
  CHECK(events.read() == "");
}

TEST_CASE("match: an agent's stderr passes through to nim-game's") {
  const auto result =
      match({python(fault_agent, "stderr"), "perfect", "--games", "4", "--seed", "4"});
  CHECK_FALSE(result.err.empty());
  for (const auto& line : split_lines(result.err))
    CHECK(line == "fault_agent: a note on stderr in game 1");
}

TEST_CASE("match: a silent agent never hangs the runner") {
  const auto start = std::chrono::steady_clock::now();
  const auto result =
      quiet_match({python(fault_agent, "silent"), python(fault_agent, "closed"), "--games", "8",
                   "--seed", "4", "--move-timeout", "1", "--start-timeout", "3"});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 30);  // 4 faults of 1 or 3 s (a first reply), and python's start-ups
  CHECK(result.report["games"] == 8);
}

TEST_CASE("match: a command that cannot be started stops the match before the first game") {
  const TempFile games;
  const auto missing = run_nim(
      {"match", "cmd:no-such-program-for-nim-game", "perfect", "--games-out", games.path()});
  CHECK(missing.status == 2);
  CHECK(missing.out == "");
  CHECK(missing.err ==
        "/bin/sh: 1: no-such-program-for-nim-game: not found\n"
        "nim-game: agent \"cmd:no-such-program-for-nim-game\" cannot be started: it exited with "
        "status 127 before its first reply\n");
  CHECK(games.read() == "");  // not a game was played

  const auto exits = run_nim({"match", "perfect", "cmd:exit 3"});
  CHECK(exits.status == 2);
  CHECK(exits.out == "");
  CHECK(exits.err ==
        "nim-game: agent \"cmd:exit 3\" cannot be started: it exited with status 3 before its "
        "first reply\n");

  // A program that has not read its request is still starting: the line names --start-timeout,
  // and blames no buffer.
  const auto silent = run_nim({"match", "perfect", "cmd:sleep 30", "--start-timeout", "0.2"});
  CHECK(silent.status == 2);
  CHECK(silent.out == "");
  CHECK(silent.err ==
        "nim-game: agent \"cmd:sleep 30\" cannot be started: no reply to its first request "
        "within 0.2 s, which it has not read: a program that takes longer to start (one that "
        "loads a model) needs a longer --start-timeout\n");
  CHECK(silent.seconds < 10);

  // One that has read it has most often left its reply in a buffer, as Python does to a pipe
  // (issue 16) unless PYTHONUNBUFFERED is set.
  const std::string unflushed =
      "cmd:env -u PYTHONUNBUFFERED python3 -c 'import sys, time; sys.stdin.readline(); "
      "print(\"{\\\"move\\\": [0, 1]}\"); time.sleep(30)'";
  const auto buffered = run_nim({"match", "perfect", unflushed, "--start-timeout", "3"});
  CHECK(buffered.status == 2);
  CHECK(buffered.err ==
        "nim-game: agent " + Json(unflushed).dump() +
            " cannot be started: no reply to its first request within 3 s, which "
            "it has read: the usual cause is a reply left in the program's output "
            "buffer: flush after each reply (Python: print(reply, flush=True)), as "
            "agent-protocol.md says (docs/ in the sources, /usr/share/doc/nim-game/ "
            "when installed); a program that takes longer to start (one that loads "
            "a model) needs a longer --start-timeout\n");
  CHECK(buffered.seconds < 10);

  // The seconds as the option takes them, never in exponent form (1e-07).
  const auto brief = run_nim({"match", "perfect", "cmd:sleep 30", "--start-timeout", "0.0000001"});
  CHECK(brief.status == 2);
  CHECK(brief.out == "");
  CHECK(
      brief.err.starts_with("nim-game: agent \"cmd:sleep 30\" cannot be started: no reply to "
                            "its first request within 0.0000001 s, which it has not read"));

  // Two lines to the start-up request: it would lose every game.
  const auto twice = run_nim({"match", "perfect", "cmd:read -r l; printf '{}\\n{}\\n'; sleep 9"});
  CHECK(twice.status == 2);
  CHECK(twice.err ==
        "nim-game: agent \"cmd:read -r l; printf '{}\\\\n{}\\\\n'; sleep 9\" cannot be started: a "
        "line nobody asked for: \"{}\"\n");
}

TEST_CASE("match --start-timeout: a program slow to start plays, its first reply given time") {
  // 1.5 s to start, every time it starts (the check, then its first game), with moves of 1 s:
  // its first reply waits for --start-timeout (default 60 s), the others for --move-timeout.
  const std::string agent = "slow=" + python(fault_agent, "start=1.5");
  const auto result =
      quiet_match({agent, "perfect", "--games", "4", "--seed", "4", "--move-timeout", "1"});
  for (const auto& game : result.games)
    CHECK(game["reason"] == "normal");
  // Given too short a start, it cannot start.
  const auto hurried = run_nim({"match", agent, "perfect", "--start-timeout", "0.5"});
  CHECK(hurried.status == 2);
  CHECK(hurried.err == "nim-game: agent " + Json(python(fault_agent, "start=1.5")).dump() +
                           " cannot be started: no reply to its first request within 0.5 s, "
                           "which it has not read: a program that takes longer to start (one "
                           "that loads a model) needs a longer --start-timeout\n");
}

TEST_CASE("match: the start-up request is a position of the game played, and it has a move") {
  // A strict program refuses a position with no move, or with the wrong number of heaps (it
  // exits with status 3): before, [1] went to every game.
  struct Case {
    Args game;
    std::string heaps;  // of the start-up request, as Python writes them
  };
  const std::vector<Case> cases{{{}, "[1]"},
                                {{"--max-take", "2", "--misere"}, "[1]"},
                                {{"--game", "wythoff"}, "[1, 1]"},
                                {{"--game", "grundy"}, "[3]"},
                                {{"--octal", "4.07"}, "[2]"},
                                {{"--subtract", "2,3"}, "[2]"},
                                {{"--subtract", "7"}, "[7]"},
                                {{"--subtract", "5000", "--max-size", "6000"}, "[8192]"},
                                {{"--subtract-all-but", "1,2"}, "[3]"},
                                {{"--octal", "0.77"}, "[1]"},
                                {{"--game", "moore"}, "[1]"},
                                {{"--game", "staircase", "--misere"}, "[1]"}};
  for (const Case& c : cases) {
    INFO("game: " << Json(c.game).dump());
    const TempFile log;
    const std::string strict =
        "strict=" +
        python(NIM_SOURCE_DIR "/tests/e2e/agents/strict_agent.py", shell_quote(log.path()));
    const auto result = match(with({strict, "random", "--games", "2", "--seed", "1"}, c.game));
    CHECK(result.err == "");
    REQUIRE_FALSE(log.read().empty());
    CHECK(split_lines(log.read())[0] == c.heaps);
  }
}

TEST_CASE("match: the largest counts of games that fit are played, not passed over") {
  // 2^64 - 2 games for one pair, and 3 pairs of 6148914691236517204: a count that fits in 64 bits
  // is played (for ever, here: the run is stopped), never reported as a match of no games.
  for (const Args& counts :
       {Args{"perfect", "random", "--games", "18446744073709551614"},
        Args{"perfect", "random", "difficulty:0.5", "--games", "6148914691236517204"}}) {
    const TempFile games;
    testing::RunSpec spec;
    spec.argv = {testing::nim_game_path(), "match"};
    spec.argv.insert(spec.argv.end(), counts.begin(), counts.end());
    spec.argv.insert(spec.argv.end(), {"--seed", "1", "--games-out", games.path()});
    spec.timeout_seconds = 2;
    const auto run = testing::run_process(spec);
    INFO("games: " << counts[counts.size() - 1]);
    CHECK(run.timed_out);
    CHECK(run.out == "");
    CHECK(run.err == "");
    CHECK(games.read().starts_with(R"({"game":1,"start":)"));
  }
}

TEST_CASE("match: the report to a closed pipe ends nim-game quietly, external agents or not") {
  const TempFile status, errors;
  for (const std::string& agent : {std::string("random"), python(nim_sum_agent)}) {
    const std::string run_it = shell_quote(testing::nim_game_path()) + " match perfect " +
                               shell_quote(agent) + " --games 20 2> " + shell_quote(errors.path()) +
                               "; echo $? > " + shell_quote(status.path());
    const auto run = testing::run_shell("{ sleep 0.2; " + run_it + "; } | true");
    CHECK(run.status == 0);
    CHECK(errors.read() == "");
    CHECK(status.read() == "141\n");
  }
}

// ---- Start positions, records, and options ----

TEST_CASE("match: --positions are used in order, cycling, comments and blank lines skipped") {
  const TempFile starts("# three starts\n1 2\n\n[3,4,5]\n{\"heaps\":[6],\"note\":\"x\"}\n");
  const auto result = quiet_match(
      {"perfect", "random", "--games", "10", "--positions", starts.path(), "--seed", "1"});
  std::vector<std::string> seen;
  for (const auto& game : result.games)
    seen.push_back(game["start"].dump());
  CHECK(seen == std::vector<std::string>{"[1,2]", "[1,2]", "[3,4,5]", "[3,4,5]", "[6]", "[6]",
                                         "[1,2]", "[1,2]", "[3,4,5]", "[3,4,5]"});
  CHECK(result.report["starts"] == 3);
}

TEST_CASE(
    "match: --positions lines made under other rules are refused, never replayed (issue 17)") {
  // As positions --format json writes them: the rules travel with the heaps.
  const TempFile starts(
      "{\"heaps\":[1,2,3],\"rules\":{\"misere\":false,\"max_take\":null}}\n"
      "{\"heaps\":[1,2,4],\"rules\":{\"misere\":true,\"max_take\":null}}\n");
  check_usage_error("match", {"perfect", "random", "--positions", starts.path()},
                    "--positions " + Json(starts.path()).dump() +
                        " line 2: the line's rules {\"misere\":true,\"max_take\":null} are not "
                        "this command's {\"misere\":false,\"max_take\":null}");
  // Under the rules they were made under, they are played.
  const TempFile misere_start(
      "{\"heaps\":[1,2,4],\"rules\":{\"misere\":true,\"max_take\":null}}\n");
  const auto misere = quiet_match(
      {"perfect", "random", "--games", "2", "--misere", "--positions", misere_start.path()});
  CHECK(misere.games[0]["start"] == parse_exact("[1,2,4]"));
}

TEST_CASE("match: GMP heaps, from a file or drawn, are played and judged exactly") {
  const std::string huge = "1" + std::string(300, '0');
  const TempFile starts(huge + " " + huge + " 5\n");
  const auto result = quiet_match({"perfect", "random", "--games", "4", "--positions",
                                   starts.path(), "--seed", "1", "--max-plies", "2000"});
  const auto& perfect = agent_named(result.report, "perfect");
  CHECK(perfect["blunders"] == 0);
  CHECK(perfect["from_won_starts"]["wins"] == perfect["from_won_starts"]["games"]);
  CHECK(result.games[0]["start"] == parse_exact("[" + huge + "," + huge + ",5]"));
  CHECK(result.games[0]["moves"][0] == parse_exact("[2,5]"));  // the winning move of the start

  const auto drawn = quiet_match({"perfect", "perfect", "--games", "4", "--seed", "1", "--max-size",
                                  "1" + std::string(30, '0'), "--max-plies", "6"});
  for (const auto& game : drawn.games)
    CHECK((game["reason"] == "normal" || game["reason"] == "adjudicated after 6 plies"));
}

TEST_CASE("match: at --max-plies a game goes to the side exact play says wins") {
  const auto result = quiet_match({"perfect", "perfect", "--games", "20", "--seed", "2",
                                   "--max-plies", "2", "--heap-count", "3..4", "--max-size", "7"});
  testing::Oracle oracle(NimRules<SmallHeap>{});
  std::uint64_t adjudicated = 0;
  for (const auto& game : result.games) {
    const bool won = oracle.winning(position_of(game["start"]));
    CHECK((game["winner"] == game["first"]) == won);
    if (game["reason"] == "normal") continue;
    CHECK(game["reason"] == "adjudicated after 2 plies");
    CHECK(game["moves"].size() == 2);
    ++adjudicated;
  }
  CHECK(adjudicated > 10);
  std::uint64_t counted = 0;
  for (const auto& agent : result.report["agents"])
    counted += agent["losses_by_reason"]["adjudicated"].get<std::uint64_t>();
  CHECK(counted == adjudicated);
}

TEST_CASE("match: --format text is the report as tables, --pretty the JSON indented") {
  const auto text =
      run_nim({"match", "perfect", "random", "--games", "4", "--seed", "1", "--format", "text"});
  CHECK(text.status == 0);
  CHECK(text.err == "");
  CHECK(text.out ==
        "match: perfect and random; 4 games from 2 starts, 4 of them different\n"
        "normal play, seed 1, nim-game " NIM_GAME_VERSION
        "\n"
        "\n"
        "agent    games  wins  win rate  95% interval  as first  as second\n"
        "perfect      4     4     1.000   0.329-1.000       2/2        2/2\n"
        "random       4     0     0.000   0.000-0.671       0/2        0/2\n"
        "\n"
        "agent    won starts  lost starts  moves  from won  kept win  accuracy  blunders\n"
        "perfect         2/2          2/2     17        17        17     1.000         0\n"
        "random          0/2          0/2     15         2         0     0.000         2\n"
        "\n"
        // The starts had 3 and 5 heaps (their largest heaps in one band: no rows by size).
        "accuracy by start  from won  kept win  accuracy\n"
        "perfect, 3 heaps          4         4     1.000\n"
        "perfect, 5 heaps         13        13     1.000\n"
        "random, 3 heaps           1         0     0.000\n"
        "random, 5 heaps           1         0     0.000\n"
        "\n"
        "pairs of games     0  1/2  1  3/2  2  score   Elo  95% interval\n"
        "perfect vs random  0    0  0    0  2  1.000  +inf  -551 to +inf\n");
  const auto compact = run_nim({"match", "perfect", "random", "--games", "4", "--seed", "1"});
  const auto pretty =
      run_nim({"match", "perfect", "random", "--games", "4", "--seed", "1", "--pretty"});
  CHECK(pretty.out == parse_exact(compact.out).dump(2) + "\n");
}

TEST_CASE(
    "match: a progress line on a terminal, rewritten in place and erased, nothing otherwise") {
  // An agent that takes 20 ms a move (nim-game --batch behind a delay), in 6 games where it makes
  // 8 moves each: the match lasts a second or more however fast the machine, time for a few
  // rewrites of the line.
  const std::string slow =
      "cmd:while read -r line; do sleep 0.02; printf '%s\\n' \"$line\"; done | " +
      shell_quote(testing::nim_game_path()) + " --batch";
  const TempFile start("4 4 4 4\n");
  const auto run = testing::run_with_stderr_at_a_terminal(
      {"match", "perfect", slow, "--games", "6", "--positions", start.path()});
  INFO("stderr: " << run.err);
  REQUIRE(run.status == 0);
  const auto lines = split_lines(run.out);
  REQUIRE(lines.size() == 3);
  const std::string& terminal = lines[0];  // Python's repr of the bytes
  INFO("terminal: " << terminal);
  // The first drawing may come after the first games are done: it says how many.
  CHECK(terminal.starts_with("b'\\rnim-game match: "));
  CHECK(terminal.find(" of 6 games") != std::string::npos);
  // Rewritten as the games go, with the rate and the time left.
  CHECK(terminal.find(" games/s, ") != std::string::npos);
  CHECK(terminal.find(" s left\\x1b[K\\rnim-game match: ") != std::string::npos);
  CHECK(terminal.ends_with("\\r\\x1b[K'"));  // erased at the end
  CHECK(lines[1] == "0");
  CHECK(parse_exact(lines[2])["games"] == 6);
}

TEST_CASE("match: an output that cannot be written is an error naming it, exit 3") {
  const auto missing = run_nim({"match", "perfect", "random", "--games-out", "/no/such/dir/g"});
  CHECK(missing.status == 3);
  CHECK(missing.out == "");
  CHECK(missing.err ==
        "nim-game: cannot write --games-out \"/no/such/dir/g\": No such file or directory\n");
  const auto full = run_nim({"match", "perfect", "random", "--games-out", "/dev/full"});
  CHECK(full.status == 3);
  CHECK(full.out == "");
  CHECK(full.err ==
        "nim-game: --games-out \"/dev/full\": cannot write the output: No space left on device\n");
}

// ---- The games after Nim (issue 15) ----

const std::vector<Args> games_after_nim{{"--octal", "0.77"},
                                        {"--octal", "0.07", "--misere"},
                                        {"--game", "grundy"},
                                        {"--subtract", "1,3,4", "--misere"},
                                        {"--subtract-all-but", "2,5"},
                                        {"--game", "moore", "--heaps-per-move", "2"},
                                        {"--game", "moore", "--misere"},
                                        {"--game", "wythoff"},
                                        {"--game", "wythoff", "--misere"},
                                        {"--game", "staircase"},
                                        {"--game", "staircase", "--misere"},
                                        {"--game", "lasker"},
                                        {"--game", "lasker", "--misere"}};

TEST_CASE("match of a game after Nim: its rules in the report and records, perfect never errs") {
  for (const Args& game : games_after_nim) {
    INFO("game: " << game[0] << " " << game[1]);
    const auto result =
        quiet_match(with({"perfect", "random", "--games", "6", "--seed", "3"}, game));
    REQUIRE(result.games.size() == 6);
    const Json& rules = result.report["rules"];
    CHECK(rules["misere"] == (game.back() == "--misere"));
    for (const auto& record : result.games) {
      CHECK(record["rules"] == rules);
      CHECK(record["reason"] == "normal");
      CHECK(record["moves"].size() == record["optimal"].size());
    }
    const Json& perfect = agent_named(result.report, "perfect");
    CHECK(perfect["kept_win"] == perfect["moves_from_won"]);
    CHECK(perfect["blunders"] == 0);
    CHECK(perfect["losses_by_reason"]["adjudicated"] == 0);
    // The same games whatever --jobs, and resumed from a file cut in the middle of a record.
    const auto two_jobs = quiet_match(
        with({"perfect", "random", "--games", "6", "--seed", "3", "--jobs", "2"}, game));
    CHECK(two_jobs.report_text == result.report_text);
    CHECK(two_jobs.games_text == result.games_text);
    const auto lines = split_lines(result.games_text);
    const TempFile cut;
    cut.write(lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[3].substr(0, 9));
    const auto resumed = run_nim(
        with({"match", "perfect", "random", "--games", "6", "--seed", "3", "--resume", cut.path()},
             game));
    CHECK(resumed.status == 0);
    CHECK(resumed.out == result.report_text);
    CHECK(cut.read() == result.games_text);
  }
}

TEST_CASE("match of Kayles: the records, byte for byte, moves that split a heap included") {
  const auto result =
      quiet_match({"perfect", "random", "--octal", "0.77", "--games", "2", "--seed", "1"});
  CHECK(result.games_text ==
        R"({"game":1,"start":[9,3,3],"rules":{"game":"octal","code":"0.77","misere":false},)"
        R"("first":"perfect","second":"random","first_spec":"perfect","second_spec":"random",)"
        R"("moves":[[0,1,[4,4]],[1,2],[0,2],[1,2],[0,2],)"
        R"([2,2],[3,2],[2,1],[3,1]],"optimal":[true,true,true,true,true,true,true,true,true],)"
        R"("winner":"perfect","reason":"normal"})"
        "\n"
        R"({"game":2,"start":[9,3,3],"rules":{"game":"octal","code":"0.77","misere":false},)"
        R"("first":"random","second":"perfect","first_spec":"random","second_spec":"perfect",)"
        R"("moves":[[2,2],[0,2],[0,2],[0,1,[1,3]],[0,1],)"
        R"([1,1],[1,2],[2,2],[2,1],[3,1]],"optimal":[false,true,true,true,true,true,true,true,)"
        R"(true,true],"winner":"perfect","reason":"normal"})"
        "\n");
  CHECK(result.report["rules"].dump() == R"({"game":"octal","code":"0.77","misere":false})");
  CHECK(result.report["distinct_games"] == 2);  // one start, told apart by their moves
  const auto text = run_nim({"match", "perfect", "random", "--octal", "0.77", "--games", "2",
                             "--seed", "1", "--format", "text"});
  CHECK(text.out.find("\nOctal game 0.77, seed 1, nim-game ") != std::string::npos);
}

TEST_CASE("match of a game after Nim: programs get the game's rules and play its move forms") {
  // nim-game --batch of the same game is a perfect agent: every one of its moves keeps the win.
  const auto self =
      quiet_match({"cmd:" + shell_quote(testing::nim_game_path()) + " --batch --octal 0.77",
                   "perfect", "--octal", "0.77", "--games", "6", "--seed", "2"});
  for (const auto& record : self.games) {
    CHECK(record["reason"] == "normal");
    for (const auto& optimal : record["optimal"])
      CHECK(optimal == true);
  }
  // A version 3 program is sent the game in "rules", and loses by a move the rules refuse.
  const TempFile log;
  const auto fixed = quiet_match({python(NIM_SOURCE_DIR "/tests/e2e/agents/fixed_move_agent.py",
                                         shell_quote(log.path()) + " '[0,1,[4,4]]'"),
                                  "perfect", "--octal", "0.77", "--games", "2", "--seed", "1"});
  REQUIRE(fixed.games.size() == 2);
  CHECK(fixed.games[0]["moves"].dump() == "[[0,1,[4,4]],[0,1]]");
  for (const auto& record : fixed.games)
    CHECK(record["reason"] ==
          "illegal move [0,1,[4,4]]: the rules of the octal game 0.77 do not allow it");
  CHECK(log.read() ==
        R"({"heaps":[1],"rules":{"game":"octal","code":"0.77","misere":false},"game":0,"ply":0,)"
        R"("player":"first","protocol":4,"job":0})"
        "\n"
        R"({"heaps":[9,3,3],"rules":{"game":"octal","code":"0.77","misere":false},"game":1,)"
        R"("ply":0,"player":"first","protocol":4,"job":1})"
        "\n"
        R"({"heaps":[3,4,3,3],"rules":{"game":"octal","code":"0.77","misere":false},"game":1,)"
        R"("ply":2,"player":"first","protocol":4,"job":1})"
        "\n"
        R"({"heaps":[4,4,3,3],"rules":{"game":"octal","code":"0.77","misere":false},"game":2,)"
        R"("ply":1,"player":"second","protocol":4,"job":1})"
        "\n");
  // Nim's requests name the game too (nim-game --batch still reads them: the test above).
  const TempFile nim_log;
  (void)quiet_match({python(NIM_SOURCE_DIR "/tests/e2e/agents/fixed_move_agent.py",
                            shell_quote(nim_log.path()) + " '[0,1]'"),
                     "perfect", "--games", "2", "--seed", "1"});
  CHECK(split_lines(nim_log.read())[1] ==
        R"({"heaps":[9,3,3],"rules":{"game":"nim","misere":false,"max_take":null},"game":1,)"
        R"("ply":0,"player":"first","protocol":4,"job":1})");
}

TEST_CASE("match of a game after Nim: --choose and --when-losing choose the perfect agent's move") {
  const Args common{"perfect", "random", "--game", "moore", "--games", "20", "--seed", "5"};
  const auto first = quiet_match(common);
  const auto chosen = quiet_match(with(common, {"--choose", "random", "--when-losing", "random"}));
  CHECK(chosen.games_text != first.games_text);
  for (const auto* result : {&first, &chosen}) {
    const Json& perfect = agent_named(result->report, "perfect");
    CHECK(perfect["kept_win"] == perfect["moves_from_won"]);
  }
  // A position of more moves than --choose random looks through stops the match when reached.
  const TempFile start;
  start.write("2000000\n");
  check_usage_error({"match", "perfect", "random", "--octal", "0.77", "--positions", start.path(),
                     "--choose", "random", "--seed", "1"},
                    "game 1 (heaps 2000000): --choose random picks among the winning moves of a "
                    "position with at most 1000000 moves; this one has more");
}

TEST_CASE("match of a game after Nim: a start the theory cannot answer stops it, in one line") {
  check_usage_error(
      {"match", "perfect", "random", "--game", "wythoff", "--heap-count", "3..3", "--seed", "1"},
      "game 1 (heaps 9 3 3): Wythoff's game is played on exactly 2 heaps; the "
      "position has 3");
  check_usage_error(
      {"match", "perfect", "random", "--octal", "0.77", "--misere", "--limit-search", "100",
       "--seed", "1"},
      "game 1 (heaps 9 3 3): misère play of the octal game 0.77 has no formula in "
      "nim-game, which searches every position this one can reach, and there are more "
      "than 100 (the search's bound)");
  check_usage_error(
      {"match", "perfect", "random", "--game", "grundy", "--max-size", "5000", "--grundy-limit",
       "1000", "--seed", "1"},
      "game 1 (heaps 1906 1723 4505): heap 1906 of Grundy's game is beyond the "
      "Grundy values nim-game computed, to heap 1000 with no proved period (--grundy-limit N "
      "computes further)");
  check_usage_error({"match", "perfect", "random", "--octal", "0.77", "--max-take", "3"},
                    "--max-take is a rule of Nim, not of this game");
}

}  // namespace
}  // namespace nim
