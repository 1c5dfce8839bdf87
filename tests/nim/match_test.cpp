#include "nim/match.hpp"

#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace nim {
namespace {

using Strings = std::vector<std::string>;

TEST_CASE("schedule of two agents: each start twice, the first mover swapped") {
  const Schedule schedule(2, 6);
  REQUIRE(schedule.games() == 6);
  CHECK(schedule.starts() == 3);
  std::vector<std::tuple<std::uint64_t, std::size_t, std::size_t, std::uint64_t>> games;
  for (std::uint64_t i = 0; i < schedule.games(); ++i) {
    const ScheduledGame game = schedule.game(i);
    games.emplace_back(game.number, game.first, game.second, game.start);
  }
  CHECK(games ==
        decltype(games){
            {1, 0, 1, 0}, {2, 1, 0, 0}, {3, 0, 1, 1}, {4, 1, 0, 1}, {5, 0, 1, 2}, {6, 1, 0, 2}});
}

TEST_CASE("schedule of four agents: a round robin, every pair on the same starts") {
  const Schedule schedule(4, 4);
  CHECK(pair_count(4) == 6);
  REQUIRE(schedule.games() == 24);
  std::map<std::pair<std::size_t, std::size_t>, std::vector<std::uint64_t>> starts_by_pair;
  std::vector<std::pair<std::size_t, std::size_t>> pair_order;
  for (std::uint64_t i = 0; i < schedule.games(); ++i) {
    const ScheduledGame game = schedule.game(i);
    CHECK(game.number == i + 1);
    CHECK(game.first != game.second);
    const std::pair<std::size_t, std::size_t> pair = std::minmax(game.first, game.second);
    if (pair_order.empty() || pair_order.back() != pair) pair_order.push_back(pair);
    // Within a pair, game 2k has the lower-numbered agent first, game 2k+1 the other.
    CHECK(game.first == (i % 2 == 0 ? pair.first : pair.second));
    starts_by_pair[pair].push_back(game.start);
  }
  CHECK(pair_order == std::vector<std::pair<std::size_t, std::size_t>>{
                          {0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}});
  for (const auto& [pair, starts] : starts_by_pair)
    CHECK(starts == std::vector<std::uint64_t>{0, 0, 1, 1});
  CHECK(pair_count(0) == 0);
  CHECK(pair_count(1) == 0);
  CHECK(pair_count(2) == 1);
}

TEST_CASE("nth_draw is the n-th number of the generator's sequence") {
  SplitMix64 rng(42);
  for (std::uint64_t n = 0; n < 100; ++n)
    CHECK(nth_draw(42, n) == rng());
}

TEST_CASE("match seeds: a function of the seed and the index alone, two streams apart") {
  const MatchSeeds seeds(7), again(7), other(8);
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    CHECK(seeds.game(i) == again.game(i));
    CHECK(seeds.start(i) == again.start(i));
    CHECK(seeds.game(i) != other.game(i));
    seen.insert(seeds.game(i));
    seen.insert(seeds.start(i));
  }
  CHECK(seen.size() == 2000);  // no seed is shared between games, starts, or both
}

TEST_CASE("random_start: never every heap empty, and otherwise random_position's draw") {
  SplitMix64 rng(5), same(5);
  for (int round = 0; round < 2000; ++round) {
    const auto start = random_start<SmallHeap>(rng, {1, 2}, {0, 1});
    CHECK(std::find(start.begin(), start.end(), 1u) != start.end());
  }
  // When the first draw has an object, it is the start.
  SplitMix64 a(9), b(9);
  const auto drawn = random_position<SmallHeap>(b, {3, 5}, {1, 10});
  CHECK(random_start<SmallHeap>(a, {3, 5}, {1, 10}) == drawn);
  CHECK(random_start<SmallHeap>(same, {1, 1}, {0, 1}) == Position<SmallHeap>{1});
}

TEST_CASE("random_start with a test of the position: the first draw that passes it") {
  // Grundy's game has no move from heaps of 1 and 2: only a heap of 3 gives a start.
  const auto has_three = [](const Position<SmallHeap>& position) {
    return std::find(position.begin(), position.end(), 3u) != position.end();
  };
  SplitMix64 rng(5), draws(5);
  for (int round = 0; round < 500; ++round) {
    const auto start = random_start<SmallHeap>(rng, {1, 3}, {0, 3}, has_three);
    CHECK(has_three(start));
    // The draws it passed over are random_position's, and so is the one it kept.
    Position<SmallHeap> drawn;
    do {
      drawn = random_position<SmallHeap>(draws, {1, 3}, {0, 3});
    } while (!has_three(drawn));
    CHECK(start == drawn);
  }
}

TEST_CASE("agent names: the spec, numbered where specs repeat") {
  CHECK(agent_names({"perfect", "random"}) == Strings{"perfect", "random"});
  CHECK(agent_names({"perfect", "perfect"}) == Strings{"perfect#1", "perfect#2"});
  CHECK(agent_names({"perfect", "random", "perfect", "cmd:x", "perfect"}) ==
        Strings{"perfect#1", "random", "perfect#2", "cmd:x", "perfect#3"});
}

TEST_CASE("agent names: a name given is the name, the unnamed are numbered among themselves") {
  using Given = std::vector<std::optional<std::string>>;
  CHECK(agent_names({"cmd:python3 a.py", "perfect"}, Given{"mine", std::nullopt}) ==
        Strings{"mine", "perfect"});
  CHECK(agent_names({"perfect", "perfect", "perfect"}, Given{"best", std::nullopt, std::nullopt}) ==
        Strings{"best", "perfect#1", "perfect#2"});
  CHECK(agent_names({"perfect", "perfect"}, Given{"best", std::nullopt}) ==
        Strings{"best", "perfect"});
}

}  // namespace
}  // namespace nim
