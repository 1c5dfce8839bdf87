#include "cli/input/sequence_checkpoint.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "cli/input/heap_game_text.hpp"
#include "cli/input/options.hpp"
#include "text/escape.hpp"
#include "text/little_endian.hpp"

namespace nim {

namespace {

// "NIMSEQ", the version, 'C': a checkpoint ('V' is --format binary's values).
constexpr std::string_view checkpoint_magic = "NIMSEQ";
constexpr char checkpoint_version = 1;
constexpr char checkpoint_kind = 'C', binary_values_kind = 'V';
// The fixed fields before the rules' text (see docs/sequences.md), and the checksum's.
constexpr std::size_t checkpoint_header_size = 84, checkpoint_checksum_size = 8;

// The fields in order, each read from where the last ended.
class CheckpointFields {
 public:
  explicit CheckpointFields(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t number(std::size_t width) {
    const std::uint64_t n = read_little_endian(bytes_.substr(at_, width));
    at_ += width;
    return n;
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

// FNV-1a, 64 bits: enough to catch a file damaged or cut short (no defence against one forged).
std::uint64_t checkpoint_checksum(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325;
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 0x100000001b3;
  }
  return hash;
}

void write_checkpoint(Buffer& out, std::string_view rules, const SequenceProgress& progress,
                      std::span<const GrundyValue> values) {
  const std::size_t start = out.size();
  const GrundyValue largest = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  const unsigned width = narrowest_width(largest);
  out += checkpoint_magic;
  out += checkpoint_version;
  out += checkpoint_kind;
  for (const std::uint64_t n :
       {progress.up_to, progress.search_limit, progress.most_steps, progress.most, progress.stage,
        progress.counters.steps, progress.counters.next_class_choice})
    append_little_endian(out, n, 8);
  append_little_endian(out, progress.counters.class_mask, 4);
  append_little_endian(out, progress.counters.class_heap_parity, 1);
  append_little_endian(out, width, 1);
  append_little_endian(out, 0, 2);
  append_little_endian(out, values.size(), 8);
  append_little_endian(out, rules.size(), 4);
  out += rules;
  append_little_endian(out, values, width);
  append_little_endian(out, checkpoint_checksum(out.view().substr(start)), 8);
}

SequenceCheckpoint read_checkpoint(std::string_view bytes, std::string_view name) {
  const std::string file = "--resume " + quoted(name);
  if (!bytes.starts_with(checkpoint_magic) || bytes.size() < checkpoint_magic.size() + 2 ||
      (bytes[7] != checkpoint_kind && bytes[7] != binary_values_kind))
    throw UsageError(file + " is not a checkpoint of nim-game sequence (it does not start with " +
                     std::string(checkpoint_magic) + ")");
  if (bytes[7] == binary_values_kind)
    throw UsageError(file + " holds values written by --format binary, not a checkpoint");
  if (bytes[6] != checkpoint_version)
    throw UsageError(file + " is a checkpoint of version " +
                     std::to_string(static_cast<unsigned char>(bytes[6])) +
                     ", which this nim-game does not read (it reads version " +
                     std::to_string(int{checkpoint_version}) + ")");
  const auto cut_short = [&] {
    return UsageError(file + " is cut short: " + std::to_string(bytes.size()) +
                      " bytes, fewer than its header says");
  };
  if (bytes.size() < checkpoint_header_size + checkpoint_checksum_size) throw cut_short();
  CheckpointFields fields(bytes.substr(checkpoint_magic.size() + 2));
  SequenceCheckpoint checkpoint;
  SequenceProgress& progress = checkpoint.progress;
  for (std::uint64_t* n :
       {&progress.up_to, &progress.search_limit, &progress.most_steps, &progress.most,
        &progress.stage, &progress.counters.steps, &progress.counters.next_class_choice})
    *n = fields.number(8);
  progress.counters.class_mask = static_cast<GrundyValue>(fields.number(4));
  progress.counters.class_heap_parity = static_cast<unsigned>(fields.number(1));
  const std::uint64_t width = fields.number(1), reserved = fields.number(2);
  const std::uint64_t count = fields.number(8), rules_size = fields.number(4);
  // The size the header promises, without overflowing: count * width fits 64 bits below 2^61.
  const std::uint64_t room = bytes.size() - checkpoint_header_size - checkpoint_checksum_size;
  if (rules_size > room || count > (room - rules_size) / std::max<std::uint64_t>(width, 1))
    throw cut_short();
  const std::uint64_t size =
      checkpoint_header_size + rules_size + count * width + checkpoint_checksum_size;
  if (bytes.size() > size)
    throw UsageError(file + " is " + std::to_string(bytes.size()) +
                     " bytes long, more than its header says (" + std::to_string(size) + ")");
  if (read_little_endian(bytes.substr(size - checkpoint_checksum_size)) !=
      checkpoint_checksum(bytes.substr(0, size - checkpoint_checksum_size)))
    throw UsageError(file + " is damaged: its checksum does not match its contents");
  // A file that passes the checksum was written by nim-game, unless someone forged it: these
  // checks keep such a file from making the computer misbehave, not from giving wrong values.
  const bool agree = (width == 1 || width == 2 || width == 4) && reserved == 0 && count >= 1 &&
                     progress.counters.class_heap_parity <= 1 &&
                     progress.up_to <= progress.search_limit && progress.up_to <= progress.most &&
                     progress.most <= progress.search_limit && progress.stage <= progress.most &&
                     count <= progress.stage + 1 && progress.counters.next_class_choice >= 256 &&
                     std::has_single_bit(progress.counters.next_class_choice);
  if (!agree) throw UsageError(file + " is damaged: its fields contradict one another");
  checkpoint.rules = std::string(bytes.substr(checkpoint_header_size, rules_size));
  const std::string_view values = bytes.substr(checkpoint_header_size + rules_size, count * width);
  checkpoint.values.resize(count);
  // A heap of n has at most n options that leave one heap, and n/2 + 1 splits for each of the
  // most_splitting_digits takes that may split: its value is at most their number. A heap of 0
  // has none.
  const auto most_value = [](std::uint64_t n) { return n + most_splitting_digits * (n / 2 + 1); };
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t value = read_little_endian(values.substr(n * width, width));
    if ((n == 0 && value != 0) || value > most_value(n))
      throw UsageError(file + " is damaged: its value of heap " + std::to_string(n) + ", " +
                       std::to_string(value) + ", is beyond what its moves could reach");
    checkpoint.values[n] = static_cast<GrundyValue>(value);
  }
  return checkpoint;
}

}  // namespace nim
