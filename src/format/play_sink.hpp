// Where the events of `nim-game play` go: the start, each turn, each move made, a line that cannot
// be played, a hint, the help, and the end. The command picks a sink once, from --format, and is
// written once, generic over the sink (PlaySink): it never asks again which format is in use.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/nim_play_json.hpp"
#include "format/nim_play_text.hpp"
#include "format/text.hpp"
#include "nim/analysis.hpp"
#include "nim/explanation.hpp"
#include "nim/game.hpp"
#include "nim/games/nim/nim.hpp"
#include "text/buffer.hpp"
#include "text/escape.hpp"

namespace nim {

// The seed of a game's random choices, for its end: none when nothing was random.
struct GameSeed {
  std::uint64_t value = 0;
  bool drawn = false;  // not given with --seed: people are told it, so that they can replay
};

// What a sink of play events does. Each method appends its event to `out`; `turn` comes before
// each move is asked for, `again` when the same person is asked again after a blank line, and
// `line_read` with each line a person typed. A hint is brief, or full when asked for twice in a
// row (JSON always gives the whole explanation).
template <class Sink>
concept PlaySink = requires(const Sink& sink, Buffer& out, const Game<NimRules<SmallHeap>>& game,
                            const MoveRecord<SmallHeap>& played,
                            const Analysis<NimRules<SmallHeap>>& advice,
                            const Explanation<SmallHeap>& explanation,
                            std::optional<double> difficulty, std::optional<GameSeed> seed,
                            Ending ending, HintLength length, std::string_view text) {
  sink.start(out, game, difficulty);
  sink.turn(out, game);
  sink.again(out, game);
  sink.line_read(out, text);
  sink.moved(out, game, played);
  sink.refused(out, game, text, text);
  sink.hint(out, game, advice, explanation, length);
  sink.help(out, game);
  sink.end(out, game, ending, seed);
};

// One JSON event a line, indented with --pretty; turns and the lines read are not events.
class JsonPlaySink {
 public:
  explicit JsonPlaySink(bool pretty) : pretty_(pretty) {}

  template <HeapSumRuleset Rules>
  void start(Buffer& out, const Game<Rules>& game, std::optional<double> difficulty) const {
    event(out, [&](JsonWriter& w) {
      write_start_event(w, game.position(), game.rules(), sides(game), difficulty);
    });
  }
  template <HeapSumRuleset Rules>
  void turn(Buffer&, const Game<Rules>&) const {}
  template <HeapSumRuleset Rules>
  void again(Buffer&, const Game<Rules>&) const {}
  void line_read(Buffer&, std::string_view) const {}
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void moved(Buffer& out, const Game<Rules>& game, const MoveRecord<Heap>& played) const {
    // The game still shows the board before the move.
    Position<Heap> next(game.position().begin(), game.position().end());
    next[played.move.heap] -= played.move.count;
    event(out, [&](JsonWriter& w) {
      write_move_event(w, sides(game), played, std::span<const Heap>(next));
    });
  }
  template <HeapSumRuleset Rules>
  void refused(Buffer& out, const Game<Rules>&, std::string_view line,
               std::string_view reason) const {
    event(out, [&](JsonWriter& w) { write_invalid_event(w, line, reason); });
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void hint(Buffer& out, const Game<Rules>&, const Analysis<Rules>& advice,
            const Explanation<Heap>& explanation, HintLength) const {
    event(out, [&](JsonWriter& w) {
      write_hint_event(w, advice.winning, advice.move,
                       [&](JsonWriter& writer) { record::write_explanation(writer, explanation); });
    });
  }
  template <HeapSumRuleset Rules>
  void help(Buffer& out, const Game<Rules>&) const {
    event(out, [](JsonWriter& w) { write_help_event(w, play_help()); });
  }
  // The seed is given whenever something was random, drawn or not.
  template <HeapSumRuleset Rules>
  void end(Buffer& out, const Game<Rules>& game, Ending ending,
           std::optional<GameSeed> seed) const {
    event(out, [&](JsonWriter& w) {
      write_end_event(w, sides(game), game.winner(), ending,
                      std::span<const Mistake<typename Rules::Heap>>(game.review()),
                      seed ? std::optional(seed->value) : std::nullopt);
    });
  }

 private:
  template <class Write>
  void event(Buffer& out, Write&& write) const {
    write_event_line(out, pretty_, write);
  }
  template <HeapSumRuleset Rules>
  static std::array<Controller, 2> sides(const Game<Rules>& game) {
    return {game.controller(Player::first), game.controller(Player::second)};
  }

  bool pretty_;
};

// Text for a person: the board before each turn, the computer's moves told, the people's own
// moves not (they typed them), and each line read from a pipe echoed after its prompt (`echo`).
class TextPlaySink {
 public:
  TextPlaySink(TextStyle style, bool echo) : style_(style), echo_(echo) {}

  template <HeapSumRuleset Rules>
  void start(Buffer& out, const Game<Rules>& game, std::optional<double> difficulty) const {
    write_game_start_text(out, game, difficulty, style_);
  }
  template <HeapSumRuleset Rules>
  void turn(Buffer& out, const Game<Rules>& game) const {
    write_turn_text(out, game, style_);
  }
  template <HeapSumRuleset Rules>
  void again(Buffer& out, const Game<Rules>& game) const {
    write_prompt_text(out, game, style_);
  }
  void line_read(Buffer& out, std::string_view line) const {
    if (echo_) write_echoed_line(out, line);
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void moved(Buffer& out, const Game<Rules>& game, const MoveRecord<Heap>& played) const {
    if (game.controller(played.player) == Controller::computer)
      write_computer_move_text(out, game, played, style_);
  }
  // One line saying why, the board again, and the same player to move.
  template <HeapSumRuleset Rules>
  void refused(Buffer& out, const Game<Rules>& game, std::string_view,
               std::string_view reason) const {
    write_invalid_text(out, reason, style_);
    write_turn_text(out, game, style_);
  }
  template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
  void hint(Buffer& out, const Game<Rules>& game, const Analysis<Rules>& advice,
            const Explanation<Heap>& explanation, HintLength length) const {
    write_hint_text(out, advice, explanation, length, style_);
    write_turn_text(out, game, style_);
  }
  template <HeapSumRuleset Rules>
  void help(Buffer& out, const Game<Rules>& game) const {
    write_play_help_text(out, style_);
    write_prompt_text(out, game, style_);
  }
  // The seed is told only when it was drawn: a person who gave it knows it.
  template <HeapSumRuleset Rules>
  void end(Buffer& out, const Game<Rules>& game, Ending ending,
           std::optional<GameSeed> seed) const {
    write_game_end_text(out, game, ending,
                        seed && seed->drawn ? std::optional(seed->value) : std::nullopt, style_);
  }

 private:
  TextStyle style_;
  bool echo_;
};

static_assert(PlaySink<JsonPlaySink> && PlaySink<TextPlaySink>);

}  // namespace nim
