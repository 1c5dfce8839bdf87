// Text from outside (a heap typed at the prompt, an agent's reply, a file name) as it is shown
// back: a JSON string literal, escaped so that no control character reaches a terminal. The readers
// name bad values with quoted(); the JSON writer writes every string through append_json_string().
#pragma once

#include <string>
#include <string_view>

#include "text/buffer.hpp"

namespace nim {

// Appends `text` as a JSON string literal. Invalid UTF-8 becomes U+FFFD, so the output is always
// valid JSON whatever bytes the input held.
void append_json_string(Buffer& out, std::string_view text);

// `text` as a JSON string literal: in double quotes, escaped, so that a message can name what a
// user typed without a control character reaching the terminal.
std::string quoted(std::string_view text);

}  // namespace nim
