#include "cli/commands/play_games.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cli/input/game_move_text.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/input/players.hpp"
#include "cli/system/line_editor.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/game_records.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/game_strategy.hpp"
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
};

GamePlayRequest read_game_play_request(const ParsedOptions& given, const GameSpec& spec) {
  if (given.has("pretty"))
    throw UsageError("--pretty is offered for Nim only, not for " + game_name(spec));
  GamePlayRequest request{GameWords(spec)};
  const GameOptions options = read_game_options(given, Format::text);
  request.strategy = options.strategy;
  if (options.format != Format::text)
    throw UsageError("--format json is offered for Nim only; " + game_name(spec) +
                     " is played in text");
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

// What a person types for a move in this game, heaps numbered from 1.
std::string move_form(const GameSpec& spec) {
  switch (spec.kind) {
    case GameSpec::Kind::take_and_break:
      if (spec.heap_game.splits())
        return "heap and count (3 1), and to split the rest, its two parts (3 1 2 2; Grundy's "
               "game: 3 0 1 2)";
      return "heap and count (3 1)";
    case GameSpec::Kind::moore:
    case GameSpec::Kind::wythoff:
      return "heap and count (3 1), or several pairs for several heaps (1 2 2 2)";
    case GameSpec::Kind::staircase:
      return "step and count (3 1 moves 1 coin from step 3 down to step 2)";
    case GameSpec::Kind::lasker:
      return "heap and count (3 1), or to split a heap, the heap, 0 and its two parts (3 0 1 2)";
  }
  // Every kind returns above (a kind without its case fails to compile: -Werror=switch).
  __builtin_unreachable();
}

template <PlayableGame Game, class Heap = typename Game::Heap>
class GamePlay {
 public:
  GamePlay(const GamePlayRequest& request, Game game, Output& out)
      : request_(request),
        spec_(request.words.spec),
        solver_(game, spec_.search_limit),
        out_(out),
        rng_(request.seed) {}

  int run(Position<Heap> position) {
    // The start is answered before anything is written: a position the theory cannot answer
    // (Wythoff's game on 3 heaps, a misère search beyond its bound) is refused whole, and every
    // later position is one the start reaches, answered by then.
    analyse_game(solver_, std::span<const Heap>(position));
    LineReader reader(0);
    write_paragraph(out_.buffer(), game_title(spec_) + ":", request_.style, 0, Paint::bold);
    for (std::size_t mover = 0;; mover = 1 - mover) {
      write_board(out_.buffer(), std::span<const Heap>(position), request_.style);
      // The move of the computer, and of a hint: the strategy's.
      const auto analysis =
          analyse_game(solver_, std::span<const Heap>(position), request_.strategy, rng_);
      if (analysis.game_over) {
        // The player to move has no move: in normal play they lose, in misère play they win.
        const std::size_t winner = spec_.misere ? mover : 1 - mover;
        say(side(winner) + (side(winner) == "You" ? " win." : " wins."));
        return finish();
      }
      std::optional<GameMove<Heap>> move;
      if (request_.controllers[mover] == Controller::computer) {
        move = chance(rng_, request_.difficulty)
                   ? analysis.move
                   : random_game_move(solver_.game(), std::span<const Heap>(position), rng_);
      } else {
        move = ask(reader, position, analysis, mover);
        if (!move) return finish();
      }
      say(side(mover) + ": " + game_move_words(spec_, *move, 1) + ".");
      position = after(solver_.game(), std::span<const Heap>(position), *move);
    }
  }

 private:
  bool both_people() const {
    return request_.controllers[0] == Controller::human &&
           request_.controllers[1] == Controller::human;
  }
  bool both_computers() const {
    return request_.controllers[0] == Controller::computer &&
           request_.controllers[1] == Controller::computer;
  }
  std::string side(std::size_t mover) const {
    if (both_people() || both_computers()) return "Player " + std::to_string(mover + 1);
    return request_.controllers[mover] == Controller::human ? "You" : "The computer";
  }
  void say(const std::string& text) { write_paragraph(out_.buffer(), text, request_.style); }

  int finish() {
    if (request_.seed_in_use) say("Seed " + std::to_string(request_.seed) + ".");
    out_.flush();
    return 0;
  }

  // The next line typed. At a terminal the line editor draws the prompt (the unfinished line
  // written); otherwise the line is echoed after it, so that the transcript reads as a game.
  std::optional<std::string_view> next_line(LineReader& reader) {
    if (edit_lines_) {
      if (!editor_) editor_.emplace();
      return editor_->read(out_.flush_whole_lines());
    }
    auto line = reader.next([&] { out_.flush(); });
    if (line) {
      out_.buffer() += *line;
      out_.buffer() += '\n';
    }
    return line;
  }

  // A person's move, asked until it is legal; none when they quit or the input ends.
  std::optional<GameMove<Heap>> ask(LineReader& reader, const Position<Heap>& position,
                                    const GameAnalysis<Heap>& analysis, std::size_t mover) {
    for (;;) {
      out_.buffer() += both_people() ? side(mover) + ", your move: " : std::string("Your move: ");
      const auto line = next_line(reader);
      if (!line) {
        out_.buffer() += '\n';
        say("The input ended; the game is left unfinished.");
        return std::nullopt;
      }
      const std::string text(*line);
      if (text == "quit" || text == "q") return std::nullopt;
      if (text == "help" || text == "?") {
        say("Type a move: " + move_form(spec_) +
            ". hint shows the best move and why; quit ends "
            "the game.");
        continue;
      }
      if (text == "hint") {
        say(analysis.verdict.winning
                ? "Winning move: " + game_move_words(spec_, *analysis.move, 1) + "."
                : "Every move loses against perfect play; the longest try: " +
                      game_move_words(spec_, *analysis.move, 1) + ".");
        write_game_explanation_text(
            out_.buffer(),
            game_explanation_lines(spec_, analysis, explain_game(solver_.game(), analysis)),
            request_.style);
        continue;
      }
      const auto typed = read_typed_move(text, spec_.kind == GameSpec::Kind::take_and_break ||
                                                   spec_.kind == GameSpec::Kind::lasker);
      if (!typed) {
        say("Not a move: " + quoted(text) + ". Type " + move_form(spec_) + ", or help.");
        continue;
      }
      const auto move = narrow_move<Heap>(*typed);
      if (!move || !solver_.game().is_legal(std::span<const Heap>(position), *move)) {
        say("Illegal: " +
            illegal_proposed_words(spec_, std::span<const Heap>(position), *typed, 1) + ".");
        continue;
      }
      return move;
    }
  }

  const GamePlayRequest& request_;
  const GameSpec& spec_;
  GameSolver<Game> solver_;
  Output& out_;
  SplitMix64 rng_;
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
    return std::visit(
        [&](const auto& rules) {
          GamePlay session(request, rules, out);
          return session.run(start);
        },
        game.rules<Heap>());
  };
  try {
    // A split game's heaps only shrink: the start's heap type holds every later position.
    return request.start.is_big() ? play(request.start.big()) : play(request.start.small());
  } catch (const Unanswerable& e) {
    throw UsageError(e.what());
  }
}

}  // namespace nim
