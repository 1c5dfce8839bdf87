#include "cli/commands/positions_sets.hpp"

#include <fcntl.h>

#include <cstdio>
#include <cstring>
#include <system_error>

#include "cli/system/exit_status.hpp"
#include "cli/system/open_file.hpp"

namespace nim {

namespace {

constexpr std::array<Named<Sameness>, 1> unique_readings{{{"ordered", Sameness::ordered}}};
constexpr std::array<Named<Balance>, 1> balance_readings{
    {{"per-heap-count", Balance::per_heap_count}}};

// What makes two positions the same, in words.
std::string sense_words(Sameness sense, bool empty_heaps) {
  if (sense == Sameness::any_order)
    return empty_heaps ? "heaps in any order, empty heaps left out" : "heaps in any order";
  return empty_heaps ? "heaps in order, trailing empty heaps left out" : "heaps in order";
}

std::string heaps_words(const Range<std::size_t>& heap_count) {
  std::string text = std::to_string(heap_count.least);
  if (heap_count.most != heap_count.least) text += " to " + std::to_string(heap_count.most);
  return text + (heap_count.most == 1 ? " heap" : " heaps");
}

// "5 lost positions of 3 heaps": the positions a cell (or the cells of `heap_count`) asks for.
std::string cell_words(const SetRequest& request, const SetCell& cell,
                       const Range<std::size_t>& heap_count, const std::string& number,
                       bool plural = true) {
  std::string text = number + " ";
  if (cell.outcome) text += *cell.outcome == Outcome::won ? "won " : "lost ";
  text += plural ? "positions" : "position";
  if (request.balance == Balance::per_heap_count) text += " of " + heaps_words(heap_count);
  return text;
}

// How the options that make a set name themselves in a message.
std::string set_options(const SetRequest& request) {
  if (!request.split.empty()) return "--split";
  if (request.balance == Balance::per_heap_count)
    return request.unique ? "--unique --balanced per-heap-count" : "--balanced per-heap-count";
  return request.balance == Balance::whole ? "--unique --balanced" : "--unique";
}

std::string for_part(const SetRequest& request, std::size_t part) {
  return request.split.empty() ? "" : " for part " + request.split[part].name;
}

}  // namespace

SetRequest read_set_request(const ParsedOptions& given, bool counted) {
  SetRequest request;
  if (const auto* balance = given.value("balanced"))
    request.balance = balance->empty()
                          ? Balance::whole
                          : parse_named<Balance>("--balanced", *balance, balance_readings);
  if (const auto* reading = given.value("unique"))
    request.unique = reading->empty()
                         ? Sameness::any_order
                         : parse_named<Sameness>("--unique", *reading, unique_readings);
  if (const auto* split = given.value("split")) {
    request.split = parse_split_spec("--split", *split);
    if (!request.unique) request.unique = Sameness::any_order;
  }
  const auto* prefix = given.value("output-prefix");
  if (given.has("split") && !prefix)
    throw UsageError("--split needs --output-prefix PREFIX (where its files go)");
  for (const std::string_view needs_split : {"output-prefix", "split-key"})
    if (given.has(needs_split) && !given.has("split"))
      throw UsageError(dashed(needs_split) + (needs_split == "output-prefix"
                                                  ? " names the files of --split; it needs --split"
                                                  : " chooses the parts of --split; it needs "
                                                    "--split"));
  if (prefix) request.output_prefix = *prefix;
  if (const auto* key = given.value("split-key"))
    request.key.k0 = parse_whole_number("--split-key", *key);
  for (const std::string_view needs_count : {"unique", "split"})
    if (given.has(needs_count) && !counted)
      throw UsageError(dashed(needs_count) + " needs --count (--all writes each position once)");
  return request;
}

std::string describe_space(const Range<std::size_t>& heap_count, const std::string& least,
                           const std::string& most, const std::string& rules) {
  return heaps_words(heap_count) +
         (least == most ? " of size " + least : " of sizes " + least + " to " + most) + rules;
}

namespace set_detail {

std::vector<std::uint64_t> part_counts(const SetRequest& request, std::uint64_t count) {
  if (request.split.empty()) return {count};
  const std::vector<std::uint64_t> counts = split_counts(request.split, count);
  for (std::size_t k = 0; k < counts.size(); ++k) {
    const std::string& name = request.split[k].name;
    if (counts[k] == 0)
      throw UsageError("--split: part " + name + " would be empty (its share of --count " +
                       std::to_string(count) + " rounds to no position)");
    if (request.balance != Balance::none && counts[k] % 2 != 0)
      throw UsageError("--split with --balanced: part " + name + " gets " +
                       std::to_string(counts[k]) +
                       " positions, an odd number (half won, half lost)");
  }
  return counts;
}

void too_many(const SetWords& words, const BigHeap& total) {
  throw UsageError("--unique: --count " + std::to_string(words.count) + " is more than the " +
                   total.get_str() + " different positions of " + words.space + " (" +
                   sense_words(words.sense, words.empty_heaps) + ")");
}

void unmet(const SetRequest& request, const SetWords& words, const SetNeed& need,
           const SetCell& cell) {
  std::string available = std::to_string(need.available);
  if (request.balance == Balance::per_heap_count) {
    const std::size_t k = need.heap_count.most;
    available += words.empty_heaps ? " with at most " + std::to_string(k) +
                                         (k == 1 ? " nonempty heap" : " nonempty heaps")
                                   : " of " + heaps_words({k, k});
  }
  const std::string needed =
      cell_words(request, cell, need.heap_count, std::to_string(need.needed));
  const std::string sense = sense_words(words.sense, words.empty_heaps);
  if (request.split.empty())
    throw UsageError(set_options(request) + ": --count " + std::to_string(words.count) + " needs " +
                     needed + ", and " + words.space + " has " + available + " (" + sense + ")");
  throw UsageError("--split: part " + request.split[need.part].name + " needs " + needed +
                   ", and only " + available + " of " + words.space + " fall to it (" + sense +
                   "; --split-key decides which)");
}

void short_of(const SetRequest& request, const SetWords& words, const SetShortfall& shortfall,
              const SetCell& cell, std::uint64_t patience) {
  const std::string options = request.unique ? set_options(request) : "--balanced per-heap-count";
  if (shortfall.ran_out)  // only per heap count, where the cells of more heaps take games too
    throw UsageError(options + ": no different " +
                     cell_words(request, cell, cell.heap_count, "", false).substr(1) +
                     for_part(request, shortfall.part) + " was left after " +
                     std::to_string(shortfall.taken) + " positions (" + words.space +
                     "): positions of more heaps took some, with empty heaps added; a smaller "
                     "--count may do");
  const std::string what = cell_words(request, cell, cell.heap_count, "", false).substr(1);
  throw UsageError(options + ": no " + (request.unique ? "new " : "") + what + " of " +
                   words.space + for_part(request, shortfall.part) + " turned up in " +
                   std::to_string(patience) + " tries in a row, after " +
                   std::to_string(shortfall.taken) +
                   ": there are too few, or they are too rare to draw");
}

void note_few(const SetRequest& request, const SetWords& words, const SetCell& cell,
              std::uint64_t rows, std::uint64_t different) {
  const std::string text =
      "nim-game: note: the " + cell_words(request, cell, cell.heap_count, std::to_string(rows)) +
      " are drawn from only " + std::to_string(different) +
      (different == 1 ? " different one" : " different ones") + " (" + words.space + "; " +
      sense_words(words.sense, words.empty_heaps) + "), so they repeat\n";
  std::fputs(text.c_str(), stderr);
}

void write_parts(const SetRequest& request, const std::string& extension, const SetHeader& header,
                 const std::vector<std::uint64_t>& counts, const std::vector<Buffer>& records,
                 Output& out) {
  if (request.split.empty()) {
    header(out.buffer(), counts[0]);
    out.write(records[0].view());
    return;
  }
  for (std::size_t k = 0; k < records.size(); ++k) {
    const std::string path = request.output_prefix + request.split[k].name + extension;
    try {
      OpenFile file(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
      Output part(file.fd());
      header(part.buffer(), counts[k]);
      part.write(records[k].view());
      part.flush();
    } catch (const std::system_error& e) {
      throw WriteError("cannot write " + path + ": " + std::strerror(e.code().value()));
    }
  }
}

}  // namespace set_detail

}  // namespace nim
