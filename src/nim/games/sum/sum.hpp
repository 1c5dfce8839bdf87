// A sum of different games: a Kayles row beside a Nim heap and a Wythoff pair. A move is a move in
// one component; normal play is answered by Sprague–Grundy (each component worth its Grundy value,
// the sum their XOR, the winning move in a component whose value holds the XOR's highest bit), and
// misère play by the bounded search (game_solver.hpp), as for every game without a misère theory.
// The components are games of the table, each asked through its engine (GameEngine), so that a
// sum compiles no game.
//
// A sum's position is one list of heaps, as every game's: each component's heaps, then a marker
// worth their count + 1 (never 0, so that a search's key, which drops trailing empty heaps of a
// game whose heap order matters, keeps every marker). A marker has no move. component_spans()
// reads the list, sum_position() writes it.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "nim/engine/game_engine.hpp"
#include "nim/games/game_move.hpp"

namespace nim {

// Where one component's heaps lie in a sum's position.
struct ComponentSpan {
  std::size_t first = 0;
  std::size_t count = 0;
};

// The spans of the `components` components of a sum's position, in order; Unanswerable when the
// list is not a sum's of that many components.
template <HeapInteger Heap>
std::vector<ComponentSpan> component_spans(std::span<const Heap> position, std::size_t components) {
  std::vector<ComponentSpan> spans(components);
  std::size_t end = position.size();
  for (std::size_t c = components; c-- > 0;) {
    const Heap& marker = end == 0 ? Heap(0) : position[end - 1];
    if (is_zero(marker) || Heap(end) < marker)
      throw Unanswerable("the heaps are not a sum's position");
    std::size_t count;
    if constexpr (std::same_as<Heap, SmallHeap>)
      count = static_cast<std::size_t>(marker) - 1;
    else
      count = static_cast<std::size_t>(to_small(marker)) - 1;
    spans[c] = {end - 1 - count, count};
    end -= count + 1;
  }
  if (end != 0) throw Unanswerable("the heaps are not a sum's position");
  return spans;
}

// The position of a sum whose components hold these heaps.
template <HeapInteger Heap>
Position<Heap> sum_position(const std::vector<Position<Heap>>& components) {
  Position<Heap> position;
  for (const Position<Heap>& heaps : components) {
    position.insert(position.end(), heaps.begin(), heaps.end());
    position.push_back(Heap(heaps.size() + 1));
  }
  return position;
}

// The spans of the position that `move`, a move of the sum on the position whose spans these
// are, leaves: a split adds a heap to its component (apply_takes()); no move of any game changes
// a component's heap count otherwise. So a game's moves are told in their components from its
// start alone.
template <HeapInteger Heap>
void advance_spans(std::vector<ComponentSpan>& spans, const GameMove<Heap>& move) {
  if (!move.split) return;
  std::size_t c = 0;
  while (move.heap() >= spans[c].first + spans[c].count)
    ++c;
  ++spans[c].count;
  for (std::size_t d = c + 1; d < spans.size(); ++d)
    ++spans[d].first;
}

// The move on the sum's list of heaps (spans `spans`) of `move`, given in component `component`,
// its heaps counted within it; none when the sum has no such component or the component no such
// heap.
template <HeapInteger Heap>
std::optional<GameMove<Heap>> move_in_sum(std::span<const ComponentSpan> spans,
                                          std::size_t component, GameMove<Heap> move) {
  if (component >= spans.size()) return std::nullopt;
  for (auto& take : move.takes) {
    if (take.heap >= spans[component].count) return std::nullopt;
    take.heap += spans[component].first;
  }
  return move;
}

// A program's move of a sum, given in its component (`in_component`), placed on the sum's list of
// heaps `position` of `components` games; where the component or a heap given is not there, on a
// heap no position has, which the judge refuses (the words of why come from the move as given).
template <HeapInteger Heap>
void place_in_sum(ProposedGameMove& proposed, std::span<const Heap> position,
                  std::size_t components) {
  const auto spans = component_spans(position, components);
  const auto in_sum = move_in_sum(std::span<const ComponentSpan>(spans),
                                  proposed.in_component->component, proposed.in_component->move);
  proposed.move = in_sum ? *in_sum : GameMove<BigHeap>::single(~std::size_t{0}, BigHeap(1));
}

template <HeapInteger HeapT>
class SumGame {
 public:
  using Heap = HeapT;
  using Component = std::shared_ptr<GameEngine<Heap>>;

  SumGame(std::vector<Component> components, bool misere_play)
      : misere(misere_play), components_(std::move(components)) {}

  bool misere = false;

  std::size_t size() const { return components_.size(); }

  std::string description() const {
    std::string words = "the sum of ";
    for (std::size_t c = 0; c < components_.size(); ++c) {
      if (c > 0) words += c + 1 == components_.size() ? " and " : ", ";
      words += components_[c]->description();
    }
    return words;
  }

  void check(std::span<const Heap> position) const {
    const auto spans = component_spans(position, size());
    for (std::size_t c = 0; c < size(); ++c)
      answering(c, part(position, spans[c]),
                [&] { components_[c]->check(part(position, spans[c])); });
  }

  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t heap, Visit visit) const {
    const auto found = component_of(position, heap);
    if (!found.second) return true;
    const ComponentSpan span = *found.second;
    return components_[found.first]->for_each_move_from(
        part(position, span), heap - span.first,
        [&](const GameMove<Heap>& move) { return visit(shifted(move, span.first)); });
  }
  BigHeap move_count_from(std::span<const Heap> position, std::size_t heap) const {
    const auto [c, span] = component_of(position, heap);
    if (!span) return BigHeap(0);
    return components_[c]->move_count_from(part(position, *span), heap - span->first);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t heap,
                               const BigHeap& n) const {
    const auto [c, span] = component_of(position, heap);
    return shifted(components_[c]->nth_move_from(part(position, *span), heap - span->first, n),
                   span->first);
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.takes.empty() || move.heap() >= position.size()) return false;
    const auto [c, span] = component_of(position, move.heap());
    if (!span) return false;
    for (const auto& take : move.takes)
      if (take.heap < span->first || take.heap >= span->first + span->count) return false;
    return components_[c]->is_legal(part(position, *span), unshifted(move, span->first));
  }

  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const {
    const auto [c, span] = component_of(heaps, move.heap());
    const Position<Heap> next =
        components_[c]->after(part(heaps, *span), unshifted(move, span->first));
    const auto first = heaps.begin() + static_cast<std::ptrdiff_t>(span->first);
    heaps.erase(first, first + static_cast<std::ptrdiff_t>(span->count + 1));
    heaps.insert(heaps.begin() + static_cast<std::ptrdiff_t>(span->first), next.begin(),
                 next.end());
    heaps.insert(heaps.begin() + static_cast<std::ptrdiff_t>(span->first + next.size()),
                 Heap(next.size() + 1));
  }

  bool order_free() const { return false; }
  static constexpr bool knows_misere() { return false; }

  // Normal play: each component's Grundy value (one a component, in grundy_values, where every
  // one fits a machine word), their XOR, and the move in the first component whose value the
  // XOR lowers. Misère play: nothing (the search answers).
  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    verdict.grundy_values.reset();
    verdict.grundy_sum.reset();
    verdict.winning_move.reset();
    if (misere) return;
    const auto spans = component_spans(position, size());
    std::vector<Heap> values;
    Heap sum(0);
    for (std::size_t c = 0; c < size(); ++c) {
      answering(c, part(position, spans[c]),
                [&] { values.push_back(components_[c]->grundy_value(part(position, spans[c]))); });
      sum ^= values.back();
    }
    verdict.grundy_sum = sum;
    verdict.winning = !is_zero(sum);
    std::vector<std::uint64_t>& small = verdict.new_grundy_values();
    for (const Heap& value : values) {
      if (!fits_small(to_big(value))) {
        verdict.grundy_values.reset();
        break;
      }
      small.push_back(to_small(to_big(value)));  // a few a position: the conversion is cheap
    }
    if (!verdict.winning) return;
    for (std::size_t c = 0; c < size(); ++c)
      if (const Heap target(values[c] ^ sum); target < values[c]) {
        verdict.winning_move = shifted(
            components_[c]->move_to_value(part(position, spans[c]), target), spans[c].first);
        return;
      }
  }

  // Forgets what the components searched: a --batch line is searched within the bound on its own.
  void forget() const {
    for (const Component& component : components_)
      component->forget();
  }

 private:
  // The component of a heap of the position and its span; no span for a component's marker.
  std::pair<std::size_t, std::optional<ComponentSpan>> component_of(std::span<const Heap> position,
                                                                    std::size_t heap) const {
    const auto spans = component_spans(position, size());
    for (std::size_t c = 0; c < size(); ++c) {
      if (heap < spans[c].first + spans[c].count) return {c, spans[c]};
      if (heap == spans[c].first + spans[c].count) return {c, std::nullopt};
    }
    return {size(), std::nullopt};
  }

  // Runs `ask` of component c, whose heaps are `heaps`; an Unanswerable says which component.
  template <class Ask>
  static void answering(std::size_t c, std::span<const Heap> heaps, Ask ask) {
    try {
      ask();
    } catch (const Unanswerable& e) {
      throw Unanswerable("component " + std::to_string(c + 1) + " of the sum (heaps " +
                         heap_words(heaps) + "): " + e.what());
    }
  }
  static std::string heap_words(std::span<const Heap> heaps) {
    std::string words;
    for (const Heap& h : heaps) {
      if (!words.empty()) words += ' ';
      words += to_decimal(h);  // appended apart: GCC 12's false -Wrestrict on " " + a string
    }
    return words;
  }
  static std::span<const Heap> part(std::span<const Heap> position, const ComponentSpan& span) {
    return position.subspan(span.first, span.count);
  }
  static GameMove<Heap> shifted(GameMove<Heap> move, std::size_t by) {
    for (auto& take : move.takes)
      take.heap += by;
    return move;
  }
  static GameMove<Heap> unshifted(GameMove<Heap> move, std::size_t by) {
    for (auto& take : move.takes)
      take.heap -= by;
    return move;
  }

  std::vector<Component> components_;
};

}  // namespace nim
