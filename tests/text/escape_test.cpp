#include "text/escape.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace nim {
namespace {

TEST_CASE("needs_escape: control characters and the bidirectional controls, nothing else") {
  for (char32_t c : {0x00, 0x09, 0x0a, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0x202a, 0x202b,
                     0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069}) {
    INFO("U+", std::to_string(c));
    CHECK(needs_escape(c));
  }
  for (char32_t c :
       {0x20, 0x41, 0x7e, 0xa0, 0xe9, 0x2014, 0x2029, 0x202f, 0x2065, 0x206a, 0xfffd, 0x1d11e}) {
    INFO("U+", std::to_string(c));
    CHECK_FALSE(needs_escape(c));
  }
}

TEST_CASE("quoted: C1 controls and bidirectional controls are escaped as \\uXXXX") {
  CHECK(quoted("\xc2\x9b"
               "31m") == R"("\u009b31m")");  // the 8-bit CSI: ESC [ in one character
  CHECK(quoted("a\xc2\x85"
               "b") == R"("a\u0085b")");  // NEL, a line break to some terminals
  CHECK(quoted("\xc2\x9d"
               "0;t\xc2\x9c") == R"("\u009d0;t\u009c")");  // OSC ... ST
  CHECK(quoted("\xc2\x80\xc2\x9f\xc2\xa0") == "\"\\u0080\\u009f\xc2\xa0\"");
  CHECK(quoted("1 \xe2\x80\xae"
               "3 2") == R"("1 \u202e3 2")");  // RIGHT-TO-LEFT OVERRIDE
  CHECK(quoted("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad") ==
        R"("\u202a\u202b\u202c\u202d")");
  CHECK(quoted("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9") ==
        R"("\u2066\u2067\u2068\u2069")");
  CHECK(quoted("\xe2\x80\x94 \xe2\x80\xaf \xe2\x81\xaa") ==
        "\"\xe2\x80\x94 \xe2\x80\xaf \xe2\x81\xaa\"");  // their neighbours stay as they are

  SUBCASE("the escaped literal is JSON that reads back as the same text") {
    for (std::string_view text : {"\xc2\x9b"
                                  "31m",
                                  "x\xc2\x85y\xe2\x80\xaez\xe2\x81\xa9"}) {
      CHECK(nlohmann::json::parse(quoted(text)).get<std::string>() == text);
    }
  }
}

TEST_CASE("is_safe_to_show: valid UTF-8 without a character that needs escaping, tab aside") {
  for (std::string_view text : {"", "5 4 3", "4\t1", "\xc3\xa9t\xc3\xa9", "\xe2\x82\xac 3",
                                "\xc2\xa0", "\xf0\x9d\x84\x9e"}) {
    INFO("text: ", quoted(text));
    CHECK(is_safe_to_show(text));
  }
  for (std::string_view text :
       {"4\x1b[31m 1", "a\nb", "\x7f",
        "\xc2\x9b"
        "31m",
        "\xc2\x85", "1 \xe2\x80\xae 2", "\xe2\x81\xa6", "\xff", "\xc0\xaf"}) {
    INFO("text: ", quoted(text));
    CHECK_FALSE(is_safe_to_show(text));
  }
}

}  // namespace
}  // namespace nim
