// Is one agent better than another? Each start is played twice with the colours swapped, so a pair
// of games scores 0, 1/2, 1, 3/2 or 2 for an agent: the pentanomial model counts these five
// outcomes, whose variance is honest about the correlation within a pair (the trinomial model of
// single games overstates it). From them: the score, the Elo difference with its 95% interval,
// and the generalised sequential probability ratio test (GSPRT) that fishtest and fastchess run.
//
// References: M. Van den Bergh, "A comment on the pentanomial model" and "Normalized Elo"
// (fishtest's documentation of its statistics); fastchess, src/matchmaking/sprt/sprt.cpp.
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
  double low = 0;   // the 95% interval, from the score's interval mapped through elo_of_score
  double high = 0;  // (infinite when the interval reaches a score of 0 or 1)
};

inline std::optional<EloEstimate> elo_estimate(const Pentanomial& p) {
  const auto e = estimate(p);
  if (!e) return std::nullopt;
  constexpr double z = 1.959963984540054;  // the 97.5th percentile of the standard normal
  const double half = z * std::sqrt(e->pair_variance / static_cast<double>(e->pairs));
  return EloEstimate{elo_of_score(e->score), elo_of_score(std::max(0.0, e->score - half)),
                     elo_of_score(std::min(1.0, e->score + half))};
}

// The GSPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo), with error rates alpha and
// beta: stop for H1 once the log-likelihood ratio reaches log((1-beta)/alpha), for H0 once it
// falls to log(beta/(1-alpha)).
struct Sprt {
  double elo0 = 0;
  double elo1 = 0;
  double alpha = 0.05;
  double beta = 0.05;

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

// The log-likelihood ratio in the normal approximation of the GSPRT: with s0, s1 the scores of
// elo0 and elo1, mean score s and pair variance v over N pairs,
//   LLR = N (s1 - s0) (2s - s0 - s1) / (2v).
// As fishtest does, each count is taken as at least 0.001 (regularisation), so that pairs that all
// scored the same (perfect against random: every pair 2) give a small variance, not none, and the
// test can still be decided. 0 without pairs.
inline double log_likelihood_ratio(const Pentanomial& p, const Sprt& test) {
  if (p.count() == 0) return 0;
  constexpr double least_count = 1e-3;
  double n = 0, score = 0, square = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    const double count = std::max(static_cast<double>(p.pairs[i]), least_count);
    const double value = static_cast<double>(i) / 4;
    n += count;
    score += count * value;
    square += count * value * value;
  }
  score /= n;
  const double variance = square / n - score * score;
  const double s0 = score_of_elo(test.elo0), s1 = score_of_elo(test.elo1);
  return n * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance);
}

inline SprtVerdict verdict(double llr, const Sprt& test) {
  if (llr >= test.upper_bound()) return SprtVerdict::h1_accepted;
  if (llr <= test.lower_bound()) return SprtVerdict::h0_accepted;
  return SprtVerdict::inconclusive;
}

}  // namespace nim
