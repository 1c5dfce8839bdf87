// nim/inline_vector.hpp: in place up to N, spilled beyond, and back; copies that share nothing.
#include "nim/inline_vector.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace nim {
namespace {

template <class T, std::size_t N>
std::vector<T> items_of(const InlineVector<T, N>& v) {
  return {v.begin(), v.end()};
}

TEST_CASE("InlineVector: push_back past N and pop_back below it keep every element in order") {
  InlineVector<std::string, 2> v;
  CHECK(v.empty());
  for (const char* item : {"a", "b", "c", "d"})
    v.push_back(item);
  CHECK(v.size() == 4);
  CHECK(items_of(v) == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(v.front() == "a");
  CHECK(v.back() == "d");
  v.pop_back();
  v.pop_back();  // back in place
  CHECK(items_of(v) == std::vector<std::string>{"a", "b"});
  v.push_back("e");
  CHECK(items_of(v) == std::vector<std::string>{"a", "b", "e"});
  v[2] = "f";
  CHECK(v[2] == "f");
  v.clear();
  CHECK(v.empty());
  v.assign(3, "g");
  CHECK(items_of(v) == std::vector<std::string>{"g", "g", "g"});
}

TEST_CASE("InlineVector: a copy owns its elements, in place or spilled, and equals by elements") {
  for (std::size_t n : {1u, 2u, 3u, 5u}) {
    InlineVector<std::string, 2> a;
    for (std::size_t i = 0; i < n; ++i)
      a.push_back(std::to_string(i));
    InlineVector<std::string, 2> b = a;
    CHECK(b == a);
    b.front() = "changed";
    CHECK(a.front() == "0");
    CHECK_FALSE(b == a);
    InlineVector<std::string, 2> c;
    c = a;
    CHECK(c == a);
    InlineVector<std::string, 2> moved = std::move(c);
    CHECK(moved == a);
  }
  CHECK(InlineVector<int, 2>{1, 2, 3} == InlineVector<int, 2>{1, 2, 3});
  CHECK_FALSE(InlineVector<int, 2>{1, 2} == InlineVector<int, 2>{1, 2, 3});
}

}  // namespace
}  // namespace nim
