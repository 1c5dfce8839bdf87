#include "nim/position_sets.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Positions = std::vector<Position<SmallHeap>>;

template <HeapInteger Heap>
std::vector<Position<Heap>> every(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                                  bool sorted) {
  std::vector<Position<Heap>> all;
  AllPositions<Heap> positions(heap_count, size, sorted);
  while (positions.next())
    all.push_back(positions.position());
  return all;
}

TEST_CASE("AllPositions: fewer heaps first, then the first heap most significant") {
  CHECK(every<SmallHeap>({1, 2}, {0, 2}, false) ==
        Positions{
            {0}, {1}, {2}, {0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}});
  CHECK(every<SmallHeap>({2, 3}, {4, 5}, false) == Positions{{4, 4},
                                                             {4, 5},
                                                             {5, 4},
                                                             {5, 5},
                                                             {4, 4, 4},
                                                             {4, 4, 5},
                                                             {4, 5, 4},
                                                             {4, 5, 5},
                                                             {5, 4, 4},
                                                             {5, 4, 5},
                                                             {5, 5, 4},
                                                             {5, 5, 5}});
  CHECK(every<SmallHeap>({1, 1}, {0, 0}, false) == Positions{{0}});
  CHECK(every<SmallHeap>({3, 3}, {7, 7}, true) == Positions{{7, 7, 7}});
}

TEST_CASE("AllPositions --sorted: the sizes never decrease, one position per multiset") {
  CHECK(every<SmallHeap>({1, 2}, {0, 2}, true) ==
        Positions{{0}, {1}, {2}, {0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}});
  // Against every position, sorted and deduplicated.
  for (std::size_t most_heaps = 1; most_heaps <= 4; ++most_heaps) {
    for (SmallHeap least = 0; least <= 2; ++least) {
      for (SmallHeap most = least; most <= least + 3; ++most) {
        std::set<Position<SmallHeap>> multisets;
        for (auto p : every<SmallHeap>({1, most_heaps}, {least, most}, false)) {
          std::sort(p.begin(), p.end());
          multisets.insert(p);
        }
        const auto sorted = every<SmallHeap>({1, most_heaps}, {least, most}, true);
        CHECK(std::set<Position<SmallHeap>>(sorted.begin(), sorted.end()) == multisets);
        CHECK(sorted.size() == multisets.size());
        CHECK(std::is_sorted(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
          return a.size() != b.size() ? a.size() < b.size() : a < b;
        }));
      }
    }
  }
}

TEST_CASE("AllPositions: stays at the end, and counts GMP sizes past 2^64") {
  AllPositions<SmallHeap> one({1, 1}, {~SmallHeap{0}, ~SmallHeap{0}}, false);
  CHECK(one.next());
  CHECK(one.position() == Position<SmallHeap>{~SmallHeap{0}});
  CHECK_FALSE(one.next());
  CHECK_FALSE(one.next());

  const BigHeap two_64 = BigHeap(1) << 64;
  const auto big = every<BigHeap>({1, 2}, {two_64, two_64 + 1}, false);
  REQUIRE(big.size() == 6);
  CHECK(big[0] == Position<BigHeap>{two_64});
  CHECK(big[1] == Position<BigHeap>{two_64 + 1});
  CHECK(big[3] == Position<BigHeap>{two_64, two_64 + 1});
  CHECK(big[5] == Position<BigHeap>{two_64 + 1, two_64 + 1});
}

TEST_CASE("count_all_positions: the README's formulas count what AllPositions goes through") {
  for (std::size_t least = 1; least <= 4; ++least)
    for (std::size_t most = least; most <= 5; ++most)
      for (SmallHeap sizes = 1; sizes <= 5; ++sizes)
        for (bool sorted : {false, true}) {
          INFO("heaps " << least << ".." << most << ", " << sizes << " sizes, sorted " << sorted);
          const auto counted = every<SmallHeap>({least, most}, {3, 3 + sizes - 1}, sorted).size();
          CHECK(count_all_positions({least, most}, to_big(sizes), sorted) == to_big(counted));
        }
  // 1 to 3 heaps of 0..9: 10 + 100 + 1000, and the multisets 10 + 55 + 220.
  CHECK(count_all_positions({1, 3}, 10, false) == 1110);
  CHECK(count_all_positions({1, 3}, 10, true) == 285);
  // Past 64 bits: 4 heaps of 2^20 sizes each is 2^80 positions (plus 2^60 + 2^40 + 2^20).
  const BigHeap r = BigHeap(1) << 20;
  CHECK(count_all_positions({4, 4}, r, false) == BigHeap(BigHeap(1) << 80));
  CHECK(count_all_positions({1, 4}, r, false) == r * r * r * r + r * r * r + r * r + r);
}

// The position given its outcome under `rules`, by the oracle (which knows nothing of nim-sums).
Outcome oracle_outcome(testing::Oracle<NimRules<SmallHeap>>& oracle,
                       const Position<SmallHeap>& position) {
  return oracle.winning(position) ? Outcome::won : Outcome::lost;
}

TEST_CASE("outcome_of agrees with the oracle") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Position<SmallHeap>& p) {
      REQUIRE(outcome_of(p, rules) == oracle_outcome(oracle, p));
    });
  }
}

// Draws `draws` positions of the outcome wanted, counting each.
std::map<Position<SmallHeap>, int> outcome_draws(const OutcomeSampler<NimRules<SmallHeap>>& sampler,
                                                 Outcome wanted, int draws, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::map<Position<SmallHeap>, int> seen;
  Position<SmallHeap> position;
  for (int k = 0; k < draws;)
    if (sampler.try_draw(rng, wanted, position)) {
      ++seen[position];
      ++k;
    }
  return seen;
}

TEST_CASE("OutcomeSampler: every position has the outcome wanted, for every rule set") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    INFO("misere " << rules.misere << ", cap " << (rules.max_take ? *rules.max_take : 0));
    const OutcomeSampler<NimRules<SmallHeap>> sampler({1, 4}, {0, 7}, rules);
    for (const Outcome outcome : {Outcome::lost, Outcome::won})
      for (const auto& [position, count] : outcome_draws(sampler, outcome, 3000, 11))
        REQUIRE(oracle_outcome(oracle, position) == outcome);
  }
}

TEST_CASE("OutcomeSampler: each position as often as drawing and rejecting would give it") {
  // Drawing and rejecting gives a position of k heaps of R sizes with probability proportional to
  // R^-k among those of its outcome: compare the counts with that, by Pearson's chi-squared.
  const Range<std::size_t> heap_count{1, 3};
  const Range<SmallHeap> size{2, 6};
  const std::vector<NimRules<SmallHeap>> rule_sets{
      {false, std::nullopt}, {false, 2}, {true, std::nullopt}, {true, 3}, {false, 1}};
  for (const auto& rules : rule_sets) {
    const OutcomeSampler<NimRules<SmallHeap>> sampler(heap_count, size, rules);
    for (const Outcome outcome : {Outcome::lost, Outcome::won}) {
      INFO("misere " << rules.misere << ", cap " << (rules.max_take ? *rules.max_take : 0)
                     << ", outcome " << static_cast<int>(outcome));
      std::map<Position<SmallHeap>, double> weight;
      double total = 0;
      for (const auto& p : every<SmallHeap>(heap_count, size, false))
        if (outcome_of(p, rules) == outcome) total += weight[p] = std::pow(5.0, -double(p.size()));
      const int draws = 60000;
      const auto seen = outcome_draws(sampler, outcome, draws, 2024);
      double chi2 = 0;
      for (const auto& [p, w] : weight) {
        const double expected = draws * w / total;
        const auto found = seen.find(p);
        const double observed = found == seen.end() ? 0 : found->second;
        chi2 += (observed - expected) * (observed - expected) / expected;
      }
      CHECK(seen.size() <= weight.size());
      const double df = double(weight.size()) - 1;
      CHECK(chi2 < df + 6 * std::sqrt(2 * df));  // six standard deviations
    }
  }
}

TEST_CASE("draw_balanced: exactly half won, in an order that the seed fixes") {
  const NimRules<SmallHeap> rules{};
  const OutcomeSampler<NimRules<SmallHeap>> sampler({1, 8}, {0, 1000}, rules);
  const auto run = [&](std::uint64_t seed, std::uint64_t count) {
    SplitMix64 rng(seed);
    Positions positions;
    draw_balanced(rng, count, sampler, [&](const auto& p) { positions.push_back(p); });
    return positions;
  };
  const auto positions = run(5, 1000);
  REQUIRE(positions.size() == 1000);
  std::size_t won = 0, switches = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    won += outcome_of(positions[k], rules) == Outcome::won;
    if (k > 0) switches += outcome_of(positions[k], rules) != outcome_of(positions[k - 1], rules);
  }
  CHECK(won == 500);
  CHECK(switches > 400);  // about 500 in a random order; 1 if the halves came one after the other
  CHECK(run(5, 1000) == positions);
  CHECK(run(6, 1000) != positions);
  CHECK(run(5, 0).empty());
}

TEST_CASE("find_missing_outcome: certain in small spaces, by trying in large ones") {
  SplitMix64 rng(1);
  const auto missing = [&](const Range<std::size_t>& heap_count, const Range<SmallHeap>& size,
                           const NimRules<SmallHeap>& rules) {
    return find_missing_outcome(OutcomeSampler<NimRules<SmallHeap>>(heap_count, size, rules), rng);
  };
  const NimRules<SmallHeap> normal{}, misere{true, std::nullopt};
  SUBCASE("one heap of size 0: lost under normal play, won in misère") {
    const auto none_won = missing({1, 1}, {0, 0}, normal);
    REQUIRE(none_won);
    CHECK(none_won->outcome == Outcome::won);
    CHECK(none_won->certain);
    const auto none_lost = missing({1, 1}, {0, 0}, misere);
    REQUIRE(none_lost);
    CHECK(none_lost->outcome == Outcome::lost);
    CHECK(none_lost->certain);
  }
  SUBCASE("two equal heaps are always lost; one heap of 5 always won") {
    CHECK(missing({2, 2}, {5, 5}, normal)->outcome == Outcome::won);
    CHECK(missing({1, 1}, {5, 5}, normal)->outcome == Outcome::lost);
    CHECK_FALSE(missing({1, 2}, {5, 5}, normal));
  }
  SUBCASE("three heaps sharing their high bits never XOR to 0") {
    const auto small = missing({3, 3}, {1000, 1023}, normal);
    REQUIRE(small);
    CHECK(small->outcome == Outcome::lost);
    CHECK(small->certain);
    const auto large = missing({3, 3}, {SmallHeap{1} << 40, (SmallHeap{2} << 40) - 1}, normal);
    REQUIRE(large);
    CHECK(large->outcome == Outcome::lost);
    CHECK_FALSE(large->certain);
    CHECK_FALSE(missing({3, 4}, {SmallHeap{1} << 40, (SmallHeap{2} << 40) - 1}, normal));
  }
  SUBCASE("both outcomes in an ordinary space, large or small") {
    CHECK_FALSE(missing({1, 8}, {0, 1000}, normal));
    CHECK_FALSE(missing({1, 8}, {0, ~SmallHeap{0}}, misere));
    CHECK_FALSE(missing({1, 1}, {0, 1}, normal));
  }
}

TEST_CASE("OutcomeSampler on GMP sizes: lost positions of 300-digit heaps") {
  const BigHeap least = BigHeap(1) << 1000, most = BigHeap(BigHeap(1) << 1001) - 1;
  for (const NimRules<BigHeap>& rules :
       {NimRules<BigHeap>{}, NimRules<BigHeap>{false, BigHeap(BigHeap(1) << 500)},
        NimRules<BigHeap>{true, BigHeap(7)}}) {
    const OutcomeSampler<NimRules<BigHeap>> sampler({2, 5}, {least, most}, rules);
    SplitMix64 rng(3);
    Position<BigHeap> position;
    int found = 0;
    for (int tries = 0; tries < 2000 && found < 50; ++tries) {
      if (!sampler.try_draw(rng, Outcome::lost, position)) continue;
      ++found;
      for (const BigHeap& h : position) {
        CHECK(h >= least);
        CHECK(h <= most);
      }
      CHECK(outcome_of(position, rules) == Outcome::lost);
    }
    CHECK(found == 50);
  }
}

}  // namespace
}  // namespace nim

namespace nim {
namespace {

// The canonical forms of every position of a space, each once, found the plain way.
template <HeapInteger Heap>
std::set<Position<Heap>> forms_of(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                                  Sameness sameness) {
  std::set<Position<Heap>> forms;
  AllPositions<Heap> all(heap_count, size, false);
  Position<Heap> form;
  while (all.next()) {
    canonical_form(std::span<const Heap>(all.position()), sameness, form);
    forms.insert(form);
  }
  return forms;
}

TEST_CASE("DifferentPositions: each canonical form of a space once, and its count by the formula") {
  for (std::size_t least = 1; least <= 3; ++least)
    for (std::size_t most = least; most <= 4; ++most)
      for (SmallHeap low = 0; low <= 1; ++low)
        for (SmallHeap high = low; high <= low + 3; ++high)
          for (const Sameness sameness : {Sameness::any_order, Sameness::ordered}) {
            INFO("heaps " << least << ".." << most << ", sizes " << low << ".." << high
                          << (sameness == Sameness::ordered ? ", ordered" : ""));
            const Range<std::size_t> heap_count{least, most};
            const Range<SmallHeap> size{low, high};
            const auto expected = forms_of(heap_count, size, sameness);
            std::set<Position<SmallHeap>> gone_through;
            std::size_t count = 0;
            DifferentPositions<SmallHeap> different(heap_count, size, sameness);
            while (different.next()) {
              ++count;
              gone_through.insert(different.form());
              // Its written position has its form and is a position of the space.
              Position<SmallHeap> form;
              canonical_form(std::span<const SmallHeap>(different.written()), sameness, form);
              CHECK(form == different.form());
              CHECK(different.written().size() >= least);
              CHECK(different.written().size() <= most);
              // writable(k): some position of k heaps has the form.
              for (std::size_t k = least; k <= most; ++k) {
                bool found = false;
                AllPositions<SmallHeap> all({k, k}, size, false);
                while (!found && all.next()) {
                  canonical_form(std::span<const SmallHeap>(all.position()), sameness, form);
                  found = form == different.form();
                }
                CHECK(different.writable(k) == found);
              }
            }
            CHECK(gone_through == expected);
            CHECK(count == expected.size());
            CHECK(count_different_positions(heap_count, size, sameness) == to_big(count));
          }
  // 3 5, 3 5 0 and 0 5 3 are one game; in order, 3 5 and 3 5 0 are one, 0 5 3 another.
  CHECK(count_different_positions<SmallHeap>({2, 3}, {0, 5}, Sameness::any_order) == 56);
  CHECK(count_different_positions<SmallHeap>({2, 3}, {0, 5}, Sameness::ordered) == 216);
}

TEST_CASE("draw_balanced with accept: only new positions, and gives up when none is left") {
  const NimRules<SmallHeap> rules;
  const OutcomeSampler sampler(Range<std::size_t>{2, 2}, Range<SmallHeap>{0, 3}, rules);
  SplitMix64 rng(5);
  SeenPositions<SmallHeap> seen(Sameness::any_order);
  const auto is_new = [&](const Position<SmallHeap>& position) { return seen.insert(position); };
  std::set<Position<SmallHeap>> drawn;
  const auto keep = [&](const Position<SmallHeap>& position) {
    auto sorted = position;
    std::sort(sorted.begin(), sorted.end());
    CHECK(drawn.insert(sorted).second);
  };
  // 2 heaps of 0..3: 4 lost multisets (equal heaps) and 6 won.
  CHECK(draw_balanced(rng, 8, sampler, keep, is_new, 1000));
  CHECK(drawn.size() == 8);
  CHECK_FALSE(draw_balanced(rng, 2, sampler, keep, is_new, 1000));  // no lost one is left
}

}  // namespace
}  // namespace nim
