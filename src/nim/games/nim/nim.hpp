// Nim: a move takes one or more objects from one heap, at most K with a cap (--max-take K); in
// misère play whoever takes the last object loses. The first ruleset; Bouton's theory. It is also
// a PlayableGame, as every game after it: its moves as GameMoves, and solve() by the solver of
// solver.hpp (Bouton's theorem, the cap's Grundy values, the tame misère rule).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/heap.hpp"
#include "nim/period.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"
#include "nim/solver.hpp"

namespace nim {

template <HeapInteger HeapT>
struct NimRules {
  using Heap = HeapT;
  // The game's row (nim/games/row_of.hpp): its name, words and facts. Its rules object is
  // {"misere": bool, "max_take": K or null}, and its title says misère play in its own words.
  static constexpr std::string_view name = "nim";
  static constexpr std::string_view summary = "";
  static GameSpec named_spec() { return spec_of_kind(GameSpec::Kind::nim); }
  static std::string title(const GameSpec& spec) {
    std::string title = spec.misere ? "Misère Nim (whoever takes the last object loses)" : "Nim";
    if (spec.max_take) title += ", at most " + objects_words(*spec.max_take, true) + " a move";
    return title;
  }
  static constexpr bool title_says_misere = true;
  // Its name and rules in one line (--explain); misère play is said after it.
  static std::string rules_text(const GameSpec& spec) {
    if (!spec.max_take) return "Nim: take any number of objects, at least 1, from one heap";
    if (*spec.max_take == 1) return "Nim, at most 1 object a move: take 1 object from one heap";
    return "Nim, at most " + objects_words(*spec.max_take, true) + " a move: take 1 to " +
           to_decimal(*spec.max_take) + " objects from one heap";
  }
  static std::vector<RulesKey> rules_keys(const GameSpec& spec) {
    return {{"misere", spec.misere},
            {"max_take", spec.max_take ? RulesKey::Value(*spec.max_take) : RulesKey::Value()}};
  }
  static std::string grundy_formula(const GameSpec& spec) {
    if (!spec.max_take) return "G(n) = n";
    return "G(n) = n mod " + to_decimal(BigHeap(*spec.max_take + 1));
  }
  static constexpr TypedMoveWords typed_move{
      .help = "heap and count: 4 1 (or 4,1 or 4, 1) takes 1 object from heap 4"};
  static constexpr std::string_view reply_move_form = "[heap, count], two whole numbers";
  static std::string match_words(const GameSpec& spec) {
    std::string words = spec.misere ? "misère play" : "normal play";
    if (spec.max_take) words += ", at most " + objects_words(*spec.max_take, false) + " a move";
    return words;
  }
  static std::string space_words(const GameSpec& spec) {
    std::string words = spec.misere ? " under misère play" : " under normal play";
    if (spec.max_take) words += ", taking at most " + to_decimal(*spec.max_take) + " a move";
    return words;
  }
  static constexpr bool labels_winning_only = true;
  static constexpr bool nim_records = true;
  // The words of a JSON record (first 0) keep "objects" whatever the number; the text's are
  // grammatical.
  static std::optional<std::string> refusal(const GameSpec& spec, const GameMove<BigHeap>& move,
                                            std::size_t first) {
    if (move.split || move.takes.size() != 1) return std::string(not_one_take_words);
    const BigHeap& count = move.takes.front().count;
    if (count < 1) return "a move takes at least 1 object, not " + to_decimal(count);
    if (!spec.max_take || count <= *spec.max_take) return std::nullopt;
    return cap_words(*spec.max_take, first == 1) + ", not " + to_decimal(count);
  }
  static constexpr std::string_view not_one_take_words =
      "a move of Nim takes from one heap and splits nothing";
  // What a cap allows: "a move takes at most 3 objects"; "1 object" when `grammatical` (text),
  // "1 objects" in a JSON record, which keeps the word whatever the number.
  static std::string cap_words(const BigHeap& cap, bool grammatical) {
    return "a move takes at most " + objects_words(cap, grammatical);
  }
  // The rules as a spec, as the table of games holds them.
  GameSpec spec() const {
    GameSpec game = spec_of_kind(GameSpec::Kind::nim);
    game.misere = misere;
    if (max_take) game.max_take = to_big(*max_take);
    return game;
  }

  // "3 objects", "1 object" (or "1 objects" when not `grammatical`).
  static std::string objects_words(const BigHeap& n, bool grammatical) {
    return to_decimal(n) + (grammatical && n == 1 ? " object" : " objects");
  }

  // On SmallHeaps a cap beyond 64 bits is no cap: it is above every heap.
  static NimRules from(const PreparedGame& game) {
    const GameSpec& spec = game.spec();
    NimRules rules{spec.misere, std::nullopt};
    if (spec.max_take) rules.max_take = narrow<Heap>(*spec.max_take);
    return rules;
  }

  bool misere = false;           // whoever takes the last object loses
  std::optional<Heap> max_take;  // a move takes at most this many objects (>= 1); none: no cap

  MisereTheory misere_theory() const { return MisereTheory::tame; }

  // The most objects one move may take from a heap of size h.
  Heap most_taken(const Heap& h) const { return max_take && *max_take < h ? *max_take : h; }
  bool allows(const Heap& h, const Heap& count) const {
    return Heap(1) <= count && count <= most_taken(h);
  }

  // Grundy value of a heap: h mod (K+1) with a cap K, h itself without one. Written so that a cap
  // of 2^64-1 does not overflow K+1: a heap no larger than the cap is its own Grundy value.
  Heap grundy(const Heap& h) const {
    if (!max_take || h <= *max_take) return h;
    return Heap(h % Heap(*max_take + 1));
  }

  bool values_are_sizes() const { return !max_take; }
  // With a cap K, each heap is worth itself modulo K + 1: that modulus on machine words, when it
  // fits them.
  std::optional<std::uint64_t> value_modulus() const {
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (max_take && *max_take < ~SmallHeap{0}) return *max_take + 1;
    return std::nullopt;
  }

  // The period of the heaps' Grundy values, by Bouton's theory: every heap is its own value
  // (period 1, saltus 1), or with a cap K worth h mod (K + 1) (period K + 1). None when K + 1 is
  // beyond 64 bits.
  std::optional<Period> grundy_period() const {
    if (!max_take) return Period{0, 1, 1, Period::Proof::theory};
    const BigHeap period(to_big(*max_take) + 1);
    if (!fits_small(period)) return std::nullopt;
    return Period{0, to_small(period), 0, Period::Proof::theory};
  }

  // The period p of the Grundy values (each size worth h mod p) among the sizes up to `most`;
  // none when every such size is its own value (no cap, or a cap of `most` or more).
  std::optional<Heap> period_up_to(const Heap& most) const {
    if (max_take && *max_take < most) return Heap(*max_take + Heap(1));
    return std::nullopt;
  }

  // Without a cap that is h -> target. With a cap K the heap can reach the K sizes just below it,
  // whose Grundy values are every value in 0..K except g itself (fewer when h < K).
  std::optional<Heap> take_to_reach(const Heap& h, const Heap& g, const Heap& target) const {
    if (!max_take) return target < h ? std::optional<Heap>(h - target) : std::nullopt;
    const Heap& cap = *max_take;
    if (target == g || cap < target) return std::nullopt;
    if (target < g) return Heap(g - target);
    Heap count = Heap(cap - target) + Heap(1) + g;  // wrap round to the size just below h - g
    return count <= h ? std::optional<Heap>(count) : std::nullopt;
  }

  // The same rules on another heap type; none when the cap does not fit it.
  template <HeapInteger To>
  std::optional<NimRules<To>> with_heap() const {
    NimRules<To> rules{misere, std::nullopt};
    if (max_take) {
      rules.max_take = narrow<To>(to_big(*max_take));
      if (!rules.max_take) return std::nullopt;
    }
    return rules;
  }

  // What PlayableGame asks (game_move.hpp): a move takes 1 to most_taken(h) objects from one heap,
  // visited and numbered in that order.
  std::string description() const {
    return max_take ? "Nim with at most " + to_decimal(*max_take) + " taken a move" : "Nim";
  }
  bool order_free() const { return true; }
  static constexpr bool knows_misere() { return true; }  // MisereTheory::tame
  void check(std::span<const Heap>) const {}

  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    const Heap most = most_taken(position[i]);
    if (is_zero(most)) return true;
    for (Heap count(1);; ++count) {  // to `most` included, which may be the largest Heap
      if (!visit(GameMove<Heap>::single(i, count))) return false;
      if (count == most) return true;
    }
  }
  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    return to_big(most_taken(position[i]));
  }
  GameMove<Heap> nth_move_from(std::span<const Heap>, std::size_t i, const BigHeap& n) const {
    return GameMove<Heap>::single(i, *narrow<Heap>(BigHeap(n + 1)));
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    return !move.split && move.takes.size() == 1 && move.heap() < position.size() &&
           allows(position[move.heap()], move.takes[0].count);
  }
  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { apply_takes(heaps, move); }

  // The solver's answer: who wins, its first winning move, the Grundy sum, and each heap's value
  // where every one fits a machine word (on GMP heaps without a cap a value is the heap itself).
  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    const ScannedPosition<NimRules> view(position, *this);
    verdict.winning = is_winning(view);
    verdict.grundy_sum = view.tally().grundy_sum;
    fill_grundy_values(*this, position, verdict);
    if (const auto move = first_winning_move(view))
      verdict.new_winning_move().takes.push_back({move->heap, move->count});
    else
      verdict.winning_move.reset();
  }

  // A move after which the position's Grundy sum is `wanted`, into `move` (empty): in the first
  // heap whose value holds the highest bit of the sum XOR wanted, as Bouton's.
  bool move_to_sum(std::span<const Heap> position, const Heap& wanted, GameMove<Heap>& move) const {
    Heap sum(wanted);
    for (const Heap& h : position)
      sum ^= grundy(h);
    for (std::size_t i = 0; i < position.size() && !is_zero(sum); ++i) {
      const Heap g = grundy(position[i]);
      const Heap target(g ^ sum);
      if (!(target < g)) continue;
      if (auto count = take_to_reach(position[i], g, target)) {
        move.takes.push_back({i, std::move(*count)});
        return true;
      }
    }
    return false;
  }

  friend bool operator==(const NimRules&, const NimRules&) = default;
};

static_assert(HeapSumRuleset<NimRules<SmallHeap>> && HeapSumRuleset<NimRules<BigHeap>>);
static_assert(PlayableGame<NimRules<SmallHeap>> && PlayableGame<NimRules<BigHeap>>);
static_assert(PositionView<ScannedPosition<NimRules<SmallHeap>>> &&
              PositionView<ScannedPosition<NimRules<BigHeap>>> &&
              PositionView<ScannedBoard<NimRules<SmallHeap>>>);

// X(Rules) for every ruleset of Nim on both heap types: the format library instantiates its
// templates with it.
#define NIM_FOR_EACH_RULESET(X) X(NimRules<SmallHeap>) X(NimRules<BigHeap>)

}  // namespace nim
