// row_of(): a game's row (game_row.hpp) from the facts and words its rules state as static members,
// with a default for each fact a game does not state (the most common answer). Included only by
// the games' own row.cpp, which may set what is particular to the game after it.
#pragma once

#include <string>
#include <type_traits>

#include "nim/engine/game_engine.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_row.hpp"
#include "nim/theory_sequence.hpp"

namespace nim {

// Small and Big are the game's rules on SmallHeaps and on BigHeaps. They state, as static members:
// name, summary and named_spec() (if --game names the game), from(prepared) (its rules, from a
// prepared game), title(spec), rules_text(spec) and knows_misere(); and where the game differs from
// the default: fixed_heap_count, heap_order_matters, heaps_may_grow, heaps_are_steps,
// largest_machine_heap, moves_may_split(spec), moves_only_split(spec),
// moves_take_from_several_heaps(spec), typed_move (default Nim's words), typed_move_with_split,
// typed_move_only_split, rules_keys(spec) (default
// {"game": name}), name_in_sentence(spec, title) (default the title), refusal(spec, move, first),
// match_words(spec), space_words(spec), labels_winning_only, nim_records, reply_move_form, and
// grundy(), grundy_period() and grundy_formula (a theory of single heaps).
template <PlayableGame Small, PlayableGame Big>
GameRow row_of(GameSpec::Kind kind) {
  using Facts = Small;
  GameRow row;
  row.kind = kind;
  if constexpr (requires { Facts::name; }) {
    row.name = Facts::name;
    row.summary = Facts::summary;
    row.named_spec = &Facts::named_spec;
  }
  if constexpr (requires { Facts::fixed_heap_count; })
    row.fixed_heap_count = Facts::fixed_heap_count;
  if constexpr (requires { Facts::heap_order_matters; })
    row.heap_order_matters = Facts::heap_order_matters;
  if constexpr (requires { Facts::heaps_may_grow; }) row.heaps_may_grow = Facts::heaps_may_grow;
  row.knows_misere = Facts::knows_misere();
  if constexpr (requires { Facts::largest_machine_heap; })
    row.largest_machine_heap = Facts::largest_machine_heap;
  row.moves_may_split = [](const GameSpec& spec) {
    if constexpr (requires { Facts::moves_may_split(spec); })
      return Facts::moves_may_split(spec);
    else
      return false;
  };
  row.moves_only_split = [](const GameSpec& spec) {
    if constexpr (requires { Facts::moves_only_split(spec); })
      return Facts::moves_only_split(spec);
    else
      return false;
  };
  row.moves_take_from_several_heaps = [](const GameSpec& spec) {
    if constexpr (requires { Facts::moves_take_from_several_heaps(spec); })
      return Facts::moves_take_from_several_heaps(spec);
    else
      return false;
  };
  if constexpr (requires { Facts::typed_move; }) row.typed_move = Facts::typed_move;
  if constexpr (requires { Facts::heaps_are_steps; }) row.heaps_are_steps = Facts::heaps_are_steps;
  if constexpr (requires { Facts::typed_move_with_split; })
    row.typed_move_with_split = Facts::typed_move_with_split;
  if constexpr (requires { Facts::typed_move_only_split; })
    row.typed_move_only_split = Facts::typed_move_only_split;
  row.rules_keys = [](const GameSpec& spec) {
    if constexpr (requires { Facts::rules_keys(spec); })
      return Facts::rules_keys(spec);
    else
      return std::vector<RulesKey>{{"game", std::string(Facts::name)}};
  };
  row.title = &Facts::title;
  row.rules_text = &Facts::rules_text;
  if constexpr (requires { Facts::title_says_misere; })
    row.title_says_misere = Facts::title_says_misere;
  row.name_in_sentence = [](const GameSpec& spec, const std::string& title) {
    if constexpr (requires { Facts::name_in_sentence(spec, title); })
      return Facts::name_in_sentence(spec, title);
    else
      return title;
  };
  if constexpr (requires { &Facts::refusal; }) row.refusal = &Facts::refusal;
  if constexpr (requires { &Facts::match_words; }) row.match_words = &Facts::match_words;
  if constexpr (requires { &Facts::space_words; }) row.space_words = &Facts::space_words;
  if constexpr (requires { Facts::labels_winning_only; })
    row.labels_winning_only = Facts::labels_winning_only;
  if constexpr (requires { Facts::nim_records; }) row.nim_records = Facts::nim_records;
  if constexpr (requires { Facts::reply_move_form; }) row.reply_move_form = Facts::reply_move_form;
  // On BigHeaps, whose rules hold every parameter (a cap of Nim beyond 64 bits).
  if constexpr (SingleHeapTheory<Big>) {
    row.theory_sequence = [](const GameSpec& spec, std::uint64_t up_to) {
      auto sequence = nim::theory_sequence(Big::from(PreparedGame(spec, BigHeap(0))), up_to);
      return sequence ? std::optional(TheorySequence<GameSpec>{spec, std::move(sequence->values),
                                                               sequence->period})
                      : std::nullopt;
    };
    row.grundy_formula = [](const GameSpec& spec) {
      if constexpr (requires { Facts::grundy_formula(spec); })
        return Facts::grundy_formula(spec);
      else
        return std::string(Facts::grundy_formula);
    };
  }
  row.small_engine = [](const PreparedGame& game) {
    return engine_of(Small::from(game), game.spec().search_limit);
  };
  row.big_engine = [](const PreparedGame& game) {
    return engine_of(Big::from(game), game.spec().search_limit);
  };
  return row;
}

}  // namespace nim
