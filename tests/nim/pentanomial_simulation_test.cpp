// The statistics of src/nim/pentanomial.hpp, proved by simulation rather than asserted
// (tests/support/statistics_simulation.hpp): the GSPRT run to its end on pairs drawn from
// distributions whose true Elo is elo0 or elo1, and how often the 95% intervals hold the truth.
// The cases "at full size" are the figures the README quotes (build/tests/statistics_figures
// prints them); CI runs them in the Release build (simulation_tests), the sanitizer build leaves
// them out and runs the small ones.
#include <doctest/doctest.h>

#include "support/statistics_simulation.hpp"

namespace nim::testing {
namespace {

TEST_CASE(
    "GSPRT simulation: wrong verdicts at most alpha and beta, 1000 tests each, at full size") {
  for (const SequentialRow& row : simulate_sequential_tests(1000)) {
    INFO(model_name(row.test.model)
         << " elo0 " << row.test.elo0 << " elo1 " << row.test.elo1 << ", true "
         << (row.at_elo1 ? "elo1" : "elo0") << ", " << row.distribution.name << ": wrong "
         << row.wrong() << ", allowed " << row.allowed());
    CHECK(row.wrong() <= row.allowed());
    CHECK(row.outcome.undecided == 0);
  }
}

TEST_CASE("Elo interval simulation: 95% coverage on pairs of every shape and size, at full size") {
  for (const CoverageRow& row : simulate_elo_coverage(4000)) {
    INFO(row.what << ", " << row.size << " pairs: " << row.covered);
    CHECK(row.covered >= least_coverage(4000));
  }
}

TEST_CASE("win rate interval simulation: 95% coverage on games of every chance, at full size") {
  for (const CoverageRow& row : simulate_win_rate_coverage(4000)) {
    INFO(row.what << ", " << row.size << " games: " << row.covered);
    CHECK(row.covered >= least_coverage(4000));
  }
}

TEST_CASE("rating simulation: 95% coverage of 4 agents' true ratings, at full size") {
  // Round robins and a gauntlet of 4 agents of known ratings, 20 to 1000 pairs for each pair of
  // agents that plays (50 in the gauntlet), every shape of pairs; an unbounded rating counts as a
  // miss.
  for (const RatingCoverage& row : simulate_rating_coverage(2000)) {
    if (!row.claimed) continue;
    INFO(row.what << ", " << row.size << " pairs: " << row.covered << ", unbounded "
                  << row.unbounded);
    CHECK(row.covered >= least_coverage(2000));
  }
}

TEST_CASE("GSPRT simulation: pairs that all split are no verdict before 50 of them") {
  // Every pair split: the LLR falls by 0.059 a pair and reaches log(0.05/0.95) after 50 pairs,
  // where the normal approximation stopped after 3.
  const Sprt test{.elo0 = 0, .elo1 = 20};
  const auto split = run_sequential_tests(lopsided(EloModel::logistic, 0), test, 100, 1);
  CHECK(split.h0 == 100);
  CHECK(split.pairs == 100 * 50);
  // The better side won twice one pair in 17, the others split (20 Elo): about 90 pairs a test.
  const auto won = run_sequential_tests(lopsided(EloModel::logistic, 20), test, 200, 2);
  CHECK(won.undecided == 0);
  CHECK(static_cast<double>(won.h0) / 200 <= allowed_rate(lopsided_excess * test.beta, 200));
  CHECK(won.pairs > 200 * 50);
}

TEST_CASE("interval simulation: a few pairs or games, all alike, are covered too") {
  for (std::uint64_t pairs : {3, 10})
    CHECK(elo_coverage(lopsided(EloModel::logistic, 30), pairs, 1000, 3) >= least_coverage(1000));
  for (std::uint64_t games : {3, 10})
    CHECK(win_rate_coverage(0.01, games, 1000, 4) >= least_coverage(1000));
  // Nim's common case for ratings: pairs mostly split, 20 pairs for each pair of agents.
  for (const RatingCase& c : rating_cases())
    if (c.shape == 4 && c.gauntlet == 0)
      CHECK(rating_coverage(c, 20, 1000, 5).covered >= least_coverage(1000));
}

}  // namespace
}  // namespace nim::testing
