// Text from outside (a heap typed at the prompt, an agent's reply, a file name) as it is shown
// back: a JSON string literal, escaped so that nothing in it can drive a terminal or reorder what
// it shows. The readers name bad values with quoted(); the JSON writer writes every string through
// append_json_string(); a line shown as it is must pass is_safe_to_show().
#pragma once

#include <string>
#include <string_view>

#include "text/buffer.hpp"

namespace nim {

// Whether a character must be escaped before a person sees it: the control characters (C0, DEL,
// and C1, where U+009B starts a control sequence as ESC [ does) and the bidirectional controls
// that reorder the text after them on the screen (U+202A to U+202E, U+2066 to U+2069).
constexpr bool needs_escape(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

// Whether `text` can be shown to a person as it is: valid UTF-8 with no character that needs
// escaping, a tab aside (it only moves to the next tab stop).
bool is_safe_to_show(std::string_view text);

// Appends `text` as a JSON string literal, each character that needs escaping as \uXXXX (JSON
// allows that of any character, so the string means the same). Invalid UTF-8 becomes U+FFFD, so
// the output is always valid JSON whatever bytes the input held.
void append_json_string(Buffer& out, std::string_view text);

// `text` as a JSON string literal: in double quotes, escaped, so that a message can name what a
// user typed without a control character reaching the terminal.
std::string quoted(std::string_view text);

}  // namespace nim
