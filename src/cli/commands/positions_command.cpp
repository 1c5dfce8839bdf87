// nim-game positions: position sets for data sets. A random sample (--count), balanced between
// won and lost positions if asked (--balanced), or every position of a space in order (--all),
// one a line in the plain form --batch reads, or as {"heaps":[...]} objects.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"
#include "format/position_sink.hpp"
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
}  // namespace option

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
           seed_option(),
       }},
      {"Rules (for --balanced)", rule_options().options},
      {"Output",
       {format_option("text (default: `1 3 5 7`, as --batch reads it) or json "
                      "({\"heaps\":[1,3,5,7]})")}},
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
};

Request read_request(const ParsedOptions& given) {
  Request request;
  request.game = read_game_options(given, Format::text);
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
  if (request.balanced && *request.count % 2 != 0)
    throw UsageError("--balanced needs an even --count (half won, half lost), not " +
                     std::to_string(*request.count));
  for (const OptionSpec& rule : rule_options().options)
    if (given.has(rule.name) && !request.balanced)
      throw UsageError(dashed(rule.name) + " needs --balanced (the rules decide who wins)");
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

template <PositionSink Sink, HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_positions(const Request& request, const Range<Heap>& size, const Rules& rules,
                     const Sink& sink, Output& out) {
  const auto write = [&](const Position<Heap>& position) {
    sink.position(out.buffer(), std::span<const Heap>(position));
    out.end_record();
  };
  if (!request.count) {
    AllPositions<Heap> all(request.heap_count, size, request.sorted);
    while (all.next())
      write(all.position());
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
    say_seed(request);
    draw_balanced(rng, *request.count, sampler, write);
    return;
  }
  say_seed(request);
  const PositionSampler<Heap> sampler(request.heap_count, size);
  Position<Heap> position;
  for (std::uint64_t k = 0; k < *request.count; ++k) {
    sampler.draw(rng, position);
    write(position);
  }
}

int run(const ParsedOptions& given, Output& out) {
  const Request request = read_request(given);
  // The smallest and largest sizes, as a position, so that with_heaps chooses 64-bit or GMP.
  AnyPosition bounds;
  bounds.push_back(request.least_size);
  bounds.push_back(request.most_size);
  with_heaps(bounds, request.game.rules, [&](const auto& sizes, const auto& rules) {
    using Heap = std::decay_t<decltype(sizes[0])>;
    const Range<Heap> size{sizes[0], sizes[1]};
    // The output format, chosen here once.
    if (request.game.format == Format::json)
      write_positions(request, size, rules, JsonPositionSink{}, out);
    else
      write_positions(request, size, rules, TextPositionSink{}, out);
  });
  return exit_ok;
}

constexpr const char* epilogue = R"(Examples:
  nim-game positions --count 5 --heap-count 1..4 --max-size 10 --seed 1
  nim-game positions --count 1000 --heap-count 3..5 --max-size 100 --balanced --misere
  nim-game positions --all --heap-count 1..3 --max-size 7 --sorted
  nim-game positions --all --heap-count 2 --max-size 3 | nim-game --batch

Exit status: 0 success; 2 bad command line, or --balanced asks for positions that cannot be
found; 3 output failed, or memory ran out.
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
