// libFuzzer harness for what a person types during `nim-game play` (scripts/fuzz.sh builds and
// runs it): any bytes, as a line, must be read as a move, a word, a blank line, or one line
// saying why not; a move is then judged by a game, whose reason is one line too; and the same
// bytes as --difficulty give a probability from 0 to 1 or a usage error.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/options.hpp"
#include "cli/input/play_input.hpp"
#include "format/text.hpp"
#include "nim/game.hpp"

namespace {

void one_line(std::string_view text) {
  if (text.empty() || text.find('\n') != std::string_view::npos) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace nim;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const PlayInput input = read_play_input(line);
  if (input.kind == PlayInput::Kind::unreadable) one_line(input.error);
  if (input.kind == PlayInput::Kind::move) {
    // The person's side of `nim-game play`: one move, refused in one line if illegal, then quit.
    Game<NimRules<SmallHeap>> game({5, 0, 3}, NimRules<SmallHeap>{false, 2},
                                   {Controller::human, Controller::computer});
    bool asked = false;
    bool legal = false;
    const auto person = [&](const IndexedPosition<NimRules<SmallHeap>>& view) -> Turn<SmallHeap> {
      if (asked) return Ending::quit;
      asked = true;
      const auto verdict = check_move(view, {BigHeap(input.heap - 1), input.count});
      legal = verdict.move.has_value();
      if (legal) return *verdict.move;
      one_line(illegal_reason_text(view.heaps(), view.rules(), input.heap, input.count,
                                   verdict.illegal));
      return Ending::quit;
    };
    game.play(person, person, [](const MoveRecord<SmallHeap>&) {});
    if (game.moves().size() != (legal ? 1 : 0)) std::abort();
  }
  try {
    const double p = parse_probability("--difficulty", line);
    if (!(p >= 0 && p <= 1)) std::abort();
  } catch (const UsageError& e) {
    one_line(e.what());
  }
  return 0;
}
