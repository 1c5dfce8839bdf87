// The rating list (src/nim/ratings.hpp) on cases computed by hand: two agents, where it is the
// pairwise Elo; three agents whose results fit the model exactly; the anchor; and the agents the
// games cannot place at a finite distance.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <vector>

#include "nim/pentanomial.hpp"
#include "nim/ratings.hpp"

namespace nim::ratings_test {
namespace {

// Three agents: a scores 3/4 against b (odds 3), b 3/4 against c, a 9/10 against c (odds 9 = 3 x
// 3), 10 pairs each: the model fits exactly, so the ratings are 0, -400 log10 3 and -800 log10 3.
std::vector<RatedPairs> transitive() {
  return {{0, 1, {{0, 0, 5, 0, 5}}}, {1, 2, {{0, 0, 5, 0, 5}}}, {0, 2, {{0, 0, 2, 0, 8}}}};
}

TEST_CASE("ratings: two agents are the logit of the score, with the sandwich interval") {
  const std::vector<RatedPairs> even{{0, 1, {{5, 0, 10, 0, 5}}}};
  const auto r = rate_agents(2, even, 0, 0);
  CHECK(r[0].elo == 0);
  CHECK(r[0].low == 0);
  CHECK(r[0].high == 0);
  CHECK(r[1].elo == doctest::Approx(0).epsilon(1e-12));
  // H = 40 games x 1/4 = 10; J = 4 x 20 pairs x (10 x 1/16 + 1.92 x 1/2) / (20 + 3.84) = 11.61;
  // half = 1.96 sqrt(J) / H x 400 / ln 10.
  CHECK(r[1].high == doctest::Approx(116.01974621662082).epsilon(1e-9));
  CHECK(r[1].low == doctest::Approx(-116.01974621662082).epsilon(1e-9));
  CHECK(r[0].games == 40);
  CHECK(r[1].games == 40);

  // Any score: the MLE is the pairwise Elo of the score, as the pairs' report gives it.
  for (const Pentanomial& p : {Pentanomial{{1, 2, 3, 4, 5}}, Pentanomial{{0, 0, 37, 0, 3}},
                               Pentanomial{{9, 0, 1, 0, 0}}}) {
    const auto rated = rate_agents(2, std::vector<RatedPairs>{{0, 1, p}}, 1, 0);
    CHECK(rated[0].elo == elo_estimate(p)->elo);  // to the bit
    CHECK(rate_agents(2, std::vector<RatedPairs>{{0, 1, p}}, 0, 0)[1].elo == -rated[0].elo);
    CHECK(rated[0].low < rated[0].elo);
    CHECK(rated[0].elo < rated[0].high);
  }
}

TEST_CASE("ratings: three agents whose results fit the model are transitive") {
  const auto r = rate_agents(3, transitive(), 0, 0);
  const double step = 400 * std::log10(3.0);
  CHECK(r[0].elo == 0);
  CHECK(r[1].elo == doctest::Approx(-step).epsilon(1e-9));
  CHECK(r[2].elo == doctest::Approx(-2 * step).epsilon(1e-9));
  for (const AgentRating& a : r) {
    CHECK(a.unbounded == Unbounded::none);
    CHECK(a.games == 40);
  }
  const auto sorted = sorted_by_rating(r);
  CHECK(sorted[0].agent == 0);
  CHECK(sorted[2].agent == 2);
  // A cycle (a beats b, b beats c, c beats a, all 3 to 1): everyone at 0.
  const std::vector<RatedPairs> cycle{
      {0, 1, {{0, 0, 5, 0, 5}}}, {1, 2, {{0, 0, 5, 0, 5}}}, {2, 0, {{0, 0, 5, 0, 5}}}};
  for (const AgentRating& a : rate_agents(3, cycle, 0, 0))
    CHECK(a.elo == doctest::Approx(0).epsilon(1e-9));
}

TEST_CASE("ratings: the anchor fixes one rating and moves the others with it") {
  const double step = 400 * std::log10(3.0);
  const auto at_b = rate_agents(3, transitive(), 1, 1500);
  CHECK(at_b[1].elo == 1500);
  CHECK(at_b[1].low == 1500);
  CHECK(at_b[1].high == 1500);
  CHECK(at_b[0].elo == doctest::Approx(1500 + step).epsilon(1e-9));
  CHECK(at_b[2].elo == doctest::Approx(1500 - step).epsilon(1e-9));
  // The intervals are of the distance from the anchor: a's from b is b's from a.
  const auto at_a = rate_agents(3, transitive(), 0, 0);
  CHECK(at_b[0].high - at_b[0].low > 0);
  CHECK(at_b[0].high - at_b[0].low == doctest::Approx(at_a[1].high - at_a[1].low).epsilon(1e-9));
}

TEST_CASE("ratings: an agent that won or lost every game is unbounded, not a number") {
  // a won every game, d lost every game, b and c split theirs.
  const std::vector<RatedPairs> played{{0, 1, {{0, 0, 0, 0, 5}}}, {0, 2, {{0, 0, 0, 0, 5}}},
                                       {0, 3, {{0, 0, 0, 0, 5}}}, {1, 2, {{0, 0, 5, 0, 0}}},
                                       {1, 3, {{0, 0, 0, 0, 5}}}, {2, 3, {{0, 0, 0, 0, 5}}}};
  const auto at_b = rate_agents(4, played, 1, 0);
  CHECK(at_b[0].unbounded == Unbounded::above);
  CHECK(at_b[1].unbounded == Unbounded::none);
  CHECK(at_b[2].unbounded == Unbounded::none);
  CHECK(at_b[2].elo == doctest::Approx(0).epsilon(1e-9));
  CHECK(at_b[3].unbounded == Unbounded::below);
  const auto order = sorted_by_rating(at_b);
  CHECK(order[0].agent == 0);
  CHECK(order[1].agent == 1);
  CHECK(order[2].agent == 2);
  CHECK(order[3].agent == 3);
  // Anchored at a, who won everything: everyone else is below it.
  const auto at_a = rate_agents(4, played, 0, 0);
  CHECK(at_a[0].unbounded == Unbounded::none);
  CHECK(at_a[0].elo == 0);
  for (std::size_t i = 1; i < 4; ++i)
    CHECK(at_a[i].unbounded == Unbounded::below);

  // A gauntlet where a beat b and c in every game: b and c never met, so b does not place c.
  const std::vector<RatedPairs> gauntlet{{0, 1, {{0, 0, 0, 0, 3}}}, {0, 2, {{0, 0, 0, 0, 3}}}};
  const auto from_b = rate_agents(3, gauntlet, 1, 0);
  CHECK(from_b[0].unbounded == Unbounded::above);
  CHECK(from_b[2].unbounded == Unbounded::both);
  CHECK(sorted_by_rating(from_b).back().agent == 2);
  // No games at all: only the anchor is placed.
  const auto none = rate_agents(2, std::vector<RatedPairs>{{0, 1, {}}}, 0, 0);
  CHECK(none[0].unbounded == Unbounded::none);
  CHECK(none[1].unbounded == Unbounded::both);
  CHECK(none[1].games == 0);
}

TEST_CASE("ratings: pairs that all split give a finite interval, narrowing with more pairs") {
  const auto few = rate_agents(2, std::vector<RatedPairs>{{0, 1, {{0, 0, 10, 0, 0}}}}, 0, 0);
  const auto many = rate_agents(2, std::vector<RatedPairs>{{0, 1, {{0, 0, 1000, 0, 0}}}}, 0, 0);
  CHECK(few[1].elo == doctest::Approx(0).epsilon(1e-12));
  CHECK(few[1].high > 0);
  CHECK(many[1].high > 0);
  CHECK(many[1].high < few[1].high / 10);
}

TEST_CASE("ratings: far apart, the fit still meets its equations (expected wins = wins)") {
  // A cycle (a wins 3999 of 4000 games from b, b from c, c from a: all at 0), and a line (c wins 1
  // of 4000 from a instead: thousands of Elo between them, reached by Newton's steps from 0).
  const std::vector<RatedPairs> cycle{
      {0, 1, {{0, 0, 1, 0, 1999}}}, {1, 2, {{0, 0, 1, 0, 1999}}}, {2, 0, {{0, 0, 1, 0, 1999}}}};
  const std::vector<RatedPairs> far{
      {0, 1, {{0, 0, 1, 0, 1999}}}, {1, 2, {{0, 0, 1, 0, 1999}}}, {2, 0, {{1999, 0, 1, 0, 0}}}};
  for (const auto& games : {cycle, far}) {
    const auto r = rate_agents(3, games, 0, 0);
    std::array<double, 3> wins{}, expected{};
    for (const RatedPairs& p : games) {
      double a_wins = 0;
      for (std::size_t k = 0; k < 5; ++k)
        a_wins += static_cast<double>(p.pairs.pairs[k] * k) / 2;
      const double chance = score_of_elo(r[p.a].elo - r[p.b].elo);
      wins[p.a] += a_wins;
      wins[p.b] += 4000 - a_wins;
      expected[p.a] += 4000 * chance;
      expected[p.b] += 4000 * (1 - chance);
    }
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(r[i].unbounded == Unbounded::none);
      CHECK(std::isfinite(r[i].low));
      CHECK(std::isfinite(r[i].high));
      CHECK(expected[i] == doctest::Approx(wins[i]).epsilon(1e-6));
    }
  }
  CHECK(rate_agents(3, far, 0, 0)[2].elo < -2000);
}

}  // namespace
}  // namespace nim::ratings_test
