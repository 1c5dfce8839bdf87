// Where the events of `nim-game play` go, for every game: the start, each turn, each move made, a
// line that cannot be played, a hint, moves taken back, the help, and the end. The command picks a
// sink once, from --format (text for a person, one JSON event a line for programs); both have the
// methods of PlaySink, and lay out what the command gives them without solving.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/any_game_words.hpp"
#include "format/game_explanation_text.hpp"
#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "format/play_json.hpp"
#include "format/play_text.hpp"
#include "format/sides.hpp"
#include "format/text.hpp"
#include "nim/game.hpp"
#include "nim/game_analysis.hpp"
#include "text/buffer.hpp"

namespace nim {

// A turn: the board and who is to move.
template <HeapInteger Heap>
struct PlayTurn {
  std::span<const Heap> position{};
  Player mover = Player::first;
};

// The seed of a game's random choices, for its end.
struct GameSeed {
  std::uint64_t value = 0;
  bool drawn = false;  // not given with --seed: people are told it, so that they can replay
};

// How a game ended, and what its end tells.
template <HeapInteger Heap>
struct PlayEnd {
  PlayTurn<Heap> last{};  // the board at the end, and who was to move (who quit)
  Ending ending = Ending::over;
  std::optional<Player> winner{};      // when the game is over
  std::optional<Player> last_mover{};  // none when no move was made
  std::span<const GameMistake<Heap>> mistakes{};
  std::optional<GameSeed> seed{};  // when something was random
};

// What a sink of play events does, on heaps of type Heap. Each method appends its event to `out`:
// `turn` before each move, `again` when the same person is asked again (after a blank line),
// `line_read` with each line a person typed, `refused` with a line that cannot be played and why.
// A hint is brief, or full when asked for twice in a row. `undone` with the moves an undo took
// back, in the order they were played, and the turn they leave.
template <class Sink, class Heap>
concept PlaySink = requires(const Sink& sink, Buffer& out, const PlayTurn<Heap>& turn, Player mover,
                            std::span<const Heap> position, std::optional<double> difficulty,
                            std::string_view text, const GameMoveRecord<Heap>& played,
                            std::span<const GameMoveRecord<Heap>> taken_back,
                            const GameAnalysis<Heap>& advice,
                            const WrittenExplanation<Heap>& explanation, HintLength length,
                            const PlayEnd<Heap>& end) {
  sink.start(out, position, difficulty);
  sink.turn(out, turn);
  sink.again(out, mover);
  sink.line_read(out, text);
  sink.moved(out, played, position);
  sink.refused(out, turn, text, text);
  sink.hint(out, turn, advice, explanation, length);
  sink.undone(out, taken_back, turn);
  sink.help(out, mover);
  sink.end(out, end);
};

// What a brief hint shows of a game's explanation: its last table and its last sentence, without
// the step's number ("3. "), as Nim's brief hint shows Bouton's table and the last step.
inline std::vector<ExplanationLine> brief_explanation(const std::vector<ExplanationLine>& lines) {
  std::size_t last = lines.size();
  while (last > 0 && lines[last - 1].table)
    --last;
  if (last == 0) return {};
  std::size_t first = last - 1;
  while (first > 0 && lines[first - 1].table)
    --first;
  std::vector<ExplanationLine> brief(lines.begin() + static_cast<std::ptrdiff_t>(first),
                                     lines.begin() + static_cast<std::ptrdiff_t>(last));
  std::string& sentence = brief.back().text;
  if (sentence.size() > 3 && sentence[0] >= '1' && sentence[0] <= '9' &&
      sentence.compare(1, 2, ". ") == 0)
    sentence.erase(0, 3);
  return brief;
}

// Text for a person: who plays whom and how to type a move, then before each turn a blank line,
// the board and (for a person) the prompt; the computer's moves told, the people's own moves not
// (they typed them); each line read from a pipe echoed after its prompt (`echo`); a refusal or a
// hint followed by the board again; and at the end who won, the review and a drawn seed.
class TextPlaySink {
 public:
  TextPlaySink(const AnyGameWords& words, Controllers sides, TextStyle style, bool echo)
      : words_(words), sides_(sides), style_(style), echo_(echo) {}

  // The width the next text is laid out to: a terminal's, as it is now.
  void set_width(std::size_t width) { style_.width = width; }

  template <HeapInteger Heap>
  void start(Buffer& out, std::span<const Heap>, std::optional<double> difficulty) const {
    std::string line = words_.title() + ": ";
    if (sides_[0] != sides_[1]) {
      line += "you against the computer, " + computer_play(*difficulty) + ". ";
      line += sides_[0] == Controller::human ? "You move first." : "The computer moves first.";
    } else if (sides_[0] == Controller::human) {
      line += "Player 1 against Player 2. Player 1 moves first.";
    } else {
      line += "Computer 1 against Computer 2, each " + computer_play(*difficulty) +
              ". Computer 1 moves first.";
    }
    write_paragraph(out, line, style_, 0, Paint::bold);
    if (sides_[0] == Controller::human || sides_[1] == Controller::human)
      write_paragraph(
          out, "Type a move as " + std::string(words_.typed().start) + ", or hint, help or quit.",
          style_);
  }
  template <HeapInteger Heap>
  void turn(Buffer& out, const PlayTurn<Heap>& turn) const {
    out += '\n';
    words_.write_board(out, turn.position, style_);
    if (sides_[side_index(turn.mover)] == Controller::human) again(out, turn.mover);
  }
  // The prompt alone, for the same person again.
  void again(Buffer& out, Player mover) const {
    const SideName side = side_name(sides_, mover);
    const std::string form = " (" + std::string(words_.typed().prompt) + "): ";
    paint(out, side.you ? "Your move" + form : side.name + ", your move" + form, Paint::bold,
          style_);
  }
  void line_read(Buffer& out, std::string_view line) const {
    if (echo_) write_echoed_line(out, line);
  }
  template <HeapInteger Heap>
  void moved(Buffer& out, const GameMoveRecord<Heap>& played, std::span<const Heap>) const {
    if (sides_[side_index(played.player)] == Controller::computer)
      write_paragraph(
          out,
          side_name(sides_, played.player).name + " " +
              words_.move_words(std::span<const Heap>(played.from), played.move, VerbForm::third) +
              ".",
          style_, 0, Paint::bold);
  }
  // One line saying why, the board again, and the same player to move.
  template <HeapInteger Heap>
  void refused(Buffer& out, const PlayTurn<Heap>& now, std::string_view,
               std::string_view reason) const {
    write_invalid_text(out, reason, style_);
    turn(out, now);
  }
  // The best move in one line, then (brief) the explanation's last table and step, or (full) the
  // verdict and every step, as --explain shows them; then the board again.
  template <HeapInteger Heap>
  void hint(Buffer& out, const PlayTurn<Heap>& now, const GameAnalysis<Heap>& advice,
            const WrittenExplanation<Heap>& explanation, HintLength length) const {
    if (length == HintLength::full) {
      out += "Hint:\n";
      words_.write_verdict_text(out, advice, style_);
      write_game_explanation_text(out, explanation, style_);
    } else {
      const bool winning = advice.verdict.winning;
      const Piece line[] = {{"Hint:", Paint::bold},
                            {" " + words_.move_and_rest(advice), std::nullopt},
                            {winning ? ", the winning move." : ", the best try: no move wins.",
                             winning ? Paint::green : Paint::yellow}};
      write_paragraph(out, line, style_, 2);
      if (explanation.bouton)
        write_brief_explanation_text(out, *explanation.bouton, style_);
      else
        write_explanation_lines(out, brief_explanation(explanation.lines), style_);
      write_paragraph(out, "Type hint again for the reasoning step by step.", style_);
    }
    turn(out, now);
  }
  // "Taken back: you took 1 from heap 4, then the computer took 1 from heap 1.", then the board
  // again, as after a hint.
  template <HeapInteger Heap>
  void undone(Buffer& out, std::span<const GameMoveRecord<Heap>> taken_back,
              const PlayTurn<Heap>& now) const {
    std::string line = "Taken back:";
    for (std::size_t k = 0; k < taken_back.size(); ++k)
      line += (k == 0 ? " " : ", then ") + side_name(sides_, taken_back[k].player).object + " " +
              words_.move_words(std::span<const Heap>(taken_back[k].from), taken_back[k].move,
                                VerbForm::past);
    write_paragraph(out, line + ".", style_, 2);
    turn(out, now);
  }
  void help(Buffer& out, Player mover) const {
    write_play_help_text(out, play_help(words_.typed(), sides_), style_);
    again(out, mover);
  }
  // How the game ended, the review when a person played, and the seed when it was drawn (a
  // person who gave it knows it).
  template <HeapInteger Heap>
  void end(Buffer& out, const PlayEnd<Heap>& end) const {
    switch (end.ending) {
      case Ending::over:
        out += '\n';
        words_.write_board(out, end.last.position, style_);
        write_paragraph(
            out, winner_line(end), style_, 0,
            sides_[side_index(*end.winner)] == Controller::human ? Paint::green : Paint::red);
        break;
      case Ending::quit:
        out += side_name(sides_, end.last.mover).subject + " quit the game.\n";
        break;
      case Ending::end_of_input:
        out += "\nThe input ended before the game did.\n";
        break;
    }
    if (sides_[0] == Controller::human || sides_[1] == Controller::human)
      write_review_text(out, sides_, words_, end.mistakes, style_);
    if (end.seed && end.seed->drawn)
      write_paragraph(out,
                      "Seed: " + std::to_string(end.seed->value) + " (--seed " +
                          std::to_string(end.seed->value) +
                          " makes the same random choices again).",
                      style_, 2);
  }

 private:
  // "You win: you took the last object."; a game whose moves do not take objects: "made the last
  // move".
  template <HeapInteger Heap>
  std::string winner_line(const PlayEnd<Heap>& end) const {
    const SideName winner = side_name(sides_, *end.winner);
    std::string line = winner.subject + (winner.you ? " win" : " wins");
    if (!end.last_mover)
      return line + (words_.takes_objects() ? ": the board was empty from the start."
                                            : ": there was no move to make from the start.");
    return line + ": " + side_name(sides_, *end.last_mover).object +
           (words_.takes_objects() ? " took the last object." : " made the last move.");
  }

  const AnyGameWords& words_;
  Controllers sides_;
  TextStyle style_;
  bool echo_;
};

// One JSON event a line, indented with --pretty; turns and the lines read are not events. The
// move in the game's JSON form, the rules as the game's records write them, the hint's
// explanation as --explain gives it (always whole), the seed whenever something was random.
class JsonPlaySink {
 public:
  JsonPlaySink(const AnyGameWords& words, Controllers sides, bool pretty)
      : words_(words), sides_(sides), pretty_(pretty) {}

  template <HeapInteger Heap>
  void start(Buffer& out, std::span<const Heap> position, std::optional<double> difficulty) const {
    event(out, [&](JsonWriter& w) { write_start_event(w, position, words_, sides_, difficulty); });
  }
  template <HeapInteger Heap>
  void turn(Buffer&, const PlayTurn<Heap>&) const {}
  void again(Buffer&, Player) const {}
  void line_read(Buffer&, std::string_view) const {}
  template <HeapInteger Heap>
  void moved(Buffer& out, const GameMoveRecord<Heap>& played, std::span<const Heap> next) const {
    event(out, [&](JsonWriter& w) { write_move_event(w, sides_, words_, played, next); });
  }
  template <HeapInteger Heap>
  void refused(Buffer& out, const PlayTurn<Heap>&, std::string_view line,
               std::string_view reason) const {
    event(out, [&](JsonWriter& w) { write_invalid_event(w, line, reason); });
  }
  template <HeapInteger Heap>
  void hint(Buffer& out, const PlayTurn<Heap>& now, const GameAnalysis<Heap>& advice,
            const WrittenExplanation<Heap>& explanation, HintLength) const {
    event(out, [&](JsonWriter& w) {
      write_hint_event(
          w, words_, now.position, advice.verdict.winning, advice.move,
          [&](JsonWriter& writer) { record::write_game_explanation(writer, explanation); });
    });
  }
  template <HeapInteger Heap>
  void undone(Buffer& out, std::span<const GameMoveRecord<Heap>> taken_back,
              const PlayTurn<Heap>& now) const {
    event(out,
          [&](JsonWriter& w) { write_undo_event(w, sides_, words_, taken_back, now.position); });
  }
  void help(Buffer& out, Player) const {
    event(out, [&](JsonWriter& w) { write_help_event(w, play_help(words_.typed(), sides_)); });
  }
  template <HeapInteger Heap>
  void end(Buffer& out, const PlayEnd<Heap>& end) const {
    event(out, [&](JsonWriter& w) {
      write_end_event(w, sides_, words_, end.winner, end.ending, end.mistakes,
                      end.seed ? std::optional(end.seed->value) : std::nullopt);
    });
  }

 private:
  template <class Write>
  void event(Buffer& out, Write&& write) const {
    write_event_line(out, pretty_, write);
  }

  const AnyGameWords& words_;
  Controllers sides_;
  bool pretty_;
};

static_assert(PlaySink<TextPlaySink, SmallHeap> && PlaySink<JsonPlaySink, BigHeap>);

}  // namespace nim
