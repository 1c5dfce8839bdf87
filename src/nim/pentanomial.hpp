// Is one agent better than another? Each start is played twice with the colours swapped, so a pair
// of games scores 0, 1/2, 1, 3/2 or 2 for an agent: the pentanomial model counts these five
// outcomes, whose variance is honest about the correlation within a pair (the trinomial model of
// single games overstates it). From them: the score, the Elo difference with its 95% interval,
// and the generalised sequential probability ratio test (GSPRT) that fishtest and fastchess run.
//
// References: M. Van den Bergh, "Comparing the approximations for the generalized log likelihood
// ratio of a multinomial distribution" and "Comments on normalized Elo" (cantate.be/Fishtest);
// fishtest, server/fishtest/stats/LLRcalc.py (LLR_logistic, LLR_normalized, MLE_expected,
// MLE_t_value) and stat_util.py; fastchess, app/src/matchmaking/sprt/sprt.cpp (SPRT::getLLR,
// getLLR_logistic, getLLR_normalized). The code here is written from the papers' formulas and
// checked against both (tests/nim/pentanomial_test.cpp); A. Agresti and B. Coull, "Approximate is
// better than 'exact' for interval estimation of binomial proportions" (1998), and L. Brown, T. Cai
// and A. DasGupta, "Interval estimation for a binomial proportion" (2001), for the intervals.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

namespace nim {

// How often a pair of games scored 0, 1/2, 1, 3/2 and 2 for the agent (a win is 1, a loss 0; Nim
// has no draws, so only 0, 1 and 2 occur here, but the model and the report keep all five).
struct Pentanomial {
  std::array<std::uint64_t, 5> pairs{};

  void add(unsigned half_points) { ++pairs[half_points]; }  // 0 to 4: the pair's score doubled
  Pentanomial& operator+=(const Pentanomial& other) {
    for (std::size_t i = 0; i < pairs.size(); ++i)
      pairs[i] += other.pairs[i];
    return *this;
  }
  std::uint64_t count() const {
    std::uint64_t n = 0;
    for (std::uint64_t k : pairs)
      n += k;
    return n;
  }
  // The same pairs seen from the opponent's side.
  Pentanomial mirrored() const { return {{pairs[4], pairs[3], pairs[2], pairs[1], pairs[0]}}; }

  friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

// A 95% interval of a probability or a mean score: [low, high] within [0, 1].
struct Interval {
  double low = 0;
  double high = 0;

  friend bool operator==(const Interval&, const Interval&) = default;
};

// The 95% interval of a mean score, from the counts of K outcomes scored 0, 1/(K-1), ..., 1
// (K = 2: games lost and won; K = 5: pairs of games by their score): Agresti and Coull's interval
// carried over to outcomes between 0 and 1, with a continuity correction. With z^2/2 (1.92)
// outcomes scored 0 and as many scored 1 added to the n counted, m and v the mean and variance of
// the counts so grown: m +- (z sqrt(v / (n + z^2)) + 1/(2n)), clamped to [0, 1]. The added
// outcomes keep it from collapsing where every outcome so far was the same (the plain normal
// interval is then [m, m]), the correction from dipping below 95% where the outcomes take few
// values; simulated, it holds the true mean at least 95% of the time on small and lopsided samples
// alike (tests/nim/pentanomial_simulation_test.cpp), where Wilson's interval holds it 79% to 86%
// of the time at worst (1 to 100 games). It always holds the observed mean and is never a point.
// None without outcomes.
template <std::size_t K>
std::optional<Interval> score_interval(const std::array<std::uint64_t, K>& counts) {
  static_assert(K >= 2);
  constexpr double z = 1.959963984540054;  // the 97.5th percentile of the standard normal
  constexpr double added = z * z / 2;      // outcomes added at each end
  double n = 0, total = added;             // the count, and the sum of the scores with those added
  for (std::size_t i = 0; i < K; ++i) {
    n += static_cast<double>(counts[i]);
    total += static_cast<double>(counts[i]) * (static_cast<double>(i) / (K - 1));
  }
  if (n == 0) return std::nullopt;
  const double grown = n + 2 * added;
  const double mean = total / grown;
  double squares = added * (mean * mean + (1 - mean) * (1 - mean));
  for (std::size_t i = 0; i < K; ++i) {
    const double d = static_cast<double>(i) / (K - 1) - mean;
    squares += static_cast<double>(counts[i]) * d * d;
  }
  const double half = z * std::sqrt(squares / grown / grown) + 1 / (2 * n);
  return Interval{std::max(0.0, mean - half), std::min(1.0, mean + half)};
}

// The mean score of a game (0 to 1) and the variance of a pair's mean score, from the counts.
struct ScoreEstimate {
  double score = 0;
  double pair_variance = 0;  // of a pair's score on the 0 to 1 scale
  std::uint64_t pairs = 0;
};

inline std::optional<ScoreEstimate> estimate(const Pentanomial& p) {
  const std::uint64_t n = p.count();
  if (n == 0) return std::nullopt;
  ScoreEstimate e{.pairs = n};
  for (std::size_t i = 0; i < 5; ++i)
    e.score += static_cast<double>(p.pairs[i]) * (static_cast<double>(i) / 4);
  e.score /= static_cast<double>(n);
  for (std::size_t i = 0; i < 5; ++i) {
    const double d = static_cast<double>(i) / 4 - e.score;
    e.pair_variance += static_cast<double>(p.pairs[i]) * d * d;
  }
  e.pair_variance /= static_cast<double>(n);
  return e;
}

// The logistic Elo difference that a score stands for: -400 log10(1/s - 1). Infinite at 0 and 1.
inline double elo_of_score(double score) {
  return -400 * std::log10(1 / score - 1);
}
inline double score_of_elo(double elo) {
  return 1 / (1 + std::pow(10.0, -elo / 400));
}

struct EloEstimate {
  double elo = 0;
  double low = 0;   // the 95% interval: score_interval() of the pairs mapped through elo_of_score
  double high = 0;  // (infinite where the interval reaches a score of 0 or 1); always low < high
};

inline std::optional<EloEstimate> elo_estimate(const Pentanomial& p) {
  const auto e = estimate(p);
  if (!e) return std::nullopt;
  const Interval score = *score_interval(p.pairs);
  return EloEstimate{elo_of_score(e->score), elo_of_score(score.low), elo_of_score(score.high)};
}

// How the test's elo0 and elo1 are read. Logistic Elo: a score s = 1/(1 + 10^(-elo/400)).
// Normalized Elo (fishtest's and fastchess's model=normalized): a t-value, the distance of the
// pair score's mean from 1/2 in standard deviations of a pair's score, t = sqrt(2) elo ln(10)/800,
// which does not depend on how often pairs split.
enum class EloModel { logistic, normalized };

inline const char* model_name(EloModel model) {
  return model == EloModel::normalized ? "normalized" : "logistic";
}

// The GSPRT of H0: elo = elo0 against H1: elo = elo1, with error rates alpha and beta: stop for H1
// once the log-likelihood ratio reaches log((1-beta)/alpha), for H0 once it falls to
// log(beta/(1-alpha)).
struct Sprt {
  double elo0 = 0;
  double elo1 = 0;
  double alpha = 0.05;
  double beta = 0.05;
  EloModel model = EloModel::logistic;

  double lower_bound() const { return std::log(beta / (1 - alpha)); }
  double upper_bound() const { return std::log((1 - beta) / alpha); }
};

enum class SprtVerdict { h0_accepted, h1_accepted, inconclusive };

// How the report names a verdict.
inline const char* verdict_name(SprtVerdict verdict) {
  switch (verdict) {
    case SprtVerdict::h0_accepted:
      return "H0 accepted";
    case SprtVerdict::h1_accepted:
      return "H1 accepted";
    case SprtVerdict::inconclusive:
      break;
  }
  return "inconclusive";
}

namespace detail {

using Cells = std::array<double, 5>;  // one number for each pair score
inline constexpr Cells pair_scores{0, 0.25, 0.5, 0.75, 1};

// The root x of sum_i p_i d_i / (1 + x d_i) = 0, where every p_i > 0 and the d_i straddle 0: on
// (-1/max d, -1/min d) the sum falls from +inf to -inf, so there is exactly one. Newton's steps,
// halving the bracket where a step would leave it, to the last bits of a double. None when the d_i
// do not straddle 0.
inline std::optional<double> secular_root(const Cells& p, const Cells& d) {
  const double least = *std::min_element(d.begin(), d.end());
  const double most = *std::max_element(d.begin(), d.end());
  if (!(least < 0 && most > 0)) return std::nullopt;
  double low = -1 / most, high = -1 / least, x = 0;  // the root is strictly between low and high
  for (int step = 0; step < 200; ++step) {
    double sum = 0, slope = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      const double term = d[i] / (1 + x * d[i]);
      sum += p[i] * term;
      slope -= p[i] * term * term;
    }
    if (sum == 0) break;
    (sum > 0 ? low : high) = x;
    double next = x - sum / slope;
    if (!(next > low && next < high)) next = low + (high - low) / 2;
    const bool settled = std::abs(next - x) <= 1e-14 * std::max(1.0, std::abs(x));
    x = next;
    if (settled) break;
  }
  return x;
}

// The distribution of the five pair scores that is likeliest to have produced the observed one
// (every cell > 0) among those whose mean is s: observed_i / (1 + x (a_i - s)), x the root of the
// secular equation (Van den Bergh, "Comparing the approximations for the generalized log
// likelihood ratio of a multinomial distribution", proposition 1.1). Returns the divisors
// 1 + x (a_i - s); none unless 0 < s < 1.
inline std::optional<Cells> mean_constrained_divisors(const Cells& observed, double s) {
  Cells d;
  for (std::size_t i = 0; i < d.size(); ++i)
    d[i] = pair_scores[i] - s;
  const auto x = secular_root(observed, d);
  if (!x) return std::nullopt;
  for (double& di : d)
    di = 1 + *x * di;
  return d;
}

// The same among the distributions whose t-value (mean - 1/2) / (standard deviation) is t: by the
// fixed point of Van den Bergh, "Comments on normalized Elo", section 4.1, from the uniform
// distribution (as fishtest and fastchess do), until no probability moves by 1e-12 (some ten
// rounds; where t is far from the counts' own it crawls, and after 1,000 rounds, its probabilities
// still moving by 1e-8 at most, the last round's stands). None where a step's equation has no
// root (t far beyond what the counts support).
inline std::optional<Cells> t_value_constrained_divisors(const Cells& observed, double t) {
  Cells p, d;
  p.fill(1.0 / 5);
  for (int round = 0; round < 1000; ++round) {
    double mean = 0, variance = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
      mean += p[i] * pair_scores[i];
    for (std::size_t i = 0; i < p.size(); ++i)
      variance += p[i] * (pair_scores[i] - mean) * (pair_scores[i] - mean);
    const double sigma = std::sqrt(variance);
    for (std::size_t i = 0; i < d.size(); ++i) {
      const double z = (pair_scores[i] - mean) / sigma;
      d[i] = pair_scores[i] - 0.5 - t * sigma * (1 + z * z) / 2;
    }
    const auto x = secular_root(observed, d);
    if (!x) return std::nullopt;
    double moved = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      d[i] = 1 + *x * d[i];
      const double next = observed[i] / d[i];
      moved = std::max(moved, std::abs(next - p[i]));
      p[i] = next;
    }
    if (moved < 1e-12) break;
  }
  return d;
}

}  // namespace detail

// The generalised log-likelihood ratio of the pairs, exactly as fishtest (LLRcalc.LLR_logistic and
// LLR_normalized) and fastchess (SPRT::getLLR) compute it: with p the observed distribution of the
// five pair scores and N the pairs,
//   LLR = N sum_i p_i log(q1_i / q0_i),
// where q0 and q1 are the distributions likeliest to have produced p among those of the score
// (logistic) or the t-value (normalized) that elo0 and elo1 stand for: the maximum-likelihood
// estimates under each hypothesis, solved exactly (Newton's method on the secular equation), not
// approximated by N (s1 - s0)(2s - s0 - s1) / (2 v), which explodes where every pair so far scored
// the same. As both do, a score never seen counts 0.001 pairs (regularisation): without it a
// hypothesis that needs unseen scores would have likelihood 0. 0 without pairs; NaN where a
// hypothesis has no such distribution: a logistic elo whose score rounds to 0 or 1 (beyond about
// 6,000), a normalized elo beyond about 230 (where the fixed point, from the uniform distribution,
// finds none). The --sprt reader keeps elo0 and elo1 within +-1,000 and +-200.
inline double log_likelihood_ratio(const Pentanomial& p, const Sprt& test) {
  if (p.count() == 0) return 0;
  constexpr double unseen = 1e-3;
  detail::Cells counts, observed;
  double n = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    counts[i] = p.pairs[i] == 0 ? unseen : static_cast<double>(p.pairs[i]);
    n += counts[i];
  }
  for (std::size_t i = 0; i < counts.size(); ++i)
    observed[i] = counts[i] / n;
  std::optional<detail::Cells> under0, under1;
  if (test.model == EloModel::logistic) {
    under0 = detail::mean_constrained_divisors(observed, score_of_elo(test.elo0));
    under1 = detail::mean_constrained_divisors(observed, score_of_elo(test.elo1));
  } else {
    const double t_of_elo = std::sqrt(2.0) * std::log(10.0) / 800;
    under0 = detail::t_value_constrained_divisors(observed, test.elo0 * t_of_elo);
    under1 = detail::t_value_constrained_divisors(observed, test.elo1 * t_of_elo);
  }
  if (!under0 || !under1) return std::nan("");
  // q1_i / q0_i = (observed_i / under1_i) / (observed_i / under0_i)
  double llr = 0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    llr += counts[i] * (std::log((*under0)[i]) - std::log((*under1)[i]));
  return llr;
}

inline SprtVerdict verdict(double llr, const Sprt& test) {
  if (llr >= test.upper_bound()) return SprtVerdict::h1_accepted;
  if (llr <= test.lower_bound()) return SprtVerdict::h0_accepted;
  return SprtVerdict::inconclusive;
}

}  // namespace nim
