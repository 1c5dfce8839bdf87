#include "nim/any_position.hpp"

#include <doctest/doctest.h>

namespace nim {
namespace {

const BigHeap two_to_64("18446744073709551616");

TEST_CASE("AnyPosition stays on 64 bits until a size does not fit") {
  AnyPosition position;
  position.push_back(SmallHeap{1});
  position.push_back(to_big(18446744073709551615ULL));
  CHECK_FALSE(position.is_big());
  CHECK(position.small() == Position<SmallHeap>{1, 18446744073709551615ULL});
  position.push_back(two_to_64);
  REQUIRE(position.is_big());
  position.push_back(SmallHeap{3});
  CHECK(position.big() == Position<BigHeap>{1, to_big(18446744073709551615ULL), two_to_64, 3});
  CHECK(position.size() == 4);

  SUBCASE("clear() goes back to 64 bits") {
    position.clear();
    CHECK(position.empty());
    CHECK_FALSE(position.is_big());
  }
  SUBCASE("make_big() moves the sizes to GMP unchanged, once") {
    AnyPosition small(Position<SmallHeap>{0, 1, 7});
    small.make_big();
    small.make_big();
    CHECK(small.big() == Position<BigHeap>{0, 1, 7});
  }
}

}  // namespace
}  // namespace nim
