#include "text/wrap.hpp"

#include <doctest/doctest.h>

namespace nim {
namespace {

TEST_CASE("wrap: breaks at spaces, no line wider than the width") {
  CHECK(wrap("one two three four", 9) == "one two\nthree\nfour");
  CHECK(wrap("one two three four", 13) == "one two three\nfour");
  CHECK(wrap("one two", 7) == "one two");  // exactly the width fits
  CHECK(wrap("one two", 6) == "one\ntwo");
}

TEST_CASE("wrap: continuation lines are indented under their item") {
  CHECK(wrap("1. Take 4 from heap 2, leaving 0.", 16, 3) ==
        "1. Take 4 from\n   heap 2,\n   leaving 0.");
  CHECK(wrap("  Move 3: you took 2 from heap 1.", 14, 4) ==
        "  Move 3: you\n    took 2\n    from heap\n    1.");
}

TEST_CASE("wrap: a word wider than the line stays whole, on a line of its own") {
  CHECK(wrap("a 0123456789 b", 5) == "a\n0123456789\nb");
  CHECK(wrap("0123456789", 5, 2) == "0123456789");
}

TEST_CASE("wrap: width 0 leaves the text as it is, a run of spaces is kept, never broken") {
  CHECK(wrap("a  b   c", 0) == "a  b   c");
  CHECK(wrap("a  b   c", 80) == "a  b   c");
  CHECK(wrap("cannot read \"1  x\"", 14) == "cannot read\n\"1  x\"");
  CHECK(wrap("", 80).empty());
}

TEST_CASE("wrap: columns are counted in code points, not bytes") {
  CHECK(display_width("Misère") == 6);
  CHECK(wrap("Misère Nim", 10) == "Misère Nim");
  CHECK(wrap("Misère Nim", 9) == "Misère\nNim");
}

}  // namespace
}  // namespace nim
