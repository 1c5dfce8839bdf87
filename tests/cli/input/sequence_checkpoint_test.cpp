#include "cli/input/sequence_checkpoint.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/input/options.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap_game.hpp"
#include "support/usage_error.hpp"
#include "text/buffer.hpp"

namespace nim::sequence_checkpoint_test {
namespace {

// The bytes of a computation of `game` paused at its first chance (heap 4096).
std::string paused_bytes(const HeapGame& game, std::uint64_t up_to) {
  SequenceComputation computation(game, up_to, up_to);
  computation.pause_when([](std::uint64_t) { return true; });
  REQUIRE_FALSE(computation.run());
  Buffer bytes;
  write_checkpoint(bytes, describe(game), computation.progress(), computation.values());
  return bytes.str();
}

std::string error_of(const std::string& bytes) {
  return testing::usage_error_of([&] { read_checkpoint(bytes, "state.ckpt"); });
}

// The bytes of a checkpoint of these fields, whatever they say, with its checksum.
std::string forged(const SequenceProgress& progress, const std::vector<GrundyValue>& values) {
  Buffer bytes;
  write_checkpoint(bytes, "Grundy's game", progress, values);
  return bytes.str();
}

constexpr const char* file = "--resume \"state.ckpt\"";

TEST_CASE("a checkpoint reads back as it was written: the rules, the progress, the values") {
  for (const HeapGame& game : {grundys_game(), all_but_subtraction_game({2, 5})}) {
    INFO(describe(game));
    SequenceComputation computation(game, 10'000, 10'000);
    computation.pause_when([](std::uint64_t) { return true; });
    REQUIRE_FALSE(computation.run());
    Buffer bytes;
    write_checkpoint(bytes, describe(game), computation.progress(), computation.values());
    const SequenceCheckpoint read = read_checkpoint(bytes.view(), "state.ckpt");
    CHECK(read.rules == describe(game));
    CHECK(read.progress == computation.progress());
    CHECK(std::equal(read.values.begin(), read.values.end(), computation.values().begin(),
                     computation.values().end()));
    // The narrowest width: Grundy's game's first values fit a byte, the all-but game's (up to
    // about 2048) two.
    const std::size_t width = game.kind == HeapGameKind::grundy ? 1 : 2;
    CHECK(bytes.size() == 84 + describe(game).size() + 4096 * width + 8);
  }
}

TEST_CASE("a checkpoint damaged, cut short, of another version or not one at all: one line") {
  const std::string bytes = paused_bytes(grundys_game(), 10'000);
  CHECK(error_of("") == std::string(file) +
                            " is not a checkpoint of nim-game sequence (it does not start with "
                            "NIMSEQ)");
  CHECK(error_of("NIMSEQ") == error_of(""));
  CHECK(error_of("{\"values\":[0,0,0,1]}") == error_of(""));
  CHECK(error_of(bytes.substr(0, 7) + "X" + bytes.substr(8)) == error_of(""));
  CHECK(error_of(std::string("NIMSEQ\x01V\x01", 9) + std::string(23, '\0')) ==
        std::string(file) + " holds values written by --format binary, not a checkpoint");
  CHECK(error_of(bytes.substr(0, 6) + "\x02" + bytes.substr(7)) ==
        std::string(file) +
            " is a checkpoint of version 2, which this nim-game does not read (it reads "
            "version 1)");
  // Cut short anywhere after its kind, or longer than its header says.
  for (std::size_t size = 8; size < bytes.size(); ++size) {
    INFO(size << " bytes");
    REQUIRE(error_of(bytes.substr(0, size)) == std::string(file) +
                                                   " is cut short: " + std::to_string(size) +
                                                   " bytes, fewer than its header says");
  }
  CHECK(error_of(bytes + "x") == std::string(file) + " is " + std::to_string(bytes.size() + 1) +
                                     " bytes long, more than its header says (" +
                                     std::to_string(bytes.size()) + ")");
  // A bit flipped anywhere past the kind's byte: the checksum catches it.
  for (std::size_t at = 8; at < bytes.size(); at += 97) {
    INFO("byte " << at);
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
    const std::string error = error_of(damaged);
    const bool caught =
        error == std::string(file) + " is damaged: its checksum does not match its contents" ||
        error.find(" is cut short: ") != std::string::npos ||
        error.find(" bytes long, more than its header says") != std::string::npos;
    CHECK(caught);
  }
}

TEST_CASE("a checkpoint whose checksum holds but whose fields contradict one another") {
  SequenceComputation computation(grundys_game(), 10'000, 10'000);
  computation.pause_when([](std::uint64_t) { return true; });
  REQUIRE_FALSE(computation.run());
  const SequenceProgress good = computation.progress();
  const std::vector<GrundyValue> values(computation.values().begin(), computation.values().end());
  const std::string contradict =
      std::string(file) + " is damaged: its fields contradict one another";
  CHECK_NOTHROW(read_checkpoint(forged(good, values), "state.ckpt"));
  SequenceProgress bad = good;
  bad.stage = bad.most + 1;
  CHECK(error_of(forged(bad, values)) == contradict);
  bad = good;
  bad.up_to = bad.search_limit + 1;
  CHECK(error_of(forged(bad, values)) == contradict);
  bad = good;
  bad.counters.next_class_choice = 1000;  // not a power of two
  CHECK(error_of(forged(bad, values)) == contradict);
  bad = good;
  bad.counters.class_heap_parity = 2;
  CHECK(error_of(forged(bad, values)) == contradict);
  bad = good;
  bad.stage = 100;  // fewer heaps than the values it holds
  bad.most = 100;
  bad.up_to = 100;
  CHECK(error_of(forged(bad, values)) == contradict);
  CHECK(error_of(forged(good, {})) == contradict);
  CHECK(error_of(forged(good, {0, 1, 200})) ==
        std::string(file) +
            " is damaged: its value of heap 2, 200, is beyond what its moves could reach");
  CHECK(error_of(forged(good, {3})) ==
        std::string(file) +
            " is damaged: its value of heap 0, 3, is beyond what its moves could reach");
}

}  // namespace
}  // namespace nim::sequence_checkpoint_test
