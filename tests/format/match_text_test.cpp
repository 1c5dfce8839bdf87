#include "format/match_text.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

namespace nim {
namespace {

// 1 2: the first mover takes 1 from heap 1 and keeps the win; the second takes heap 0; the
// first takes the last object.
MatchGame<SmallHeap> won_by_first(Termination termination = Termination::normal) {
  MatchGame<SmallHeap> game{
      .start = {1, 2},
      .moves = {{0, Player::first, GameMove<SmallHeap>::single(1, 1), true, true},
                {1, Player::second, GameMove<SmallHeap>::single(0, 1), false, true},
                {2, Player::first, GameMove<SmallHeap>::single(1, 1), true, true}}};
  game.start_won = true;
  game.winner = Player::first;
  game.termination = termination;
  return game;
}

MatchReport report_of(std::vector<std::string> specs, std::uint64_t games_per_pair) {
  MatchReport report{.specs = specs, .names = agent_names(specs)};
  report.seed = 7;
  report.games_per_pair = games_per_pair;
  report.version = "9.9.9";
  return report;
}

std::string text_of(const MatchReport& report, const MatchStatistics& statistics,
                    std::size_t width = 0) {
  Buffer out;
  write_match_text(out, report, statistics, TextStyle{.width = width});
  return out.str();
}

TEST_CASE("text report of two agents: settings, results, moves") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  statistics.add(ScheduledGame{2, 1, 0, 0}, won_by_first());
  CHECK(text_of(report_of({"perfect", "random"}, 2), statistics) ==
        "match: perfect and random; 2 games from 1 start, 1 of them different\n"
        "normal play, seed 7, nim-game 9.9.9\n"
        "\n"
        "agent    games  wins  win rate  95% interval  as first  as second\n"
        "perfect      2     1     0.500   0.000-1.000       1/1        0/1\n"
        "random       2     1     0.500   0.000-1.000       1/1        0/1\n"
        "\n"
        "agent    won starts  lost starts  moves  from won  kept win  accuracy  blunders\n"
        "perfect         1/1          0/1      3         2         2     1.000         0\n"
        "random          1/1          0/1      3         2         2     1.000         0\n"
        "\n"
        "pairs of games     0  1/2  1  3/2  2  score  Elo  95% interval\n"
        "perfect vs random  0    0  1    0  0  0.500    0  -inf to +inf\n");
}

TEST_CASE("text report: the programs' move times and values, each a table, only for them") {
  MatchStatistics statistics(2);
  MatchGame<SmallHeap> game = won_by_first();
  // The first agent's moves, at plies 0 and 2: 1.5 ms and 0.25 ms, values 0.75 (won: right) and
  // 0.25 (won: wrong); the second agent's move has no facts.
  game.replies = {{.microseconds = 1500, .value = 0.75}, {}, {.microseconds = 250, .value = 0.25}};
  statistics.add(ScheduledGame{1, 0, 1, 0}, game);
  const std::string text = text_of(report_of({"cmd:./a", "random"}, 2), statistics);
  CHECK(text.find("\n"
                  "move time (ms)  moves  median    90%\n"
                  "cmd:./a             2   0.875  1.500\n"
                  "\n"
                  "values   moves   Brier  winner right  accuracy\n"
                  "cmd:./a      2  0.3125           1/2     0.500\n"
                  "\n"
                  "pairs of games") != std::string::npos);
}

TEST_CASE("text report of a match stopped by a signal says so under the settings (issue 16)") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  MatchReport report = report_of({"perfect", "random"}, 100);
  report.interrupted_by = "SIGINT";
  CHECK(text_of(report, statistics)
            .starts_with("match: perfect and random; 1 game from 1 start, 1 of them different\n"
                         "normal play, seed 7, nim-game 9.9.9\n"
                         "Interrupted by SIGINT: these are the games played before it.\n"
                         "\n"
                         "agent "));
}

TEST_CASE("text report: losses by reason when some were not normal, the rules, the cross-table") {
  MatchStatistics statistics(3);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first(Termination::timeout));
  statistics.add(ScheduledGame{2, 0, 2, 0}, won_by_first());
  statistics.add(ScheduledGame{3, 1, 2, 0}, won_by_first(Termination::illegal_move));
  MatchReport report = report_of({"perfect", "cmd:./a\x1b[31m", "perfect"}, 2);
  report.game = spec_of_kind(GameSpec::Kind::nim);
  report.game.misere = true;
  report.game.max_take = BigHeap(3);
  CHECK(
      text_of(report, statistics) ==
      "match: perfect#1, cmd:./a\\u001b[31m and perfect#2; 3 games (2 a pair) from 1 start, "
      "1 of them different\n"
      "misère play, at most 3 objects a move, seed 7, nim-game 9.9.9\n"
      "\n"
      "agent              games  wins  win rate  95% interval  as first  as second\n"
      "perfect#1              2     2     1.000   0.040-1.000       2/2        0/0\n"
      "cmd:./a\\u001b[31m      2     1     0.500   0.000-1.000       1/1        0/1\n"
      "perfect#2              2     0     0.000   0.000-0.960       0/0        0/2\n"
      "\n"
      "agent              won starts  lost starts  moves  from won  kept win  accuracy  blunders\n"
      "perfect#1                 2/2          0/0      4         4         4     1.000         0\n"
      "cmd:./a\\u001b[31m         1/1          0/1      3         2         2     1.000         0\n"
      "perfect#2                 0/0          0/2      2         0         0         -         0\n"
      "\n"
      "losses             normal  illegal move  bad reply  timeout  on time  exited  adjudicated\n"
      "perfect#1               0             0          0        0        0       0            0\n"
      "cmd:./a\\u001b[31m       0             0          0        1        0       0            0\n"
      "perfect#2               1             1          0        0        0       0            0\n"
      "\n"
      "pairs of games                  0  1/2  1  3/2  2  score   Elo  95% interval\n"
      "perfect#1 vs cmd:./a\\u001b[31m  0    0  0    0  1  1.000  +inf  -inf to +inf\n"
      "perfect#1 vs perfect#2          0    0  0    0  0      -     -             -\n"
      "cmd:./a\\u001b[31m vs perfect#2  0    0  0    0  0      -     -             -\n"
      "\n"
      "wins against       perfect#1  cmd:./a\\u001b[31m  perfect#2\n"
      "perfect#1                  -                1/1        1/1\n"
      "cmd:./a\\u001b[31m        0/1                  -        1/1\n"
      "perfect#2                0/1                0/1          -\n");
}

TEST_CASE("text report: a name with a C1 or bidirectional control, or a tab, is escaped") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  statistics.add(ScheduledGame{2, 1, 0, 0}, won_by_first());
  const std::string text = text_of(report_of({"cmd:./a\xc2\x9b"
                                              "31m",
                                              "cmd:./b\xe2\x80\xae\tc"},
                                             2),
                                   statistics);
  CHECK(text.substr(0, text.find('\n')) ==
        "match: cmd:./a\\u009b31m and cmd:./b\\u202e\\u0009c; 2 games from 1 start, 1 of them "
        "different");
  CHECK(text.find("\ncmd:./a\\u009b31m  ") != std::string::npos);
}

TEST_CASE("text report at a width: the sentences wrapped, a table too wide split in parts") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  statistics.add(ScheduledGame{2, 1, 0, 0}, won_by_first());
  const std::string text = text_of(report_of({"perfect", "random"}, 2), statistics, 60);
  CHECK(text ==
        "match: perfect and random; 2 games from 1 start, 1 of them\n"
        "  different\n"
        "normal play, seed 7, nim-game 9.9.9\n"
        "\n"
        "agent    games  wins  win rate  95% interval  as first\n"
        "perfect      2     1     0.500   0.000-1.000       1/1\n"
        "random       2     1     0.500   0.000-1.000       1/1\n"
        "\n"
        "agent    as second\n"
        "perfect        0/1\n"
        "random         0/1\n"
        "\n"
        "agent    won starts  lost starts  moves  from won  kept win\n"
        "perfect         1/1          0/1      3         2         2\n"
        "random          1/1          0/1      3         2         2\n"
        "\n"
        "agent    accuracy  blunders\n"
        "perfect     1.000         0\n"
        "random      1.000         0\n"
        "\n"
        "pairs of games     0  1/2  1  3/2  2  score  Elo\n"
        "perfect vs random  0    0  1    0  0  0.500    0\n"
        "\n"
        "pairs of games     95% interval\n"
        "perfect vs random  -inf to +inf\n");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    CHECK(line.size() <= 60);
}

TEST_CASE("text report: an interval is never shown as a point, whatever its width") {
  // 5,000 pairs, each split: the Elo interval is -0.27 to +0.27, shown with one decimal.
  MatchStatistics split(2);
  for (std::uint64_t start = 0; start < 5000; ++start) {
    split.add(ScheduledGame{2 * start + 1, 0, 1, start}, won_by_first());
    split.add(ScheduledGame{2 * start + 2, 1, 0, start}, won_by_first());
  }
  CHECK(text_of(report_of({"perfect", "random"}, 10000), split)
            .ends_with("pairs of games     0  1/2     1  3/2  2  score  Elo  95% interval\n"
                       "perfect vs random  0    0  5000    0  0  0.500    0  -0.3 to +0.3\n"));
  // 20,000 games lost: a win rate of 0 to 0.00026, shown with four decimals (and its opponent's).
  MatchStatistics lost(2);
  auto won_by_second = won_by_first();
  won_by_second.winner = Player::second;
  for (std::uint64_t start = 0; start < 10000; ++start) {
    lost.add(ScheduledGame{2 * start + 1, 0, 1, start}, won_by_second);
    lost.add(ScheduledGame{2 * start + 2, 1, 0, start}, won_by_first());
  }
  const std::string text = text_of(report_of({"perfect", "random"}, 20000), lost);
  CHECK(text.find("\n"
                  "perfect  20000      0     0.000  0.0000-0.0003      0/10000      0/10000\n"
                  "random   20000  20000     1.000  0.9997-1.0000  10000/10000  10000/10000\n") !=
        std::string::npos);
  CHECK(text.ends_with("\nperfect vs random  10000    0  0    0  0  0.000  -inf  -inf to -1316\n"));
}

TEST_CASE("text report of a sequential test: its settings, the model, the LLR and the verdict") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  statistics.add(ScheduledGame{2, 1, 0, 0}, won_by_first());
  MatchReport report = report_of({"perfect", "random"}, 100);
  report.sprt = Sprt{.elo0 = -1.5, .elo1 = 20, .beta = 0.1};
  CHECK(text_of(report, statistics)
            .ends_with("\nSPRT of perfect against random, elo0 -1.5, elo1 20 (logistic Elo), "
                       "alpha 0.05, beta 0.1: LLR -0.05 (bounds -2.25 and 2.89), inconclusive.\n"));
  report.sprt->model = EloModel::normalized;
  CHECK(text_of(report, statistics, 60)
            .ends_with("\nSPRT of perfect against random, elo0 -1.5, elo1 20\n"
                       "  (normalized Elo), alpha 0.05, beta 0.1: LLR 0.00 (bounds\n"
                       "  -2.25 and 2.89), inconclusive.\n"));
}

TEST_CASE("text report at a width: names too long for the tables are shortened, with a key") {
  MatchStatistics statistics(3);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by_first());
  statistics.add(ScheduledGame{2, 0, 2, 0}, won_by_first());
  statistics.add(ScheduledGame{3, 1, 2, 0}, won_by_first());
  const std::vector<std::string> specs{"cmd:python3 examples/agents/nim_sum_agent.py",
                                       "difficulty:0.25", "cmd:./a-program-of-seventeen"};
  const std::string text = text_of(report_of(specs, 2), statistics, 80);
  // The longest names, over 16 columns, are shown as their place on the command line; the
  // others stay whole, and every line fits.
  CHECK(text.find("\n"
                  "agent            games  wins  win rate  95% interval  as first  as second\n"
                  "#1                   2     2     1.000   0.040-1.000       2/2        0/0\n"
                  "difficulty:0.25      2     1     0.500   0.000-1.000       1/1        0/1\n"
                  "#3                   2     0     0.000   0.000-0.960       0/0        0/2\n") !=
        std::string::npos);
  CHECK(text.find("\n#1 vs difficulty:0.25  0 ") != std::string::npos);
  CHECK(text.find("\nwins against      #1  difficulty:0.25   #3\n") != std::string::npos);
  CHECK(
      text.ends_with("\n"
                     "Agents shortened in the tables (NAME=SPEC names an agent):\n"
                     "  #1  cmd:python3 examples/agents/nim_sum_agent.py\n"
                     "  #3  cmd:./a-program-of-seventeen\n"));
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    CHECK(line.size() <= 80);
  // The heading names them in full; without a width nothing is shortened.
  CHECK(text.starts_with("match: cmd:python3 examples/agents/nim_sum_agent.py, difficulty:0.25"));
  const std::string unlimited = text_of(report_of(specs, 2), statistics);
  CHECK(unlimited.find("#1") == std::string::npos);
  CHECK(unlimited.find("Agents shortened") == std::string::npos);
  // A name only long is not shortened while the tables fit.
  const std::string fits =
      text_of(report_of({"cmd:./a-program-of-seventeen", "perfect"}, 2), MatchStatistics(2), 200);
  CHECK(fits.find("Agents shortened") == std::string::npos);
}

}  // namespace
}  // namespace nim
