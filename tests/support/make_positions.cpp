// Writes seeded random Nim positions, one per line, for the benchmark (scripts/bench.sh):
//   make_positions LINES MIN_HEAPS MAX_HEAPS MAX_SIZE SEED
// The same arguments always give the same bytes (SplitMix64 is defined bit for bit).
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "nim/random.hpp"

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: make_positions LINES MIN_HEAPS MAX_HEAPS MAX_SIZE SEED\n");
    return 2;
  }
  const auto arg = [&](int i) { return std::strtoull(argv[i], nullptr, 10); };
  const std::uint64_t lines = arg(1), min_heaps = arg(2), max_heaps = arg(3), max_size = arg(4);
  nim::SplitMix64 rng(arg(5));
  std::string out;
  char digits[20];
  for (std::uint64_t line = 0; line < lines; ++line) {
    const std::uint64_t heaps = min_heaps + nim::uniform_below(rng, max_heaps - min_heaps + 1);
    for (std::uint64_t i = 0; i < heaps; ++i) {
      if (i > 0) out += ' ';
      out.append(digits,
                 std::to_chars(digits, digits + 20, nim::uniform_below(rng, max_size + 1)).ptr);
    }
    out += '\n';
    if (out.size() > (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::ferror(stdout) ? 1 : 0;
}
