// libFuzzer harness for the reader of sequence's checkpoints (--resume FILE; scripts/fuzz.sh builds
// and runs it): any bytes give a checkpoint or one usage error of one line, never a crash. The
// bytes are read as they are, and again with their last 8 bytes made the checksum of the rest, so
// that the checks of the fields behind it are reached. A checkpoint read writes back to bytes that
// read as the same, and a computation is made of it (its rare heaps and counts rebuilt from the
// values).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/options.hpp"
#include "cli/input/sequence_checkpoint.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap_game.hpp"
#include "text/buffer.hpp"

namespace {

void check(std::string_view bytes) {
  try {
    const nim::SequenceCheckpoint read = nim::read_checkpoint(bytes, "fuzz.ckpt");
    nim::Buffer written;
    nim::write_checkpoint(written, read.rules, read.progress, read.values);
    const nim::SequenceCheckpoint again = nim::read_checkpoint(written.view(), "fuzz.ckpt");
    if (again.rules != read.rules || !(again.progress == read.progress) ||
        again.values != read.values)
      std::abort();
    for (const nim::HeapGame& game :
         {nim::grundys_game(), nim::octal_game({0, 7, 7}), nim::all_but_subtraction_game({2, 5})})
      const nim::SequenceComputation computation(game, read.progress, read.values);
  } catch (const nim::UsageError& e) {
    if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  check(input);
  if (size >= 8) {
    std::string fixed(input.substr(0, size - 8));
    std::uint64_t sum = nim::checkpoint_checksum(fixed);
    for (int i = 0; i < 8; ++i, sum >>= 8)
      fixed += static_cast<char>(sum & 0xff);
    check(fixed);
  }
  return 0;
}
