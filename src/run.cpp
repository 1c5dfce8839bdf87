#include "run.hpp"

#include <cstdio>
#include <random>

#include "line_reader.hpp"
#include "query.hpp"

namespace nim {

namespace {

// The seed of the random policies: the one given, or a fresh one; none without such a policy.
std::optional<std::uint64_t> seed_in_use(const Options& options) {
  if (!options.strategy.uses_randomness()) return std::nullopt;
  if (options.seed) return options.seed;
  std::random_device device;
  return (std::uint64_t{device()} << 32) | device();
}

// Answers one position on the 64-bit path when every number fits, on GMP integers otherwise.
class Answerer {
 public:
  explicit Answerer(const Options& options)
      : all_big_(needs_big_heaps(options)), big_(options, seed_in_use(options)) {
    if (!all_big_) small_.emplace(options, big_.seed);
  }

  void operator()(HeapList& heaps, std::optional<std::uint64_t> line, Output& out) const {
    if (all_big_) make_big(heaps);
    if (heaps.is_big)
      answer(heaps.big, big_, line, out);
    else
      answer(heaps.small, *small_, line, out);
  }

 private:
  bool all_big_;
  Query<BigHeap> big_;
  std::optional<Query<SmallHeap>> small_;
};

bool is_comment_or_blank(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

}  // namespace

int run_query(const Options& options, Output& out) {
  HeapList heaps = options.heaps;
  const Answerer answerer(options);
  answerer(heaps, std::nullopt, out);
  return exit_ok;
}

int run_batch(const Options& options, int input_fd, Output& out) {
  const Answerer answerer(options);
  LineReader reader(input_fd);
  HeapList heaps;
  std::uint64_t line_number = 0, bad_lines = 0, first_bad = 0;
  while (auto line = reader.next([&] { out.flush(); })) {
    ++line_number;
    if (is_comment_or_blank(*line)) continue;
    if (const std::string error = parse_heaps(*line, heaps); error.empty()) {
      answerer(heaps, line_number, out);
    } else {
      if (bad_lines++ == 0) first_bad = line_number;
      JsonWriter w(out.buffer(), options.pretty);
      write_input_error(w, line_number, *line, error);
      out.buffer() += '\n';
      out.end_record();
    }
  }
  if (bad_lines == 0) return exit_ok;
  out.flush();
  std::fprintf(stderr, "nim-game: %llu of %llu lines could not be read (the first is line %llu)\n",
               static_cast<unsigned long long>(bad_lines),
               static_cast<unsigned long long>(line_number),
               static_cast<unsigned long long>(first_bad));
  return exit_bad_lines;
}

}  // namespace nim
