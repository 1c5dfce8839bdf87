// The pentanomial statistics on cases computed by hand or elsewhere: the score, the intervals, and
// the GSPRT's LLR, checked against values from an independent Python program of fishtest's
// formulas (LLRcalc.py, its root finder replaced by bisection) and against fastchess's own tests
// (app/tests/sprt_test.cpp, which check to 1%).
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

TEST_CASE(
    "score interval: Agresti-Coull's, z^2/2 outcomes added at 0 and at 1, corrected by 1/2n") {
  // 7 wins in 10 games: 1.9207 added at each end, mean (7 + 1.9207) / 13.8415 = 0.644493,
  // variance 0.229131, half 1.96 sqrt(0.229131 / 13.8415) + 1/20 = 0.302168 (Clopper-Pearson's
  // exact interval: 0.348 to 0.933).
  const auto seven = score_interval(std::array<std::uint64_t, 2>{3, 7});
  REQUIRE(seven);
  CHECK(seven->low == doctest::Approx(0.3423252979772696).epsilon(1e-12));
  CHECK(seven->high == doctest::Approx(0.9466615820775747).epsilon(1e-12));
  const auto none = score_interval(std::array<std::uint64_t, 2>{10, 0});  // clamped at 0
  CHECK(none->low == 0.0);
  CHECK(none->high == doctest::Approx(0.37088730575054574).epsilon(1e-12));
  CHECK(*score_interval(std::array<std::uint64_t, 2>{0, 1}) == Interval{0, 1});  // one game
  const auto even = score_interval(std::array<std::uint64_t, 2>{50, 50});
  CHECK(even->low == doctest::Approx(0.3988315303659956).epsilon(1e-12));
  CHECK(even->high == doctest::Approx(1 - even->low).epsilon(1e-12));
  CHECK(score_interval(std::array<std::uint64_t, 2>{0, 10000})->low ==
        doctest::Approx(0.9994864990306062).epsilon(1e-12));
  CHECK_FALSE(score_interval(std::array<std::uint64_t, 5>{}));
}

TEST_CASE("score interval: never a point, and it holds the observed mean") {
  // Every pentanomial of up to 4 pairs in each cell, and every record of up to 60 games.
  const auto holds = [](const auto& counts) {
    const auto interval = score_interval(counts);
    REQUIRE(interval);
    double n = 0, total = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      n += static_cast<double>(counts[i]);
      total += static_cast<double>(counts[i] * i) / static_cast<double>(counts.size() - 1);
    }
    CHECK(0.0 <= interval->low);
    CHECK(interval->low <= total / n);
    CHECK(total / n <= interval->high);
    CHECK(interval->high <= 1.0);
    CHECK(interval->low < interval->high);
  };
  for (std::uint64_t code = 1; code < 5 * 5 * 5 * 5 * 5; ++code) {
    std::array<std::uint64_t, 5> counts{};
    for (std::uint64_t i = 0, rest = code; i < 5; ++i, rest /= 5)
      counts[i] = rest % 5;
    holds(counts);
  }
  for (std::uint64_t games = 1; games <= 60; ++games)
    for (std::uint64_t wins = 0; wins <= games; ++wins)
      holds(std::array{games - wins, wins});
}

TEST_CASE("pentanomial: Elo difference and its 95% interval") {
  const auto even = elo_estimate(Pentanomial{{5, 0, 10, 0, 5}});
  REQUIRE(even);
  CHECK(even->elo == doctest::Approx(0).epsilon(1e-9));
  CHECK(even->low == doctest::Approx(-129.28921302024042).epsilon(1e-12));
  CHECK(even->high == doctest::Approx(129.28921302024045).epsilon(1e-12));
  CHECK(elo_of_score(0.8) == doctest::Approx(240.82399653118495));
  CHECK(score_of_elo(elo_of_score(0.3)) == doctest::Approx(0.3));

  // Three pairs, all split: the plain normal interval was 0 to 0; the added outcomes give a width.
  const auto split = elo_estimate(Pentanomial{{0, 0, 3, 0, 0}});
  REQUIRE(split);
  CHECK(split->elo == doctest::Approx(0).epsilon(1e-9));
  CHECK(split->low == doctest::Approx(-502.2719877912868).epsilon(1e-12));
  CHECK(split->high == doctest::Approx(502.27198779128656).epsilon(1e-12));
  // 5,000 pairs all split: narrow, but not a point (the text report shows -0.3 to +0.3).
  const auto many = elo_estimate(Pentanomial{{0, 0, 5000, 0, 0}});
  CHECK(many->low == doctest::Approx(-0.33621419684123593).epsilon(1e-9));
  CHECK(many->high == doctest::Approx(0.33621419684126075).epsilon(1e-9));

  // Every pair won twice: the Elo is infinite, its interval's low end is not.
  const auto sweep = elo_estimate(Pentanomial{{0, 0, 0, 0, 50}});
  REQUIRE(sweep);
  CHECK(std::isinf(sweep->elo));
  CHECK(sweep->low == doctest::Approx(391.1337484984327).epsilon(1e-12));
  CHECK(std::isinf(sweep->high));
  // One pair says nothing: -inf to +inf.
  const auto one = elo_estimate(Pentanomial{{0, 0, 0, 0, 1}});
  CHECK((std::isinf(one->low) && one->low < 0 && std::isinf(one->high) && one->high > 0));
}

TEST_CASE("GSPRT: the issue's counts, where the normal approximation stopped after 2 to 6 games") {
  const Sprt test{.elo0 = 0, .elo1 = 20};
  CHECK(test.lower_bound() == doctest::Approx(-2.9444389791664403));
  CHECK(test.upper_bound() == doctest::Approx(2.9444389791664403));
  // Three pairs split: the approximation's LLR was -5.97 (H0); exactly, -0.17.
  const double split = log_likelihood_ratio(Pentanomial{{0, 0, 3, 0, 0}}, test);
  CHECK(split == doctest::Approx(-0.17209410253974097).epsilon(1e-9));
  CHECK(verdict(split, test) == SprtVerdict::inconclusive);
  // One pair won twice: +7.49 (H1) before; exactly, +0.06.
  const double won = log_likelihood_ratio(Pentanomial{{0, 0, 0, 0, 1}}, test);
  CHECK(won == doctest::Approx(0.0560166756597559).epsilon(1e-9));
  CHECK(verdict(won, test) == SprtVerdict::inconclusive);
  // Where the pairs vary, the two agree: 2.96 by the approximation, 2.79 exactly.
  CHECK(log_likelihood_ratio(Pentanomial{{2, 0, 57, 0, 14}}, test) ==
        doctest::Approx(2.787928821668982).epsilon(1e-9));
}

TEST_CASE("GSPRT: logistic LLRs of fishtest's formulas and fastchess's tests") {
  const Sprt ten{.elo0 = 0, .elo1 = 10};
  CHECK(log_likelihood_ratio(Pentanomial{{20, 0, 50, 0, 30}}, ten) ==
        doctest::Approx(0.49404478846721617).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{10, 0, 0, 0, 40}}, ten) ==
        doctest::Approx(0.8428054272546098).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 9, 0, 0}}, ten) ==
        doctest::Approx(-0.25670477707272704).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 0, 0, 5}}, ten) ==
        doctest::Approx(0.14189665691985087).epsilon(1e-9));
  // fishtest's stat_util.py example (elo -3 to 1).
  CHECK(log_likelihood_ratio(Pentanomial{{10789, 19328, 33806, 19402, 10543}},
                             Sprt{.elo0 = -3, .elo1 = 1}) ==
        doctest::Approx(2.131067811785043).epsilon(1e-9));
  // fastchess's "logistic pentanomial 1" and "2" (LL, LD, WL + DD, WD, WW): -3.07 and -4.98.
  CHECK(log_likelihood_ratio(Pentanomial{{223, 9863, 21279, 10037, 246}},
                             Sprt{.elo0 = 0.5, .elo1 = 2.5}) ==
        doctest::Approx(-3.074126439586767).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{871, 26175, 55983, 26678, 821}},
                             Sprt{.elo0 = 0, .elo1 = 2}) ==
        doctest::Approx(-4.9786728634511785).epsilon(1e-9));
  CHECK(verdict(3.0, ten) == SprtVerdict::h1_accepted);
  CHECK(verdict(-3.0, ten) == SprtVerdict::h0_accepted);
  CHECK(log_likelihood_ratio(Pentanomial{}, ten) == 0);  // no pairs
}

TEST_CASE("GSPRT: normalized LLRs of fishtest's formulas and fastchess's tests") {
  const auto normalized = [](double elo0, double elo1) {
    return Sprt{.elo0 = elo0, .elo1 = elo1, .model = EloModel::normalized};
  };
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 3, 0, 0}}, normalized(0, 20)) ==
        doctest::Approx(-0.016738606332268983).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 0, 0, 1}}, normalized(0, 20)) ==
        doctest::Approx(0.07804630818031053).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{2, 0, 57, 0, 14}}, normalized(0, 20)) ==
        doctest::Approx(1.8742253566788818).epsilon(1e-9));
  // fishtest's stat_util.py example (normalized elo 0.764 to 3.439).
  CHECK(log_likelihood_ratio(Pentanomial{{39, 2226, 31451, 2412, 40}}, normalized(0.764, 3.439)) ==
        doctest::Approx(2.1629408695841628).epsilon(1e-9));
  // fastchess's "normalized pentanomial 1", "2" and "3": 2.25, 3.01 and 111.82.
  CHECK(log_likelihood_ratio(Pentanomial{{365, 16618, 36229, 16974, 390}}, normalized(0, 2)) ==
        doctest::Approx(2.250367703551081).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{127, 4883, 10712, 5150, 104}}, normalized(-1.75, 0.25)) ==
        doctest::Approx(3.0101541966056997).epsilon(1e-9));
  CHECK(log_likelihood_ratio(Pentanomial{{0, 0, 0, 0, 5550}}, normalized(0, 5)) ==
        doctest::Approx(111.79755508671387).epsilon(1e-9));
  CHECK(std::string(model_name(EloModel::normalized)) == "normalized");
  CHECK(std::string(model_name(EloModel::logistic)) == "logistic");
}

TEST_CASE("GSPRT: no answer where a hypothesis has no distribution") {
  // A logistic elo whose score rounds to 1; a normalized one beyond the fixed point's reach.
  CHECK(std::isnan(
      log_likelihood_ratio(Pentanomial{{1, 0, 2, 0, 3}}, Sprt{.elo0 = 0, .elo1 = 8000})));
  CHECK(std::isnan(log_likelihood_ratio(
      Pentanomial{{1, 0, 2, 0, 3}}, Sprt{.elo0 = 0, .elo1 = 400, .model = EloModel::normalized})));
  // Within the reader's limits, every count gives a number.
  for (const Sprt& test : {Sprt{.elo0 = -1000, .elo1 = 1000},
                           Sprt{.elo0 = -200, .elo1 = 200, .model = EloModel::normalized}})
    for (const Pentanomial& p : {Pentanomial{{0, 0, 1, 0, 0}}, Pentanomial{{1000000, 0, 0, 0, 0}},
                                 Pentanomial{{0, 0, 0, 0, 1000000}}, Pentanomial{{3, 1, 0, 0, 0}},
                                 Pentanomial{{1, 0, 23, 1, 0}}})
      CHECK(std::isfinite(log_likelihood_ratio(p, test)));
}

}  // namespace
}  // namespace nim
