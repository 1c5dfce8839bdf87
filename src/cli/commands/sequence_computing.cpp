#include "cli/commands/sequence_computing.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "cli/input/sequence_checkpoint.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/interrupt.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/output.hpp"
#include "cli/system/progress_line.hpp"
#include "cli/system/whole_file.hpp"
#include "text/buffer.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

namespace checkpoint_option {
constexpr std::string_view file = "checkpoint";
constexpr std::string_view every = "checkpoint-every";
constexpr std::string_view resume = "resume";
}  // namespace checkpoint_option

// A save never takes more than 1/20 of the time: the next waits at least 20 times as long.
constexpr int save_time_ratio = 20;

// The computing saved in --resume's file, which must be of the same game, --up-to and
// --grundy-limit as the command line's: anything else would give other values.
SequenceComputation resumed(const CheckpointOptions& checkpoint, HeapGame game, std::uint64_t up_to,
                            std::uint64_t search_limit, std::uint64_t most_steps,
                            unsigned threads) {
  const std::string& path = *checkpoint.resume;
  const std::string named = "--resume " + quoted(path);
  std::string bytes;
  try {
    bytes = read_whole_file(path);
  } catch (const std::system_error& e) {
    throw ReadError("cannot read " + named + ": " + e.code().message());
  }
  SequenceCheckpoint saved = read_checkpoint(bytes, path);
  bytes = {};  // the values are in `saved`: the file's copy goes before the computing grows
  const SequenceProgress& progress = saved.progress;
  const std::string rules = describe(game);
  if (saved.rules != rules)
    throw UsageError(named + " holds the values of " +
                     (is_safe_to_show(saved.rules) ? saved.rules : quoted(saved.rules)) +
                     ", not of " + rules);
  if (progress.up_to != up_to)
    throw UsageError(named + " was saved with --up-to " + std::to_string(progress.up_to) +
                     ", not " + std::to_string(up_to));
  if (progress.search_limit != search_limit)
    throw UsageError(
        named + " looks for a period up to heap " + std::to_string(progress.search_limit) +
        " (the larger of --grundy-limit and --up-to), not " + std::to_string(search_limit));
  if (progress.most_steps != most_steps)
    throw UsageError(named + " is damaged: its fields contradict one another");
  return {std::move(game), progress, std::move(saved.values), threads};
}

}  // namespace

OptionGroup checkpoint_options() {
  return {
      "Checkpoint",
      {
          {.name = checkpoint_option::file,
           .value = "FILE",
           .help = "save the computing of a take-and-break game's values to FILE every 30 s and "
                   "when stopped (Ctrl-C, SIGTERM, SIGHUP), for --resume"},
          {.name = checkpoint_option::every,
           .value = "S",
           .help = "seconds between two saves (default 30; 0: every 4096 heaps)",
           .kind = OptionSpec::Kind::number},
          {.name = checkpoint_option::resume,
           .value = "FILE",
           .help = "go on from the computing saved in FILE, given the same game, --up-to and "
                   "--grundy-limit; saved there again (or to --checkpoint FILE)"},
      }};
}

CheckpointOptions read_checkpoint_options(const ParsedOptions& given) {
  CheckpointOptions checkpoint;
  if (const auto* path = given.value(checkpoint_option::resume)) {
    checkpoint.resume = checkpoint.file = *path;
    checkpoint.option = "--resume";
  }
  if (const auto* path = given.value(checkpoint_option::file)) {
    checkpoint.file = *path;
    checkpoint.option = "--checkpoint";
  }
  if (const auto* text = given.value(checkpoint_option::every)) {
    if (!checkpoint.file)
      throw UsageError("--checkpoint-every needs --checkpoint FILE or --resume FILE");
    // A year at most, so that the seconds stay far from overflowing any clock.
    checkpoint.every =
        std::chrono::seconds(parse_whole_number("--checkpoint-every", *text, 0, 31'536'000));
  }
  return checkpoint;
}

GrundySequence compute(const CheckpointOptions& checkpoint, HeapGame game, std::uint64_t up_to,
                       std::uint64_t search_limit, std::uint64_t most_steps, unsigned threads) {
  // At a terminal, a line of the heaps done: the values of a million heaps take seconds or
  // minutes. It is erased before the values are written.
  ProgressLine progress("nim-game sequence", "heaps", search_limit + 1);
  std::uint64_t reported = 0;
  const auto report = [&](std::uint64_t heaps) {
    progress.add(heaps - reported);
    reported = heaps;
  };
  if (!checkpoint.file)
    return compute_sequence(std::move(game), up_to, search_limit, most_steps, report, threads);
  const std::string rules = describe(game);
  SequenceComputation computation =
      checkpoint.resume
          ? resumed(checkpoint, std::move(game), up_to, search_limit, most_steps, threads)
          : SequenceComputation(std::move(game), up_to, search_limit, most_steps, threads);
  computation.report_progress(report);
  // From here a signal pauses the computing, which is saved before nim-game ends.
  const InterruptCatcher catcher;
  using Clock = std::chrono::steady_clock;
  Clock::time_point next_save = Clock::now() + checkpoint.every;
  computation.pause_when(
      [&](std::uint64_t) { return InterruptCatcher::caught() != 0 || Clock::now() >= next_save; });
  const std::string named = checkpoint.option + " " + quoted(*checkpoint.file);
  while (!computation.run()) {
    const Clock::time_point started = Clock::now();
    Buffer bytes;
    write_checkpoint(bytes, rules, computation.progress(), computation.values());
    try {
      replace_file(*checkpoint.file, bytes.view());
    } catch (const std::system_error& e) {
      throw WriteError("cannot write " + named + ": " + e.code().message());
    }
    if (const int signal = InterruptCatcher::caught())
      throw StoppedBySignal(
          signal, "stopped at heap " + std::to_string(computation.values().size()) +
                      ": the computing is saved in " + quoted(*checkpoint.file) +
                      ", and --resume " + quoted(*checkpoint.file) + " goes on from there");
    const Clock::time_point saved = Clock::now();
    next_save =
        saved + std::max<Clock::duration>(checkpoint.every, save_time_ratio * (saved - started));
  }
  return std::move(computation).result();
}

}  // namespace nim
