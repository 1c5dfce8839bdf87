// The nim library on its own: no JSON, no option parsing, nothing generated. It builds with
//   g++ -std=c++20 -Isrc examples/library_use.cpp -lgmpxx -lgmp
// and prints what Bouton's rule says of 1 3 5 6 and of a position with a heap beyond 64 bits.
#include <cstdio>

#include "nim/analysis.hpp"
#include "nim/games/nim/nim.hpp"

int main() {
  const nim::Position<nim::SmallHeap> position{1, 3, 5, 6};
  const auto analysis = nim::analyse(position, nim::NimRules<nim::SmallHeap>{});
  std::printf("1 3 5 6: %s, take %llu from heap %zu\n", analysis.winning ? "winning" : "losing",
              static_cast<unsigned long long>(analysis.move->count), analysis.move->heap);

  const nim::Position<nim::BigHeap> big{nim::BigHeap("100000000000000000000"), 3};
  const auto big_analysis = nim::analyse(big, nim::NimRules<nim::BigHeap>{});
  std::printf("100000000000000000000 3: take %s from heap %zu\n",
              big_analysis.move->count.get_str().c_str(), big_analysis.move->heap);
  return 0;
}
