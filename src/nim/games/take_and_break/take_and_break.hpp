// The take-and-break games of heap_game.hpp (subtraction games, all-but subtraction games, octal
// games, Grundy's game) as games to play: a position is a sum of heaps, each worth its Grundy value
// from the game's GrundySequence (exact at any size beyond a proved period, refused beyond the
// values known otherwise). Misère play has no such theory: the library searches it (misere_search).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/games/take_and_break/move_index.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap_game.hpp"
#include "nim/rules_key.hpp"

namespace nim {

template <HeapInteger Heap>
class TakeAndBreakBoard;  // board.hpp

template <HeapInteger HeapT>
struct TakeAndBreakRules {
  using Heap = HeapT;
  // A long game's board (nim/game_board.hpp), which answers a ply in O(log n) for n heaps.
  using Board = TakeAndBreakBoard<Heap>;
  // The game's row (nim/games/row_of.hpp): its words and facts. --game names one take-and-break
  // game, Grundy's; the others are named by their code or list. A move may split what is left of
  // a heap when the game's code says so (octal games, Grundy's game).
  static constexpr std::string_view name = "grundy";
  static constexpr std::string_view summary = " (split a heap in two unequal ones)";
  static GameSpec named_spec() {
    GameSpec spec;
    spec.heap_game = grundys_game();
    return spec;
  }
  static std::vector<RulesKey> rules_keys(const GameSpec& spec) {
    return nim::rules_keys(spec.heap_game);
  }
  static std::string title(const GameSpec& spec) { return nim::title(spec.heap_game); }
  static std::string rules_text(const GameSpec& spec) { return nim::rules_text(spec.heap_game); }
  // "the octal game 0.77, misère play ..."; Grundy's game keeps its capital.
  static std::string name_in_sentence(const GameSpec& spec, const std::string& title) {
    if (spec.heap_game.kind == HeapGameKind::grundy) return title;
    return "the " + std::string(1, static_cast<char>(title[0] - 'A' + 'a')) + title.substr(1);
  }
  static bool moves_may_split(const GameSpec& spec) { return spec.heap_game.splits(); }
  // A game that splits a heap; one that never does types Nim's moves.
  static constexpr TypedMoveWords typed_move_with_split{
      .prompt = "heap count [parts]",
      .start =
          "heap and count, and to split the rest, its two parts (5 1 2 2 takes 1 from heap 5 "
          "and splits the rest into 2 and 2; Grundy's game: 5 0 2 3)",
      .unreadable = "a heap and a count, and to split the rest, its two parts (5 1 2 2)"};
  // A game that only splits (Grundy's game) takes nothing: the heap and its parts say the move.
  static bool moves_only_split(const GameSpec& spec) { return spec.heap_game.only_splits(); }
  static constexpr TypedMoveWords typed_move_only_split{
      .prompt = "heap parts",
      .start = "heap and two parts (5 2 3 splits heap 5 into 2 and 3)",
      .unreadable = "a heap and two parts (5 2 3)",
      .help = "heap and parts: 5 2 3 (or 5 0 2 3) splits heap 5 into 2 and 3"};

  std::shared_ptr<const GrundySequence> sequence;  // the game and its values, computed once
  bool misere = false;
  std::shared_ptr<const MoveIndex> move_index{};  // none: every search scans

  static TakeAndBreakRules from(const PreparedGame& game) {
    return {game.sequence(), game.spec().misere, game.move_index()};
  }

  const HeapGame& game() const { return sequence->game; }
  std::string description() const { return describe(game()); }
  bool order_free() const { return true; }
  static constexpr bool knows_misere() { return false; }
  void check(std::span<const Heap>) const {}

  // A heap's Grundy value; Unanswerable beyond what is known. The values computed first, inline:
  // the search for a winning split asks for thousands a position.
  [[gnu::always_inline]] GrundyValue value(const Heap& h) const {
    const std::vector<GrundyValue>& values = sequence->values;
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (h < values.size()) return values[h];
    return value_beyond(h);
  }

  [[gnu::noinline]] GrundyValue value_beyond(const Heap& h) const {
    if (const auto value = grundy_value(*sequence, h)) return *value;
    const std::string beyond = "heap " + to_decimal(h) + " of " + describe(game()) +
                               " is beyond the Grundy values nim-game computed, to heap " +
                               std::to_string(sequence->computed_to()) + " with no proved period";
    if (sequence->stopped_at_steps != 0)
      throw Unanswerable(beyond + ": computing them further passes their bound of " +
                         std::to_string(sequence->stopped_at_steps) +
                         " steps (the square of --grundy-limit)");
    throw Unanswerable(beyond + " (--grundy-limit N computes further)");
  }

  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    return each_move(position[i], std::nullopt,
                     [&](const Option& option, GrundyValue) { return visit(option.move(i)); });
  }

  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    return move_count(position[i]);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t i,
                               const BigHeap& n) const {
    return nth_move(position[i], i, n);
  }

  // The moves of a heap of h, each_move's: counted, and the n-th (from 0) made into heap i's.
  BigHeap move_count(const Heap& h) const { return count_moves(game(), h); }
  GameMove<Heap> nth_move(const Heap& h, std::size_t i, const BigHeap& n) const {
    auto [take, split] = nth_heap_option(game(), h, n);
    return Option{std::move(take), std::move(split)}.move(i);
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.takes.size() != 1 || move.heap() >= position.size()) return false;
    const Heap& h = position[move.heap()];
    const Heap& k = move.takes.front().count;
    if (h < k) return false;
    const HeapGame& rules = game();
    if (move.split) {
      const auto& [left, right] = *move.split;
      if (is_zero(left) || is_zero(right) || Heap(left + right) != Heap(h - k)) return false;
      if (rules.kind == HeapGameKind::grundy) return is_zero(k) && left != right;
      return rules.kind == HeapGameKind::octal && k < Heap(rules.digits.size()) &&
             (rules.digits[detail::small_value(k)] & leave_two) != 0;
    }
    if (is_zero(k)) return false;
    switch (rules.kind) {
      case HeapGameKind::subtraction:
        return k <= Heap(rules.set.back()) &&
               std::ranges::binary_search(rules.set, detail::small_value(k));
      case HeapGameKind::all_but_subtraction:
        return all_but_allows(k);
      case HeapGameKind::octal:
        return k < Heap(rules.digits.size()) &&
               (rules.digits[detail::small_value(k)] & (k == h ? leave_none : leave_one)) != 0;
      case HeapGameKind::grundy:
        break;
    }
    return false;
  }

  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { apply_takes(heaps, move); }

  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    std::vector<std::uint64_t>& values = verdict.new_grundy_values();
    GrundyValue sum = 0;
    for (const Heap& h : position) {
      values.push_back(value(h));
      sum ^= static_cast<GrundyValue>(values.back());
    }
    verdict.grundy_sum = Heap(sum);
    verdict.winning = sum != 0;
    // Misère play: the search answers (game_solver).
    if (verdict.winning && !misere && move_to_sum(position, Heap(0), verdict.new_winning_move()))
      return;
    verdict.winning_move.reset();
  }

  // A move after which the position's Grundy sum is `wanted`, into `move` (empty): the first heap
  // with an option worth its value XOR the sum XOR wanted. Below the sum, the heap whose value has
  // their XOR's highest bit always has one (an option of every smaller value: the mex).
  bool move_to_sum(std::span<const Heap> position, const Heap& wanted, GameMove<Heap>& move) const {
    if (Heap(~GrundyValue{0}) < wanted) return false;  // no value is as large
    GrundyValue sum = static_cast<GrundyValue>(detail::small_value(wanted));
    for (const Heap& h : position)
      sum ^= value(h);
    if (sum == 0) return false;
    for (std::size_t i = 0; i < position.size(); ++i)
      if (move_to_value(position[i], value(position[i]) ^ sum, i, move)) return true;
    return false;
  }

  // The first option of a heap of h that leaves `target`, as solve() looks for it, made into heap
  // i's move in `move` (empty); false when no option does.
  bool move_to_value(const Heap& h, GrundyValue target, std::size_t i, GameMove<Heap>& move) const {
    const auto option = first_option_to(h, target);
    if (option) option->make(move, i);
    return option.has_value();
  }

  // The heap below periodic_from() whose options are worth, in each_move's order, what those of
  // h are (the same takes, the same smaller parts): none below periodic_from(). With a proved
  // period p from e, every heap left by a take, and the larger part of every split looked at,
  // is at least e from there on, so a heap's options are worth those of the heap p smaller.
  std::optional<SmallHeap> option_class(const Heap& h) const {
    const std::optional<std::uint64_t> from = periodic_from();
    if (!from || h < Heap(*from)) return std::nullopt;
    const std::uint64_t period = sequence->period->period, first = *from - period;
    return first + detail::small_value(Heap(Heap(h - Heap(first)) % Heap(period)));
  }
  std::optional<std::uint64_t> periodic_from() const {
    const auto limit = split_scan_limit();
    if (!limit) return std::nullopt;
    return 2 * *limit + sequence->period->period + game().largest_take() + 1;
  }

  // Calls visit(value) for the value of each option of a heap of h that solve() looks at: the
  // values its search for a winning move can find there.
  template <class Visit>
  void for_each_option_value(const Heap& h, Visit visit) const {
    each_move(h, split_scan_limit(), [&](const Option&, GrundyValue value) {
      visit(value);
      return true;
    });
  }

  // The values of the positions one move leaves in a heap of size h (a split: its parts' XOR),
  // each once, increasing: what the heap's value is the mex of.
  std::vector<GrundyValue> option_values(const Heap& h) const {
    std::vector<GrundyValue> values;
    each_move(h, std::nullopt, [&](const Option&, GrundyValue value) {
      values.push_back(value);
      return true;
    });
    std::ranges::sort(values);
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
  }

  // The same rules with a move index of heaps 0 to most - 1 (at most the values computed).
  TakeAndBreakRules with_move_index(std::uint64_t most) const {
    MoveIndex index;
    const std::uint64_t heaps =
        std::min({most, std::uint64_t{sequence->values.size()}, MoveIndex::most_heaps});
    index.first_options.resize(heaps * MoveIndex::values);
    for (std::uint64_t h = 0; h < heaps; ++h) {
      MoveIndex::FirstOption* first = &index.first_options[h * MoveIndex::values];
      // The scan of solve(), to the same limit: the first option found is the one it would find.
      each_move(Heap(h), split_scan_limit(), [&](const Option& option, GrundyValue value) {
        if (value < MoveIndex::values && first[value].take == MoveIndex::FirstOption::none)
          first[value] = {static_cast<std::uint16_t>(detail::small_value(option.take)),
                          static_cast<std::uint16_t>(
                              option.split ? detail::small_value((*option.split)[0]) : 0)};
        return true;
      });
    }
    if (game().kind == HeapGameKind::all_but_subtraction) {
      // Every heap whose value is known (a few bytes a heap, as the values take): a heap of
      // 100,000 would otherwise scan its takes for the one that leaves the value wanted.
      // Counted, then placed: the heaps of each value come out increasing.
      const std::vector<GrundyValue>& values = sequence->values;
      index.value_starts.assign(*std::ranges::max_element(values) + 2, 0);
      for (GrundyValue v : values)
        ++index.value_starts[v + 1];
      for (std::size_t v = 1; v < index.value_starts.size(); ++v)
        index.value_starts[v] += index.value_starts[v - 1];
      index.heaps.resize(values.size());
      std::vector<std::uint64_t> next(index.value_starts.begin(), index.value_starts.end() - 1);
      for (std::uint32_t h = 0; h < values.size(); ++h)
        index.heaps[next[values[h]]++] = h;
    }
    TakeAndBreakRules rules = *this;
    rules.move_index = std::make_shared<const MoveIndex>(std::move(index));
    return rules;
  }

  template <HeapInteger To>
  TakeAndBreakRules<To> with_heap() const {
    return {sequence, misere, move_index};
  }

 private:
  template <HeapInteger>
  friend struct TakeAndBreakRules;

  // A move in one heap, before it is given its heap: the count taken, and the split of the rest.
  struct Option {
    Heap take;
    std::optional<std::array<Heap, 2>> split;
    // The move into `move`, empty.
    void make(GameMove<Heap>& move, std::size_t heap) const {
      move.takes.push_back({heap, take});
      move.split = split;
    }
    GameMove<Heap> move(std::size_t heap) const {
      GameMove<Heap> move;
      make(move, heap);
      return move;
    }
  };

  // Whether an all-but subtraction game allows taking k (any count but those listed).
  bool all_but_allows(const Heap& k) const {
    const std::vector<std::uint64_t>& set = game().set;
    return Heap(set.back()) < k || !std::ranges::binary_search(set, detail::small_value(k));
  }

  // The first option of a heap of size h, in the order of each_move to split_scan_limit(), that
  // leaves `target`; none when no option does. The move index answers when it covers the heap.
  std::optional<Option> first_option_to(const Heap& h, GrundyValue target) const {
    if constexpr (!std::same_as<Heap, SmallHeap>)
      if (const auto of = option_class(h)) {
        // The option of its class on machine words, moved to h: a heap of 10^30 costs no more.
        const auto found = with_heap<SmallHeap>().first_option_to(*of, target);
        if (!found) return std::nullopt;
        if (!found->split) return Option{Heap(found->take), {}};
        const Heap left((*found->split)[0]);
        return Option{Heap(found->take), {{left, Heap(h - Heap(found->take) - left)}}};
      }
    if (move_index && h < Heap(move_index->indexed_heaps()) && target < MoveIndex::values) {
      const std::uint64_t small_h = detail::small_value(h);
      const MoveIndex::FirstOption first =
          move_index->first_options[small_h * MoveIndex::values + target];
      if (first.take == MoveIndex::FirstOption::none) return std::nullopt;
      const Heap take(std::uint64_t{first.take});
      if (first.left == 0) return Option{take, {}};
      return Option{take,
                    {{Heap(std::uint64_t{first.left}), Heap(small_h - first.take - first.left)}}};
    }
    if (move_index && !move_index->heaps.empty() && h < Heap(move_index->heaps.size()))
      return first_all_but_option_to(detail::small_value(h), target);
    std::optional<Option> found;
    each_move(h, split_scan_limit(), [&](const Option& option, GrundyValue value) {
      if (value != target) return true;
      found = option;
      return false;
    });
    return found;
  }

  // An all-but subtraction game's first option (the least count allowed) that leaves `target`:
  // the largest heap below h worth it that a count allowed reaches.
  std::optional<Option> first_all_but_option_to(std::uint64_t h, GrundyValue target) const {
    const MoveIndex& index = *move_index;
    if (target + 1 >= index.value_starts.size()) return std::nullopt;
    const auto first =
        index.heaps.begin() + static_cast<std::ptrdiff_t>(index.value_starts[target]);
    const auto last =
        index.heaps.begin() + static_cast<std::ptrdiff_t>(index.value_starts[target + 1]);
    for (auto m = std::lower_bound(first, last, h); m != first;) {
      const std::uint64_t take = h - *--m;
      if (all_but_allows(Heap(take))) return Option{Heap(take), {}};
    }
    return std::nullopt;
  }

  // How far a winning move's search goes among the splits of a heap, when a period is proved:
  // with values periodic from e with period p, a part of a at least e + p is worth what a part
  // p smaller is, and so is the other part (both at least e when the rest is 2(e + p) or more),
  // so every value a split reaches is reached with a part below e + p. Kayles' heaps of any
  // size are searched in 83 splits at most.
  std::optional<std::uint64_t> split_scan_limit() const {
    const auto& period = sequence->period;
    if (!period || !period->proved()) return std::nullopt;
    return period->pre_period + period->period;
  }

  // Visits each move from a heap of size h with the Grundy value it leaves there, in the order of
  // heap_game.hpp's count_moves (the parts' values beyond `split_limit` are not visited).
  template <class Visit>
  bool each_move(const Heap& h, std::optional<std::uint64_t> split_limit, Visit visit) const {
    const HeapGame& rules = game();
    const auto splits = [&](const Heap& k, bool unequal) {
      const Heap rest = h - k;
      for (Heap left(1); Heap(left + left) <= rest; ++left) {
        if (split_limit && Heap(*split_limit) < left) break;
        const Heap right = rest - left;
        if (unequal && left == right) continue;
        if (!visit(Option{k, {{left, right}}}, value(left) ^ value(right))) return false;
      }
      return true;
    };
    switch (rules.kind) {
      case HeapGameKind::subtraction:
        for (std::uint64_t k : rules.set) {
          if (h < Heap(k)) break;
          if (!visit(Option{Heap(k), {}}, value(h - Heap(k)))) return false;
        }
        return true;
      case HeapGameKind::all_but_subtraction:
        for (Heap k(1); k <= h; ++k)
          if (all_but_allows(k) && !visit(Option{k, {}}, value(h - k))) return false;
        return true;
      case HeapGameKind::octal:
        for (std::uint64_t digit_k = 0; digit_k < rules.digits.size(); ++digit_k) {
          const Heap k(digit_k);
          if (h < k) break;
          const std::uint8_t digit = rules.digits[digit_k];
          if ((digit & leave_none) != 0 && k == h && !visit(Option{k, {}}, 0)) return false;
          if ((digit & leave_one) != 0 && !is_zero(k) && k < h &&
              !visit(Option{k, {}}, value(h - k)))
            return false;
          if ((digit & leave_two) != 0 && !splits(k, false)) return false;
        }
        return true;
      case HeapGameKind::grundy:
        return splits(Heap(0), true);
    }
    return true;
  }
};

}  // namespace nim
