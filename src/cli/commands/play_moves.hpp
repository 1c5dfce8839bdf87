// A line a person types during `nim-game play`, read as a move of the game played: the legal move
// it names, or why it names none, in one line and the game's words. A sum's move is its
// component's number, then the move as that component's game is typed, heaps numbered within it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cli/input/game_move_text.hpp"
#include "cli/input/heap_text.hpp"
#include "format/any_game_words.hpp"
#include "format/game_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "text/escape.hpp"

namespace nim {

class TypedMoves {
 public:
  explicit TypedMoves(const AnyGameWords& words) : words_(words) {
    if (const SumWords* sum = words.sum())
      for (const GameWords& component : sum->components)
        forms_.push_back(typed_move_form(component.spec));
  }

  // The legal move `line` names on `position`, or the reason it names none.
  template <HeapInteger Heap>
  std::variant<GameMove<Heap>, std::string> read(std::string_view line,
                                                 std::span<const Heap> position,
                                                 const GameEngine<Heap>& engine) const {
    const SumWords* sum = words_.sum();
    if (!sum) {
      const GameSpec& spec = words_.game()->spec;
      const auto typed = read_typed_move(line, typed_move_form(spec));
      if (!typed) return not_a_move(line);
      if (auto move = legal(position, *typed, engine)) return *move;
      return illegal_given_words(spec, position, *typed, 1);
    }
    const auto typed = read_typed_sum_move(line, forms_);
    if (!typed) return not_a_move(line);
    const std::size_t components = sum->components.size();
    if (typed->component < 1 || typed->component > BigHeap(components))
      return no_such_component_words(to_decimal(typed->component), components, 1);
    const std::size_t c = static_cast<std::size_t>(to_small(typed->component)) - 1;
    const auto spans = component_spans(position, components);
    // Placed on the sum's list only when the component has the heaps typed (move_in_sum()), so
    // that none names another component's heap.
    const auto given = typed->move.move();  // none with a negative number
    const auto in_sum =
        given ? move_in_sum(std::span<const ComponentSpan>(spans), c, *given) : std::nullopt;
    if (const auto move = in_sum ? narrow_move<Heap>(*in_sum) : std::nullopt;
        move && engine.is_legal(position, *move))
      return *move;
    return "in component " + std::to_string(c + 1) + ", " +
           illegal_given_words(sum->components[c].spec,
                               position.subspan(spans[c].first, spans[c].count), typed->move, 1);
  }

 private:
  std::string not_a_move(std::string_view line) const {
    return quoted(trim_blanks(line)) + " is not a move: type " +
           std::string(words_.typed().unreadable) + ", or hint, help or quit";
  }

  template <HeapInteger Heap>
  static std::optional<GameMove<Heap>> legal(std::span<const Heap> position,
                                             const GivenGameMove& typed,
                                             const GameEngine<Heap>& engine) {
    const auto given = typed.move();
    if (!given) return std::nullopt;
    auto move = narrow_move<Heap>(*given);
    if (!move || !engine.is_legal(position, *move)) return std::nullopt;
    return move;
  }

  const AnyGameWords& words_;
  std::vector<TypedMoveForm> forms_;  // a sum's, one a component
};

}  // namespace nim
