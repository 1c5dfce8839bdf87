#include "nim/any_position.hpp"

#include <doctest/doctest.h>

#include <string>
#include <type_traits>

namespace nim {
namespace {

const BigHeap two_to_64("18446744073709551616");

// Which path with_heaps took, and the sizes and cap it handed over, in decimal.
struct Seen {
  bool big = false;
  std::string heaps;
  std::string cap;
};

Seen seen(AnyPosition& position, const AnyRules& rules) {
  return with_heaps(position, rules, [](const auto& heaps, const auto& given_rules) {
    Seen out;
    out.big = std::is_same_v<std::decay_t<decltype(heaps)>, Position<BigHeap>>;
    for (const auto& h : heaps)
      out.heaps += (out.heaps.empty() ? "" : " ") + to_decimal(h);
    out.cap = given_rules.max_take ? to_decimal(*given_rules.max_take) : "none";
    return out;
  });
}

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

TEST_CASE("with_heaps runs on 64 bits exactly when every heap and the cap fit") {
  AnyPosition small(Position<SmallHeap>{1, 3});
  const AnyRules no_cap(NimRules<BigHeap>{});
  const Seen plain = seen(small, no_cap);
  CHECK_FALSE(plain.big);
  CHECK(plain.heaps == "1 3");
  CHECK(plain.cap == "none");

  const AnyRules cap_of_2_64(NimRules<BigHeap>{false, two_to_64});
  const Seen capped = seen(small, cap_of_2_64);
  CHECK(capped.big);
  CHECK(capped.heaps == "1 3");
  CHECK(capped.cap == "18446744073709551616");

  const AnyRules cap_of_5(NimRules<BigHeap>{true, BigHeap(5)});
  REQUIRE(cap_of_5.small());
  CHECK(*cap_of_5.small() == AnyGame<SmallHeap>(NimRules<SmallHeap>{true, 5}));
  CHECK_FALSE(cap_of_2_64.small());
  AnyPosition big(Position<BigHeap>{two_to_64, 2});
  const Seen big_heaps = seen(big, cap_of_5);
  CHECK(big_heaps.big);
  CHECK(big_heaps.heaps == "18446744073709551616 2");
  CHECK(big_heaps.cap == "5");
}

}  // namespace
}  // namespace nim
