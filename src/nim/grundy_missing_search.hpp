// The search of grundy_values.hpp for the rare values a heap's rare pairs do not reach: they are
// looked for among all its splits, and almost always turn up after a few. The search goes a block
// of splits at a time, without a branch on each: while many are missing, every value the block
// reaches is marked; once a few are left, the block's values are compared with each (vector
// instructions, AVX2 where the processor has it). Where it has AVX-512 with byte permutes,
// grundy_split_search.hpp does the search.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "nim/grundy_split_search.hpp"
#include "nim/period.hpp"

namespace nim {

class MissingValueSearch {
 public:
  // Values below `count` may be looked for (count grows only).
  void resize(std::uint64_t count) { seen_.resize(count, 0); }

  // Starts the search of a heap (each search its own `stamp`, increasing): the values below
  // `most` that `reached` (a bit each) lacks are missing. `reached` stays until first_missing().
  void start(std::uint64_t stamp, const std::uint64_t* reached, GrundyValue most) {
    stamp_ = stamp;
    reached_ = reached;
    missing_.clear();
    for (GrundyValue w = 0; w * 64 < most; ++w) {
      std::uint64_t unreached = ~reached[w];
      if (most - w * 64 < 64) unreached &= (std::uint64_t{1} << (most - w * 64)) - 1;
      for (; unreached != 0; unreached &= unreached - 1)
        missing_.push_back(w * 64 + static_cast<GrundyValue>(std::countr_zero(unreached)));
    }
  }

  // Looks for the values still missing among the splits of `size` into `part` + (size - part),
  // part from 1 to `most_part`; returns the part where the last turned up, or 0 when some never
  // do. Where the processor has AVX2, with the code compiled for it: it compares 16 values of 16
  // bits at once, 4 times as many as the x86-64 the build targets.
  template <typename V>
  std::uint64_t search(const V* values, std::uint64_t size, std::uint64_t most_part) {
#if NIM_GRUNDY_AVX512
    // Where the values fit the bit set of split_search_values and the block of a vector.
    if constexpr (sizeof(V) <= 2)
      if (most_part >= 64 && seen_.size() <= split_search_values && has_avx512_vbmi()) {
        const std::uint64_t last =
            search_splits_avx512(values, size, most_part, std::span<const GrundyValue>(missing_),
                                 [&](GrundyValue v) { seen_[v] = stamp_; });
        if (last == 0) std::erase_if(missing_, [&](GrundyValue v) { return seen_[v] == stamp_; });
        return last;
      }
#endif
#if NIM_GRUNDY_AVX2
    if (has_avx2()) return search_avx2(values, size, most_part);
#endif
    // Without AVX2, a split compared with a missing value costs a quarter of one marked.
    return search_with<4>(values, size, most_part);
  }

  // The least value below `most` that no search of this stamp found (`most` if none).
  GrundyValue first_missing(GrundyValue most) const {
    for (GrundyValue v = 0; v < most; ++v)
      if (((reached_[v / 64] >> (v % 64)) & 1) == 0 && seen_[v] != stamp_) return v;
    return most;
  }

 private:
#if NIM_GRUNDY_AVX2
  template <typename V>
  [[gnu::target("avx2")]] std::uint64_t search_avx2(const V* values, std::uint64_t size,
                                                    std::uint64_t most_part) {
    return search_with<16>(values, size, most_part);
  }
#endif

  // The search, comparing the splits with the missing values while `few` are left at most, and
  // marking what they reach while more are.
  template <std::size_t few, typename V>
  [[gnu::always_inline]] std::uint64_t search_with(const V* values, std::uint64_t size,
                                                   std::uint64_t most_part) {
    for (std::uint64_t part = 1, end; part <= most_part; part = end) {
      const bool marks = missing_.size() > few;
      end = std::min(part + (marks ? search_block : compare_block), most_part + 1);
      if (marks ? !block_marks_missing(values, size, part, end)
                : !block_reaches_missing(values, size, part, end))
        continue;
      // Each value left turns up in the block: where the last does gives the steps. The first 16
      // splits where they all have turned up, then those splits one by one.
      while (part + 16 < end && !block_reaches_missing(values, size, part, part + 16))
        part += 16;
      std::uint64_t last = part;
      for (GrundyValue missing : missing_) {
        std::uint64_t p = part;
        while ((values[p] ^ values[size - p]) != missing)
          ++p;
        last = std::max(last, p);
        seen_[missing] = stamp_;
      }
      return last;
    }
    return 0;
  }

  // Whether the splits of `size` with a part in [part, end) reach every value of missing_, each
  // value they reach marked; if not, those they reach leave missing_ (if so, missing_ is left as
  // it was, for the caller to find where each turned up).
  template <typename V>
  [[gnu::always_inline]] bool block_marks_missing(const V* values, std::uint64_t size,
                                                  std::uint64_t part, std::uint64_t end) {
    std::uint64_t* seen = seen_.data();
    const std::uint64_t stamp = stamp_;
    for (std::uint64_t p = part; p < end; ++p)
      seen[values[p] ^ values[size - p]] = stamp;
    if (std::all_of(missing_.begin(), missing_.end(),
                    [&](GrundyValue v) { return seen[v] == stamp; }))
      return true;
    std::erase_if(missing_, [&](GrundyValue v) { return seen[v] == stamp; });
    return false;
  }

  // The same, each missing value compared with all the block's values without a branch (vector
  // instructions): fewer operations than marking them while few values are missing.
  template <typename V>
  [[gnu::always_inline]] bool block_reaches_missing(const V* values, std::uint64_t size,
                                                    std::uint64_t part, std::uint64_t end) {
    std::array<V, compare_block> reached;
    const std::size_t count = end - part;
    for (std::size_t i = 0; i < count; ++i)
      reached[i] = values[part + i] ^ values[size - part - i];
    std::size_t kept = 0;
    for (GrundyValue missing : missing_) {
      // It fits V: it is below seen_.size(), at most 2^8 or 2^16 while the values fit V.
      const V target = static_cast<V>(missing);
      V hit = 0;
      for (std::size_t i = 0; i < count; ++i)
        hit |= static_cast<V>(reached[i] == target);
      if (hit == 0)
        missing_[kept++] = missing;  // missing_ is left as it was if none stay
      else
        seen_[missing] = stamp_;
    }
    if (kept == 0) return true;
    missing_.resize(kept);
    return false;
  }

  // The splits the search looks at without a branch: while many values are missing, and while
  // few are, compared with each (a longer block, so that its overhead fades).
  static constexpr std::uint64_t search_block = 128, compare_block = 256;

  std::uint64_t stamp_ = 0;
  const std::uint64_t* reached_ = nullptr;  // the values the heap's rare pairs reach, a bit each
  std::vector<std::uint64_t> seen_;         // seen_[v] == stamp_: a split the search saw is worth v
  std::vector<GrundyValue> missing_;        // the rare values the search still looks for
};

}  // namespace nim
