#include "cli/commands/analyse_games.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <variant>

#include "cli/commands/batch.hpp"
#include "cli/input/game_move_text.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/analysis_sink.hpp"
#include "format/game_records.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"

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
  std::optional<GameMove<BigHeap>> move{};
  TextStyle style{};
  AnyPosition heaps{};
};

GameRequest read_game_request(const ParsedOptions& given, const GameSpec& spec) {
  // What Nim's analysis offers and these games do not (yet): said, never ignored.
  for (const std::string_view nim_only : {"playout", "max-plies", "trace", "choose", "when-losing",
                                          "seed", "fields", "max-heaps", "pad"})
    if (given.has(nim_only))
      throw UsageError("--" + std::string(nim_only) + " is offered for Nim only; " +
                       game_name(spec) + " answers -H, --batch, --all-moves, --move and --explain");
  GameRequest request{GameWords(spec)};
  const GameOptions options = read_game_options(given, Format::json, Tables::yes);
  request.format = options.format;
  request.pretty = options.pretty;
  if (request.format == Format::csv || request.format == Format::tsv)
    throw UsageError("--format csv and tsv are offered for Nim only; " + game_name(spec) +
                     " writes json or text");
  request.batch = given.has("batch");
  request.all_moves = given.has("all-moves");
  request.explain = given.has("explain");
  if (const auto* text = given.value("jobs")) request.jobs = parse_jobs(*text);
  if (const auto* text = given.value("move")) {
    request.move = read_game_move(*text);
    if (!request.move)
      throw UsageError("--move " + quoted(*text) +
                       " is not a move: I,N, or as JSON [I,N], [I,N,[L,R]] or [[I,N],[J,M]]");
  }
  reject_operands(given, 0, " (heap sizes follow -H)");
  const bool heaps_given = given.has("heaps");
  if (request.batch && heaps_given) throw UsageError("-H and --batch cannot be used together");
  if (!request.batch && !heaps_given)
    throw UsageError("no position: give heap sizes with -H (as in -H 1 3 5 7), or use --batch");
  if (given.has("jobs") && !request.batch) throw UsageError("--jobs needs --batch");
  const bool text = request.format == Format::text;
  request.style.colour = text && colour_wanted(1);
  if (text && (!request.batch || is_terminal(1))) request.style.width = text_width(1);
  for (const std::string& argument : given.values("heaps"))
    if (std::string error = append_heaps(argument, request.heaps); !error.empty())
      throw UsageError(error);
  return request;
}

// The largest heap of the position: how far the Grundy values must go.
BigHeap largest_heap(const AnyPosition& position) {
  if (position.is_big()) return *std::ranges::max_element(position.big());
  return position.small().empty() ? BigHeap(0)
                                  : to_big(*std::ranges::max_element(position.small()));
}

class GameAnswerer {
 public:
  // The rules on both heap types, made once: a --batch line only picks one.
  GameAnswerer(const GameRequest& request, const PreparedGame& game)
      : request_(request),
        small_rules_(game.rules<SmallHeap>()),
        big_rules_(game.rules<BigHeap>()) {}

  // A --batch line: its record, or why the theory cannot answer it (its error record).
  std::string operator()(Output& out, AnyPosition& position, const BatchLine& line) {
    try {
      answer(out.buffer(), position, {std::nullopt, line.number, line.id});
    } catch (const Unanswerable& e) {  // thrown before anything is written
      return e.what();
    }
    out.end_record();
    return {};
  }
  // One position (-H): an unanswerable one is a usage error, exit 2.
  void operator()(Output& out, AnyPosition& position) {
    try {
      answer(out.buffer(), position, {});
    } catch (const Unanswerable& e) {
      throw UsageError(e.what());
    }
    out.end_record();
  }

  void bad_line(Output& out, const BatchLine& line, std::string_view input,
                std::string_view error) const {
    if (request_.format == Format::text) {
      write_input_error_text(out.buffer(), line.number, input, error, request_.style);
      out.buffer() += '\n';
    } else {
      write_bad_line(out.buffer(), request_.pretty, line.number, line.id, input, error);
    }
    out.end_record();
  }

 private:
  void answer(Buffer& out, AnyPosition& position, const RecordContext& context) const {
    if (!position.is_big() && !fits_machine_words(request_.words.spec, position.small()))
      position.make_big();
    if (position.is_big())
      answer(out, position.big(), big_rules_, context);
    else
      answer(out, position.small(), small_rules_, context);
  }

  template <HeapInteger Heap>
  void answer(Buffer& out, const Position<Heap>& position, const AnyPlayableGame<Heap>& rules,
              const RecordContext& context) const {
    std::visit(
        [&](const auto& game) {
          GameSolver solver(game, request_.words.spec.search_limit);
          const std::span<const Heap> heaps(position);
          const auto analysis = analyse_game(
              solver, heaps, request_.all_moves ? WinningMoves::list : WinningMoves::omit);
          const bool text = request_.format == Format::text;
          std::optional<std::vector<ExplanationLine>> explanation;
          if (request_.explain)
            explanation =
                game_explanation_lines(request_.words.spec, analysis, explain_game(game, analysis));
          if (request_.move) {
            const auto move = narrow_move<Heap>(*request_.move);
            const GameMove<Heap> proposed = move ? *move : GameMove<Heap>{};
            const GameMoveVerdict verdict =
                move ? judge_move(solver, heaps, *move) : GameMoveVerdict::illegal;
            const Position<Heap> after =
                verdict == GameMoveVerdict::illegal ? Position<Heap>{} : game.after(heaps, *move);
            if (text) {
              const std::string words =
                  verdict == GameMoveVerdict::illegal
                      ? "--move: illegal, " +
                            (move ? illegal_move_words(request_.words.spec, heaps, proposed, 1)
                                  : std::string("no heap holds that many"))
                      : "--move (" + game_move_words(request_.words.spec, proposed, 1) +
                            ", leaves " + heap_list(std::span<const Heap>(after)) + "): " +
                            (verdict == GameMoveVerdict::winning
                                 ? "it keeps the win, leaving the opponent a lost position."
                             : analysis.verdict.winning
                                 ? "it throws the win away: the opponent wins."
                                 : "the opponent wins, as after any move.");
              write_game_analysis_text(out, request_.words.spec, analysis, request_.style, words);
              write_game_explanation_text(out, explanation, request_.style);
              if (request_.batch) out += '\n';
              return;
            }
            JsonWriter w(out, request_.pretty);
            write_game_move_check(w, request_.words, analysis, proposed, verdict, after, context,
                                  explanation);
            out += '\n';
            return;
          }
          if (text) {
            write_game_analysis_text(out, request_.words.spec, analysis, request_.style);
            write_game_explanation_text(out, explanation, request_.style);
            if (request_.batch) out += '\n';
            return;
          }
          JsonWriter w(out, request_.pretty);
          write_game_analysis(w, request_.words, analysis, context, explanation);
          out += '\n';
        },
        rules);
  }

  const GameRequest& request_;
  AnyPlayableGame<SmallHeap> small_rules_;
  AnyPlayableGame<BigHeap> big_rules_;
};

}  // namespace

int run_game_analysis(const ParsedOptions& given, const GameSpec& spec, Output& out) {
  GameRequest request = read_game_request(given, spec);
  // A batch may hold any heap: the values go to the limit (when no period is proved before).
  const PreparedGame game(spec,
                          request.batch ? BigHeap(~std::uint64_t{0}) : largest_heap(request.heaps));
  GameAnswerer answer(request, game);
  if (request.batch) return run_batch(0, out, request.jobs, LineCheck(request.words.rules), answer);
  answer(out, request.heaps);
  return exit_ok;
}

}  // namespace nim
