// Fingerprints of games, so that a match counts its different games and starts without keeping
// them (match_statistics.hpp): a game's moves, or a start's heaps, as 128-bit values, sorted and
// counted once each at the end.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/heap.hpp"
#include "nim/random.hpp"
#include "nim/thread_pool.hpp"

namespace nim {

// A 128-bit fingerprint of a sequence of 64-bit words, for telling games apart without keeping
// them: two lanes, each a chain of a different bijective mixer (MurmurHash3's and SplitMix64's
// finalizers). Two different games share a fingerprint with a chance near 2^-128 each: among a
// billion games, below 10^-20 that any two do.
class Fingerprint {
 public:
  // Inlined: a match adds two words a ply.
  [[gnu::always_inline]] void add(std::uint64_t word) {
    ++words_;
    high_ = murmur_mix(high_ ^ word);
    low_ = splitmix64_mix(low_ + word);
  }
  void add(const BigHeap& n) {
    const std::size_t limbs = mpz_size(n.get_mpz_t());
    add(std::uint64_t{limbs});
    for (std::size_t i = 0; i < limbs; ++i)
      add(std::uint64_t{mpz_getlimbn(n.get_mpz_t(), static_cast<mp_size_t>(i))});
  }

  // The value, which also depends on how many words were added.
  std::pair<std::uint64_t, std::uint64_t> value() const {
    return {murmur_mix(high_ ^ words_), splitmix64_mix(low_ + words_)};
  }

 private:
  static std::uint64_t murmur_mix(std::uint64_t z) {
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
  }

  std::uint64_t high_ = 0x6a09e667f3bcc908ULL;
  std::uint64_t low_ = 0xbb67ae8584caa73bULL;
  std::uint64_t words_ = 0;
};

namespace detail {

using Prints = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// Leaves the values sorted and each once. On `threads` threads the values are split by their
// first word (a hash, so evenly) into that many ranges, each sorted on a thread of its own: done
// on one, this sort was the one serial step of a match, a tenth of a one-job match's time, which
// held match --jobs to 5x on 16 cores. A thread the system refuses is a ThreadStartError.
inline void sort_unique(Prints& values, unsigned threads) {
  constexpr std::size_t fewest_per_thread = 1
                                            << 16;  // below that a thread costs more than it saves
  threads = static_cast<unsigned>(
      std::clamp<std::size_t>(values.size() / fewest_per_thread, 1, std::max(threads, 1u)));
  const auto sort_part = [](Prints& part) {
    std::sort(part.begin(), part.end());
    part.erase(std::unique(part.begin(), part.end()), part.end());
  };
  if (threads == 1) return sort_part(values);
  const std::uint64_t range = UINT64_MAX / threads + 1;  // of first words, for each thread

  std::vector<Prints> parts(threads);
  on_threads(threads, [&](unsigned t) {
    for (const auto& value : values)
      if (value.first / range == t) parts[t].push_back(value);
    sort_part(parts[t]);
  });
  values.clear();
  for (const Prints& part : parts)
    values.insert(values.end(), part.begin(), part.end());
}

}  // namespace detail

// A move's words in a game's fingerprint: a take from one heap is its heap and count (the move of
// most plies, kept short); another move is a word no heap index is, then its takes, then its split
// (a split and a take of as much from a neighbour make different words).
template <HeapInteger Heap>
[[gnu::always_inline]] inline void add_move(Fingerprint& print, const GameMove<Heap>& move) {
  if (move.takes.size() == 1 && !move.split) [[likely]] {
    const HeapTake<Heap>& take = move.takes.front();
    print.add(std::uint64_t{take.heap});
    print.add(take.count);
    return;
  }
  print.add(~std::uint64_t{0});
  print.add(std::uint64_t{move.takes.size()});
  for (const auto& take : move.takes) {
    print.add(std::uint64_t{take.heap});
    print.add(take.count);
  }
  print.add(std::uint64_t{move.split.has_value()});
  if (move.split)
    for (const Heap& part : *move.split)
      print.add(part);
}

}  // namespace nim
