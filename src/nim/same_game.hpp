// When two positions are the same game, for position sets without repeats and their splits: the
// canonical form of a position, the positions seen so far, and the part of a split that a
// position's canonical form falls to, by a keyed hash (SipHash-2-4) that no drawing seed changes.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "nim/heap.hpp"
#include "nim/position.hpp"

namespace nim {

// When two positions are the same: with their heaps in any order, empty heaps left out (every game
// whose heap order does not matter: an empty heap changes nothing), or only with the same heaps in
// the same order, trailing empty heaps left out (staircase Nim, whose empty top steps change
// nothing).
enum class Sameness { any_order, ordered };

// The one form of all the positions that are the same as `position`: its nonzero sizes sorted, or
// with `ordered` the sizes without the trailing zeros. Reuses `form`'s memory.
template <HeapInteger Heap>
void canonical_form(std::span<const Heap> position, Sameness sameness, Position<Heap>& form) {
  form.assign(position.begin(), position.end());
  if (sameness == Sameness::any_order) {
    std::erase_if(form, [](const Heap& h) { return is_zero(h); });
    std::sort(form.begin(), form.end());
    return;
  }
  while (!form.empty() && is_zero(form.back()))
    form.pop_back();
}

// The positions seen so far, each once in the sense of `Sameness`. Their canonical forms lie one
// after another in one array, and an open-addressing table of (hash, form) pairs finds them: a set
// of a million positions is a few large allocations, not two small ones a position.
template <HeapInteger Heap>
class SeenPositions {
 public:
  explicit SeenPositions(Sameness sameness) : sameness_(sameness) {}

  // Whether `position` is new; it is then remembered.
  bool insert(const Position<Heap>& position) {
    canonical_form(std::span<const Heap>(position), sameness_, key_);
    if (2 * (starts_.size() + 1) > slots_.size()) grow();
    const std::uint64_t hash = PositionHash<Heap>{}(key_);
    for (std::size_t i = slot_of(hash);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& slot = slots_[i];
      if (slot.form == 0) {
        slot = {hash, remember(key_)};
        return true;
      }
      if (slot.hash == hash && std::ranges::equal(form(slot.form), key_)) return false;
    }
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::size_t form = 0;  // 1 + the form's number; 0: an empty slot
  };

  // The slot a hash starts from: its top bits, after a multiplication that spreads every bit.
  std::size_t slot_of(std::uint64_t hash) const {
    return static_cast<std::size_t>((hash * 0x9E3779B97F4A7C15ULL) >> (64 - slot_bits_));
  }

  std::size_t remember(const Position<Heap>& form) {
    starts_.push_back(heaps_.size());
    heaps_.insert(heaps_.end(), form.begin(), form.end());
    return starts_.size();
  }

  std::span<const Heap> form(std::size_t number) const {
    const std::size_t first = starts_[number - 1];
    const std::size_t end = number < starts_.size() ? starts_[number] : heaps_.size();
    return std::span<const Heap>(heaps_).subspan(first, end - first);
  }

  // Twice the slots, at most half of them in use.
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slot_bits_ = old.empty() ? 10 : slot_bits_ + 1;
    slots_.assign(std::size_t{1} << slot_bits_, Slot{});
    for (const Slot& slot : old) {
      if (slot.form == 0) continue;
      std::size_t i = slot_of(slot.hash);
      while (slots_[i].form != 0)
        i = (i + 1) & (slots_.size() - 1);
      slots_[i] = slot;
    }
  }

  Sameness sameness_;
  Position<Heap> key_;
  std::vector<Heap> heaps_;          // the canonical forms, one after another
  std::vector<std::size_t> starts_;  // where each begins in heaps_
  std::vector<Slot> slots_;
  unsigned slot_bits_ = 0;
};

// SipHash-2-4 (Aumasson and Bernstein, 2012) of a message of whole 64-bit words, each read as its 8
// bytes least significant first: the 64-bit output of the reference implementation for those
// bytes. A pseudo-random function of its 128-bit key: without the key, its outputs on different
// messages look independent and uniform.
class SipHash24 {
 public:
  SipHash24(std::uint64_t k0, std::uint64_t k1)
      : v0_(k0 ^ 0x736f6d6570736575ULL),
        v1_(k1 ^ 0x646f72616e646f6dULL),
        v2_(k0 ^ 0x6c7967656e657261ULL),
        v3_(k1 ^ 0x7465646279746573ULL) {}

  void add(std::uint64_t word) {
    v3_ ^= word;
    round();
    round();
    v0_ ^= word;
    ++words_;
  }

  std::uint64_t finish() const {
    SipHash24 s = *this;
    const std::uint64_t last = (s.words_ * 8) << 56;  // the message's length in bytes, mod 256
    s.v3_ ^= last;
    s.round();
    s.round();
    s.v0_ ^= last;
    s.v2_ ^= 0xff;
    for (int i = 0; i < 4; ++i)
      s.round();
    return s.v0_ ^ s.v1_ ^ s.v2_ ^ s.v3_;
  }

 private:
  void round() {
    v0_ += v1_;
    v1_ = std::rotl(v1_, 13) ^ v0_;
    v0_ = std::rotl(v0_, 32);
    v2_ += v3_;
    v3_ = std::rotl(v3_, 16) ^ v2_;
    v0_ += v3_;
    v3_ = std::rotl(v3_, 21) ^ v0_;
    v2_ += v1_;
    v1_ = std::rotl(v1_, 17) ^ v2_;
    v2_ = std::rotl(v2_, 32);
  }

  std::uint64_t v0_, v1_, v2_, v3_;
  std::uint64_t words_ = 0;
};

// The key of the hash that sends a position to its part: (K, the bytes "nim-game" read least
// significant first), K chosen with --split-key, 0 unless given.
struct SplitKey {
  std::uint64_t k0 = 0;
  std::uint64_t k1 = 0x656d61672d6d696eULL;  // "nim-game"
};

// The hash of a canonical form: for each heap, how many 64-bit words its size takes (0 for 0),
// then those words, least significant first. The same on the 64-bit and the GMP path.
template <HeapInteger Heap>
std::uint64_t split_hash(std::span<const Heap> form, const SplitKey& key) {
  SipHash24 hash(key.k0, key.k1);
  for (const Heap& h : form) {
    if constexpr (std::is_same_v<Heap, SmallHeap>) {
      hash.add(h == 0 ? 0 : 1);
      if (h != 0) hash.add(h);
    } else {
      static_assert(GMP_NUMB_BITS == 64, "a GMP limb is one 64-bit word");
      const std::size_t words = mpz_size(h.get_mpz_t());
      hash.add(words);
      for (std::size_t i = 0; i < words; ++i)
        hash.add(mpz_getlimbn(h.get_mpz_t(), static_cast<mp_size_t>(i)));
    }
  }
  return hash.finish();
}

// The parts of a split, as bounds on the hash: part i takes the hashes from the end of part i - 1
// up to floor(S_i * 2^64), S_i the sum of the shares of parts 0 to i (the last part takes the
// rest), so that a part's share of every hash is its share, to within 2^-64.
class PartBounds {
 public:
  // `shares` add up to `whole`; one share: one part, every position in it.
  PartBounds(std::span<const std::uint64_t> shares, std::uint64_t whole) {
    __extension__ using Wide = unsigned __int128;
    Wide sum = 0;
    for (std::size_t i = 0; i + 1 < shares.size(); ++i) {
      sum += shares[i];
      ends_.push_back(static_cast<std::uint64_t>((sum << 64) / whole));
    }
  }

  std::size_t parts() const { return ends_.size() + 1; }

  std::size_t part_of(std::uint64_t hash) const {
    std::size_t part = 0;
    while (part < ends_.size() && hash >= ends_[part])
      ++part;
    return part;
  }

 private:
  std::vector<std::uint64_t> ends_;  // where each part but the last ends (excluded)
};

}  // namespace nim
