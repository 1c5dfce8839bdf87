// GMP's allocation functions of nim/gmp_memory.hpp: memory running out in GMP's arithmetic is a
// std::bad_alloc to catch, not abort().
#include "nim/gmp_memory.hpp"

#include <doctest/doctest.h>

#include <gmpxx.h>

#include <new>

#include "support/memory_limit.hpp"

namespace nim {
namespace {

TEST_CASE("GMP out of memory: std::bad_alloc, after which GMP still works") {
  if (testing::address_sanitized) return;  // the limit of address space cannot be set there
  const int status = testing::status_under_memory_limit(512 << 20, [] {
    throw_bad_alloc_from_gmp();
    try {
      mpz_class huge;
      mpz_ui_pow_ui(huge.get_mpz_t(), 10, 2'000'000'000);  // 830 MB of digits
      return 1;
    } catch (const std::bad_alloc&) {
    }
    const mpz_class small = mpz_class(12345) * 6789;
    return small == 83'810'205 ? 3 : 2;
  });
  CHECK(status == 3);
}

}  // namespace
}  // namespace nim
