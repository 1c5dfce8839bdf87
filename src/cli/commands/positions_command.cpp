// nim-game positions: position sets for data sets. A random sample (--count), balanced between
// won and lost positions if asked (--balanced), without repeats (--unique), split into files that
// share no position (--split), or every position of a space in order (--all); one a line in the
// plain form --batch reads, as JSON objects with their rules, or as CSV or TSV rows, labelled with
// what the rules say of them if asked (--label, --fields).
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/positions_games.hpp"
#include "cli/input/field_list.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/split_spec.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/open_file.hpp"
#include "format/position_sink.hpp"
#include "format/rules_words.hpp"
#include "nim/any_position.hpp"
#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/sampling.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view count = "count";
constexpr std::string_view balanced = "balanced";
constexpr std::string_view sorted = "sorted";
constexpr std::string_view all = "all";
constexpr std::string_view heap_count = "heap-count";
constexpr std::string_view max_size = "max-size";
constexpr std::string_view label = "label";
constexpr std::string_view fields = "fields";
constexpr std::string_view unique = "unique";
constexpr std::string_view split = "split";
constexpr std::string_view output_prefix = "output-prefix";
constexpr std::string_view pad = "pad";
}  // namespace option

constexpr std::array<Named<Sameness>, 1> unique_readings{{{"ordered", Sameness::ordered}}};

std::vector<OptionGroup> positions_options() {
  return {
      {"",
       {
           {.name = option::count, .value = "N", .help = "a random sample of N positions"},
           {.name = option::all, .help = "every position, in order"},
           {.name = option::heap_count,
            .value = "A..B",
            .help = "how many heaps a position has: A to B (or just N), at least 1"},
           {.name = option::max_size, .value = "M", .help = "the largest heap size (any size)"},
           {.name = "min-size", .value = "m", .help = "the smallest heap size (default 0)"},
           {.name = option::balanced,
            .help = "with --count: half the positions won for the player to move, half lost"},
           {.name = option::sorted, .help = "with --all: only sizes in non-decreasing order"},
           {.name = option::unique,
            .value = "[ordered]",
            .help = "with --count: no position twice (heaps in any order are the same position; "
                    "ordered: only in the same order)",
            .choices = names_of<Sameness>(unique_readings),
            .optional = true},
           {.name = option::split,
            .value = "NAME=SHARE,...",
            .help = "with --count: parts that share no position, each a file (train=0.8,test=0.2)"},
           {.name = option::output_prefix,
            .value = "PREFIX",
            .help = "with --split: part NAME goes to PREFIXNAME.txt, .jsonl, .csv or .tsv"},
           seed_option(),
       }},
      {"Rules (for --balanced and --label)", rule_options().options},
      game_choice_options(),
      {"Output",
       {
           format_option("text (default: `1 3 5 7`, as --batch reads it), json "
                         "({\"heaps\":[1,3,5,7],\"rules\":{...}}), csv or tsv",
                         Tables::yes),
           {.name = option::label,
            .help = "add what the rules say of each position: winning (and the --fields chosen)"},
           {.name = option::fields,
            .value = "LIST",
            .help = "what each record holds: heaps, state, rules, winning, move, action, "
                    "winning_moves, winning_actions, grundy_values, nim_sum, grundy_sum"},
           {.name = option::pad,
            .value = "N",
            .help = "csv, tsv: fill the cells of missing heaps with N (default: empty)"},
       }},
  };
}

// A heap size given as an option: a whole number of any size.
BigHeap parse_size(std::string_view option, const std::string& text) {
  const auto size = parse_integer(text);
  if (!size || *size < 0)
    throw UsageError(std::string(option) + " " + quoted(text) +
                     " is not a whole number (0 or more, of any size)");
  return *size;
}

// What the command line asks of the positions command, checked.
struct Request {
  GameOptions game;
  std::optional<std::uint64_t> count;  // --count; none with --all
  bool balanced = false;
  bool sorted = false;
  Range<std::size_t> heap_count{1, 1};
  BigHeap least_size = 0, most_size = 0;
  std::uint64_t seed = 0;   // the seed in use, with --count
  bool seed_drawn = false;  // not given: say it on stderr, so that the run can be repeated
  bool label = false;
  std::vector<Field> fields;       // what each record holds (text: the heaps alone)
  std::optional<Sameness> unique;  // --unique, and always with --split
  std::vector<SplitPart> split;    // none: one part, to stdout
  std::string output_prefix;       // with --split
  std::optional<BigHeap> pad;      // csv, tsv
};

bool is_table(Format format) {
  return format == Format::csv || format == Format::tsv;
}

// The fields of a record when --fields is not given: the heaps, the rules in JSON (so that
// --batch can check them), and with --label whether the position is won.
std::vector<Field> default_fields(Format format, bool label) {
  std::vector<Field> fields{Field::heaps};
  if (format == Format::json) fields.push_back(Field::rules);
  if (label) fields.push_back(Field::winning);
  return fields;
}

void read_output_request(const ParsedOptions& given, Request& request) {
  const Format format = request.game.format;
  request.label = given.has(option::label);
  const auto* fields = given.value(option::fields);
  if (format == Format::text) {
    for (const std::string_view needs_fields : {option::label, option::fields})
      if (given.has(needs_fields))
        throw UsageError(
            dashed(needs_fields) +
            " writes fields: give --format json, csv or tsv (text is the heaps alone)");
  }
  request.fields =
      fields ? parse_field_list("--fields", *fields) : default_fields(format, request.label);
  for (const Field field : request.fields)
    if (about(field).needs_analysis && !request.label)
      throw UsageError("--fields " + std::string(about(field).name) +
                       " needs --label (the rules decide it)");
  if (const auto* pad = given.value(option::pad)) {
    if (!is_table(format))
      throw UsageError("--pad fills table cells: it needs --format csv or tsv");
    request.pad = parse_size("--pad", *pad);
  }
}

void read_set_request(const ParsedOptions& given, Request& request) {
  if (const auto* reading = given.value(option::unique))
    request.unique = reading->empty()
                         ? Sameness::any_order
                         : parse_named<Sameness>("--unique", *reading, unique_readings);
  if (const auto* split = given.value(option::split)) {
    request.split = parse_split_spec("--split", *split);
    if (!request.unique) request.unique = Sameness::any_order;
  }
  const auto* prefix = given.value(option::output_prefix);
  if (given.has(option::split) && !prefix)
    throw UsageError("--split needs --output-prefix PREFIX (where its files go)");
  if (prefix && !given.has(option::split))
    throw UsageError("--output-prefix names the files of --split; it needs --split");
  if (prefix) request.output_prefix = *prefix;
  for (const std::string_view needs_count : {option::unique, option::split})
    if (given.has(needs_count) && !request.count)
      throw UsageError(dashed(needs_count) + " needs --count (--all writes each position once)");
}

Request read_request(const ParsedOptions& given) {
  Request request;
  request.game = read_game_options(given, Format::text, Tables::yes);
  request.balanced = given.has(option::balanced);
  request.sorted = given.has(option::sorted);
  const bool all = given.has(option::all);
  reject_operands(given);
  if (const auto* text = given.value(option::count))
    request.count = parse_whole_number("--count", *text);
  if (all && request.count) throw UsageError("--count and --all cannot be used together");
  if (!all && !request.count)
    throw UsageError("no positions asked for: give --count N (a random sample) or --all");
  const auto* heap_count = given.value(option::heap_count);
  if (!heap_count) throw UsageError("positions needs --heap-count A..B (how many heaps)");
  const auto [least, most] = parse_range("--heap-count", *heap_count, 1);
  request.heap_count = {least, most};
  const auto* max_size = given.value(option::max_size);
  if (!max_size) throw UsageError("positions needs --max-size M (the largest heap size)");
  request.most_size = parse_size("--max-size", *max_size);
  if (const auto* min_size = given.value("min-size"))
    request.least_size = parse_size("--min-size", *min_size);
  if (request.most_size < request.least_size)
    throw UsageError("--min-size " + request.least_size.get_str() + " is more than --max-size " +
                     request.most_size.get_str());

  if (request.sorted && !all) throw UsageError("--sorted needs --all");
  if (request.balanced && !request.count) throw UsageError("--balanced needs --count");
  read_output_request(given, request);
  read_set_request(given, request);
  if (request.balanced && request.split.empty() && *request.count % 2 != 0)
    throw UsageError("--balanced needs an even --count (half won, half lost), not " +
                     std::to_string(*request.count));
  const bool rules_used =
      request.balanced || request.label || has_field(request.fields, Field::rules);
  std::vector<OptionSpec> rules = rule_options().options;
  for (OptionSpec& game : game_choice_options().options)
    rules.push_back(std::move(game));
  for (const OptionSpec& rule : rules)
    if (given.has(rule.name) && !rules_used)
      throw UsageError(dashed(rule.name) +
                       " needs --balanced, --label or the rules field of --format json (the rules "
                       "decide who wins)");
  request.seed = seed_in_use(request.game, request.count.has_value(), "--count").value_or(0);
  request.seed_drawn = request.count && !request.game.seed;
  return request;
}

// The space in words, for a message: "1 to 3 heaps of sizes 0 to 5 under normal play".
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
std::string describe(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                     const Rules& rules) {
  std::string text = std::to_string(heap_count.least);
  if (heap_count.most != heap_count.least) text += " to " + std::to_string(heap_count.most);
  text += heap_count.most == 1 ? " heap" : " heaps";
  text += size.least == size.most
              ? " of size " + to_decimal(size.least)
              : " of sizes " + to_decimal(size.least) + " to " + to_decimal(size.most);
  return text + under_rules(rules);
}

// Once the request is known to be good (stderr then holds only this line).
void say_seed(const Request& request) {
  if (request.seed_drawn)
    std::fprintf(stderr, "nim-game: --seed %llu draws these positions again\n",
                 static_cast<unsigned long long>(request.seed));
}

// The records of positions, through the sink: each analysed first when its fields need it.
template <PositionSink Sink, HeapSumRuleset Rules, class Heap = typename Rules::Heap>
class RecordWriter {
 public:
  RecordWriter(const Request& request, const Rules& rules, const Sink& sink)
      : rules_(rules),
        sink_(sink),
        label_(request.label),
        unlabelled_{.position = {}, .rules = rules} {
    for (const Field field : {Field::winning_moves, Field::winning_actions})
      if (has_field(request.fields, field)) winning_ = WinningMoves::list;
  }

  void header(Buffer& out) const { sink_.header(out); }

  // Inlined: --all writes about 90 million positions a second, and a call for each cost a fifth.
  [[gnu::always_inline]] void operator()(Buffer& out, const Position<Heap>& position) {
    if (!label_) {
      unlabelled_.position = position;
      return sink_.position(out, unlabelled_);
    }
    SplitMix64 rng(0);  // the default policies draw nothing
    sink_.position(out, analyse(ScannedPosition(position, rules_), Strategy{}, rng, winning_));
  }

 private:
  const Rules& rules_;
  const Sink& sink_;
  bool label_;
  WinningMoves winning_ = WinningMoves::omit;
  Analysis<Rules> unlabelled_;  // without --label: the position and the rules alone, made once
};

// What a --unique request cannot get: more positions, or more of one outcome, than the space
// holds (counted exactly, in the sense of --unique). Checked before anything is written.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void check_reachable(const Request& request, const Range<Heap>& size, const Rules& rules) {
  const Sameness sameness = *request.unique;
  const std::string sense =
      sameness == Sameness::any_order ? "heaps in any order" : "heaps in order";
  const std::string space = describe(request.heap_count, size, rules);
  const BigHeap sizes = BigHeap(size.most) - BigHeap(size.least) + 1;
  const BigHeap total =
      count_all_positions(request.heap_count, sizes, sameness == Sameness::any_order);
  if (total < *request.count)
    throw UsageError("--unique: --count " + std::to_string(*request.count) + " is more than the " +
                     total.get_str() + " different positions of " + space + " (" + sense + ")");
  if (!request.balanced || !is_small_space(request.heap_count, size)) return;
  const auto counts = count_by_outcome(request.heap_count, size, rules, sameness);
  for (const Outcome outcome : {Outcome::lost, Outcome::won})
    if (counts[static_cast<int>(outcome)] < *request.count / 2)
      throw UsageError("--unique --balanced: --count " + std::to_string(*request.count) +
                       " needs " + std::to_string(*request.count / 2) + " " +
                       (outcome == Outcome::won ? "won" : "lost") + " positions, and " + space +
                       " has " + counts[static_cast<int>(outcome)].get_str() + " (" + sense + ")");
}

// The file of a part of --split.
std::string part_path(const Request& request, const SplitPart& part) {
  // In the order of Format: json, text, csv, tsv.
  constexpr std::array<std::string_view, 4> extensions{".jsonl", ".txt", ".csv", ".tsv"};
  return request.output_prefix + part.name +
         std::string(extensions[static_cast<std::size_t>(request.game.format)]);
}

// Writes `records` under their header to `path`, created or emptied.
void write_file(const std::string& path, const Buffer& header, const Buffer& records) {
  try {
    OpenFile file(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    Output out(file.fd());
    out.write(header.view());
    out.write(records.view());
    out.flush();
  } catch (const std::system_error& e) {
    throw WriteError("cannot write " + path + ": " + std::strerror(e.code().value()));
  }
}

// --unique and --split: every part's positions drawn first, none twice, into memory; then written,
// so that a request that cannot be met writes nothing.
template <HeapSumRuleset Rules, class Writer, class Heap = typename Rules::Heap>
void write_unique(const Request& request, const Range<Heap>& size, const Rules& rules,
                  Writer& write, SplitMix64& rng, Output& out) {
  check_reachable(request, size, rules);
  std::vector<SplitPart> parts = request.split;
  if (parts.empty()) parts.push_back({"", whole_share});
  const std::vector<std::uint64_t> counts = split_counts(parts, *request.count);
  if (request.balanced)
    for (std::size_t k = 0; k < parts.size(); ++k)
      if (counts[k] % 2 != 0)
        throw UsageError("--split with --balanced: part " + parts[k].name + " gets " +
                         std::to_string(counts[k]) +
                         " positions, an odd number (half won, half lost)");
  SeenPositions<Heap> seen(*request.unique);
  const auto is_new = [&](const Position<Heap>& position) { return seen.insert(position); };
  std::vector<Buffer> records(parts.size());
  const auto gave_up = [&](std::uint64_t drawn) {
    return UsageError("--unique: no new position of " + describe(request.heap_count, size, rules) +
                      " turned up in " + std::to_string(small_space_work) +
                      " tries in a row, after " + std::to_string(drawn) +
                      ": there are too few, or they are too rare to draw");
  };
  std::uint64_t drawn = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const auto keep = [&](const Position<Heap>& position) {
      write(records[k], position);
      ++drawn;
    };
    if (request.balanced) {
      const OutcomeSampler sampler(request.heap_count, size, rules);
      if (!draw_balanced(rng, counts[k], sampler, keep, is_new, small_space_work))
        throw gave_up(drawn);
      continue;
    }
    const PositionSampler<Heap> sampler(request.heap_count, size);
    Position<Heap> position;
    for (std::uint64_t n = 0; n < counts[k]; ++n) {
      std::uint64_t tries = 0;
      do {
        if (tries++ == small_space_work) throw gave_up(drawn);
        sampler.draw(rng, position);
      } while (!is_new(position));
      keep(position);
    }
  }
  say_seed(request);
  Buffer header;
  write.header(header);
  if (request.split.empty()) {
    out.write(header.view());
    out.write(records[0].view());
    return;
  }
  for (std::size_t k = 0; k < parts.size(); ++k)
    write_file(part_path(request, parts[k]), header, records[k]);
}

template <PositionSink Sink, HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_positions(const Request& request, const Range<Heap>& size, const Rules& rules,
                     const Sink& sink, Output& out) {
  RecordWriter writer(request, rules, sink);
  const auto write = [&](const Position<Heap>& position) {
    writer(out.buffer(), position);
    out.end_record();
  };
  if (!request.count) {
    writer.header(out.buffer());
    AllPositions<Heap> all(request.heap_count, size, request.sorted);
    while (all.next()) {  // the writer itself, not `write`, which GCC does not inline here
      writer(out.buffer(), all.position());
      out.end_record();
    }
    return;
  }
  SplitMix64 rng(request.seed);
  if (request.balanced) {
    const OutcomeSampler sampler(request.heap_count, size, rules);
    if (const auto missing = find_missing_outcome(sampler, rng)) {
      const std::string outcome = missing->outcome == Outcome::won ? "won" : "lost";
      const std::string space = describe(request.heap_count, size, rules);
      if (missing->certain)
        throw UsageError("--balanced: no position of " + space + " is " + outcome +
                         " for the player to move");
      throw UsageError("--balanced: no position of " + space + " that is " + outcome +
                       " for the player to move turned up in many tries: such positions are too "
                       "rare to draw, or there are none");
    }
  }
  if (request.unique) return write_unique(request, size, rules, writer, rng, out);
  say_seed(request);
  writer.header(out.buffer());
  if (request.balanced) {
    draw_balanced(rng, *request.count, OutcomeSampler(request.heap_count, size, rules), write);
    return;
  }
  const PositionSampler<Heap> sampler(request.heap_count, size);
  Position<Heap> position;
  for (std::uint64_t k = 0; k < *request.count; ++k) {
    sampler.draw(rng, position);
    write(position);
  }
}

// The sink of the format asked for, chosen here once.
template <class Run>
void with_sink(const Request& request, Run&& run) {
  switch (request.game.format) {
    case Format::text:
      return run(TextPositionSink{});
    case Format::json:
      return run(JsonPositionSink(request.fields));
    case Format::csv:
    case Format::tsv:
      return run(TablePositionSink(
          TableLayout{.kind = request.game.format == Format::csv ? TableKind::csv : TableKind::tsv,
                      .fields = request.fields,
                      .heap_columns = request.heap_count.most,
                      .pad = request.pad}));
  }
}

// The games after Nim: the options they offer, checked, then positions_games.cpp.
int run_games(const ParsedOptions& given, const Request& request, const GameSpec& spec,
              Output& out) {
  for (const std::string_view nim_only : {option::unique, option::split, option::fields})
    if (given.has(nim_only))
      throw UsageError(dashed(nim_only) + " is offered for Nim only, not for " + game_name(spec));
  if (is_table(request.game.format))
    throw UsageError("--format csv and tsv are offered for Nim only; " + game_name(spec) +
                     " writes text or json");
  return write_game_positions({.count = request.count,
                               .balanced = request.balanced,
                               .sorted = request.sorted,
                               .json = request.game.format == Format::json,
                               .label = request.label,
                               .heap_count = request.heap_count,
                               .least_size = request.least_size,
                               .most_size = request.most_size,
                               .seed = request.seed,
                               .seed_drawn = request.seed_drawn},
                              GameWords(spec), out);
}

int run(const ParsedOptions& given, Output& out) {
  const Request request = read_request(given);
  if (const auto spec = read_game_spec(given)) return run_games(given, request, *spec, out);
  // The smallest and largest sizes, as a position, so that with_heaps chooses 64-bit or GMP.
  AnyPosition bounds;
  bounds.push_back(request.least_size);
  bounds.push_back(request.most_size);
  with_heaps(bounds, request.game.rules, [&](const auto& sizes, const auto& rules) {
    using Heap = std::decay_t<decltype(sizes[0])>;
    const Range<Heap> size{sizes[0], sizes[1]};
    with_sink(request, [&](const auto& sink) { write_positions(request, size, rules, sink, out); });
  });
  return exit_ok;
}

constexpr const char* epilogue = R"(Examples:
  nim-game positions --count 5 --heap-count 1..4 --max-size 10 --seed 1
  nim-game positions --count 1000 --heap-count 3..5 --max-size 100 --balanced --misere
  nim-game positions --all --heap-count 1..3 --max-size 7 --sorted
  nim-game positions --all --heap-count 2 --max-size 3 | nim-game --batch
  nim-game positions --count 1000 --heap-count 3..8 --max-size 100 --balanced --label --format csv
  nim-game positions --count 10000 --heap-count 3..6 --max-size 31 --balanced --label \
      --format csv --split train=0.8,test=0.2 --output-prefix data/
  nim-game positions --count 100 --heap-count 2 --max-size 20 --game wythoff --balanced \
      --label --format json

Exit status: 0 success; 2 bad command line, or --balanced or --unique asks for positions that
cannot be found; 3 output (or a --split file) failed, or memory ran out.
)";

}  // namespace

Command positions_command() {
  return {"positions",
          "write position sets: random samples, balanced won/lost, or every position",
          "positions --count N --heap-count A..B --max-size M [OPTION...]\n"
          "  nim-game positions --all --heap-count A..B --max-size M [--sorted] [OPTION...]",
          positions_options,
          run,
          epilogue};
}

}  // namespace nim
