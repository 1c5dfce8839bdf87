#include "cli/commands/analyse_games.hpp"

#include <array>
#include <atomic>
#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "cli/commands/analyse_output.hpp"
#include "cli/commands/batch.hpp"
#include "cli/commands/field_options.hpp"
#include "cli/commands/playout_options.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_move_text.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/analysis_sink.hpp"
#include "format/game_records.hpp"
#include "nim/engine/game_engine.hpp"

namespace nim {

namespace {

// What the command line asks, checked.
struct GameRequest {
  GameWords words;  // the game, and its rules as JSON
  Format format = Format::json;
  bool pretty = false;
  bool batch = false;
  unsigned jobs = 1;
  bool all_moves = false;
  bool explain = false;
  std::optional<GivenGameMove> move{};
  Strategy strategy{};                  // --choose, --when-losing
  std::optional<std::uint64_t> seed{};  // the seed in use: set when a random policy is in use
  PlayoutRequest playout{};
  TextStyle style{};
  AnyPosition heaps{};
  FieldRequest table{};  // --fields, csv, tsv
};

GameRequest read_game_request(const ParsedOptions& given) {
  // The game's own options are refused first, before the options every game shares.
  const std::optional<GameSpec> named = read_game_spec(given);
  const GameOptions options = read_game_options(given, Format::json, Tables::yes);
  GameRequest request{GameWords(game_of(named, options.rules))};
  const GameSpec& spec = request.words.spec;
  request.format = options.format;
  request.pretty = options.pretty;
  request.strategy = options.strategy;
  request.batch = given.has("batch");
  request.all_moves = given.has("all-moves");
  request.explain = given.has("explain");
  if (const auto* text = given.value("jobs")) request.jobs = parse_jobs(*text);
  request.playout = read_playout_request(given);
  if (const auto* text = given.value("move")) {
    request.move = read_move_option(*text);
  }
  reject_operands(given, 0, " (heap sizes follow -H)");
  const bool heaps_given = given.has("heaps");
  if (request.batch && heaps_given) throw UsageError("-H and --batch cannot be used together");
  if (!request.batch && !heaps_given)
    throw UsageError("no position: give heap sizes with -H (as in -H 1 3 5 7), or use --batch");
  if (given.has("jobs") && !request.batch) throw UsageError("--jobs needs --batch");
  const bool text = request.format == Format::text;
  check_playout_request(given, request.playout, request.move.has_value(), request.all_moves,
                        request.explain, text);
  request.table = read_field_request(given, request.format, request.batch);
  request.all_moves = request.all_moves || request.table.lists_winning_moves;
  if (request.table.fields) check_action_fields(*request.table.fields, spec);
  request.seed = seed_in_use(options, request.strategy.uses_randomness(),
                             "a random policy (--choose random or --when-losing random)");
  request.style.colour = text && colour_wanted(1);
  if (text && (!request.batch || is_terminal(1))) request.style.width = text_width(1);
  for (const std::string& argument : given.values("heaps"))
    if (std::string error = append_heaps(argument, request.heaps); !error.empty())
      throw UsageError(error);
  return request;
}

// The answers of one thread, written to the sink: its engines (the game on both heap types, made
// once: a --batch line only picks one) and its analyses are kept from line to line, for their
// storage.
template <AnalysisSink Sink>
class GameAnswerer {
 public:
  GameAnswerer(const GameRequest& request, const Sink& sink, const PreparedGame& game,
               std::atomic<bool>& stopped_at_default_limit)
      : request_(request),
        sink_(sink),
        small_engine_(make_engine<SmallHeap>(game)),
        big_engine_(make_engine<BigHeap>(game)),
        stopped_at_default_limit_(stopped_at_default_limit) {
    // Two of the largest heaps fit only a game of fixed heaps that holds any (Nim): its lines
    // need not be asked one by one.
    const SmallHeap largest = ~SmallHeap{0};
    every_position_fits_ = fits_machine_words(request.words.spec, std::array{largest, largest});
    if (const auto whole = request.move ? request.move->move() : std::nullopt) {
      small_move_ = narrow_move<SmallHeap>(*whole);
      big_move_ = whole;
    }
  }

  // A --batch line: its record, or why the theory cannot answer it (its error record, after the
  // plies of a playout that came to a position the theory cannot answer).
  std::string operator()(Output& out, AnyPosition& position, const BatchLine& line) {
    try {
      answer(out, position, {request_.seed, line.number, line.id});
    } catch (const Unanswerable& e) {  // thrown before anything of its record is written
      return e.what();
    }
    out.end_record();
    return {};
  }
  // One position (-H): an unanswerable one is a usage error, exit 2 (after the plies before it).
  void operator()(Output& out, AnyPosition& position) {
    try {
      answer(out, position, {request_.seed, std::nullopt, std::nullopt});
    } catch (const Unanswerable& e) {
      out.flush();
      throw UsageError(e.what());
    }
    out.end_record();
  }

  void bad_line(Output& out, const BatchLine& line, std::string_view input,
                std::string_view error) const {
    sink_.bad_line(out.buffer(), line.number, line.id, input, error);
    out.end_record();
  }

 private:
  void answer(Output& out, AnyPosition& position, const RecordContext& context) {
    if (!position.is_big() && !every_position_fits_ &&
        !fits_machine_words(request_.words.spec, position.small()))
      position.make_big();
    if (position.is_big())
      answer(out, position.big(), *big_engine_, big_analysis_, context);
    else
      answer(out, position.small(), *small_engine_, small_analysis_, context);
  }

  template <HeapInteger Heap>
  void answer(Output& output, const Position<Heap>& position, GameEngine<Heap>& engine,
              GameAnalysis<Heap>& analysis, const RecordContext& context) {
    engine.forget();  // each line is searched on its own, within the bound
    const std::span<const Heap> heaps(position);
    // The generator restarts from the seed for every position, as Nim's does.
    SplitMix64 rng(request_.seed.value_or(0));
    const bool batch = context.line.has_value();
    Buffer& out = output.buffer();
    // The sinks of chosen fields write analyses only: read_game_request refused the rest.
    if constexpr (FullAnalysisSink<Sink>) {
      if (request_.playout.playout) return play_out(output, engine, heaps, rng, context);
    }
    engine.analyse(heaps, request_.strategy, rng,
                   request_.all_moves ? WinningMoves::list : WinningMoves::omit, analysis);
    const auto explanation = explanation_of(engine, analysis);
    if constexpr (FullAnalysisSink<Sink>) {
      if (request_.move) {
        auto move = moved_on<Heap>();
        const GameMoveVerdict verdict =
            move ? engine.judge(heaps, *move) : GameMoveVerdict::illegal;
        GameMoveCheck<Heap> check{*request_.move, std::move(move), verdict, {}};
        if (verdict != GameMoveVerdict::illegal) check.next = engine.after(heaps, *check.move);
        return sink_.move_check(out, request_.words, analysis, check, context, explanation, batch);
      }
    }
    sink_.analysis(out, request_.words, analysis, context, explanation, batch);
  }

  // --move on this heap type, none when it is not a move of any position of it (a negative
  // number, or a count no heap of the type holds): read once, for every line.
  template <HeapInteger Heap>
  const std::optional<GameMove<Heap>>& moved_on() const {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return small_move_;
    else
      return big_move_;
  }

  // The lines of --explain, if asked.
  template <HeapInteger Heap>
  ExplanationIfAsked<Heap> explanation_of(const GameEngine<Heap>& engine,
                                          const GameAnalysis<Heap>& analysis) const {
    if (!request_.explain) return std::nullopt;
    return written_explanation(request_.words.spec, analysis, engine.explain(analysis));
  }

  // The plies of the position's playout, each a record of its own.
  template <HeapInteger Heap>
  void play_out(Output& output, GameEngine<Heap>& engine, std::span<const Heap> heaps,
                SplitMix64& rng, const RecordContext& context) {
    const auto winning = request_.all_moves ? WinningMoves::list : WinningMoves::omit;
    const auto detail = request_.playout.trace == Trace::moves ? PlyDetail::move : PlyDetail::full;
    const bool batch = context.line.has_value();
    engine.play_out(heaps, request_.strategy, rng, request_.playout.max_plies, winning, detail,
                    [&](const GamePly<Heap>& ply) {
                      sink_.ply(output.buffer(), request_.words, ply, context,
                                explanation_of(engine, ply.analysis),
                                batch && (ply.done || ply.truncated));
                      output.end_record();
                      if (ply.truncated && request_.playout.default_limit)
                        stopped_at_default_limit_ = true;
                    });
  }

  const GameRequest& request_;
  const Sink& sink_;
  std::unique_ptr<GameEngine<SmallHeap>> small_engine_;
  std::unique_ptr<GameEngine<BigHeap>> big_engine_;
  GameAnalysis<SmallHeap> small_analysis_;
  GameAnalysis<BigHeap> big_analysis_;
  std::atomic<bool>& stopped_at_default_limit_;    // set by any thread of --jobs
  bool every_position_fits_ = false;               // on machine words
  std::optional<GameMove<SmallHeap>> small_move_;  // --move, on each heap type
  std::optional<GameMove<BigHeap>> big_move_;
};

// The --batch lines, each thread answering with an answerer of its own.
template <AnalysisSink Sink>
struct GameBatch {
  GameAnswerer<Sink> worker() const {
    return GameAnswerer<Sink>(request, sink, game, stopped_at_default_limit);
  }

  const GameRequest& request;
  const Sink& sink;
  const PreparedGame& game;
  std::atomic<bool>& stopped_at_default_limit;
};

}  // namespace

int run_game_analysis(const ParsedOptions& given, Output& out) {
  GameRequest request = read_game_request(given);
  const GameSpec& spec = request.words.spec;
  // A batch may hold any heap: the values go to the limit (when no period is proved before).
  const PreparedGame game(
      spec, request.batch ? BigHeap(~std::uint64_t{0}) : request.heaps.largest_heap());
  std::atomic<bool> stopped_at_default_limit = false;
  TableInput input;
  const AnalysisOutput output{
      .format = request.format,
      .pretty = request.pretty,
      .trace_moves = request.playout.trace == Trace::moves,
      .style = request.style,
      .fields = request.table.fields,
      .layout = table_layout(request.table, request.format, request.batch, request.heaps.size(),
                             !moves_take_from_one_heap(spec), input)};
  const int status = with_analysis_sink(output, [&](const auto& sink) -> int {
    sink.header(out.buffer());
    if (!request.batch) {
      GameAnswerer(request, sink, game, stopped_at_default_limit)(out, request.heaps);
      return exit_ok;
    }
    GameBatch<std::decay_t<decltype(sink)>> batch{request, sink, game, stopped_at_default_limit};
    return run_batch(input.input_fd, out, request.jobs,
                     LineCheck(request.words.rules, request.table.heap_columns), batch);
  });
  if (stopped_at_default_limit) report_default_limit(out);
  return status;
}

}  // namespace nim
