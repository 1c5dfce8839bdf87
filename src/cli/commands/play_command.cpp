// nim-game play: a game at the terminal, person against computer, two people, or two computers.
// Lines are read from standard input, at a terminal or through a pipe alike; the output is text
// for people, or one JSON event a line for programs (--format json).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/play_moves.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/play_input.hpp"
#include "cli/input/players.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_editor.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/play_sink.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_engine.hpp"
#include "nim/random.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view heaps = "heaps";
constexpr std::string_view players = "players";
constexpr std::string_view first = "first";
constexpr std::string_view difficulty = "difficulty";
constexpr std::string_view sum = "sum";
}  // namespace option

std::vector<OptionGroup> play_options() {
  return {
      {"",
       {
           {.name = option::heaps,
            .letter = 'H',
            .value = "SIZE",
            .help = "the starting board (default 5 4 3 2 1)",
            .list = true},
           {.name = option::sum,
            .value = "GAME",
            .help = "play a sum of games, each --sum one game: its options and heap sizes, as "
                    "in --sum '--octal 0.77 5'"},
           {.name = option::players,
            .value = "WHO",
            .help = "human,computer (default), computer,human (the computer moves first), "
                    "human,human or computer,computer",
            .choices = player_set_names()},
           {.name = option::first,
            .value = "WHO",
            .help = "who moves first against the computer: human (default) or computer",
            .choices = first_player_names()},
           {.name = option::difficulty,
            .value = "P",
            .help = "the computer plays the perfect move with probability P, 0 to 1 (default 1), "
                    "a random move otherwise"},
       }},
      rule_options(),
      game_choice_options(),
      choice_options(),
      output_options(Format::text),
  };
}

constexpr const char* default_board = "5 4 3 2 1";

// The options play takes beside --sum; the others name one game's rules or board.
constexpr std::array<std::string_view, 11> sum_options{
    "sum",    "players", "first",  "difficulty",  "misere", "limit-search",
    "format", "pretty",  "choose", "when-losing", "seed"};

struct PlayRequest {
  AnyGameWords words;
  AnyPosition start{};                 // one game's board
  std::optional<SumGames> sum{};       // a sum's games and boards (--sum), played instead
  Controllers controllers{};           // the first mover first
  std::optional<double> difficulty{};  // when a computer plays
  Strategy strategy{};             // the computer's move and the hint's: --choose, --when-losing
  std::optional<GameSeed> seed{};  // of every random choice, when something is random
  Format format = Format::text;    // or json, one event a line
  bool pretty = false;
};

PlayRequest read_request(const ParsedOptions& given) {
  const bool sum = given.has(option::sum);
  if (sum) refuse_options_beside_sums(given, play_options(), sum_options);
  PlayRequest request{.words = AnyGameWords(GameWords(GameSpec{}))};
  const GameOptions options = read_game_options(given, Format::text);
  if (sum) {
    request.sum = read_sum_games(given, SumHeaps::given);
    request.words = AnyGameWords(SumWords(request.sum->specs, given.has(option::misere)));
  } else {
    request.words = AnyGameWords(GameWords(game_of(read_game_spec(given), options.rules)));
  }
  request.strategy = options.strategy;
  request.format = options.format;
  request.pretty = options.pretty;
  reject_operands(given, 0, sum ? " (heap sizes go in each --sum)" : " (heap sizes follow -H)");
  request.controllers = read_players(given.value(option::players), given.value(option::first));
  const bool two_people =
      request.controllers[0] == Controller::human && request.controllers[1] == Controller::human;
  if (given.has(option::difficulty) && two_people)
    throw UsageError("--difficulty sets how the computer plays; a game of two people has none");
  if (!two_people) {
    const auto* text = given.value(option::difficulty);
    request.difficulty = text ? parse_probability("--difficulty", *text) : 1.0;
  }

  if (request.strategy.uses_randomness() || (request.difficulty && *request.difficulty < 1))
    request.seed = options.seed ? GameSeed{*options.seed, false} : GameSeed{draw_seed(), true};
  else if (options.seed)
    throw UsageError(
        "--seed needs something random: a computer of --difficulty below 1, or a "
        "random policy (--choose random or --when-losing random)");

  if (sum) return request;
  const auto board = given.values(option::heaps);
  for (const std::string& argument : board.empty()
                                         ? std::vector<std::string>{default_board}
                                         : std::vector<std::string>(board.begin(), board.end()))
    if (std::string error = append_heaps(argument, request.start); !error.empty())
      throw UsageError(error);
  return request;
}

// A person's wish to take back moves (undo), when there is one of theirs to take back.
struct TakeBack {};

// One game, from the first turn to the end, its events written to a sink. The computer's random
// choices come from one sequence for the whole game; a hint, and the move the review names, are
// the strategy's from the seed afresh, so that asking for them changes nothing else. An undo gives
// no draw back: the computer's next move takes the next draws, so that the same seed and the same
// lines typed, undos included, play the same game.
template <HeapInteger Heap, PlaySink<Heap> Sink>
class Session {
 public:
  Session(const PlayRequest& request, std::unique_ptr<GameEngine<Heap>> engine, Sink sink,
          Output& out)
      : request_(request),
        engine_(std::move(engine)),
        sink_(std::move(sink)),
        out_(out),
        rng_(request.seed ? request.seed->value : 0) {}

  int run(const Position<Heap>& start) {
    // The start is answered before anything is written: a position the theory cannot answer
    // (Wythoff's game on 3 heaps, a misère search beyond its bound) is refused whole, and every
    // later position is one the start reaches, answered by then.
    engine_->analyse(heaps(start));
    sink().start(out_.buffer(), heaps(start), request_.difficulty);
    out_.end_record();
    Position<Heap> position = start;
    std::optional<Player> last_mover;
    bool shown = false;  // the turn is on the screen already, after an undo
    for (std::uint64_t ply = 0;;) {
      const PlayTurn<Heap> turn{heaps(position), mover_at(ply)};
      if (!engine_->has_move(turn.position)) {
        // The player to move has no move: in normal play they lose, in misère play they win.
        return finish({turn, Ending::over, request_.words.misere() ? turn.mover : other(turn.mover),
                       last_mover});
      }
      const bool won = engine_->winning(turn.position);
      if (!std::exchange(shown, false)) sink().turn(out_.buffer(), turn);
      GameMove<Heap> move;
      if (request_.controllers[side_index(turn.mover)] == Controller::computer) {
        move = computer_move(turn.position);
      } else {
        const auto asked = ask(turn);
        if (const auto* ending = std::get_if<Ending>(&asked))
          return finish({turn, *ending, std::nullopt, last_mover});
        if (std::holds_alternative<TakeBack>(asked)) {
          position = take_back(start);
          ply = standing_.size();
          last_mover = standing_.empty() ? std::nullopt : std::optional(standing_.back().player);
          shown = true;
          continue;
        }
        move = std::get<GameMove<Heap>>(asked);
      }
      // Judged as --move judges it: a move from a won position that leaves the opponent a won
      // one gave the win away.
      GameMoveRecord<Heap> played;
      played.number = ply;
      played.player = turn.mover;
      played.move = move;
      played.from_won = won;
      played.from = position;
      played.optimal = !won || engine_->judge(turn.position, move) == GameMoveVerdict::winning;
      if (!played.optimal && request_.controllers[side_index(turn.mover)] == Controller::human)
        mistakes_.push_back({played, advice(turn.position).move});
      if (people_play_) standing_.push_back(played);
      position = engine_->after(turn.position, move);
      last_mover = turn.mover;
      ++ply;
      sink().moved(out_.buffer(), played, heaps(position));
      out_.end_record();
    }
  }

 private:
  static std::span<const Heap> heaps(const Position<Heap>& position) { return position; }

  // With probability --difficulty the strategy's move, otherwise a random one.
  GameMove<Heap> computer_move(std::span<const Heap> position) {
    if (!chance(rng_, *request_.difficulty)) return *engine_->random_move(position, rng_);
    return *engine_->analyse(position, request_.strategy, rng_).move;
  }

  // The strategy's move and the analysis behind it, its random choices from the seed afresh.
  GameAnalysis<Heap> advice(std::span<const Heap> position) {
    SplitMix64 rng(request_.seed ? request_.seed->value : 0);
    return engine_->analyse(position, request_.strategy, rng);
  }

  int finish(PlayEnd<Heap> end) {
    end.mistakes = mistakes_;
    end.seed = request_.seed;
    sink().end(out_.buffer(), end);
    out_.end_record();
    out_.flush();
    return exit_ok;
  }

  // The next line typed. At a terminal the line editor draws the prompt (the unfinished line
  // written); otherwise the output so far is written before the game waits for input.
  std::optional<std::string_view> next_line() {
    if (edit_lines_) {
      if (!editor_) editor_.emplace();
      return editor_->read(out_.flush_whole_lines());
    }
    return input_.next([&] { out_.flush(); });
  }

  bool people_only() const {
    return request_.controllers[0] == Controller::human &&
           request_.controllers[1] == Controller::human;
  }

  // Where an undo starts: the last move a person made, which it takes back with every move after
  // it (the computer's reply); none when no person's move stands.
  std::optional<std::size_t> last_person_move() const {
    for (std::size_t k = standing_.size(); k-- > 0;)
      if (request_.controllers[side_index(standing_[k].player)] == Controller::human) return k;
    return std::nullopt;
  }

  // Takes back the moves from the last person's move on, and their mistakes from the review; the
  // position is the start with the moves that stand played again (a split cannot be undone by the
  // rules alone). Tells the sink, which shows the board again. Returns the position.
  Position<Heap> take_back(const Position<Heap>& start) {
    const std::size_t from = *last_person_move();
    const std::vector<GameMoveRecord<Heap>> taken(standing_.begin() + std::ptrdiff_t(from),
                                                  standing_.end());
    standing_.resize(from);
    std::erase_if(mistakes_,
                  [&](const GameMistake<Heap>& mistake) { return mistake.number >= from; });
    Position<Heap> position = start;
    for (const GameMoveRecord<Heap>& played : standing_)
      position = engine_->after(heaps(position), played.move);
    sink().undone(out_.buffer(), std::span<const GameMoveRecord<Heap>>(taken),
                  PlayTurn<Heap>{heaps(position), mover_at(from)});
    out_.end_record();
    return position;
  }

  // A person's move, asked until it is legal; or an undo; or why the person stops (quit, end of
  // input).
  std::variant<GameMove<Heap>, TakeBack, Ending> ask(const PlayTurn<Heap>& turn) {
    HintLength hint_length = HintLength::brief;  // a second hint in a row gives the long form
    for (;;) {
      const auto line = next_line();
      if (!line) return Ending::end_of_input;
      sink().line_read(out_.buffer(), *line);
      const HintLength asked = std::exchange(hint_length, HintLength::brief);
      const std::optional<PlayWord> word = read_play_word(*line);
      if (word == PlayWord::quit) return Ending::quit;
      if (word == PlayWord::blank) {
        sink().again(out_.buffer(), turn.mover);
      } else if (word == PlayWord::help) {
        sink().help(out_.buffer(), turn.mover);
      } else if (word == PlayWord::hint) {
        const GameAnalysis<Heap> hint = advice(turn.position);
        sink().hint(out_.buffer(), turn, hint,
                    request_.words.explanation(hint, [&] { return engine_->explain(hint); }),
                    asked);
        hint_length = HintLength::full;
      } else if (word == PlayWord::undo) {
        if (last_person_move()) return TakeBack{};
        sink().refused(out_.buffer(), turn, *line,
                       people_only() ? "there is no move to take back"
                                     : "there is no move of yours to take back");
      } else {
        auto typed = typed_.read(*line, turn.position, *engine_);
        if (auto* move = std::get_if<GameMove<Heap>>(&typed)) return std::move(*move);
        sink().refused(out_.buffer(), turn, *line, std::get<std::string>(typed));
      }
      out_.end_record();
    }
  }

  // The sink, told the terminal's width as it is now when it lays out text for one, so that a
  // terminal resized during the game is followed from the next thing written.
  Sink& sink() {
    if constexpr (requires(Sink & s) { s.set_width(std::size_t{}); })
      if (follow_width_) sink_.set_width(text_width(1));
    return sink_;
  }

  const PlayRequest& request_;
  std::unique_ptr<GameEngine<Heap>> engine_;
  TypedMoves typed_{request_.words};
  Sink sink_;
  Output& out_;
  SplitMix64 rng_;  // the computer's random choices, one sequence for the whole game
  std::vector<GameMistake<Heap>> mistakes_;  // the review
  // The moves that stand, kept for undo when a person plays (a game of two computers keeps none:
  // it may run for ever).
  bool people_play_ =
      request_.controllers[0] == Controller::human || request_.controllers[1] == Controller::human;
  std::vector<GameMoveRecord<Heap>> standing_;
  LineReader input_{0};
  bool edit_lines_ = is_terminal(0) && is_terminal(1);  // a person types at a terminal
  bool follow_width_ = is_terminal(1);
  std::optional<LineEditor> editor_;  // set up at the first line typed
};

int run(const ParsedOptions& given, Output& out) {
  PlayRequest request = read_request(given);
  std::vector<PreparedGame> games;  // one game, or a sum's
  if (!request.sum) {
    const GameSpec& spec = request.words.game()->spec;
    if (!request.start.is_big() && !fits_machine_words(spec, request.start.small()))
      request.start.make_big();
    games.emplace_back(spec, request.start.largest_heap());
  } else {
    for (std::size_t c = 0; c < request.sum->specs.size(); ++c)
      games.emplace_back(request.sum->specs[c], request.sum->heaps[c].largest_heap());
  }
  const auto play = [&]<HeapInteger Heap>(const Position<Heap>& start) {
    const auto session = [&](auto sink) {
      auto engine = request.sum ? make_sum_engine<Heap>(games, request.words.misere(),
                                                        request.sum->search_limit)
                                : make_engine<Heap>(games.front());
      return Session<Heap, decltype(sink)>(request, std::move(engine), sink, out).run(start);
    };
    if (request.format == Format::json)
      return session(JsonPlaySink(request.words, request.controllers, request.pretty));
    return session(TextPlaySink(request.words, request.controllers,
                                {.colour = colour_wanted(1), .width = text_width(1)},
                                /*echo=*/!is_terminal(0)));
  };
  try {
    // A split game's heaps only shrink: the start's heap type holds every later position.
    if (request.sum) return with_sum_position(request.sum->specs, request.sum->heaps, play);
    return request.start.is_big() ? play(request.start.big()) : play(request.start.small());
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
}

constexpr const char* epilogue =
    R"(At each turn, type a move as the prompt says: in Nim, heap and count, 4 1
(or 4,1) takes 1 object from heap 4, heaps numbered from 1 as on the board; in
Grundy's game, heap and parts, 5 2 3 splits heap 5 into 2 and 3; in a sum of
games, the component first, then the move in it: 2 4 1 takes 1 from heap 4 of
component 2. hint shows the best move and why (hint again: every step), undo
takes back your last move and the computer's reply (two people: the last move),
help lists the commands, quit or the end of input (Ctrl-D) ends the game.

Examples:
  nim-game play                         you against the computer, on 5 4 3 2 1
  nim-game play --difficulty 0.5        a computer that errs half the time
  nim-game play -H 3 4 5 --players computer,human --misere
  nim-game play --players human,human   two people at one keyboard
  nim-game play --players computer,computer --difficulty 0.7 --seed 3
  printf '4 1\nundo\nhint\nquit\n' | nim-game play --format json
  nim-game play --octal 0.77 -H 3 4 5   Kayles against the computer
  nim-game play --game wythoff -H 3 5   Wythoff's game
  nim-game play --sum '--octal 0.77 5' --sum 7 --sum '--game wythoff 3 4'
                                        Kayles, Nim and Wythoff's game, summed

Exit status: 0 when the game ends, is quit, or the input ends; 2 bad command
line; 3 input or output failed.
)";

}  // namespace

Command play_command() {
  return {.name = "play",
          .summary = "play a game at the terminal, against the computer or a person",
          .guide = "play.md",
          .usage = "play [-H SIZE...] [OPTION...]",
          .options = play_options,
          .run = run,
          .epilogue = epilogue};
}

}  // namespace nim
