// nim-game analyse (the default command): one position from -H, or every line of standard input
// (--batch); for each, its analysis, the verdict on a proposed move (--move), or its playout, as
// JSON or as text, with Bouton's explanation if asked (--explain).
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands/analyse_games.hpp"
#include "cli/commands/analyse_output.hpp"
#include "cli/commands/batch.hpp"
#include "cli/commands/command.hpp"
#include "cli/commands/field_options.hpp"
#include "cli/commands/playout_options.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_move_text.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/analysis_sink.hpp"
#include "format/rules_words.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/move_check.hpp"
#include "nim/playout.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view heaps = "heaps";
constexpr std::string_view batch = "batch";
constexpr std::string_view all_moves = "all-moves";
constexpr std::string_view explain = "explain";
constexpr std::string_view move = "move";
}  // namespace option

std::vector<OptionGroup> analyse_options() {
  return {
      {"",
       {
           {.name = option::heaps,
            .letter = 'H',
            .value = "SIZE",
            .help = "heap sizes of the position, separated by spaces or commas",
            .list = true},
           {.name = option::batch,
            .help = "read positions from stdin, one per line, and write a record for each"},
           jobs_option("with --batch: answer on N threads, 0 for one per core (default 1)"),
           {.name = option::all_moves, .help = "add winning_moves, every winning move"},
           {.name = option::explain,
            .help = "add Bouton's reasoning: the heaps in binary, column by column, and why"},
           {.name = option::move,
            .value = "I,N",
            .help = "judge the move that takes N objects from heap I (0-based); the JSON forms "
                    "[I,N], [I,N,[L,R]] (a split) and [[I,N],[J,M]] (several heaps) too"},
       }},
      rule_options(),
      game_choice_options(),
      choice_options(),
      playout_options(),
      [] {
        OptionGroup output = output_options(Format::json, Tables::yes);
        add_field_options(output);
        return output;
      }(),
  };
}

// What the command line asks of the analyse command, checked.
struct Request {
  GameOptions game;
  std::optional<std::uint64_t> seed;  // the seed in use: set when a random policy is in use
  AnyPosition heaps;                  // from -H; empty with --batch
  bool batch = false;
  unsigned jobs = 1;  // threads answering --batch
  bool all_moves = false;
  bool explain = false;
  std::optional<ProposedMove> move;
  PlayoutRequest playout;
  TextStyle style;     // for --format text
  FieldRequest table;  // --fields, csv, tsv
};

// --move in any of its forms: one heap and a count is Nim's move; a split or several heaps is
// kept as given, for the judge to call illegal as every game's judge does.
ProposedMove parse_move(const std::string& text) {
  GivenGameMove given = read_move_option(text);
  ProposedMove move{given.takes.front().heap, given.takes.front().count};
  if (given.takes.size() > 1 || given.split) move.other_form = std::move(given);
  return move;
}

Request read_request(const ParsedOptions& given) {
  Request request;
  request.game = read_game_options(given, Format::json, Tables::yes);
  request.batch = given.has(option::batch);
  request.all_moves = given.has(option::all_moves);
  request.explain = given.has(option::explain);
  if (const auto* text = given.value(option::move)) request.move = parse_move(*text);
  if (const auto* text = given.value(option::jobs)) request.jobs = parse_jobs(*text);
  request.playout = read_playout_request(given);

  reject_operands(given, 0, " (heap sizes follow -H)");
  const bool heaps_given = given.has(option::heaps);
  if (request.batch && heaps_given) throw UsageError("-H and --batch cannot be used together");
  if (!request.batch && !heaps_given)
    throw UsageError("no position: give heap sizes with -H (as in -H 1 3 5 7), or use --batch");
  if (given.has(option::jobs) && !request.batch) throw UsageError("--jobs needs --batch");
  const bool text = request.game.format == Format::text;
  check_playout_request(given, request.playout, request.move.has_value(), request.all_moves,
                        request.explain, text);
  request.table = read_field_request(given, request.game.format, request.batch);
  request.all_moves = request.all_moves || request.table.lists_winning_moves;
  request.style.colour = text && colour_wanted(1);
  // --batch blocks written to a file or a pipe keep their lines whole, for the scripts reading
  // them.
  if (text && (!request.batch || is_terminal(1))) request.style.width = text_width(1);
  request.seed = seed_in_use(request.game, request.game.strategy.uses_randomness(),
                             "a random policy (--choose random or --when-losing random)");

  for (const std::string& argument : given.values(option::heaps))
    if (std::string error = append_heaps(argument, request.heaps); !error.empty())
      throw UsageError(error);
  return request;
}

// Writes the records of positions to a sink, one position at a time; with --jobs, on several
// threads at once, each with its own output.
template <AnalysisSink Sink>
class Answerer {
 public:
  Answerer(const Request& request, Sink sink) : request_(request), sink_(std::move(sink)) {}

  // The records of one position: its analysis, the verdict on --move, or its playout. The random
  // generator restarts from the seed for every position, so a --batch record equals the single
  // query with the same seed.
  void operator()(Output& out, AnyPosition& position, const BatchLine& line) {
    answer(out, position, {request_.seed, line.number, line.id});
  }
  void operator()(Output& out, AnyPosition& position) {
    answer(out, position, {request_.seed, std::nullopt, std::nullopt});
  }

  // The record of a --batch line that cannot be read, in its place.
  void bad_line(Output& out, const BatchLine& line, std::string_view input,
                std::string_view error) const {
    sink_.bad_line(out.buffer(), line.number, line.id, input, error);
    out.end_record();
  }

  void header(Output& out) const { sink_.header(out.buffer()); }

  // Whether a playout stopped at the default ply limit, which the user should hear of.
  bool stopped_at_default_limit() const { return stopped_at_default_limit_; }

 private:
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  std::optional<Explanation<Heap>> explanation_of(const Analysis<Rules>& analysis) const {
    if (!request_.explain) return std::nullopt;
    return explain(analysis);
  }

  void answer(Output& out, AnyPosition& position, const RecordContext& context) {
    with_heaps(position, request_.game.rules,
               [&](const auto& heaps, const auto& rules) { answer(out, heaps, rules, context); });
  }

  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void answer(Output& out, const Position<Heap>& position, const Rules& rules,
              const RecordContext& context) {
    SplitMix64 rng(request_.seed.value_or(0));
    const auto winning = request_.all_moves ? WinningMoves::list : WinningMoves::omit;
    // The records of a --batch line end there; the plies of a playout are one record.
    const bool batch = context.line.has_value();
    // The sinks of chosen fields write analyses only: read_request refused the rest.
    if constexpr (FullAnalysisSink<Sink>) {
      if (request_.playout.playout) {
        play_out(position, rules, request_.game.strategy, rng, request_.playout.max_plies, winning,
                 [&](const Ply<Rules>& ply) {
                   sink_.ply(out.buffer(), ply, context, explanation_of(ply.analysis),
                             batch && (ply.done || ply.truncated));
                   out.end_record();
                   if (ply.truncated && request_.playout.default_limit)
                     stopped_at_default_limit_ = true;
                 });
        return;
      }
    }
    const ScannedPosition view(position, rules);
    const auto analysis = analyse(view, request_.game.strategy, rng, winning);
    if constexpr (FullAnalysisSink<Sink>) {
      if (request_.move) {
        sink_.move_check(out.buffer(), analysis, *request_.move, check_move(view, *request_.move),
                         context, explanation_of(analysis), batch);
        out.end_record();
        return;
      }
    }
    sink_.analysis(out.buffer(), analysis, context, explanation_of(analysis), batch);
    out.end_record();
  }

  const Request& request_;
  Sink sink_;
  std::atomic<bool> stopped_at_default_limit_ = false;  // set by any thread of --jobs
};

template <AnalysisSink Sink>
int answer_all(Request& request, Sink sink, Output& out, int input_fd) {
  Answerer answer(request, std::move(sink));
  answer.header(out);
  int status = exit_ok;
  if (request.batch)
    status = run_batch(input_fd, out, request.jobs,
                       LineCheck(rules_json(request.game.rules.big()), request.table.heap_columns),
                       answer);
  else
    answer(out, request.heaps);
  if (answer.stopped_at_default_limit()) report_default_limit(out);
  return status;
}

int run(const ParsedOptions& given, Output& out) {
  if (const auto spec = read_game_spec(given)) return run_game_analysis(given, *spec, out);
  Request request = read_request(given);
  // Nim through its engine too, but its Bouton table, which only its own stack writes.
  if (!request.explain) return run_game_analysis(given, read_game(given, request.game.rules), out);
  // The output format, chosen here once.
  TableInput input;
  const AnalysisOutput output{
      .format = request.game.format,
      .pretty = request.game.pretty,
      .trace_moves = request.playout.trace == Trace::moves,
      .style = request.style,
      .fields = request.table.fields,
      .layout = table_layout(request.table, request.game.format, request.batch,
                             request.heaps.size(), false, input)};
  const int input_fd = input.input_fd;
  return with_analysis_sink(
      output, [&](const auto& sink) { return answer_all(request, sink, out, input_fd); });
}

constexpr const char* epilogue = R"(Examples:
  nim-game -H 1 3 5 7                     analyse a position (also -H 1,3,5,7)
  nim-game -H 1 3 5 7 --pretty            the same record, indented
  nim-game -H 1 3 5 7 --playout           the whole game, one JSON record per ply
  nim-game -H 9 12 --playout --max-plies 3 --trace moves
  nim-game -H 3 1 1 --misere              whoever takes the last object loses
  nim-game -H 4 5 --max-take 3            a move takes 1 to 3 objects
  nim-game -H 1 3 5 6 --choose largest    play in the largest heap that has a winning move
  nim-game -H 1 3 5 6 --choose random --seed 7
  nim-game -H 1 3 5 7 --when-losing random --seed 7
  nim-game -H 1 3 5 6 --all-moves         list every winning move
  nim-game -H 1 3 5 7 --move 3,1          judge a move: heap 3, take 1
  nim-game -H 1 3 5 7 --format text       the board, the verdict and the move, as text
  nim-game -H 3 4 5 6 --explain --format text
                                          why the move wins: Bouton's table, column by column
  printf '1 3 5 7\n[1,2,3]\n' | nim-game --batch
  nim-game --batch --jobs 0 < in.txt      answer on every core
  nim-game --batch --format csv --fields heaps,winning,action < in.txt
                                          a table: a header, then a row a line
  nim-game -H 3 4 5 --octal 0.77          Kayles: the games after Nim (--subtract, --game ...)
  nim-game -H 4 6 --game wythoff --explain --format text
  nim-game -H 3 5 6 --game moore --playout --trace moves
                                          a game after Nim played out, a move taking two heaps

Exit status: 0 success; 1 some --batch lines could not be read, or carry other rules (each has an
error record); 2 bad command line or heap size; 3 input or output failed, or memory ran out.
)";

}  // namespace

Command analyse_command() {
  return {"analyse",
          "analyse positions: a JSON record or text for each (the default command)",
          "[analyse] -H SIZE... [OPTION...]\n  nim-game [analyse] --batch [OPTION...]",
          analyse_options,
          run,
          epilogue};
}

}  // namespace nim
