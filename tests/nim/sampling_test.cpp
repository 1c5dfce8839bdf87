#include "nim/sampling.hpp"

#include <doctest/doctest.h>

#include <map>
#include <vector>

namespace nim {
namespace {

TEST_CASE("random_position: heap count and sizes in their ranges, each value drawn") {
  SplitMix64 rng(7);
  std::map<std::size_t, int> counts;
  std::map<SmallHeap, int> sizes;
  for (int round = 0; round < 20000; ++round) {
    const auto position = random_position<SmallHeap>(rng, {2, 4}, {3, 6});
    REQUIRE(position.size() >= 2);
    REQUIRE(position.size() <= 4);
    ++counts[position.size()];
    for (SmallHeap h : position) {
      REQUIRE(h >= 3);
      REQUIRE(h <= 6);
      ++sizes[h];
    }
  }
  CHECK(counts.size() == 3);
  CHECK(sizes.size() == 4);
  for (const auto& [count, seen] : counts)
    CHECK(seen > 20000 / 3 * 9 / 10);  // uniform, within 10%
}

TEST_CASE("random_position: a single value, the whole 64-bit range, and GMP sizes") {
  SplitMix64 rng(1);
  CHECK(random_position<SmallHeap>(rng, {3, 3}, {5, 5}) == Position<SmallHeap>{5, 5, 5});
  const auto wide = random_position<SmallHeap>(rng, {50, 50}, {0, ~SmallHeap{0}});
  CHECK(wide.size() == 50);
  const BigHeap huge = BigHeap(1) << 300;
  for (const BigHeap& h : random_position<BigHeap>(rng, {20, 20}, {huge, BigHeap(huge * 2)})) {
    CHECK(h >= huge);
    CHECK(h <= huge * 2);
  }
}

TEST_CASE("PositionSampler draws exactly what uniform_in draws, heap count first") {
  // random_position as first written, one uniform_in per number: the sampler must keep its output.
  const auto by_uniform_in = [](SplitMix64& rng, const Range<std::size_t>& heap_count,
                                const Range<SmallHeap>& size) {
    Position<SmallHeap> position(uniform_in(rng, heap_count.least, heap_count.most));
    for (SmallHeap& h : position)
      h = uniform_in(rng, size.least, size.most);
    return position;
  };
  const std::vector<Range<SmallHeap>> sizes{
      {0, 1000}, {0, 0}, {5, 5}, {3, 10}, {0, ~SmallHeap{0}}, {1, ~SmallHeap{0}}, {0, 1ull << 63}};
  for (const auto& size : sizes) {
    for (const Range<std::size_t>& heap_count : {Range<std::size_t>{1, 8}, {4, 4}, {2, 30}}) {
      SplitMix64 a(99), b(99);
      const PositionSampler<SmallHeap> sampler(heap_count, size);
      Position<SmallHeap> drawn;
      for (int k = 0; k < 500; ++k) {
        sampler.draw(a, drawn);
        REQUIRE(drawn == by_uniform_in(b, heap_count, size));
      }
    }
  }
}

}  // namespace
}  // namespace nim
