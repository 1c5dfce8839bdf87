// Where the events of `nim-game play` of a game after Nim go (cli/commands/play_games.cpp): text
// for a person, or Nim's JSON events (format/nim_play_json.hpp) with the game's moves, rules and
// explanation. The command picks a sink once, from --format; both have the same methods.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/game_explanation_text.hpp"
#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "format/nim_play_json.hpp"
#include "format/nim_play_text.hpp"
#include "format/text.hpp"
#include "nim/game.hpp"
#include "nim/game_analysis.hpp"
#include "text/buffer.hpp"
#include "text/escape.hpp"

namespace nim {

// What a move of a game after Nim was, as the game loop and the review see it.
template <HeapInteger Heap>
using GameMoveRecord = MoveRecord<Heap, GameMove<Heap>>;
template <HeapInteger Heap>
using GameMistake = Mistake<Heap, GameMove<Heap>>;

// What a brief hint shows of the explanation: its last table and its last sentence, without the
// step's number ("3. "), as Nim's brief hint shows Bouton's table and the last step.
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

// Text: the title, the board before each turn, every move told ("You: take 1 from heap 2."), each
// line read from a pipe echoed after its prompt (`echo`), and the review at the end.
class GameTextPlaySink {
 public:
  GameTextPlaySink(const GameWords& words, std::array<Controller, 2> sides, TextStyle style,
                   bool echo)
      : words_(words), sides_(sides), style_(style), echo_(echo) {}

  template <HeapInteger Heap>
  void start(Buffer& out, std::span<const Heap>, std::optional<double>) const {
    write_paragraph(out, game_title(words_.spec) + ":", style_, 0, Paint::bold);
  }
  template <HeapInteger Heap>
  void turn(Buffer& out, std::span<const Heap> position) const {
    write_board(out, position, style_);
  }
  void prompt(Buffer& out, Player mover) const {
    out += both(Controller::human) ? side(mover) + ", your move: " : std::string("Your move: ");
  }
  void line_read(Buffer& out, std::string_view line) const {
    if (echo_) write_echoed_line(out, line);
  }
  template <HeapInteger Heap>
  void moved(Buffer& out, const GameMoveRecord<Heap>& played, std::span<const Heap>) const {
    say(out, side(played.player) + ": " + game_move_words(words_.spec, played.move, 1) + ".");
  }
  void unreadable(Buffer& out, std::string_view line, const std::string& form) const {
    say(out, "Not a move: " + quoted(line) + ". Type " + form + ", or help.");
  }
  void illegal(Buffer& out, std::string_view, const std::string& reason) const {
    say(out, "Illegal: " + reason + ".");
  }
  // The best move, then (brief) the explanation's last table and step, or (full) every step of
  // it, as --explain shows them.
  template <HeapInteger Heap>
  void hint(Buffer& out, const GameAnalysis<Heap>& analysis,
            const WrittenExplanation<Heap>& explanation, HintLength length) const {
    const std::string move = game_move_words(words_.spec, *analysis.move, 1);
    say(out, analysis.verdict.winning
                 ? "Winning move: " + move + "."
                 : "Every move loses against perfect play; the longest try: " + move + ".");
    if (length == HintLength::full) return write_game_explanation_text(out, explanation, style_);
    if (explanation.bouton)
      write_brief_explanation_text(out, *explanation.bouton, style_);
    else
      write_explanation_lines(out, brief_explanation(explanation.lines), style_);
    say(out, "Type hint again for the reasoning step by step.");
  }
  void help(Buffer& out, std::string_view text) const { say(out, std::string(text)); }
  // Who won (when the game is over), the review when a person played, and the seed when
  // something was random.
  template <HeapInteger Heap>
  void end(Buffer& out, std::optional<Player> winner, Ending ending,
           std::span<const GameMistake<Heap>> mistakes, std::optional<std::uint64_t> seed) const {
    if (ending == Ending::over && winner)
      say(out, side(*winner) + (side(*winner) == "You" ? " win." : " wins."));
    if (ending == Ending::end_of_input) {
      out += '\n';
      say(out, "The input ended; the game is left unfinished.");
    }
    if (!both(Controller::computer))
      write_review_text(
          out, sides_, mistakes,
          [&](const GameMove<Heap>& move, VerbForm form) {
            return game_move_words(words_.spec, move, 1, form);
          },
          style_);
    if (seed) say(out, "Seed " + std::to_string(*seed) + ".");
  }

 private:
  bool both(Controller controller) const {
    return sides_[0] == controller && sides_[1] == controller;
  }
  std::string side(Player player) const {
    const std::size_t index = player == Player::first ? 0 : 1;
    if (sides_[0] == sides_[1]) return "Player " + std::to_string(index + 1);
    return sides_[index] == Controller::human ? "You" : "The computer";
  }
  void say(Buffer& out, const std::string& text) const { write_paragraph(out, text, style_); }

  const GameWords& words_;
  std::array<Controller, 2> sides_;
  TextStyle style_;
  bool echo_;
};

// Nim's JSON events, one a line, indented with --pretty: the move in the game's JSON form, the
// rules as the game's records write them, the hint's explanation as --explain gives it.
class GameJsonPlaySink {
 public:
  GameJsonPlaySink(const GameWords& words, std::array<Controller, 2> sides, bool pretty)
      : words_(words), sides_(sides), pretty_(pretty) {}

  template <HeapInteger Heap>
  void start(Buffer& out, std::span<const Heap> position, std::optional<double> difficulty) const {
    event(out,
          [&](JsonWriter& w) { write_start_event(w, position, words_.spec, sides_, difficulty); });
  }
  template <HeapInteger Heap>
  void turn(Buffer&, std::span<const Heap>) const {}
  void prompt(Buffer&, Player) const {}
  void line_read(Buffer&, std::string_view) const {}
  template <HeapInteger Heap>
  void moved(Buffer& out, const GameMoveRecord<Heap>& played, std::span<const Heap> next) const {
    event(out, [&](JsonWriter& w) { write_move_event(w, sides_, played, next); });
  }
  void unreadable(Buffer& out, std::string_view line, const std::string& form) const {
    event(out, [&](JsonWriter& w) {
      write_invalid_event(w, line, quoted(line) + " is not a move: type " + form + ", or help");
    });
  }
  void illegal(Buffer& out, std::string_view line, const std::string& reason) const {
    event(out, [&](JsonWriter& w) { write_invalid_event(w, line, reason); });
  }
  // Always the whole explanation, as Nim's hint event.
  template <HeapInteger Heap>
  void hint(Buffer& out, const GameAnalysis<Heap>& analysis,
            const WrittenExplanation<Heap>& explanation, HintLength) const {
    event(out, [&](JsonWriter& w) {
      write_hint_event(w, analysis.verdict.winning, analysis.move, [&](JsonWriter& writer) {
        record::write_game_explanation(writer, explanation);
      });
    });
  }
  void help(Buffer& out, std::string_view text) const {
    event(out, [&](JsonWriter& w) { write_help_event(w, text); });
  }
  template <HeapInteger Heap>
  void end(Buffer& out, std::optional<Player> winner, Ending ending,
           std::span<const GameMistake<Heap>> mistakes, std::optional<std::uint64_t> seed) const {
    event(out, [&](JsonWriter& w) { write_end_event(w, sides_, winner, ending, mistakes, seed); });
  }

 private:
  template <class Write>
  void event(Buffer& out, Write&& write) const {
    write_event_line(out, pretty_, write);
  }

  const GameWords& words_;
  std::array<Controller, 2> sides_;
  bool pretty_;
};

}  // namespace nim
