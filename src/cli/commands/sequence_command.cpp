// nim-game sequence: a game's Grundy values of one heap and what is known of their period, for
// every game whose positions are worth the XOR of their heaps' values. A take-and-break game
// (--octal, --subtract, --subtract-all-but, --game grundy) has its values computed and their
// period looked for, as CGSuite's NimValueSequence and CheckPeriodicity give them; the other games
// (Nim and the games after it with a theory of their heaps) give both by their theory.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/sequence_computing.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_game_text.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/rules_words.hpp"
#include "format/sequence_sink.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_row.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/theory_sequence.hpp"

namespace nim {

namespace {

namespace option {
using namespace ::nim::option;
constexpr std::string_view up_to = "up-to";
constexpr std::string_view from = "from";
constexpr std::string_view by_period = "by-period";
}  // namespace option

constexpr std::uint64_t default_up_to = 100;
// --misere: the values are searched, heap by heap (Nim's heap of n has n moves).
constexpr std::uint64_t most_misere_heaps = 5'000;
// A table of pairs (Wythoff's game): (N + 1)^2 values, each a mex over about 3N moves.
constexpr std::uint64_t most_pair_heaps = 100;

// The games sequence offers: those whose heaps have values alone, and those of two heaps, whose
// pairs have a table.
bool has_sequence(const GameSpec& spec) {
  return values_come_from_single_heaps(spec) || fixed_heap_count(spec) == 2;
}
constexpr std::uint64_t default_grundy_limit = 10'000;
// 2^30: while computed, a take-and-break game's values take 6 bytes each (4, and 2 more for the
// searches while they fit 16 bits), 6.4 GB at most, and their output as much again at most.
constexpr std::uint64_t most_heaps = std::uint64_t{1} << 30;
// --grundy-limit, as every command reads it (input/game_choice): --up-to goes further.
constexpr std::uint64_t most_grundy_limit = 100'000'000;

std::vector<OptionGroup> sequence_options() {
  return {
      {"",
       {
           {.name = option::up_to,
            .value = "N",
            .help = "the values of heaps 0 to N (default 100)"},
           {.name = option::from, .value = "F", .help = "start at heap F instead of 0 (F <= N)"},
           {.name = option::grundy_limit,
            .value = "L",
            .help = "look for a period in the values up to heap L (default 10000, at least N, "
                    "at most 100000000), in max(L, 1024)^2 steps at most"},
           jobs_option("N >= 2: compute a take-and-break game's values on 2 threads; 0: one "
                       "per core (default 1)"),
       }},
      [] {
        // --game, --octal, --subtract and --subtract-all-but as analyse declares them, --game
        // offering only the games whose values come from single heaps; and Nim's cap.
        OptionGroup choice = game_choice_options(has_sequence);
        OptionGroup group{choice.title, {}};
        for (OptionSpec& spec : choice.options)
          if (spec.name == option::game || spec.name == option::octal ||
              spec.name == option::subtract || spec.name == option::subtract_all_but ||
              spec.name == option::search_limit)
            group.options.push_back(std::move(spec));
        for (OptionSpec& spec : rule_options().options)
          if (spec.name == option::max_take) group.options.push_back(std::move(spec));
        for (OptionSpec& spec : rule_options().options)
          if (spec.name == option::misere) {
            spec.help =
                "the misère Grundy values of single heaps (an empty heap worth 1), searched to "
                "heap 5000 at most; they do not add in sums";
            group.options.push_back(std::move(spec));
          }
        return group;
      }(),
      checkpoint_options(),
      {"Output",
       {format_option("json (default), text, csv, tsv, svg (a picture of G(n) against n) or "
                      "binary (the values as bytes)",
                      Tables::and_picture_and_bytes),
        {.name = option::by_period,
         .help = "text: a period a row, values before the pre-period that the period would not "
                 "give marked *"}}},
  };
}

// The one refusal of a game without values of single heaps, whichever it is.
[[noreturn]] void refuse_game(const std::string& name) {
  throw UsageError(
      "sequence lists the values of single heaps, which a game has only when its positions are "
      "worth the XOR of their heaps' values: not so in " +
      name);
}

// What the sequence command writes, and how: the heaps, and the sink of the format, chosen once.
struct SequenceOutput {
  SequenceRange range;
  std::variant<JsonSequenceSink, TextSequenceSink, TableSequenceSink, SvgSequenceSink,
               BinarySequenceSink>
      sink;
};

SequenceOutput read_output(const GameOptions& options, const ParsedOptions& given,
                           std::uint64_t up_to, const Output& out) {
  SequenceOutput output{.range = {.from = 0, .up_to = up_to}, .sink = JsonSequenceSink{}};
  if (const auto* text = given.value(option::from))
    output.range.from = parse_whole_number("--from", *text, 0, up_to);
  const bool by_period = given.has(option::by_period);
  if (by_period && options.format != Format::text)
    throw UsageError("--by-period lays out the text; it needs --format text");
  switch (options.format) {
    case Format::json:
    case Format::npy:  // not a format of sequence's
      break;
    case Format::text:
      output.sink = TextSequenceSink{TextStyle{.width = text_width(1)}, by_period};
      break;
    case Format::csv:
    case Format::tsv:
      output.sink = TableSequenceSink{options.format == Format::csv ? ',' : '\t'};
      break;
    case Format::svg:
      output.sink = SvgSequenceSink{};
      break;
    case Format::binary:
      // As gzip and other tools of bytes: a terminal would show them as garbage.
      if (is_terminal(out.fd()))
        throw UsageError(
            "--format binary writes bytes, not text: send them to a file or a pipe (> FILE)");
      output.sink = BinarySequenceSink{};
      break;
  }
  return output;
}

// The sequence, through the sink chosen.
void write_sequence(const SequenceOutput& output, Output& out, const ShownSequence& sequence) {
  if (std::holds_alternative<TextSequenceSink>(output.sink) &&
      std::get<TextSequenceSink>(output.sink).by_period && !sequence.period)
    throw UsageError("--by-period lays out a period a row, and no period is known for " +
                     sequence.title);
  std::visit([&](const auto& sink) { sink.sequence(out.buffer(), sequence, output.range); },
             output.sink);
  out.end_record();
}

// A take-and-break game: its values computed to `up_to`, and on to `limit` for a period.
void write_computed(const SequenceOutput& output, Output& out, HeapGame game, std::uint64_t limit,
                    const CheckpointOptions& checkpoint, unsigned threads) {
  const std::uint64_t up_to = output.range.up_to;
  const std::uint64_t most_steps = most_grundy_steps(std::max(limit, up_to));
  const GrundySequence sequence =
      compute(checkpoint, std::move(game), up_to, std::max(limit, up_to), most_steps, threads);
  if (sequence.computed_to() < up_to)
    throw UsageError("the values of " + describe(sequence.game) + " to heap " +
                     std::to_string(up_to) + " pass their bound of " + std::to_string(most_steps) +
                     " steps (the square of --grundy-limit, or of --up-to if larger) at heap " +
                     std::to_string(sequence.computed_to() + 1));
  write_sequence(output, out, shown(sequence));
}

// Misère play's values of single heaps, by the mex over their moves (an empty heap worth 1), which
// a search finds heap by heap within the bound of --limit-search.
void write_misere(const SequenceOutput& output, Output& out, const GameSpec& spec) {
  const std::uint64_t up_to = output.range.up_to;
  if (up_to > most_misere_heaps)
    throw UsageError("--up-to " + std::to_string(up_to) +
                     " with --misere: misère values are "
                     "searched heap by heap, to heap " +
                     std::to_string(most_misere_heaps) + " at most");
  GameSpec normal = spec;
  normal.misere = false;
  const auto refuse_at = [&](std::uint64_t heap) {
    return UsageError(
        "the misère values of " + game_name(normal) + " to heap " + std::to_string(up_to) +
        " pass the search's bounds (--limit-search " + std::to_string(spec.search_limit) +
        ": as many positions, and 32 moves looked at for each) at heap " + std::to_string(heap));
  };
  if (up_to >= spec.search_limit) throw refuse_at(spec.search_limit);
  const PreparedGame game(spec, BigHeap(up_to));
  std::vector<Position<SmallHeap>> heaps;
  for (std::uint64_t n = 0; n <= up_to; ++n)
    heaps.push_back({n});
  const std::vector<GrundyValue> values =
      make_engine<SmallHeap>(game)->mex_values(heaps, spec.search_limit);
  if (values.size() <= up_to) throw refuse_at(values.size());
  write_sequence(output, out, shown_misere(spec, values));
}

// A game of two heaps (Wythoff's): the table of its pairs' values, G(a, b) for a, b <= N, by the
// mex over their moves.
void write_pairs(const SequenceOutput& output, Output& out, const GameSpec& spec,
                 const ParsedOptions& given, Format format) {
  const std::string title = game_title(spec);
  if (given.value(option::from))
    throw UsageError("--from starts a sequence of single heaps; " + title +
                     " has a table of pairs, from (0, 0)");
  if (given.has(option::by_period))
    throw UsageError("--by-period lays out a period a row; " + title +
                     " has a table of pairs, and no period");
  if (format == Format::svg || format == Format::binary)
    throw UsageError(
        std::string(format == Format::svg ? "--format svg draws" : "--format binary writes") +
        " the values of single heaps; " + title + " has a table of pairs: json, text, csv or tsv");
  const std::uint64_t up_to = output.range.up_to;
  if (up_to > most_pair_heaps)
    throw UsageError("--up-to " + std::to_string(up_to) + ": the table of pairs of " + title +
                     " goes to heap " + std::to_string(most_pair_heaps) + " at most");
  const PreparedGame game(spec, BigHeap(up_to));
  std::vector<Position<SmallHeap>> pairs;
  for (std::uint64_t a = 0; a <= up_to; ++a)
    for (std::uint64_t b = 0; b <= up_to; ++b)
      pairs.push_back({a, b});
  const std::vector<GrundyValue> values =
      make_engine<SmallHeap>(game)->mex_values(pairs, std::numeric_limits<std::uint64_t>::max());
  std::visit([&](const auto& sink) { sink.table(out.buffer(), shown_table(spec, up_to, values)); },
             output.sink);
  out.end_record();
}

// The values of a game whose theory gives them (its row's theory_sequence): refused when their
// period does not fit 64 bits.
void write_theory(const SequenceOutput& output, Output& out, const GameSpec& spec) {
  const auto theory = game_row(spec.kind).theory_sequence;
  if (!theory) refuse_game(game_name(spec));
  const auto sequence = theory(spec, output.range.up_to);
  if (!sequence)
    throw UsageError(
        "the Grundy values repeat with a period beyond 2^64 - 1, which sequence does not write: " +
        game_title(spec));
  write_sequence(output, out, shown(*sequence));
}

int run(const ParsedOptions& given, Output& out) {
  const GameOptions options = read_game_options(given, Format::json, Tables::and_picture_and_bytes);
  reject_operands(given);
  const GameSpec spec = read_game(given, options.rules);
  if (!has_sequence(spec)) refuse_game(game_name(spec));
  std::uint64_t up_to = default_up_to, limit = default_grundy_limit;
  if (const auto* text = given.value(option::up_to))
    up_to = parse_whole_number("--up-to", *text, 0, most_heaps);
  if (const auto* text = given.value(option::grundy_limit))
    limit = parse_whole_number("--grundy-limit", *text, 0, most_grundy_limit);
  const SequenceOutput output = read_output(options, given, up_to, out);
  const CheckpointOptions checkpoint = read_checkpoint_options(given);
  const auto* jobs = given.value(option::jobs);
  const unsigned threads = jobs ? parse_jobs(*jobs) : 1;
  if ((checkpoint.file || jobs) &&
      (!values_come_from_single_heaps(spec) || spec.misere || !values_are_computed(spec)))
    throw UsageError(
        (checkpoint.file ? checkpoint.option + " saves" : "--jobs shares") +
        " the computing of a take-and-break game's values in normal play "
        "(--octal, --subtract, --subtract-all-but, --game grundy); " +
        (spec.misere ? "misère values are searched, to heap 5000 at most"
                     : game_title(spec) + " has none to " + (checkpoint.file ? "save" : "share")));
  if (!values_come_from_single_heaps(spec))
    write_pairs(output, out, spec, given, options.format);
  else if (spec.misere)
    write_misere(output, out, spec);
  else if (values_are_computed(spec))
    write_computed(output, out, spec.heap_game, limit, checkpoint, threads);
  else
    write_theory(output, out, spec);
  return exit_ok;
}

constexpr const char* epilogue =
    R"(Every game whose positions are worth the XOR of their heaps' values has a
sequence: Nim (the default, G(n) = n; with --max-take K, G(n) = n mod (K+1)) and
Lasker's Nim get their values and their period from the game's theory ("proof":
"theory"). A take-and-break game's values are computed to heap N and, while no
period is proved, on to heap L to find one. A period is proved by the Guy-Smith
theorem for octal games (a repeated window of the last max(S) values for games
that never split a heap); an all-but subtraction game's arithmetic period is
only seen, never proved; Grundy's game has no known period. Moore's Nim and
staircase Nim are refused: a heap alone has no value in them. Wythoff's game
writes the table of its pairs' values G(a, b), a and b from 0 to N (at most
100). --misere writes misère Grundy values (an empty heap worth 1; 0 exactly
when a heap alone is lost), searched to heap 5000 at most: they do not add.

With --checkpoint FILE, a take-and-break game's computing is saved to FILE as
it goes (written to FILE.tmp, then renamed) and when a signal stops it; the same
command line with --resume FILE goes on to the same values. With --jobs 2, a
second thread pairs the rare heaps of the heaps ahead: the same values, sooner.

Examples:
  nim-game sequence --octal 0.07 --up-to 200
  nim-game sequence --subtract 1,3,4 --format text
  nim-game sequence --game grundy --up-to 100000
  nim-game sequence --game lasker --up-to 20 --format text
  nim-game sequence --game wythoff --up-to 9 --format text
  nim-game sequence --octal 0.77 --misere --up-to 40
  nim-game sequence --game grundy --up-to 10000000 --checkpoint grundy.ckpt
  nim-game sequence --octal 0.007 --up-to 1000000 --jobs 2

Exit status: 0 success; 2 bad command line (a bad code or list, a game that has
no values of single heaps, --up-to above 1073741824 or --grundy-limit above
100000000, a misère search beyond its bound, a --resume file of another game or
settings, or not a whole checkpoint); 3 input or output failed (--resume,
--checkpoint), memory ran out, or the second thread of --jobs would not start;
129, 130, 143 stopped by SIGHUP, SIGINT or SIGTERM, the computing saved.
)";

}  // namespace

Command sequence_command() {
  return {.name = "sequence",
          .summary = "Grundy values of one heap and their period, proved or only seen",
          .guide = "sequences.md",
          .usage =
              "sequence [--game NAME | --max-take K] [OPTION...]\n"
              "  nim-game sequence (--octal CODE | --subtract LIST | --subtract-all-but LIST)\n"
              "                    [OPTION...]",
          .options = sequence_options,
          .run = run,
          .epilogue = epilogue};
}

}  // namespace nim
