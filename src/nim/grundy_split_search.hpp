// The search of grundy_missing_search.hpp for the values still missing among a heap's splits, and
// grundy_rare_pairs.hpp's marking of the rare pairs of 16 heaps at once (in registers for 8-bit
// values, with a gather and a scatter for 16-bit ones), in AVX-512 (with its byte permutes and
// compress, VBMI and VBMI2) where the processor has them. They are apart because they are written
// with the processor's own instructions, not left to the compiler: the values missing are a bit
// set of 2,048 bits at most, held in four vector registers, and each split's value looks its bit up
// there, 32 or 64 splits at once. The cost of a split is then the same however many values are
// missing (the compiled search compares each split with each of them, or marks it in memory), and
// only the splits where a value first turns up go one by one.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

// The searches and comparisons of grundy_values.hpp are also compiled for AVX2 and AVX-512, used
// where the processor has them.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define NIM_GRUNDY_AVX2 1
#define NIM_GRUNDY_AVX512 1
#else
#define NIM_GRUNDY_AVX2 0
#define NIM_GRUNDY_AVX512 0
#endif

#include "nim/period.hpp"

namespace nim {

// The most values the bit set of the missing values holds.
inline constexpr std::size_t split_search_values = 2048;

#if NIM_GRUNDY_AVX2
inline bool has_avx2() {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  return avx2;
}
#endif

#if NIM_GRUNDY_AVX512
#define NIM_GRUNDY_AVX512_TARGET "avx2,avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2"

inline bool has_avx512_vbmi() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vbmi") &&
                          __builtin_cpu_supports("avx512vbmi2");
  return has;
}

// The values of the splits of `size` into part + i and size - part - i, lane i from 0 to count - 1
// (count at most a vector's lanes) in `x`; returns the lanes whose value is in the bit set
// `table` (four registers, 2,048 bits). Inlined into the search, with its target (a lambda would
// not share it).
template <typename V>
[[gnu::target(NIM_GRUNDY_AVX512_TARGET), gnu::always_inline]] inline __mmask64 look_up_splits(
    const V* values, std::uint64_t size, std::uint64_t part, std::uint64_t count,
    const __m512i (&table)[4], __m512i& x) {
  constexpr std::uint64_t lanes = 64 / sizeof(V);
  const __mmask64 all = count == 64 ? ~__mmask64{0} : (__mmask64{1} << count) - 1;
  // The lanes in reverse order, for the other parts, read from the end down.
  const __m512i reverse =
      sizeof(V) == 1 ? _mm512_set_epi64(0x0001020304050607, 0x08090a0b0c0d0e0f, 0x1011121314151617,
                                        0x18191a1b1c1d1e1f, 0x2021222324252627, 0x28292a2b2c2d2e2f,
                                        0x3031323334353637, 0x38393a3b3c3d3e3f)
                     : _mm512_set_epi64(0x0000000100020003, 0x0004000500060007, 0x00080009000a000b,
                                        0x000c000d000e000f, 0x0010001100120013, 0x0014001500160017,
                                        0x00180019001a001b, 0x001c001d001e001f);
  // The other parts, size - part - i, are the lanes' values from size - part - (lanes - 1) up,
  // reversed; only the last `count` of them are read when the block is shorter. (The masked
  // forms of the permutes: the plain ones start from an undefined register, which GCC warns of.)
  if constexpr (sizeof(V) == 1) {
    const __m512i a = _mm512_maskz_loadu_epi8(all, values + part);
    const __m512i b = _mm512_maskz_permutexvar_epi8(
        ~__mmask64{0}, reverse,
        _mm512_maskz_loadu_epi8(all << (lanes - count), values + size - part - (lanes - 1)));
    x = _mm512_xor_si512(a, b);
    // The byte of the bit set (x / 8, below 32) and the bit in it (x % 8).
    const __m512i index = _mm512_and_si512(_mm512_srli_epi16(x, 3), _mm512_set1_epi8(0x1f));
    const __m512i byte = _mm512_maskz_permutexvar_epi8(~__mmask64{0}, index, table[0]);
    const __m512i bit = _mm512_shuffle_epi8(_mm512_set1_epi64(0x8040201008040201),
                                            _mm512_and_si512(x, _mm512_set1_epi8(7)));
    return _mm512_mask_test_epi8_mask(all, byte, bit);
  } else {
    const auto words = static_cast<__mmask32>(all);
    const auto high = static_cast<__mmask32>(words << (lanes - count));
    const __m512i a = _mm512_maskz_loadu_epi16(words, values + part);
    const __m512i b = _mm512_maskz_permutexvar_epi16(
        ~__mmask32{0}, reverse, _mm512_maskz_loadu_epi16(high, values + size - part - (lanes - 1)));
    x = _mm512_xor_si512(a, b);
    // The byte of the bit set, x / 8 below 256: its low 7 bits pick it in one half of the
    // table, the 8th which half.
    const __m512i index = _mm512_srli_epi16(x, 3);
    const __m512i low = _mm512_permutex2var_epi8(table[0], index, table[1]);
    const __m512i upper = _mm512_permutex2var_epi8(table[2], index, table[3]);
    const __m512i byte = _mm512_mask_blend_epi8(_mm512_movepi8_mask(index), low, upper);
    const __m512i bit =
        _mm512_sllv_epi16(_mm512_set1_epi16(1), _mm512_and_si512(x, _mm512_set1_epi16(7)));
    return _mm512_mask_test_epi16_mask(words, byte, bit);
  }
}

// Looks for the values of `missing` (each below split_search_values) among the splits of `size`
// into `part` + (size - part), part from 1 to `most_part` (at least 64), in order: returns the
// part where the last first turns up, or 0 when some never do; calls found(v) for each that
// turns up. V is std::uint8_t or std::uint16_t.
template <typename V, typename Found>
[[gnu::target(NIM_GRUNDY_AVX512_TARGET)]] std::uint64_t search_splits_avx512(
    const V* values, std::uint64_t size, std::uint64_t most_part,
    std::span<const GrundyValue> missing, Found&& found) {
  static_assert(sizeof(V) == 1 || sizeof(V) == 2);
  constexpr std::uint64_t lanes = 64 / sizeof(V);
  if (missing.empty()) return 1;
  alignas(64) std::array<std::uint8_t, split_search_values / 8> bits{};
  for (GrundyValue v : missing)
    bits[v / 8] |= static_cast<std::uint8_t>(1u << (v % 8));
  // The bit set in registers.
  __m512i table[4];
  for (int t = 0; t < 4; ++t)
    table[t] = _mm512_load_si512(bits.data() + 64 * t);
  for (std::uint64_t part = 1; part <= most_part; part += lanes) {
    // Two blocks looked up at once while the second is whole, most often to find nothing: one
    // branch for both. When the first has values, it goes on alone; the second is looked up again.
    __m512i x, next;
    __mmask64 hits;
    if (part + 2 * lanes - 1 <= most_part) {
      hits = look_up_splits(values, size, part, lanes, table, x);
      if ((hits | look_up_splits(values, size, part + lanes, lanes, table, next)) == 0) {
        part += lanes;
        continue;
      }
    } else {
      hits = look_up_splits(values, size, part, std::min(lanes, most_part + 1 - part), table, x);
    }
    if (hits == 0) continue;
    // The values that turn up leave the set, in the registers (memory written a byte at a time
    // and read back whole would stall), without a branch on each (it would be mispredicted half
    // the time): a value seen twice leaves it twice. They come packed, 8 bytes at a time.
    __m512i before[4];
    for (int t = 0; t < 4; ++t)
      before[t] = table[t];
    __m512i packed = sizeof(V) == 1 ? _mm512_maskz_compress_epi8(hits, x)
                                    : _mm512_maskz_compress_epi16(static_cast<__mmask32>(hits), x);
    constexpr int per_word = 8 / sizeof(V);
    for (int left = std::popcount(hits); left > 0; left -= per_word) {
      auto word = static_cast<std::uint64_t>(
          _mm_cvtsi128_si64(_mm512_maskz_extracti32x4_epi32(0xf, packed, 0)));
      packed = _mm512_maskz_compress_epi64(0xfe, packed);
      for (int k = 0; k < std::min(left, per_word); ++k) {
        const auto v = static_cast<unsigned>(word & (sizeof(V) == 1 ? 0xff : 0xffff));
        word >>= 8 * sizeof(V);
        const __m512i cleared = _mm512_set1_epi8(static_cast<char>(~(1u << (v % 8))));
        const __mmask64 byte = __mmask64{1} << (v / 8 % 64);
        for (unsigned t = 0; t < (sizeof(V) == 1 ? 1 : 4); ++t)
          table[t] = _mm512_mask_and_epi64(
              table[t], 0xff, table[t],
              _mm512_mask_blend_epi8(t == v / 512 ? byte : 0, _mm512_set1_epi8(-1), cleared));
      }
    }
    const __m512i any =
        _mm512_or_si512(_mm512_or_si512(table[0], table[1]), _mm512_or_si512(table[2], table[3]));
    if (_mm512_test_epi64_mask(any, any) != 0) continue;
    // The last value turned up in this block: the splits in order, from the bit set as it was
    // before, to find where.
    for (int t = 0; t < 4; ++t)
      _mm512_store_si512(bits.data() + 64 * t, before[t]);
    alignas(64) std::array<V, lanes> reached;
    _mm512_store_si512(reached.data(), x);
    unsigned last_lane = 0;
    for (std::uint64_t lane_bits = hits; lane_bits != 0; lane_bits &= lane_bits - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(lane_bits));
      const unsigned v = reached[lane], bit = 1u << (v % 8);
      last_lane = (bits[v / 8] & bit) != 0 ? lane : last_lane;
      bits[v / 8] = static_cast<std::uint8_t>(bits[v / 8] & ~bit);
    }
    for (GrundyValue v : missing)
      found(v);
    return part + last_lane;
  }
  for (int t = 0; t < 4; ++t)
    _mm512_store_si512(bits.data() + 64 * t, table[t]);
  for (GrundyValue v : missing)
    if (((bits[v / 8] >> (v % 8)) & 1) == 0) found(v);
  return 0;
}

// Marks the values the rare pairs reach in the heaps n to n + length - 1 of a batch, while every
// value is below 64 `words` <= 256 (a heap's bit set is reached[words b] to reached[words b +
// words - 1] for heap n + b): for each take k that splits and each rare heap r of `rare_heaps`
// (their values in `rare_values`), the value of r ^ that of n + b - k - r. Grundy's game
// (`unequal`) leaves out the split of a heap into equal parts. 16 heaps at a time: their bit sets
// are 8 registers of 16 lanes of 32 bits, and each rare heap's 16 pairs go in at once, without a
// store each.
[[gnu::target(NIM_GRUNDY_AVX512_TARGET)]] inline void mark_rare_pairs_avx512(
    const std::uint8_t* values, std::uint64_t n, std::uint64_t length,
    std::span<const std::uint64_t> rare_heaps, std::span<const GrundyValue> rare_values,
    std::span<const std::uint64_t> split_takes, bool unequal, std::uint64_t* reached,
    std::size_t words) {
  for (std::uint64_t from = 0; from < length; from += 16) {
    const std::uint64_t count = std::min<std::uint64_t>(16, length - from);
    const auto lanes = static_cast<__mmask16>((1u << count) - 1);
    __m512i rows[8];  // rows[w], lane j: bits 32 w to 32 w + 31 of heap n + from + j
    for (__m512i& row : rows)
      row = _mm512_setzero_si512();
    for (std::uint64_t take : split_takes)
      for (std::size_t i = 0; i < rare_heaps.size(); ++i) {
        const std::uint64_t rare = rare_heaps[i];
        __mmask16 pairs = lanes;
        if (unequal && 2 * rare >= n + from && 2 * rare - n - from < count)
          pairs = static_cast<__mmask16>(pairs & ~(1u << (2 * rare - n - from)));
        const __m512i partner = _mm512_maskz_cvtepu8_epi32(
            0xffff, _mm_maskz_loadu_epi8(pairs, values + n + from - take - rare));
        const __m512i x =
            _mm512_xor_si512(partner, _mm512_set1_epi32(static_cast<int>(rare_values[i])));
        const __m512i bit = _mm512_maskz_sllv_epi32(0xffff, _mm512_set1_epi32(1),
                                                    _mm512_and_si512(x, _mm512_set1_epi32(31)));
        const __m512i word = _mm512_maskz_srli_epi32(0xffff, x, 5);
        for (int w = 0; w < 8; ++w)
          rows[w] = _mm512_mask_or_epi32(
              rows[w], _mm512_mask_cmpeq_epi32_mask(pairs, word, _mm512_set1_epi32(w)), rows[w],
              bit);
      }
    alignas(64) std::array<std::array<std::uint32_t, 16>, 8> halves;
    for (int w = 0; w < 8; ++w)
      _mm512_store_si512(halves[w].data(), rows[w]);
    for (std::uint64_t j = 0; j < count; ++j)
      for (std::size_t w = 0; w < words; ++w)
        reached[words * (from + j) + w] |= halves[2 * w][j] | std::uint64_t{halves[2 * w + 1][j]}
                                                                  << 32;
  }
}

// Marks the values the rare pairs reach in the heaps n + b of a batch whose bit b of `heaps` is
// set (b below `length`, at most 64), for values of 16 bits, in bit sets of `words` words each
// (reached[words b] on): 16 heaps a vector, the word of each lane's value gathered, or'ed and
// scattered back. The lanes are 16 different heaps, so no two write one word; the 4 vectors of a
// rare heap are gathered before any is scattered, so that one need not wait for the last. Half
// the time of a word at a time, which is bound by its instructions, about 10 a pair.
[[gnu::target(NIM_GRUNDY_AVX512_TARGET)]] inline void scatter_rare_pairs_avx512(
    const std::uint16_t* values, std::uint64_t n, std::uint64_t length, std::uint64_t heaps,
    std::span<const std::uint64_t> rare_heaps, std::span<const GrundyValue> rare_values,
    std::span<const std::uint64_t> split_takes, bool unequal, std::uint64_t* reached,
    std::size_t words) {
  constexpr int blocks = 4;  // of 16 heaps: the 64 of a batch at most
  if (length < 64) heaps &= (std::uint64_t{1} << length) - 1;
  // The first 32-bit word of each lane's heap, 16 k + lane: 2 a 64-bit word.
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m512i rows[blocks];
  for (int k = 0; k < blocks; ++k)
    rows[k] = _mm512_mullo_epi32(_mm512_add_epi32(lane, _mm512_set1_epi32(16 * k)),
                                 _mm512_set1_epi32(static_cast<int>(2 * words)));
  const __m512i one = _mm512_set1_epi32(1), low_bits = _mm512_set1_epi32(31);
  for (std::uint64_t take : split_takes)
    for (std::size_t i = 0; i < rare_heaps.size(); ++i) {
      const std::uint64_t rare = rare_heaps[i];
      std::uint64_t pairs = heaps;
      if (unequal && 2 * rare >= n && 2 * rare - n < length)
        pairs &= ~(std::uint64_t{1} << (2 * rare - n));
      const std::uint16_t* partner = values + (n - take - rare);
      const __m512i value = _mm512_set1_epi32(static_cast<int>(rare_values[i]));
      __m512i word[blocks], bits[blocks];
      for (int k = 0; k < blocks; ++k) {
        const auto lanes = static_cast<__mmask16>(pairs >> (16 * k));
        const __m512i x = _mm512_xor_si512(
            _mm512_maskz_cvtepu16_epi32(0xffff, _mm256_maskz_loadu_epi16(lanes, partner + 16 * k)),
            value);
        word[k] = _mm512_add_epi32(rows[k], _mm512_maskz_srli_epi32(0xffff, x, 5));
        bits[k] = _mm512_maskz_sllv_epi32(0xffff, one, _mm512_and_si512(x, low_bits));
        bits[k] = _mm512_or_si512(bits[k], _mm512_mask_i32gather_epi32(_mm512_setzero_si512(),
                                                                       lanes, word[k], reached, 4));
      }
      for (int k = 0; k < blocks; ++k)
        _mm512_mask_i32scatter_epi32(reached, static_cast<__mmask16>(pairs >> (16 * k)), word[k],
                                     bits[k], 4);
    }
}
#endif

}  // namespace nim
