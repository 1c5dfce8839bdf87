// A file read or written whole: sequence's checkpoint, which must never be found half written.
#pragma once

#include <string>
#include <string_view>

namespace nim {

// The bytes of `path`; throws std::system_error with the errno of what failed.
std::string read_whole_file(const std::string& path);

// Replaces `path` by `bytes` so that a crash at any moment leaves the old file or the new one,
// whole: written to `path` + ".tmp", synced to the disk, then renamed over `path`. Throws
// std::system_error (the temporary file removed).
void replace_file(const std::string& path, std::string_view bytes);

}  // namespace nim
