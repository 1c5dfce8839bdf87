#include "cli/commands/play_games.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cli/input/game_move_text.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/play_input.hpp"
#include "cli/input/players.hpp"
#include "cli/system/line_editor.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/game_play_sink.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/random.hpp"

namespace nim {

namespace {

struct GamePlayRequest {
  GameWords words;
  AnyPosition start{};
  Controllers controllers{};
  double difficulty = 1;
  Strategy strategy{};  // the computer's move: --choose, --when-losing
  std::uint64_t seed = 0;
  bool seed_in_use = false;
  TextStyle style{};
  Format format = Format::text;  // or json, one event a line
  bool pretty = false;
};

GamePlayRequest read_game_play_request(const ParsedOptions& given, const GameSpec& spec) {
  GamePlayRequest request{GameWords(spec)};
  const GameOptions options = read_game_options(given, Format::text);
  request.strategy = options.strategy;
  request.format = options.format;
  request.pretty = options.pretty;
  reject_operands(given, 0, " (heap sizes follow -H)");
  request.controllers = read_players(given.value("players"), given.value("first"));
  const bool computer = request.controllers[0] == Controller::computer ||
                        request.controllers[1] == Controller::computer;
  if (given.has("difficulty") && !computer)
    throw UsageError("--difficulty sets how the computer plays; a game of two people has none");
  if (const auto* text = given.value("difficulty"))
    request.difficulty = parse_probability("--difficulty", *text);
  request.seed_in_use = request.difficulty < 1 || request.strategy.uses_randomness();
  if (options.seed && !request.seed_in_use)
    throw UsageError(
        "--seed needs something random: a computer of --difficulty below 1, or a random policy "
        "(--choose random or --when-losing random)");
  if (request.seed_in_use) request.seed = options.seed ? *options.seed : draw_seed();
  const auto board = given.values("heaps");
  for (const std::string& argument : board.empty()
                                         ? std::vector<std::string>{default_play_board}
                                         : std::vector<std::string>(board.begin(), board.end()))
    if (std::string error = append_heaps(argument, request.start); !error.empty())
      throw UsageError(error);
  request.style.colour = colour_wanted(1);
  request.style.width = text_width(1);
  return request;
}

// What `help` says, in text and in its JSON event.
std::string help_text(const GameSpec& spec) {
  return "Type a move: " + std::string(move_form(spec)) +
         ". hint shows the best move and why; quit ends the game.";
}

template <HeapInteger Heap, class Sink>
class GamePlay {
 public:
  GamePlay(const GamePlayRequest& request, const PreparedGame& game, Sink sink, Output& out)
      : request_(request),
        spec_(request.words.spec),
        engine_(make_engine<Heap>(game)),
        sink_(std::move(sink)),
        out_(out),
        rng_(request.seed) {}

  int run(Position<Heap> position) {
    // The start is answered before anything is written: a position the theory cannot answer
    // (Wythoff's game on 3 heaps, a misère search beyond its bound) is refused whole, and every
    // later position is one the start reaches, answered by then.
    engine_->analyse(std::span<const Heap>(position));
    LineReader reader(0);
    const bool computer = request_.controllers[0] == Controller::computer ||
                          request_.controllers[1] == Controller::computer;
    sink_.start(out_.buffer(), std::span<const Heap>(position),
                computer ? std::optional(request_.difficulty) : std::nullopt);
    out_.end_record();
    for (std::uint64_t ply = 0;; ++ply) {
      const Player mover = ply % 2 == 0 ? Player::first : Player::second;
      const Controller controller = request_.controllers[ply % 2];
      sink_.turn(out_.buffer(), std::span<const Heap>(position));
      // The move of the computer, and of a hint: the strategy's.
      const auto analysis =
          engine_->analyse(std::span<const Heap>(position), request_.strategy, rng_);
      if (analysis.game_over) {
        // The player to move has no move: in normal play they lose, in misère play they win.
        return finish(Ending::over, spec_.misere ? mover : other(mover));
      }
      std::optional<GameMove<Heap>> move;
      if (controller == Controller::computer) {
        move = chance(rng_, request_.difficulty)
                   ? analysis.move
                   : engine_->random_move(std::span<const Heap>(position), rng_);
      } else {
        const auto asked = ask(reader, position, analysis, mover);
        if (const auto* ending = std::get_if<Ending>(&asked)) return finish(*ending, {});
        move = std::get<GameMove<Heap>>(asked);
      }
      // Judged as --move judges it: a move from a won position that leaves the opponent a won
      // one gave the win away.
      GameMoveRecord<Heap> played{
          .number = ply, .player = mover, .move = *move, .from_won = analysis.verdict.winning};
      played.optimal = !played.from_won || engine_->judge(std::span<const Heap>(position), *move) ==
                                               GameMoveVerdict::winning;
      if (!played.optimal && controller == Controller::human)
        mistakes_.push_back({played, analysis.move});
      position = engine_->after(std::span<const Heap>(position), *move);
      sink_.moved(out_.buffer(), played, std::span<const Heap>(position));
      out_.end_record();
    }
  }

 private:
  int finish(Ending ending, std::optional<Player> winner) {
    sink_.end(out_.buffer(), winner, ending, std::span<const GameMistake<Heap>>(mistakes_),
              request_.seed_in_use ? std::optional(request_.seed) : std::nullopt);
    out_.end_record();
    out_.flush();
    return 0;
  }

  // The next line typed. At a terminal the line editor draws the prompt (the unfinished line
  // written); otherwise the line is echoed after it (in text), so that the transcript reads as a
  // game.
  std::optional<std::string_view> next_line(LineReader& reader) {
    if (edit_lines_) {
      if (!editor_) editor_.emplace();
      return editor_->read(out_.flush_whole_lines());
    }
    auto line = reader.next([&] { out_.flush(); });
    if (line) sink_.line_read(out_.buffer(), *line);
    return line;
  }

  // A person's move, asked until it is legal; or why the person stops (quit, end of input).
  std::variant<GameMove<Heap>, Ending> ask(LineReader& reader, const Position<Heap>& position,
                                           const GameAnalysis<Heap>& analysis, Player mover) {
    HintLength hint_length = HintLength::brief;  // a second hint in a row gives the long form
    for (;;) {
      sink_.prompt(out_.buffer(), mover);
      const auto line = next_line(reader);
      if (!line) return Ending::end_of_input;
      const std::string text(*line);
      const HintLength asked = std::exchange(hint_length, HintLength::brief);
      const std::optional<PlayInput::Kind> word = read_play_word(text);
      if (word == PlayInput::Kind::quit) return Ending::quit;
      if (word == PlayInput::Kind::blank) {
        // Asked again.
      } else if (word == PlayInput::Kind::help) {
        sink_.help(out_.buffer(), help_text(spec_));
      } else if (word == PlayInput::Kind::hint) {
        sink_.hint(out_.buffer(), analysis,
                   written_explanation(spec_, analysis, engine_->explain(analysis)), asked);
        hint_length = HintLength::full;
      } else if (const auto typed = read_typed_move(text, moves_may_split(spec_)); !typed) {
        sink_.unreadable(out_.buffer(), text, std::string(move_form(spec_)));
      } else if (const auto move = narrow_move<Heap>(*typed);
                 !move || !engine_->is_legal(std::span<const Heap>(position), *move)) {
        sink_.illegal(out_.buffer(), text,
                      illegal_proposed_words(spec_, std::span<const Heap>(position), *typed, 1));
      } else {
        return *move;
      }
      out_.end_record();
    }
  }

  const GamePlayRequest& request_;
  const GameSpec& spec_;
  std::unique_ptr<GameEngine<Heap>> engine_;
  Sink sink_;
  Output& out_;
  SplitMix64 rng_;
  std::vector<GameMistake<Heap>> mistakes_;             // the review
  bool edit_lines_ = is_terminal(0) && is_terminal(1);  // a person types at a terminal
  std::optional<LineEditor> editor_;                    // set up at the first line typed
};

}  // namespace

int run_game_play(const ParsedOptions& given, const GameSpec& spec, Output& out) {
  GamePlayRequest request = read_game_play_request(given, spec);
  if (!request.start.is_big() && !fits_machine_words(spec, request.start.small()))
    request.start.make_big();
  const PreparedGame game(spec, request.start.is_big()
                                    ? *std::ranges::max_element(request.start.big())
                                    : to_big(*std::ranges::max_element(request.start.small())));
  const auto play = [&]<HeapInteger Heap>(const Position<Heap>& start) {
    const auto session = [&](auto sink) {
      return GamePlay<Heap, decltype(sink)>(request, game, sink, out).run(start);
    };
    if (request.format == Format::json)
      return session(GameJsonPlaySink(request.words, request.controllers, request.pretty));
    return session(GameTextPlaySink(request.words, request.controllers, request.style,
                                    /*echo=*/!is_terminal(0)));
  };
  try {
    // A split game's heaps only shrink: the start's heap type holds every later position.
    return request.start.is_big() ? play(request.start.big()) : play(request.start.small());
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
}

}  // namespace nim
