// A sum of different games (--sum, one for each game): its analysis by Sprague–Grundy in normal
// play (each game's value, their XOR, the winning move in the game that has it) or by the bounded
// search in misère play, through the sum's engine (nim/games/sum/), as JSON or text, with
// --explain; one position, or a position a line (--batch).
#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands/analyse_games.hpp"
#include "cli/commands/batch.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/analysis_sink.hpp"
#include "format/sum_text.hpp"
#include "nim/games/sum/sum_engine.hpp"

namespace nim {

namespace {

// The options of analyse that a sum takes; the others name one game's position or rules, or are
// not offered for sums.
constexpr std::array<std::string_view, 10> sum_options{
    "sum",    "batch",  "misere", "limit-search", "explain",
    "format", "pretty", "choose", "when-losing",  "seed"};

// What the command line asks of a sum, checked.
struct SumRequest {
  std::vector<GameSpec> specs;       // each game's, in normal play
  std::vector<AnyPosition> heaps{};  // each game's (none with --batch)
  bool misere = false;
  bool batch = false;
  bool explain = false;
  GameOptions options{};
  std::optional<std::uint64_t> seed{};  // set when a random policy is in use
  std::uint64_t search_limit = GameSpec{}.search_limit;
  TextStyle style{};
};

SumRequest read_sum_request(const ParsedOptions& given, std::span<const OptionGroup> groups) {
  refuse_options_beside_sums(given, groups, sum_options);
  SumRequest request;
  request.options = read_game_options(given, Format::json, Tables::no);
  request.misere = given.has(option::misere);
  request.batch = given.has("batch");
  request.explain = given.has("explain");
  SumGames games = read_sum_games(given, request.batch ? SumHeaps::from_lines : SumHeaps::given);
  request.search_limit = games.search_limit;
  request.specs = std::move(games.specs);
  request.heaps = std::move(games.heaps);
  request.seed = seed_in_use(request.options, request.options.strategy.uses_randomness(),
                             "a random policy (--choose random or --when-losing random)");
  if (request.options.format == Format::text) {
    request.style.colour = colour_wanted(1);
    if (!request.batch || is_terminal(1)) request.style.width = text_width(1);
  }
  return request;
}

// The answers of a sum's positions: its engines on both heap types, made once, each position
// searched on its own.
class SumAnswerer {
 public:
  SumAnswerer(const SumRequest& request, const SumWords& words,
              const std::vector<PreparedGame>& games)
      : request_(request),
        words_(words),
        small_engine_(make_sum_engine<SmallHeap>(games, request.misere, request.search_limit)),
        big_engine_(make_sum_engine<BigHeap>(games, request.misere, request.search_limit)) {}

  // Writes the record of the position whose games hold `heaps`; Unanswerable (before anything is
  // written) when the theory or the search's bound cannot answer it.
  void answer(Output& out, std::vector<AnyPosition>& heaps, const RecordContext& context) {
    with_sum_position(request_.specs, heaps, [&]<HeapInteger Heap>(const Position<Heap>& position) {
      answer(out, engine<Heap>(), position, context);
    });
  }

 private:
  template <HeapInteger Heap>
  GameEngine<Heap>& engine() {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return *small_engine_;
    else
      return *big_engine_;
  }

  template <HeapInteger Heap>
  void answer(Output& out, GameEngine<Heap>& engine, const Position<Heap>& position,
              const RecordContext& context) {
    engine.forget();  // each position is searched on its own, within the bound
    SplitMix64 rng(request_.seed.value_or(0));
    GameAnalysis<Heap> analysis;
    engine.analyse(position, request_.options.strategy, rng, WinningMoves::omit, analysis);
    std::optional<std::vector<ExplanationLine>> lines;
    if (request_.explain) lines = sum_explanation_lines(words_, analysis);
    Buffer& buffer = out.buffer();
    if (request_.options.format == Format::text) {
      write_sum_text(buffer, words_, analysis, lines, request_.style);
      write_seed(buffer, context);
      if (context.line) buffer += '\n';
    } else {
      JsonWriter w(buffer, request_.options.pretty);
      write_sum_analysis(w, words_, analysis, lines, context);
      buffer += '\n';
    }
  }

  const SumRequest& request_;
  const SumWords& words_;
  std::unique_ptr<GameEngine<SmallHeap>> small_engine_;
  std::unique_ptr<GameEngine<BigHeap>> big_engine_;
};

int run_sum_batch(const SumRequest& request, const SumWords& words, SumAnswerer& answerer,
                  Output& out) {
  BatchTally tally;
  LineReader reader(0);
  std::vector<AnyPosition> heaps;
  SumLineKeys keys;
  while (const auto line = reader.next([&] { out.flush(); })) {
    const std::uint64_t number = ++tally.lines;
    if (is_comment_or_blank(*line)) continue;
    std::string error = read_sum_line(*line, words.components.size(), heaps, keys);
    if (error.empty()) error = sum_rules_error(keys, words);
    if (error.empty()) {
      try {
        answerer.answer(out, heaps, {request.seed, number, keys.id});
        out.end_record();
        continue;
      } catch (const Unanswerable& e) {
        error = e.what();
      }
    }
    tally.add_bad(number);
    if (request.options.format == Format::text) {
      write_input_error_text(out.buffer(), number, *line, error, request.style);
      out.buffer() += '\n';
    } else {
      write_bad_line(out.buffer(), request.options.pretty, number, keys.id, *line, error);
    }
    out.end_record();
  }
  return report(tally, out);
}

}  // namespace

int run_sum_analysis(const ParsedOptions& given, std::span<const OptionGroup> groups, Output& out) {
  SumRequest request = read_sum_request(given, groups);
  const SumWords words(request.specs, request.misere);
  // A batch may hold any heap: the values go to the limit (when no period is proved before).
  std::vector<PreparedGame> games;
  for (std::size_t c = 0; c < request.specs.size(); ++c)
    games.emplace_back(request.specs[c], request.batch ? BigHeap(~std::uint64_t{0})
                                                       : request.heaps[c].largest_heap());
  SumAnswerer answerer(request, words, games);
  if (request.batch) return run_sum_batch(request, words, answerer, out);
  try {
    answerer.answer(out, request.heaps, {request.seed, std::nullopt, std::nullopt});
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
  out.end_record();
  return exit_ok;
}

}  // namespace nim
