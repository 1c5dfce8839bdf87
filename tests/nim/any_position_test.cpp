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

TEST_CASE("AnyRules keeps the rules on 64 bits exactly when every parameter fits") {
  const AnyRules cap_of_5(NimRules<BigHeap>{true, BigHeap(5)});
  REQUIRE(cap_of_5.small());
  CHECK(*cap_of_5.small() == AnyGame<SmallHeap>(NimRules<SmallHeap>{true, 5}));
  CHECK(AnyRules(NimRules<BigHeap>{}).small().has_value());
  const AnyRules cap_of_2_64(NimRules<BigHeap>{false, two_to_64});
  CHECK_FALSE(cap_of_2_64.small());
  CHECK(cap_of_2_64.big() == AnyGame<BigHeap>(NimRules<BigHeap>{false, two_to_64}));
}

}  // namespace
}  // namespace nim
