// Numbers the tests use on both sides of the 64-bit boundary.
#pragma once

#include <cstdint>

namespace nim {

inline constexpr std::uint64_t max64 = 0xffffffffffffffffULL;  // 2^64-1, the largest SmallHeap

}  // namespace nim
