#include "format/nim_play_text.hpp"

#include "nim/games/capabilities.hpp"

#include <string>

#include "format/sides.hpp"

namespace nim {

namespace {

std::string computer_play(double difficulty) {
  if (difficulty == 1) return "playing perfectly";
  if (difficulty == 0) return "playing at random";
  return "playing the perfect move with probability " + shortest_decimal(difficulty) +
         ", a random move otherwise";
}

template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
std::string winner_line(const Game<Rules>& game) {
  const SideName winner = side_name(game, *game.winner());
  std::string line = winner.subject + (winner.you ? " win" : " wins");
  if (game.moves().empty()) return line + ": the board was empty from the start.";
  const SideName last = side_name(game, game.moves().back().player);
  return line + ": " + last.object + " took the last object.";
}

}  // namespace

std::string_view play_help() {
  return "Type a move as heap and count: 4 1 (or 4,1 or 4, 1) takes 1 object from heap 4.\n"
         "  hint  the best move and why (hint again: the reasoning step by step)\n"
         "  help  this list (also ?)\n"
         "  quit  end the game (also q, exit, or the end of input: Ctrl-D)\n";
}

template <HeapSumRuleset Rules, class Heap>
void write_game_start_text(Buffer& out, const Game<Rules>& game, std::optional<double> difficulty,
                           const TextStyle& style) {
  const Controller first = game.controller(Player::first);
  const Controller second = game.controller(Player::second);
  std::string line = game_title(game.rules()) + ": ";
  if (first != second) {
    line += "you against the computer, " + computer_play(*difficulty) + ". ";
    line += first == Controller::human ? "You move first." : "The computer moves first.";
  } else if (first == Controller::human) {
    line += "Player 1 against Player 2. Player 1 moves first.";
  } else {
    line += "Computer 1 against Computer 2, each " + computer_play(*difficulty) +
            ". Computer 1 moves first.";
  }
  write_paragraph(out, line, style, 0, Paint::bold);
  if (first == Controller::human || second == Controller::human)
    write_paragraph(
        out, "Type a move as heap and count (4 1 takes 1 from heap 4), or hint, help or quit.",
        style);
}

template <HeapSumRuleset Rules, class Heap>
void write_prompt_text(Buffer& out, const Game<Rules>& game, const TextStyle& style) {
  const SideName side = side_name(game, game.to_move());
  paint(out, side.you ? "Your move (heap count): " : side.name + ", your move (heap count): ",
        Paint::bold, style);
}

template <HeapSumRuleset Rules, class Heap>
void write_turn_text(Buffer& out, const Game<Rules>& game, const TextStyle& style) {
  out += '\n';
  write_board(out, std::span<const Heap>(game.position()), style);
  if (game.controller(game.to_move()) == Controller::human) write_prompt_text(out, game, style);
}

template <HeapSumRuleset Rules, class Heap>
void write_computer_move_text(Buffer& out, const Game<Rules>& game, const MoveRecord<Heap>& played,
                              const TextStyle& style) {
  const Move<Heap>& move = played.move;
  write_paragraph(out,
                  side_name(game, played.player).name + " takes " + to_decimal(move.count) +
                      " from heap " + std::to_string(move.heap + 1) + ".",
                  style, 0, Paint::bold);
}

void write_invalid_text(Buffer& out, std::string_view reason, const TextStyle& style) {
  std::string sentence(reason);
  if (!sentence.empty() && sentence[0] >= 'a' && sentence[0] <= 'z') sentence[0] -= 'a' - 'A';
  write_paragraph(out, sentence + ".", style, 2, Paint::red);
}

template <HeapSumRuleset Rules, class Heap>
void write_hint_text(Buffer& out, const Analysis<Rules>& advice,
                     const Explanation<Heap>& explanation, HintLength length,
                     const TextStyle& style) {
  if (length == HintLength::full) {
    out += "Hint:\n";
    write_verdict(out, advice, style);
    write_explanation_text(out, explanation, style);
    return;
  }
  if (!advice.move) return;  // a person is never asked to move on an empty board
  const Piece line[] = {
      {"Hint:", Paint::bold},
      {" " + move_words(*advice.move) + " (leaves " + heap_list(advice.position, advice.move) + ")",
       std::nullopt},
      {advice.winning ? ", the winning move." : ", the best try: no move wins.",
       advice.winning ? Paint::green : Paint::yellow}};
  write_paragraph(out, line, style, 2);
  write_brief_explanation_text(out, explanation, style);
  write_paragraph(out, "Type hint again for the reasoning step by step.", style);
}

void write_echoed_line(Buffer& out, std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);  // CRLF input
  out += is_safe_to_show(line) ? std::string(line) : quoted(line);
  out += '\n';
}

void write_play_help_text(Buffer& out, const TextStyle& style) {
  const std::string_view help = play_help();
  for (std::size_t at = 0; at < help.size();) {
    const std::size_t end = help.find('\n', at);
    const std::string_view line = help.substr(at, end - at);
    write_paragraph(out, std::string(line), style, line.starts_with("  ") ? 8 : 2);
    at = end + 1;
  }
}

template <HeapSumRuleset Rules, class Heap>
void write_game_end_text(Buffer& out, const Game<Rules>& game, Ending ending,
                         std::optional<std::uint64_t> drawn_seed, const TextStyle& style) {
  switch (ending) {
    case Ending::over: {
      out += '\n';
      write_board(out, std::span<const Heap>(game.position()), style);
      const bool person_won = game.controller(*game.winner()) == Controller::human;
      write_paragraph(out, winner_line(game), style, 0, person_won ? Paint::green : Paint::red);
      break;
    }
    case Ending::quit:
      out += side_name(game, game.to_move()).subject + " quit the game.\n";
      break;
    case Ending::end_of_input:
      out += "\nThe input ended before the game did.\n";
      break;
  }
  if (game.controller(Player::first) == Controller::human ||
      game.controller(Player::second) == Controller::human)
    write_review_text(
        out, {game.controller(Player::first), game.controller(Player::second)},
        std::span<const Mistake<Heap>>(game.review()),
        [](const Move<Heap>& move, VerbForm form) {
          return std::string(form == VerbForm::past ? "took " : "taking ") +
                 to_decimal(move.count) + " from heap " + std::to_string(move.heap + 1);
        },
        style);
  if (drawn_seed)
    write_paragraph(out,
                    "Seed: " + std::to_string(*drawn_seed) + " (--seed " +
                        std::to_string(*drawn_seed) + " makes the same random choices again).",
                    style, 2);
}

#define NIM_GAME_TEXT_INSTANTIATE(Rules)                                                          \
  template void write_game_start_text(Buffer&, const Game<Rules>&, std::optional<double>,         \
                                      const TextStyle&);                                          \
  template void write_turn_text(Buffer&, const Game<Rules>&, const TextStyle&);                   \
  template void write_prompt_text(Buffer&, const Game<Rules>&, const TextStyle&);                 \
  template void write_computer_move_text(Buffer&, const Game<Rules>&,                             \
                                         const MoveRecord<Rules::Heap>&, const TextStyle&);       \
  template void write_hint_text(Buffer&, const Analysis<Rules>&, const Explanation<Rules::Heap>&, \
                                HintLength, const TextStyle&);                                    \
  template void write_game_end_text(Buffer&, const Game<Rules>&, Ending,                          \
                                    std::optional<std::uint64_t>, const TextStyle&);

NIM_FOR_EACH_RULESET(NIM_GAME_TEXT_INSTANTIATE)

#undef NIM_GAME_TEXT_INSTANTIATE

}  // namespace nim
