// One rating list for all the agents of a match: maximum-likelihood Elo on one scale, as Ordo and
// BayesElo's maximum-likelihood mode compute it. Under the logistic (Bradley-Terry) model agent i
// beats agent j with chance 1 / (1 + 10^(-(r_i - r_j)/400)); the ratings are those under which the
// games played are likeliest, one agent's (the anchor's) fixed. A draw (a pair's half point) counts
// half a win and half a loss, as in Ordo.
//
// The 95% intervals are relative to the anchor. Each start is played twice with the colours
// swapped, and a pair's two games are not independent (in Nim each side mostly wins the start that
// is won for it), so the variance is the sandwich (robust) one, H^-1 J H^-1: H the information of
// the games taken as independent, J the observed spread of each pair's score about the fitted
// chance, pair by pair, which counts the correlation as the pentanomial intervals do. As those,
// J adds z^2/2 pairs scored 0 and as many scored 1 about the fitted chance, so that pairs that all
// split (no spread seen) still give an interval. Simulated, they hold the true ratings 95% of the
// time from 20 pairs a pair of agents in a round robin, 50 in a gauntlet
// (tests/nim/pentanomial_simulation_test.cpp; docs/matches.md gives the figures).
//
// A rating is infinite where the games cannot place the agent at a finite distance from the
// anchor: the MLE exists for the agents of the anchor's strongly connected component of the graph
// of "won at least one game against" (Zermelo, Ford); an agent outside it is above the anchor's
// (it reaches the anchor's component by wins, not the other way round), below it, or not related
// to it by the games at all (no path either way, or no games).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "nim/pentanomial.hpp"

namespace nim {

// The agent whose rating is fixed, and at what: the scale's zero point.
struct RatingAnchor {
  std::size_t agent = 0;
  double elo = 0;
};

// The pairs of games two agents played (a start played twice, colours swapped), as `a` scored them.
struct RatedPairs {
  std::size_t a = 0;
  std::size_t b = 0;
  Pentanomial pairs{};
};

// Where a rating is when it is not a number: above or below every finite distance from the anchor,
// or not placed by the games at all.
enum class Unbounded { none, above, below, both };

struct AgentRating {
  std::size_t agent = 0;
  Unbounded unbounded = Unbounded::none;
  double elo = 0;  // meaningful only where unbounded is none
  double low = 0;  // the 95% interval, relative to the anchor (the anchor's own is [elo, elo])
  double high = 0;
  std::uint64_t games = 0;  // in complete pairs, against every opponent
};

namespace detail {

inline constexpr double elo_per_logit = 400 / 2.302585092994045684;  // 400 / ln 10

// x solving a x = b for a small dense symmetric positive definite matrix (row-major, n x n), by
// Gaussian elimination with partial pivoting.
inline std::vector<double> solve_linear(std::vector<double> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r * n + c]) > std::abs(a[pivot * n + c])) pivot = r;
    if (pivot != c) {
      for (std::size_t k = 0; k < n; ++k)
        std::swap(a[c * n + k], a[pivot * n + k]);
      std::swap(b[c], b[pivot]);
    }
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = a[r * n + c] / a[c * n + c];
      if (f == 0) continue;
      for (std::size_t k = c; k < n; ++k)
        a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (std::size_t r = n; r-- > 0;) {
    double sum = b[r];
    for (std::size_t k = r + 1; k < n; ++k)
      sum -= a[r * n + k] * x[k];
    x[r] = sum / a[r * n + r];
  }
  return x;
}

inline double logistic(double x) {
  return 1 / (1 + std::exp(-x));
}

// log(1 + e^x) without overflow: minus the log of a chance, log(1 + e^-d) for the one of d.
inline double softplus(double x) {
  return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

// Adds w (e_a - e_b)(e_a - e_b)^T to a free x free matrix, a and b the rows of two agents' free
// parameters (SIZE_MAX: the anchor, which has none): how a game between them weighs on both.
inline void add_between(std::vector<double>& m, std::size_t free, std::size_t a, std::size_t b,
                        double w) {
  if (a != SIZE_MAX) m[a * free + a] += w;
  if (b != SIZE_MAX) m[b * free + b] += w;
  if (a != SIZE_MAX && b != SIZE_MAX) {
    m[a * free + b] -= w;
    m[b * free + a] -= w;
  }
}

// Which agents each agent reaches by "won at least one game against" (itself included).
inline std::vector<std::vector<bool>> reach_by_wins(std::size_t agents,
                                                    std::span<const RatedPairs> played) {
  std::vector<std::vector<bool>> reach(agents, std::vector<bool>(agents, false));
  for (std::size_t i = 0; i < agents; ++i)
    reach[i][i] = true;
  for (const RatedPairs& p : played) {
    std::uint64_t a_half_points = 0, b_half_points = 0;
    for (std::size_t k = 0; k < 5; ++k) {
      a_half_points += p.pairs.pairs[k] * k;
      b_half_points += p.pairs.pairs[k] * (4 - k);
    }
    if (a_half_points > 0) reach[p.a][p.b] = true;
    if (b_half_points > 0) reach[p.b][p.a] = true;
  }
  for (std::size_t k = 0; k < agents; ++k)  // Warshall's closure
    for (std::size_t i = 0; i < agents; ++i)
      if (reach[i][k])
        for (std::size_t j = 0; j < agents; ++j)
          if (reach[k][j]) reach[i][j] = true;
  return reach;
}

}  // namespace detail

// The ratings of agents 0 to agents - 1 from the pairs each two of them played (at most one entry a
// pair of agents), `anchor` fixed at `anchor_elo`; one AgentRating each, by agent index.
inline std::vector<AgentRating> rate_agents(std::size_t agents, std::span<const RatedPairs> played,
                                            std::size_t anchor, double anchor_elo) {
  constexpr double z = 1.959963984540054;
  constexpr double added = z * z / 2;
  std::vector<AgentRating> ratings(agents);
  for (std::size_t i = 0; i < agents; ++i)
    ratings[i].agent = i;
  for (const RatedPairs& p : played) {
    ratings[p.a].games += 2 * p.pairs.count();
    ratings[p.b].games += 2 * p.pairs.count();
  }

  // The anchor's component, numbered: the anchor is not a parameter, the others are 0, 1, ...
  const auto reach = detail::reach_by_wins(agents, played);
  std::vector<std::size_t> index(agents, SIZE_MAX);
  std::size_t free = 0;
  for (std::size_t i = 0; i < agents; ++i) {
    AgentRating& r = ratings[i];
    const bool up = reach[i][anchor], down = reach[anchor][i];
    r.unbounded = up && down ? Unbounded::none
                  : up       ? Unbounded::above
                  : down     ? Unbounded::below
                             : Unbounded::both;
    if (r.unbounded == Unbounded::none && i != anchor) index[i] = free++;
  }
  // The games within the component, as (wins of a, games) on the logit scale.
  struct Edge {
    std::size_t a, b;
    double wins, games;
    const Pentanomial* pairs;
  };
  std::vector<Edge> edges;
  for (const RatedPairs& p : played) {
    if (p.pairs.count() == 0 || ratings[p.a].unbounded != Unbounded::none ||
        ratings[p.b].unbounded != Unbounded::none)
      continue;
    double wins = 0;
    for (std::size_t k = 0; k < 5; ++k)
      wins += static_cast<double>(p.pairs.pairs[k]) * static_cast<double>(k) / 2;
    edges.push_back({p.a, p.b, wins, 2 * static_cast<double>(p.pairs.count()), &p.pairs});
  }

  std::vector<double> theta(agents, 0.0);  // logits, the anchor's 0
  const auto log_likelihood = [&](const std::vector<double>& t) {
    double sum = 0;
    for (const Edge& e : edges) {
      const double d = t[e.a] - t[e.b];
      // log p = -log(1 + e^-d), log(1 - p) = -log(1 + e^d)
      sum -= e.wins * detail::softplus(-d) + (e.games - e.wins) * detail::softplus(d);
    }
    return sum;
  };
  // The information matrix of the free parameters at theta (the games taken as independent).
  const auto information = [&](const std::vector<double>& t) {
    std::vector<double> h(free * free, 0.0);
    for (const Edge& e : edges) {
      const double p = detail::logistic(t[e.a] - t[e.b]);
      detail::add_between(h, free, index[e.a], index[e.b], e.games * p * (1 - p));
    }
    return h;
  };

  // Newton's method, each step halved until the likelihood grows (it is concave).
  for (int step = 0; step < 200 && free > 0; ++step) {
    std::vector<double> gradient(free, 0.0);
    for (const Edge& e : edges) {
      const double residual = e.wins - e.games * detail::logistic(theta[e.a] - theta[e.b]);
      if (index[e.a] != SIZE_MAX) gradient[index[e.a]] += residual;
      if (index[e.b] != SIZE_MAX) gradient[index[e.b]] -= residual;
    }
    const std::vector<double> delta = detail::solve_linear(information(theta), gradient);
    const double before = log_likelihood(theta);
    double largest = 0, scale = 1;
    std::vector<double> next = theta;
    for (int halving = 0; halving < 60; ++halving, scale /= 2) {
      for (std::size_t i = 0; i < agents; ++i)
        if (index[i] != SIZE_MAX) next[i] = theta[i] + scale * delta[index[i]];
      if (log_likelihood(next) >= before) break;
    }
    for (std::size_t i = 0; i < agents; ++i)
      if (index[i] != SIZE_MAX) largest = std::max(largest, std::abs(next[i] - theta[i]));
    theta = next;
    if (largest < 1e-13) break;
  }

  // The sandwich: J from each pair's score about the fitted chance, with the added pairs.
  std::vector<double> spread(free * free, 0.0);
  for (const Edge& e : edges) {
    const double p = detail::logistic(theta[e.a] - theta[e.b]);
    double squares = added * (p * p + (1 - p) * (1 - p));
    double n = 0;
    for (std::size_t k = 0; k < 5; ++k) {
      const double d = static_cast<double>(k) / 4 - p;
      squares += static_cast<double>(e.pairs->pairs[k]) * d * d;
      n += static_cast<double>(e.pairs->pairs[k]);
    }
    // Var of the sum of a's wins over the pairs (2 games each): 4 n Var(pair score).
    detail::add_between(spread, free, index[e.a], index[e.b], 4 * n * squares / (n + 2 * added));
  }
  const std::vector<double> h = information(theta);
  std::vector<double> h_inverse(free * free);
  for (std::size_t c = 0; c < free; ++c) {
    std::vector<double> unit(free, 0.0);
    unit[c] = 1;
    const std::vector<double> column = detail::solve_linear(h, unit);
    for (std::size_t r = 0; r < free; ++r)
      h_inverse[r * free + c] = column[r];
  }
  for (std::size_t i = 0; i < agents; ++i) {
    AgentRating& r = ratings[i];
    if (r.unbounded != Unbounded::none) continue;
    // Two agents rated against each other alone: the pairwise Elo of the score, to the bit.
    const bool alone = edges.size() == 1 && free == 1;
    const double from_anchor = !alone            ? detail::elo_per_logit * theta[i]
                               : i == anchor     ? 0
                               : i == edges[0].a ? elo_of_score(estimate(*edges[0].pairs)->score)
                                                 : -elo_of_score(estimate(*edges[0].pairs)->score);
    r.elo = anchor_elo + from_anchor;
    r.low = r.high = r.elo;
    if (index[i] == SIZE_MAX) continue;  // the anchor
    const std::size_t k = index[i];
    double variance = 0;  // (H^-1 J H^-1)_kk
    for (std::size_t a = 0; a < free; ++a)
      for (std::size_t b = 0; b < free; ++b)
        variance += h_inverse[k * free + a] * spread[a * free + b] * h_inverse[b * free + k];
    const double half = z * std::sqrt(std::max(variance, 0.0)) * detail::elo_per_logit;
    r.low = r.elo - half;
    r.high = r.elo + half;
  }
  return ratings;
}

// The ratings in the order a list shows them: unbounded above first, then by Elo from the highest,
// then unbounded below, then those the games do not place; ties in agent order.
inline std::vector<AgentRating> sorted_by_rating(std::vector<AgentRating> ratings) {
  const auto rank = [](Unbounded u) {
    return u == Unbounded::above ? 0 : u == Unbounded::none ? 1 : u == Unbounded::below ? 2 : 3;
  };
  std::stable_sort(ratings.begin(), ratings.end(), [&](const AgentRating& x, const AgentRating& y) {
    if (rank(x.unbounded) != rank(y.unbounded)) return rank(x.unbounded) < rank(y.unbounded);
    return x.unbounded == Unbounded::none && x.elo > y.elo;
  });
  return ratings;
}

}  // namespace nim
