#include "nim/match_statistics.hpp"

#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "nim/agent.hpp"
#include "nim/game_board.hpp"
#include "nim/game_solver.hpp"
#include "nim/games/nim/nim.hpp"
#include "nim/match_game.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

TEST_CASE("a record without games has no rate and no interval") {
  Record record;
  CHECK_FALSE(record.win_rate().has_value());
  CHECK_FALSE(record.win_rate_ci95().has_value());
  record.add(true);
  record.add(false);
  record.add(true);
  CHECK(record.games == 3);
  CHECK(record.wins == 2);
  CHECK(*record.win_rate() == 2.0 / 3.0);
  // The games taken as independent: 1 lost, 2 won.
  CHECK(*record.win_rate_ci95() == *score_interval(std::array<std::uint64_t, 2>{1, 2}));
}

// A move of game_of, with its verdict.
struct Judged {
  SmallMove move;
  bool from_won = false;
  bool optimal = false;
};

// A game from `start` with these moves, each (from_won, optimal); winner and termination as given.
MatchGame<SmallHeap> game_of(Small start, bool start_won, const std::vector<Judged>& moves,
                             Player winner, Termination termination = Termination::normal) {
  MatchGame<SmallHeap> game{.start = std::move(start)};
  for (const Judged& judged : moves)
    game.moves.push_back({game.moves.size(), mover_at(game.moves.size()),
                          GameMove<SmallHeap>::single(judged.move.heap, judged.move.count),
                          judged.from_won, judged.optimal});
  game.start_won = start_won;
  game.winner = winner;
  game.termination = termination;
  return game;
}

TEST_CASE("statistics of two games, counted by hand") {
  MatchStatistics statistics(2);
  // Game 1: agent 0 first from a won start (1 2): it plays [1,1] (keeps the win), agent 1 takes
  // [0,1] (from a lost position), agent 0 takes the last one [1,1].
  statistics.add(ScheduledGame{1, 0, 1, 0}, game_of({1, 2}, true,
                                                    {{SmallMove{1, 1}, true, true},
                                                     {SmallMove{0, 1}, false, true},
                                                     {SmallMove{1, 1}, true, true}},
                                                    Player::first));
  // Game 2: agent 1 first from the same start: it blunders [1,2] (leaving 1 0, won for agent
  // 0), then times out.
  statistics.add(ScheduledGame{2, 1, 0, 0}, game_of({1, 2}, true, {{SmallMove{1, 2}, true, false}},
                                                    Player::second, Termination::timeout));
  CHECK(statistics.games() == 2);
  CHECK(statistics.distinct_starts() == 1);
  CHECK(statistics.distinct_games() == 2);

  const AgentStatistics& zero = statistics.agent(0);
  CHECK(zero.overall.games == 2);
  CHECK(zero.overall.wins == 2);
  CHECK(zero.as_first.games == 1);
  CHECK(zero.as_first.wins == 1);
  CHECK(zero.as_second.games == 1);
  CHECK(zero.as_second.wins == 1);
  CHECK(zero.from_won_starts.games == 1);  // game 1, as first
  CHECK(zero.from_won_starts.wins == 1);
  CHECK(zero.from_lost_starts.games == 1);  // game 2, as second
  CHECK(zero.from_lost_starts.wins == 1);
  CHECK(zero.moves == 2);
  CHECK(zero.moves_from_won == 2);
  CHECK(zero.kept_win == 2);
  CHECK(*zero.accuracy() == 1.0);
  CHECK(zero.blunders() == 0);
  CHECK(zero.losses_by_termination == std::array<std::uint64_t, termination_count>{});

  const AgentStatistics& one = statistics.agent(1);
  CHECK(one.overall.games == 2);
  CHECK(one.overall.wins == 0);
  CHECK(one.from_won_starts.games == 1);
  CHECK(one.from_won_starts.wins == 0);
  CHECK(one.moves == 2);
  CHECK(one.moves_from_won == 1);
  CHECK(one.kept_win == 0);
  CHECK(*one.accuracy() == 0.0);
  CHECK(one.blunders() == 1);
  CHECK(one.losses_by_termination ==
        std::array<std::uint64_t, termination_count>{1, 0, 0, 1, 0, 0, 0});

  CHECK(statistics.against(0, 1).games == 2);
  CHECK(statistics.against(0, 1).wins == 2);
  CHECK(statistics.against(1, 0).wins == 0);
}

TEST_CASE("accuracy by the start: its heaps and the band of its largest heap, counted by hand") {
  MatchStatistics statistics(2);
  // From 1 2 (2 heaps, largest 2: band 2, sizes 2-3): agent 0 keeps its win twice.
  statistics.add(ScheduledGame{1, 0, 1, 0}, game_of({1, 2}, true,
                                                    {{SmallMove{1, 1}, true, true},
                                                     {SmallMove{0, 1}, false, true},
                                                     {SmallMove{1, 1}, true, true}},
                                                    Player::first));
  // From 4 1 7 (3 heaps, largest 7: band 3, sizes 4-7): agent 0 throws its win away.
  statistics.add(ScheduledGame{2, 0, 1, 1},
                 game_of({4, 1, 7}, true, {{SmallMove{2, 7}, true, false}}, Player::second,
                         Termination::adjudicated));
  const AgentStatistics& zero = statistics.agent(0);
  CHECK(zero.by_start_heaps.size() == 2);
  CHECK(zero.by_start_heaps.at(2).moves_from_won == 2);
  CHECK(zero.by_start_heaps.at(2).kept_win == 2);
  CHECK(zero.by_start_heaps.at(3).moves_from_won == 1);
  CHECK(zero.by_start_heaps.at(3).kept_win == 0);
  CHECK(*zero.by_start_heaps.at(3).accuracy() == 0.0);
  CHECK(zero.by_start_band.size() == 2);
  CHECK(zero.by_start_band.at(2).kept_win == 2);
  CHECK(zero.by_start_band.at(3).moves_from_won == 1);
  // Agent 1 never had a win to keep: no group.
  CHECK(statistics.agent(1).by_start_heaps.empty());
  CHECK(statistics.agent(1).by_start_band.empty());
  // The bands' sizes, exact beyond 64 bits.
  CHECK(band_sizes(0) == std::pair<BigHeap, BigHeap>{0, 0});
  CHECK(band_sizes(1) == std::pair<BigHeap, BigHeap>{1, 1});
  CHECK(band_sizes(3) == std::pair<BigHeap, BigHeap>{4, 7});
  CHECK(band_sizes(65).second.get_str() == "36893488147419103231");
  CHECK(bit_length(BigHeap("36893488147419103231")) == 65);
}

TEST_CASE("accuracy is none for an agent that never had a win to keep") {
  MatchStatistics statistics(2);
  statistics.add(
      ScheduledGame{1, 0, 1, 0},
      game_of({2, 2}, false, {{SmallMove{0, 2}, false, true}, {SmallMove{1, 2}, true, true}},
              Player::second));
  CHECK_FALSE(statistics.agent(0).accuracy().has_value());
  CHECK(statistics.agent(0).blunders() == 0);
  CHECK(*statistics.agent(1).accuracy() == 1.0);
}

// Games between built-in agents from random starts, as a match plays them.
std::vector<std::pair<ScheduledGame, MatchGame<SmallHeap>>> some_games(std::size_t agents,
                                                                       std::uint64_t per_pair) {
  const Schedule schedule(agents, per_pair);
  const MatchSeeds seeds(11);
  const BuiltInAgent kinds[] = {{BuiltInAgent::Kind::perfect, 1},
                                {BuiltInAgent::Kind::random, 1},
                                {BuiltInAgent::Kind::difficulty, 0.5}};
  std::vector<std::pair<ScheduledGame, MatchGame<SmallHeap>>> games;
  for (std::uint64_t i = 0; i < schedule.games(); ++i) {
    const ScheduledGame scheduled = schedule.game(i);
    SplitMix64 start_rng(seeds.start(scheduled.start)), rng(seeds.game(i));
    const auto start = random_start<SmallHeap>(start_rng, {1, 3}, {0, 3});
    GameSolver solver(NimRules<SmallHeap>{}, 1000);
    const auto ask = [&](Player mover, const GameBoard<NimRules<SmallHeap>>& board, std::uint64_t) {
      const std::size_t agent = mover == Player::first ? scheduled.first : scheduled.second;
      return AgentAnswer<SmallHeap>(built_in_game_move(kinds[agent % 3], board, {}, rng));
    };
    games.emplace_back(scheduled, play_match_game(solver, start, 100, ask));
  }
  return games;
}

TEST_CASE("counts add up, and merged parts equal the whole") {
  const auto games = some_games(3, 200);
  MatchStatistics whole(3), first_part(3), second_part(3);
  for (std::size_t i = 0; i < games.size(); ++i) {
    whole.add(games[i].first, games[i].second);
    (i % 3 == 0 ? first_part : second_part).add(games[i].first, games[i].second);
  }
  first_part.merge(std::move(second_part));
  CHECK(whole.games() == 600);
  CHECK(first_part.games() == whole.games());
  CHECK(first_part.distinct_games() == whole.distinct_games());
  CHECK(first_part.distinct_starts() == whole.distinct_starts());
  CHECK(whole.distinct_starts() <= 100);
  CHECK(whole.distinct_games() > whole.distinct_starts());

  std::uint64_t wins = 0;
  for (std::size_t a = 0; a < 3; ++a) {
    const AgentStatistics& agent = whole.agent(a);
    const AgentStatistics& merged = first_part.agent(a);
    CHECK(merged.overall.wins == agent.overall.wins);
    CHECK(merged.moves == agent.moves);
    CHECK(merged.kept_win == agent.kept_win);
    CHECK(merged.losses_by_termination == agent.losses_by_termination);
    CHECK(agent.overall.games == 400);
    CHECK(agent.as_first.games + agent.as_second.games == agent.overall.games);
    CHECK(agent.as_first.wins + agent.as_second.wins == agent.overall.wins);
    CHECK(agent.from_won_starts.games == agent.from_lost_starts.games);  // starts are paired
    CHECK(agent.from_won_starts.wins + agent.from_lost_starts.wins == agent.overall.wins);
    CHECK(agent.kept_win + agent.blunders() == agent.moves_from_won);
    CHECK(agent.losses_by_termination[0] == agent.overall.games - agent.overall.wins);
    wins += agent.overall.wins;
    for (std::size_t b = 0; b < 3; ++b)
      if (a != b) {
        CHECK(whole.against(a, b).games == 200);
        CHECK(whole.against(a, b).wins + whole.against(b, a).wins == 200);
      }
  }
  CHECK(wins == whole.games());
  CHECK(whole.agent(0).blunders() == 0);  // the perfect player
}

TEST_CASE("pairs of games: a start's two games scored together, counted by hand (issue 16)") {
  // Agents 0 and 1, two starts. Start 0: agent 0 wins as first, loses as second (a pair scoring
  // 1 for agent 0). Start 1: agent 0 wins both (2).
  const Small start{1};
  const auto won_by = [&](Player winner) { return game_of(start, true, {}, winner); };
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, won_by(Player::first));   // agent 0 wins
  statistics.add(ScheduledGame{2, 1, 0, 0}, won_by(Player::first));   // agent 1 wins
  statistics.add(ScheduledGame{3, 0, 1, 1}, won_by(Player::first));   // agent 0 wins
  statistics.add(ScheduledGame{4, 1, 0, 1}, won_by(Player::second));  // agent 0 wins
  CHECK(statistics.pairs(0, 1) == Pentanomial{{0, 0, 1, 0, 1}});
  // A first game whose twin was not played is left out.
  statistics.add(ScheduledGame{5, 0, 1, 2}, won_by(Player::first));
  CHECK(statistics.pairs(0, 1).count() == 2);
}

TEST_CASE("pairs of games: parts merged in order equal the whole, wherever a part ends") {
  const auto games = some_games(3, 20);
  MatchStatistics whole(3);
  for (const auto& [scheduled, game] : games)
    whole.add(scheduled, game);
  CHECK(whole.pairs(0, 1).count() == 10);
  CHECK(whole.pairs(1, 2).count() == 10);
  CHECK(whole.pairs(0, 1).pairs[4] > 0);  // perfect wins both games of some starts
  for (std::size_t part = 1; part <= 7; ++part) {
    MatchStatistics merged(3);
    for (std::size_t first = 0; first < games.size(); first += part) {
      MatchStatistics block(3);
      for (std::size_t i = first; i < std::min(first + part, games.size()); ++i)
        block.add(games[i].first, games[i].second);
      merged.merge(std::move(block));
    }
    INFO("parts of " << part << " games");
    for (std::size_t a = 0; a < 3; ++a)
      for (std::size_t b = a + 1; b < 3; ++b)
        CHECK(merged.pairs(a, b) == whole.pairs(a, b));
  }
}

TEST_CASE("distinct games: a game is its start and its moves") {
  const auto game = game_of({1, 2}, true, {{SmallMove{1, 1}, true, true}}, Player::first);
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, game);
  statistics.add(ScheduledGame{2, 1, 0, 0}, game);  // the same game with the agents swapped
  CHECK(statistics.distinct_games() == 1);
  statistics.add(ScheduledGame{3, 0, 1, 1},
                 game_of({1, 3}, true, {{SmallMove{1, 1}, true, true}}, Player::first));
  CHECK(statistics.distinct_games() == 2);  // the same moves from another start
  CHECK(statistics.distinct_starts() == 2);
  statistics.add(ScheduledGame{4, 1, 0, 1},
                 game_of({1, 3}, true, {}, Player::second, Termination::bad_reply));
  CHECK(statistics.distinct_games() == 3);
  CHECK(statistics.distinct_starts() == 2);
}

TEST_CASE("distinct values: sorted and each once, on any number of threads (issue 16)") {
  // Enough values for several threads (2^16 each at least), a third of them repeated, the first
  // words spread over the whole range as fingerprints' are, and some at its ends.
  SplitMix64 rng(5);
  detail::Prints values;
  for (int i = 0; i < 300'000; ++i) {
    const std::uint64_t word = i % 3 == 0 && i > 0 ? values[rng() % values.size()].first : rng();
    values.emplace_back(word, word % 7);
  }
  values.emplace_back(0, 1);
  values.emplace_back(UINT64_MAX, 2);
  values.emplace_back(UINT64_MAX, 2);
  const std::set<std::pair<std::uint64_t, std::uint64_t>> expected(values.begin(), values.end());
  for (const unsigned threads : {1u, 2u, 3u, 16u}) {
    INFO("threads: " << threads);
    detail::Prints sorted = values;
    detail::sort_unique(sorted, threads);
    CHECK(sorted == detail::Prints(expected.begin(), expected.end()));
  }
}

TEST_CASE("fingerprints tell apart every game of up to 4 moves on small boards") {
  // Every sequence of up to four moves (heap 0-2, count 1-3) from every start of 1 to 3 heaps of
  // size <= 3: 84 starts x (1 + 9 + 81 + 729 + 6561) sequences = 620,004 different games, no
  // two with one fingerprint.
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  std::uint64_t games = 0;
  for (std::size_t heaps = 1; heaps <= 3; ++heaps)
    for (SmallHeap code = 0; code < (SmallHeap{1} << (2 * heaps)); ++code) {
      const auto add_start = [&](Fingerprint& print) {
        print.add(0u);
        print.add(std::uint64_t{heaps});
        for (std::size_t h = 0; h < heaps; ++h)
          print.add((code >> (2 * h)) & 3u);
      };
      for (int length = 0; length <= 4; ++length)
        for (int moves = 0; moves < (length == 0 ? 1 : 1 << (4 * length)); ++moves) {
          Fingerprint print;
          add_start(print);
          bool valid = true;
          for (int m = 0; m < length; ++m) {
            const int heap = (moves >> (4 * m)) & 3, count = (moves >> (4 * m + 2)) & 3;
            if (heap == 3 || count == 0) valid = false;
            print.add(std::uint64_t(heap));
            print.add(std::uint64_t(count));
          }
          if (!valid) continue;
          ++games;
          seen.insert(print.value());
        }
    }
  CHECK(games == 620004);
  CHECK(seen.size() == games);
}

TEST_CASE("fingerprints of GMP numbers differ from those of the words they are made of") {
  Fingerprint small, big, equal;
  small.add(5u);
  big.add(BigHeap(5));
  equal.add(BigHeap(5));
  CHECK(small.value() != big.value());
  CHECK(big.value() == equal.value());
  Fingerprint two_limbs, limb;
  two_limbs.add(BigHeap(1) << 64);
  limb.add(BigHeap(1));
  CHECK(two_limbs.value() != limb.value());
}

TEST_CASE("move times: the median and the 90th percentile, by hand") {
  CHECK_FALSE(move_times({}));
  const auto one = *move_times({7});
  CHECK(one.moves == 1);
  CHECK(one.median == 7);
  CHECK(one.p90 == 7);
  const auto two = *move_times({4, 1});  // the mean of the middle two
  CHECK(two.median == 2.5);
  CHECK(two.p90 == 4);
  // 10 times: the median between the 5th and 6th, the 90th percentile the 9th (rank 9 of 10).
  const auto ten = *move_times({10, 1, 9, 2, 8, 3, 7, 4, 6, 500});
  CHECK(ten.moves == 10);
  CHECK(ten.median == 6.5);
  CHECK(ten.p90 == 10);
  const auto eleven = *move_times({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});  // rank ceil(9.9) = 10
  CHECK(eleven.median == 6);
  CHECK(eleven.p90 == 10);
}

// A game of five plies from 1 2 3, won by its first mover, every move kept a win where there was
// one: agent 0 moves at plies 0, 2 and 4, agent 1 at 1 and 3.
MatchGame<SmallHeap> five_plies_from_1_2_3() {
  return game_of({1, 2, 3}, true,
                 {{SmallMove{0, 1}, true, true},
                  {SmallMove{1, 1}, false, true},
                  {SmallMove{2, 1}, false, true},
                  {SmallMove{1, 1}, true, true},
                  {SmallMove{2, 1}, true, true}},
                 Player::first);
}

TEST_CASE("values: the Brier score and the winner named, counted by hand") {
  CHECK(value_error(0.75, true) == 0.0625);
  CHECK(value_error(0.75, false) == 0.5625);
  CHECK(value_error(0, false) == 0);
  CHECK(value_right(0.5, true));
  CHECK_FALSE(value_right(0.5, false));
  CHECK(value_right(0.25, false));
  MatchStatistics statistics(2);
  // Agent 0 gives 0.75 from a won position and 0.75 from a lost one, agent 1 nothing; the second
  // move of agent 0 has a time and no value.
  MatchGame<SmallHeap> game = five_plies_from_1_2_3();
  game.replies = {{.microseconds = 1500, .value = 0.75},
                  {},
                  {.value = 0.75},
                  {.microseconds = 9},
                  {.microseconds = 20}};
  statistics.add(ScheduledGame{1, 0, 1, 0}, game);
  const auto values = statistics.agent(0).values();
  REQUIRE(values);
  CHECK(values->moves == 2);
  CHECK(values->brier == 0.3125);
  CHECK(values->right == 1);
  CHECK(values->accuracy() == 0.5);
  const auto times = statistics.agent(0).times();
  REQUIRE(times);
  CHECK(times->moves == 2);
  CHECK(times->median == 760);
  CHECK(times->p90 == 1500);
  CHECK(statistics.agent(1).times()->moves == 1);  // its move at ply 3
  CHECK_FALSE(statistics.agent(1).values());
  // Merged in order, the errors add up in game order whatever the parts.
  MatchStatistics part(2);
  part.add(ScheduledGame{2, 0, 1, 0}, game);
  statistics.merge(std::move(part));
  CHECK(statistics.agent(0).values()->moves == 4);
  CHECK(statistics.agent(0).values()->brier == 0.3125);
  CHECK(statistics.agent(0).times()->moves == 4);
}

TEST_CASE("the times programs say they thought, and the rest of each round trip") {
  MatchStatistics statistics(2);
  MatchGame<SmallHeap> game = five_plies_from_1_2_3();
  // Agent 0 says it thought at two moves of three; agent 1 never says.
  game.replies = {{.microseconds = 1500, .think_microseconds = 1200},
                  {.microseconds = 40},
                  {.microseconds = 700},
                  {.microseconds = 9},
                  {.microseconds = 20, .think_microseconds = 5}};
  statistics.add(ScheduledGame{1, 0, 1, 0}, game);
  const auto thinking = statistics.agent(0).thinking();
  const auto latencies = statistics.agent(0).latencies();
  REQUIRE(thinking);
  REQUIRE(latencies);
  CHECK(thinking->moves == 2);
  CHECK(thinking->median == 602.5);
  CHECK(thinking->p90 == 1200);
  CHECK(latencies->moves == 2);
  CHECK(latencies->median == 157.5);  // 300 and 15
  CHECK(latencies->p90 == 300);
  CHECK(statistics.agent(0).times()->moves == 3);
  CHECK_FALSE(statistics.agent(1).thinking());
  CHECK_FALSE(statistics.agent(1).latencies());
  MatchStatistics part(2);
  part.add(ScheduledGame{2, 0, 1, 0}, game);
  statistics.merge(std::move(part));
  CHECK(statistics.agent(0).thinking()->moves == 4);
  CHECK(statistics.agent(0).latencies()->moves == 4);
}

}  // namespace
}  // namespace nim
