// nim-game play: a game at the terminal, person against computer, two people, or two computers.
// Lines are read from standard input, at a terminal or through a pipe alike; the output is text
// for people, or one JSON event a line for programs (--format json).
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/commands/play_session.hpp"
#include "cli/input/game_choice.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/players.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/terminal.hpp"
#include "format/play_sink.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_engine.hpp"

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
