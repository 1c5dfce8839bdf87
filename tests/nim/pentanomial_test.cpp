// The pentanomial statistics on cases computed by hand (Python, from the formulas in
// src/nim/pentanomial.hpp): the score, the Elo interval, the GSPRT's LLR, its bounds and verdicts.
#include "nim/pentanomial.hpp"

namespace nim {
namespace {

TEST_CASE("pentanomial: score and pair variance of the five outcomes") {
  const Pentanomial p{{5, 0, 10, 0, 5}};
  const auto e = estimate(p);
  REQUIRE(e);
  CHECK(e->pairs == 20);
  CHECK(e->score == doctest::Approx(0.5));
  CHECK(e->pair_variance == doctest::Approx(0.125));
  CHECK(p.mirrored() == p);
  CHECK(Pentanomial{{1, 2, 3, 4, 5}}.mirrored() == Pentanomial{{5, 4, 3, 2, 1}});
  CHECK_FALSE(estimate(Pentanomial{}));
}

TEST_CASE("pentanomial: Elo difference and its 95% interval") {
  const auto even = elo_estimate(Pentanomial{{5, 0, 10, 0, 5}});
  REQUIRE(even);
  CHECK(even->elo == doctest::Approx(0).epsilon(1e-9));
  CHECK(even->low == doctest::Approx(-111.32949123353015));
  CHECK(even->high == doctest::Approx(111.32949123353018));
  CHECK(elo_of_score(0.8) == doctest::Approx(240.82399653118495));
  CHECK(score_of_elo(elo_of_score(0.3)) == doctest::Approx(0.3));

  const auto sweep = elo_estimate(Pentanomial{{0, 0, 0, 0, 7}});  // every pair won twice
  REQUIRE(sweep);
  CHECK(std::isinf(sweep->elo));
  CHECK(std::isinf(sweep->high));
}

TEST_CASE("pentanomial: the GSPRT's log-likelihood ratio, bounds and verdicts") {
  const Sprt test{.elo0 = 0, .elo1 = 10};
  CHECK(test.lower_bound() == doctest::Approx(-2.9444389791664403));
  CHECK(test.upper_bound() == doctest::Approx(2.9444389791664403));
  // 20 pairs lost twice, 50 split, 30 won twice: score 0.55, pair variance 0.1225; the empty
  // counts taken as 0.001 (regularisation) move the LLR from 0.5027459 to 0.5027489.
  const double llr = log_likelihood_ratio(Pentanomial{{20, 0, 50, 0, 30}}, test);
  CHECK(llr == doctest::Approx(0.5027488863491114).epsilon(1e-12));
  CHECK(verdict(llr, test) == SprtVerdict::inconclusive);
  // 10 pairs lost twice, 40 won twice: score 0.8, pair variance 0.16.
  CHECK(log_likelihood_ratio(Pentanomial{{10, 0, 0, 0, 40}}, Sprt{.elo0 = 0, .elo1 = 5}) ==
        doctest::Approx(0.6664565692879405).epsilon(1e-12));
  CHECK(verdict(3.0, test) == SprtVerdict::h1_accepted);
  CHECK(verdict(-3.0, test) == SprtVerdict::h0_accepted);
  // Every pair the same: the regularised variance is small, and the test is decided at once
  // (every start decides the game: 9 pairs split, H0; 5 pairs won twice, H1).
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 9, 0, 0}}, test) ==
        doctest::Approx(-13.42494655610646).epsilon(1e-12));
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 0, 0, 5}}, test) ==
        doctest::Approx(94.65299681095733).epsilon(1e-12));
  CHECK(log_likelihood_ratio(Pentanomial{}, test) == 0);  // no pairs
}

}  // namespace
}  // namespace nim
