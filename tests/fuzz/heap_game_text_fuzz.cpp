// libFuzzer harness for the readers of a heap game's parameters (scripts/fuzz.sh builds and runs
// it): any bytes, as an octal code or as a set of takes, must give a game or a message of one
// line that is valid JSON text when quoted, never a crash; a code read must read back the same
// from the code it writes and allow a split in no more than most_splitting_digits digits (what
// it asks of every heap stays bounded), and a set must hold increasing takes from 1 to
// most_named_take. As a move of a game after Nim (--move), they give a move or none, and a move
// read reads back the same from the JSON form the records write. As rules a record carries, their
// octal code's normal form is stable.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/game_move_text.hpp"
#include "cli/input/heap_game_text.hpp"
#include "cli/input/options.hpp"
#include "format/game_records.hpp"
#include "json_oracle.hpp"
#include "text/escape.hpp"

namespace {

void check_message(const nim::UsageError& error) {
  const std::string message = error.what();
  if (message.find('\n') != std::string::npos) std::abort();
  if (!nim::fuzz::is_json(nim::quoted(message))) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    const nim::HeapGame game = nim::read_octal_code(input);
    if (nim::read_octal_code(nim::octal_code(game)) != game) std::abort();
    std::size_t splitting = 0;
    for (const std::uint8_t digit : game.digits)
      splitting += (digit & nim::leave_two) != 0 ? 1 : 0;
    if (splitting > nim::most_splitting_digits) std::abort();
  } catch (const nim::UsageError& error) {
    check_message(error);
  }
  try {
    const auto set = nim::read_take_set("--subtract", input);
    if (set.empty()) std::abort();
    for (std::size_t k = 0; k < set.size(); ++k)
      if (set[k] < 1 || set[k] > nim::most_named_take || (k > 0 && set[k - 1] >= set[k]))
        std::abort();
  } catch (const nim::UsageError& error) {
    check_message(error);
  }
  if (const auto move = nim::read_game_move(input)) {
    nim::Buffer written;
    nim::JsonWriter w(written, false);
    nim::record::write_given_move(w, *move);
    if (nim::read_game_move(written.view()) != move) std::abort();
  }
  const std::string normal = nim::with_normal_octal_code(input);
  if (nim::with_normal_octal_code(normal) != normal) std::abort();
  using nim::TypedMoveForm;
  for (const TypedMoveForm form :
       {TypedMoveForm::takes, TypedMoveForm::with_split, TypedMoveForm::only_split})
    if (const auto typed = nim::read_typed_move(input, form))
      if (typed->takes.empty() || (typed->split && form == TypedMoveForm::takes)) std::abort();
  return 0;
}
