#include "format/game_text.hpp"

#include "nim/games/table.hpp"

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

template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_review(Buffer& out, const Game<Rules>& game) {
  const bool two_people = game.controller(Player::first) == Controller::human &&
                          game.controller(Player::second) == Controller::human;
  const auto mistakes = game.review();
  if (mistakes.empty()) {
    out += two_people ? "Review: neither player gave away a won position.\n"
                      : "Review: you never gave away a won position.\n";
    return;
  }
  out += "Review: " + counted(mistakes.size(), "move") + " gave away a won position:\n";
  for (const auto& mistake : mistakes) {
    out += "  Move " + std::to_string(mistake.number + 1) + ": " +
           side_name(game, mistake.player).object + " took " + to_decimal(mistake.move.count) +
           " from heap " + std::to_string(mistake.move.heap + 1);
    if (mistake.keeping)
      out += "; taking " + to_decimal(mistake.keeping->count) + " from heap " +
             std::to_string(mistake.keeping->heap + 1) + " would have kept the win";
    out += ".\n";
  }
}

}  // namespace

std::string_view play_help() {
  return "Type a move as heap and count: 4 1 (or 4,1 or 4, 1) takes 1 object from heap 4.\n"
         "  hint  the best move, with Bouton's explanation\n"
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
  paint(out, line, Paint::bold, style);
  out += '\n';
  if (first == Controller::human || second == Controller::human)
    out +=
        "Type a move as heap and count (4 1 takes 1 object from heap 4), or hint, help or "
        "quit.\n";
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
  write_board(out, std::span<const Heap>(game.position()));
  if (game.controller(game.to_move()) == Controller::human) write_prompt_text(out, game, style);
}

template <HeapSumRuleset Rules, class Heap>
void write_computer_move_text(Buffer& out, const Game<Rules>& game, const MoveRecord<Heap>& played,
                              const TextStyle& style) {
  const Move<Heap>& move = played.move;
  paint(out,
        side_name(game, played.player).name + " takes " + to_decimal(move.count) + " from heap " +
            std::to_string(move.heap + 1) + ".",
        Paint::bold, style);
  out += '\n';
}

void write_invalid_text(Buffer& out, std::string_view reason, const TextStyle& style) {
  std::string sentence(reason);
  if (!sentence.empty() && sentence[0] >= 'a' && sentence[0] <= 'z') sentence[0] -= 'a' - 'A';
  paint(out, sentence + ".", Paint::red, style);
  out += '\n';
}

template <HeapSumRuleset Rules, class Heap>
void write_hint_text(Buffer& out, const Analysis<Rules>& advice,
                     const Explanation<Heap>& explanation, const TextStyle& style) {
  out += "Hint:\n";
  write_verdict(out, advice, style);
  write_explanation_text(out, advice, explanation, style);
}

void write_play_help_text(Buffer& out) {
  out += play_help();
}

template <HeapSumRuleset Rules, class Heap>
void write_game_end_text(Buffer& out, const Game<Rules>& game, Ending ending,
                         std::optional<std::uint64_t> drawn_seed, const TextStyle& style) {
  switch (ending) {
    case Ending::over: {
      out += '\n';
      write_board(out, std::span<const Heap>(game.position()));
      const bool person_won = game.controller(*game.winner()) == Controller::human;
      paint(out, winner_line(game), person_won ? Paint::green : Paint::red, style);
      out += '\n';
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
    write_review(out, game);
  if (drawn_seed)
    out += "Seed: " + std::to_string(*drawn_seed) + " (--seed " + std::to_string(*drawn_seed) +
           " makes the same random choices again).\n";
}

#define NIM_GAME_TEXT_INSTANTIATE(Rules)                                                          \
  template void write_game_start_text(Buffer&, const Game<Rules>&, std::optional<double>,         \
                                      const TextStyle&);                                          \
  template void write_turn_text(Buffer&, const Game<Rules>&, const TextStyle&);                   \
  template void write_prompt_text(Buffer&, const Game<Rules>&, const TextStyle&);                 \
  template void write_computer_move_text(Buffer&, const Game<Rules>&,                             \
                                         const MoveRecord<Rules::Heap>&, const TextStyle&);       \
  template void write_hint_text(Buffer&, const Analysis<Rules>&, const Explanation<Rules::Heap>&, \
                                const TextStyle&);                                                \
  template void write_game_end_text(Buffer&, const Game<Rules>&, Ending,                          \
                                    std::optional<std::uint64_t>, const TextStyle&);

NIM_FOR_EACH_RULESET(NIM_GAME_TEXT_INSTANTIATE)

#undef NIM_GAME_TEXT_INSTANTIATE

}  // namespace nim
