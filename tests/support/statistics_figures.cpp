// Prints the simulations of tests/support/statistics_simulation.hpp, the figures the README quotes:
//   build/tests/statistics_figures [TESTS [SAMPLES]]
// TESTS sequential tests for each distribution and hypothesis (default 1000, as CI checks), SAMPLES
// samples for each case of the intervals (default 4000, as CI checks).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "support/statistics_simulation.hpp"

namespace {

using namespace nim;
using namespace nim::testing;

void print_sequential_tests(std::uint64_t tests) {
  const Sprt* shown = nullptr;
  for (const SequentialRow& row : simulate_sequential_tests(tests)) {
    const Sprt& test = row.test;
    if (!shown || shown->elo0 != test.elo0 || shown->model != test.model) {
      std::printf("%s--sprt elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s: %llu tests each\n",
                  shown ? "\n" : "", test.elo0, test.elo1, test.alpha, test.beta,
                  model_name(test.model), static_cast<unsigned long long>(tests));
      std::printf("  %-4s  %-10s  %-34s  %6s  %7s  %5s\n", "true", "pairs",
                  "chances of 0, 1/2, 1, 3/2, 2", "wrong", "allowed", "pairs");
    }
    shown = &row.test;
    const PairChances& p = row.distribution.chances;
    std::printf("  %-4s  %-10s  %.4f %.4f %.4f %.4f %.4f  %5.2f%%  %6.2f%%  %5.0f%s\n",
                row.at_elo1 ? "elo1" : "elo0", row.distribution.name.c_str(), p[0], p[1], p[2],
                p[3], p[4], 100 * row.wrong(), 100 * row.allowed(),
                static_cast<double>(row.outcome.pairs) / static_cast<double>(tests),
                row.outcome.undecided > 0 ? "  (some undecided)" : "");
  }
}

// The least coverage for each size, and where.
void print_least(const std::vector<CoverageRow>& rows, const char* unit) {
  for (std::size_t first = 0; first < rows.size();) {
    std::size_t least = first, end = first;
    for (; end < rows.size() && rows[end].size == rows[first].size; ++end)
      if (rows[end].covered < rows[least].covered) least = end;
    std::printf("  %5llu %s  %6.2f%%  (%s)\n", static_cast<unsigned long long>(rows[first].size),
                unit, 100 * rows[least].covered, rows[least].what.c_str());
    first = end;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t tests = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000;
  const std::uint64_t samples = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 4000;
  if (argc > 3 || tests == 0 || samples == 0) {
    std::fprintf(stderr, "usage: statistics_figures [TESTS [SAMPLES]]\n");
    return 2;
  }
  print_sequential_tests(tests);
  std::printf(
      "\nElo interval: the least coverage of %zu distributions of pairs, %llu samples"
      " each (95%% - 3 sd: %.2f%%)\n",
      coverage_distributions().size(), static_cast<unsigned long long>(samples),
      100 * least_coverage(samples));
  print_least(simulate_elo_coverage(samples), "pairs");
  std::printf(
      "\nWin rate: the least coverage of independent games won with chances 0.001 to"
      " 0.999, %llu samples each\n",
      static_cast<unsigned long long>(samples));
  print_least(simulate_win_rate_coverage(samples), "games");
  std::printf(
      "\nRatings: the least coverage over the agents of the round robins and of the gauntlet of"
      " 4 agents, %llu samples each (an unbounded rating counts as a miss)\n",
      static_cast<unsigned long long>(samples));
  constexpr std::uint64_t sizes[] = {1, 2, 3, 5, 10, 20, 50, 100, 300, 1000};
  const auto rows = simulate_rating_coverage(samples, sizes);
  for (const bool gauntlet : {false, true}) {
    std::printf("  %s:\n", gauntlet ? "the gauntlet" : "round robins");
    std::vector<CoverageRow> kind;
    for (const RatingCoverage& row : rows)
      if (row.what.starts_with("gauntlet") == gauntlet) kind.push_back(row);
    print_least(kind, "pairs");
  }
  for (const std::uint64_t size : sizes) {
    double most = 0;
    for (const RatingCoverage& row : rows)
      if (row.size == size) most = std::max(most, row.unbounded);
    std::printf("  %5llu pairs: at most %.2f%% of the ratings unbounded\n",
                static_cast<unsigned long long>(size), 100 * most);
  }
}
