// What is known of the period of a game's Grundy values of one heap, G(0), G(1), ...: computed
// and proved by grundy_sequence.hpp for take-and-break games, given by the theory of the games
// whose heaps' values have a formula (games/nim/, games/lasker/).
#pragma once

#include <cstdint>

namespace nim {

using GrundyValue = std::uint32_t;

// G(n + period) = G(n) + saltus for every n >= pre_period (the least such pre-period for the least
// period found). A saltus other than 0 is arithmetic periodicity (all-but subtraction games, Nim).
struct Period {
  enum class Proof {
    none,  // the values agree as far as they were computed; nothing proves that they go on
    // A game whose moves leave at most one heap: the last largest_take() values decide the next,
    // so a window of them that repeats repeats for ever.
    repeated_window,
    // The Guy–Smith theorem (Winning Ways, ch. 4): a finite octal game whose values satisfy
    // G(n + p) = G(n) for e <= n < 2e + p + t (t its largest take) is periodic from e on.
    guy_smith,
    // The game's theory gives every heap's value by a formula (Bouton's for Nim, Winning Ways'
    // for Lasker's Nim), and the period with it.
    theory,
  };
  std::uint64_t pre_period = 0;
  std::uint64_t period = 0;
  GrundyValue saltus = 0;
  Proof proof = Proof::none;
  // The values it was checked on: heaps 0 to checked_to (a theory's period holds on every heap).
  std::uint64_t checked_to = 0;

  bool proved() const { return proof != Proof::none; }
  friend bool operator==(const Period&, const Period&) = default;
};

}  // namespace nim
