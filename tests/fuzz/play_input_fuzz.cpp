// libFuzzer harness for what a person types during `nim-game play` (scripts/fuzz.sh builds and
// runs it): any bytes, as a line, must be read as a word, a move of the game's forms, or neither
// (the command then says so in one line); a move is then judged by a game's engine, and an illegal
// one refused with a reason in one line, in a game and in a sum of games; and the same bytes as
// --difficulty give a probability from 0 to 1 or a usage error.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "cli/commands/play_moves.hpp"
#include "cli/input/game_move_text.hpp"
#include "cli/input/options.hpp"
#include "cli/input/play_input.hpp"
#include "format/game_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum_engine.hpp"

namespace {

void one_line(std::string_view text) {
  if (text.empty() || text.find('\n') != std::string_view::npos) std::abort();
}

// A move typed in Nim of at most 2 a move, in Kayles and in Grundy's game, on heaps 5 0 3: legal,
// or refused in one line.
void judge(std::string_view line) {
  using namespace nim;
  struct Judge {
    GameSpec spec;
    std::unique_ptr<GameEngine<SmallHeap>> engine =
        make_engine<SmallHeap>(PreparedGame(spec, BigHeap(5)));
  };
  static const Judge judges[] = {
      {GameSpec{.kind = GameSpec::Kind::nim, .heap_game = {}, .max_take = BigHeap(2)}},
      {GameSpec{.heap_game = octal_game({0, 7, 7})}},
      {GameSpec{.heap_game = grundys_game()}}};
  const Position<SmallHeap> board{5, 0, 3};
  const std::span<const SmallHeap> position(board);
  for (const Judge& judge : judges) {
    const auto typed = read_typed_move(line, typed_move_form(judge.spec));
    if (!typed) continue;
    const auto given = typed->move();
    const auto move = given ? narrow_move<SmallHeap>(*given) : std::nullopt;
    if (!move || !judge.engine->is_legal(position, *move))
      one_line(illegal_given_words(judge.spec, position, *typed, 1));
  }
}

// The same line as a move of the sum of Nim, Kayles and Grundy's game on 5 0 | 3 | 7: legal, or
// refused in one line.
void judge_sum(std::string_view line) {
  using namespace nim;
  struct Sum {
    std::vector<GameSpec> specs{GameSpec{.kind = GameSpec::Kind::nim, .heap_game = {}},
                                GameSpec{.heap_game = octal_game({0, 7, 7})},
                                GameSpec{.heap_game = grundys_game()}};
    std::vector<PreparedGame> games{PreparedGame(specs[0], BigHeap(7)),
                                    PreparedGame(specs[1], BigHeap(7)),
                                    PreparedGame(specs[2], BigHeap(7))};
    std::unique_ptr<GameEngine<SmallHeap>> engine = make_sum_engine<SmallHeap>(games, false, 1000);
    AnyGameWords words{SumWords(specs, false)};
    TypedMoves typed{words};
  };
  static const Sum sum;
  const Position<SmallHeap> board{5, 0, 3, 3, 2, 7, 2};
  const auto read = sum.typed.read(line, std::span<const SmallHeap>(board), *sum.engine);
  if (const auto* reason = std::get_if<std::string>(&read)) one_line(*reason);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace nim;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  if (!read_play_word(line)) {
    judge(line);
    judge_sum(line);
  }
  try {
    const double p = parse_probability("--difficulty", line);
    if (!(p >= 0 && p <= 1)) std::abort();
  } catch (const UsageError& e) {
    one_line(e.what());
  }
  return 0;
}
