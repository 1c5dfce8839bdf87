// The game of nim-game play (play_command.cpp), from the first turn to the end: what it was asked
// for, and the session that reads the lines typed, plays the computer's moves and writes each
// event to a sink.
#pragma once

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

#include "cli/commands/play_moves.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/play_input.hpp"
#include "cli/input/players.hpp"
#include "cli/input/sum_component.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_editor.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/output.hpp"
#include "cli/system/terminal.hpp"
#include "format/play_sink.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/random.hpp"

namespace nim {

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

}  // namespace nim
