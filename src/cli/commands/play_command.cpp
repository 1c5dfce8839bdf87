// nim-game play: a game at the terminal, person against computer, two people, or two computers.
// Lines are read from standard input, at a terminal or through a pipe alike; the output is text
// for people, or one JSON event a line for programs (--format json).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/play_games.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/play_input.hpp"
#include "cli/input/players.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_editor.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/play_sink.hpp"
#include "nim/explanation.hpp"
#include "nim/game.hpp"
#include "nim/random.hpp"
#include "nim/strategy.hpp"

namespace nim {

namespace {

// The names of this command's own options, declared once, beside the shared ones.
namespace option {
using namespace ::nim::option;
constexpr std::string_view heaps = "heaps";
constexpr std::string_view players = "players";
constexpr std::string_view first = "first";
constexpr std::string_view difficulty = "difficulty";
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

struct PlayRequest {
  GameOptions game;
  AnyPosition start;
  Controllers controllers;           // the first mover first
  std::optional<double> difficulty;  // when a computer plays
  std::uint64_t seed = 0;            // of every random choice
  bool seed_in_use = false;          // something is random: the seed is reported at the end
};

PlayRequest read_request(const ParsedOptions& given) {
  PlayRequest request;
  request.game = read_game_options(given, Format::text);
  reject_operands(given, 0, " (heap sizes follow -H)");
  request.controllers = read_players(given.value(option::players), given.value(option::first));
  const bool two_people =
      request.controllers[0] == Controller::human && request.controllers[1] == Controller::human;
  if (given.has(option::difficulty) && two_people)
    throw UsageError("--difficulty sets how the computer plays; a game of two people has none");
  if (!two_people) {
    const auto* text = given.value(option::difficulty);
    request.difficulty = text ? parse_probability("--difficulty", *text) : 1.0;
  }

  request.seed_in_use =
      request.game.strategy.uses_randomness() || (request.difficulty && *request.difficulty < 1);
  if (request.game.seed && !request.seed_in_use)
    throw UsageError(
        "--seed needs something random: a computer of --difficulty below 1, or a "
        "random policy (--choose random or --when-losing random)");
  if (request.seed_in_use) request.seed = request.game.seed ? *request.game.seed : draw_seed();

  const auto board = given.values(option::heaps);
  const std::vector<std::string> heaps = board.empty()
                                             ? std::vector<std::string>{default_play_board}
                                             : std::vector<std::string>(board.begin(), board.end());
  for (const std::string& argument : heaps)
    if (std::string error = append_heaps(argument, request.start); !error.empty())
      throw UsageError(error);

  return request;
}

// One game, from the first turn to the end, its events written to a sink.
template <HeapSumRuleset Rules, PlaySink Sink>
class Session {
 public:
  using Heap = typename Rules::Heap;

  Session(const PlayRequest& request, const Position<Heap>& start, const Rules& rules, Sink sink,
          Output& out, bool edit_lines)
      : request_(request),
        game_(start, rules, request.controllers, request.game.strategy, request.seed),
        rng_(request.seed),
        sink_(std::move(sink)),
        out_(out),
        input_(0),
        edit_lines_(edit_lines) {}

  int run() {
    sink_.start(out_.buffer(), game_, request_.difficulty);
    out_.end_record();
    const auto side = [&](const IndexedPosition<Rules>& view) -> Turn<Heap> {
      sink_.turn(out_.buffer(), game_);
      if (game_.controller(game_.to_move()) == Controller::computer) {
        return *choose_move_at_difficulty(view, request_.game.strategy, *request_.difficulty, rng_);
      }
      return person_move(view);
    };
    const Ending ending = game_.play(side, side, [&](const MoveRecord<Heap>& played) {
      sink_.moved(out_.buffer(), game_, played);
      out_.end_record();
    });
    std::optional<GameSeed> seed;
    if (request_.seed_in_use) seed = GameSeed{request_.seed, !request_.game.seed};
    sink_.end(out_.buffer(), game_, ending, seed);
    return exit_ok;
  }

 private:
  // Reads lines until the person to move gives a legal move, quits, or the input ends.
  Turn<Heap> person_move(const IndexedPosition<Rules>& view) {
    HintLength hint_length = HintLength::brief;  // a second hint in a row gives the long form
    for (;;) {
      const auto line = next_line();
      if (!line) return Ending::end_of_input;
      sink_.line_read(out_.buffer(), *line);
      const PlayInput input = read_play_input(*line);
      const HintLength asked = std::exchange(hint_length, HintLength::brief);
      switch (input.kind) {
        case PlayInput::Kind::move:
          if (auto move = legal_move(view, *line, input)) return *move;
          break;
        case PlayInput::Kind::hint: {
          const Analysis<Rules> advice = game_.advice();
          sink_.hint(out_.buffer(), game_, advice, explain(advice), asked);
          hint_length = HintLength::full;
          break;
        }
        case PlayInput::Kind::help:
          sink_.help(out_.buffer(), game_);
          break;
        case PlayInput::Kind::quit:
          return Ending::quit;
        case PlayInput::Kind::blank:
          sink_.again(out_.buffer(), game_);
          break;
        case PlayInput::Kind::unreadable:
          sink_.refused(out_.buffer(), game_, *line, input.error);
          break;
      }
      out_.end_record();
    }
  }

  // The next line typed. At a terminal the line editor draws the prompt, the unfinished line the
  // sink wrote; otherwise the output so far is written before the game waits for input.
  std::optional<std::string_view> next_line() {
    if (edit_lines_) {
      if (!editor_) editor_.emplace();
      return editor_->read(out_.flush_whole_lines());
    }
    return input_.next([&] { out_.flush(); });
  }

  // The person's move if it is legal; otherwise says why.
  std::optional<Move<Heap>> legal_move(const IndexedPosition<Rules>& view, std::string_view line,
                                       const PlayInput& input) {
    const auto verdict = check_move(view, ProposedMove{BigHeap(input.heap - 1), input.count});
    if (!verdict.move)
      sink_.refused(out_.buffer(), game_, line,
                    illegal_reason_text(view.heaps(), view.rules(), input.heap, input.count,
                                        verdict.illegal));
    return verdict.move;
  }

  const PlayRequest& request_;
  Game<Rules> game_;
  SplitMix64 rng_;  // the computer's random choices, one sequence for the whole game
  Sink sink_;
  Output& out_;
  LineReader input_;
  bool edit_lines_;                   // a person types at a terminal
  std::optional<LineEditor> editor_;  // set up at the first line typed
};

int run(const ParsedOptions& given, Output& out) {
  if (const auto spec = read_game_spec(given)) return run_game_play(given, *spec, out);
  PlayRequest request = read_request(given);
  // Line editing needs a terminal to read keys from and one to draw the line on.
  const bool edit_lines = is_terminal(0) && is_terminal(1);
  const auto play = [&](auto sink) {
    return with_heaps(
        request.start, request.game.rules, [&](const auto& position, const auto& rules) {
          using Rules = std::decay_t<decltype(rules)>;
          return Session<Rules, decltype(sink)>(request, position, rules, sink, out, edit_lines)
              .run();
        });
  };
  if (request.game.format == Format::text) {
    const TextStyle style{.colour = colour_wanted(1), .width = text_width(1)};
    return play(TextPlaySink(style, /*echo=*/!is_terminal(0)));
  }
  return play(JsonPlaySink(request.game.pretty));
}

constexpr const char* epilogue =
    R"(At each turn, type a move as heap and count: 4 1 (or 4,1) takes 1 object from
heap 4, heaps numbered from 1 as on the board. hint shows the best move and why
(hint again: every step), help lists the commands, quit or the end of input (Ctrl-D)
ends the game.

Examples:
  nim-game play                           you against the perfect computer, on 5 4 3 2 1
  nim-game play --difficulty 0.5          a computer that errs half the time
  nim-game play -H 3 4 5 --players computer,human --misere
  nim-game play --players human,human     two people at one keyboard
  nim-game play --players computer,computer --difficulty 0.7 --seed 3
  printf '4 1\nhint\nquit\n' | nim-game play --format json
  nim-game play --octal 0.77 -H 3 4 5     Kayles against the computer (the games after Nim)

Exit status: 0 when the game ends, is quit, or the input ends; 2 bad command line; 3 input or
output failed.
)";

}  // namespace

Command play_command() {
  return {"play",
          "play a game at the terminal: against the computer, two people, or two computers",
          "play [-H SIZE...] [OPTION...]",
          play_options,
          run,
          epilogue};
}

}  // namespace nim
