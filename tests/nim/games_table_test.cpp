// nim/games/capabilities.hpp, from each game's row (nim/games/game_row.hpp): the capabilities
// (fixed_heap_count(), heap_order_matters(), heaps_may_grow(), fits_machine_words(),
// moves_take_from_one_heap(), moves_may_split(), moves_take_from_several_heaps(),
// misere_is_searched(), typed_move_words(), values_come_from_single_heaps(), values_are_computed())
// say of each game what its moves and its theory are, from the facts its rules state, as the
// engine's outcome_drawer() does; checked against every move of small positions, the game's own
// rules and the oracle.
#include "support/game_table.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "format/rules_words.hpp"
#include "nim/engine/game_engine.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

// Whether every move of every position of three heaps up to 6 is one heap and a count.
bool every_move_takes_from_one_heap(const GameSpec& spec) {
  const PreparedGame game(spec, BigHeap(6));
  bool single = true;
  std::visit(
      [&](const auto& rules) {
        for (SmallHeap a = 0; a <= 6; ++a)
          for (SmallHeap b = 0; b <= 6; ++b)
            for (SmallHeap c = 0; c <= 6; ++c) {
              // Wythoff's game is played on 2 heaps.
              Position<SmallHeap> position{a, b, c};
              if (spec.kind == GameSpec::Kind::wythoff) position.pop_back();
              for_each_move(rules, std::span<const SmallHeap>(position),
                            [&](const GameMove<SmallHeap>& move) {
                              single = single && move.takes.size() == 1 && !move.split;
                              return true;
                            });
            }
      },
      rules_of<SmallHeap>(game));
  return single;
}

GameSpec spec_of(GameSpec::Kind kind, HeapGame heap_game = {}, std::uint64_t heaps_per_move = 2) {
  GameSpec spec;
  spec.kind = kind;
  spec.heap_game = std::move(heap_game);
  spec.heaps_per_move = heaps_per_move;
  return spec;
}

// One game of every kind, and each kind's variants whose facts differ.
std::vector<std::pair<std::string, GameSpec>> every_kind() {
  using Kind = GameSpec::Kind;
  GameSpec capped_nim = spec_of(Kind::nim);
  capped_nim.max_take = BigHeap(2);
  return {
      {"Nim", spec_of(Kind::nim)},
      {"Nim, at most 2 a move", capped_nim},
      {"Kayles", spec_of(Kind::take_and_break, octal_game({0, 7, 7}))},
      {"octal 0.33", spec_of(Kind::take_and_break, octal_game({0, 3, 3}))},
      {"octal 0.4 (splits only)", spec_of(Kind::take_and_break, octal_game({0, 4}))},
      {"subtract 1,2", spec_of(Kind::take_and_break, subtraction_game({1, 2}))},
      {"Grundy's game", spec_of(Kind::take_and_break, grundys_game())},
      {"Moore, 1 heap a move", spec_of(Kind::moore, {}, 1)},
      {"Moore, 2 heaps a move", spec_of(Kind::moore, {}, 2)},
      {"Wythoff", spec_of(Kind::wythoff)},
      {"staircase", spec_of(Kind::staircase)},
      {"Lasker", spec_of(Kind::lasker)},
  };
}

TEST_CASE("moves_take_from_one_heap: exactly the games whose every move is one heap and a count") {
  auto games = every_kind();
  // An all-but subtraction game too (beside every_kind(), whose games answer heaps near 2^64).
  games.emplace_back("subtract all but 2,5",
                     spec_of(GameSpec::Kind::take_and_break, all_but_subtraction_game({2, 5})));
  bool seen[2] = {false, false};
  for (const auto& game_named : games) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    CHECK(moves_take_from_one_heap(spec) == every_move_takes_from_one_heap(spec));
    seen[moves_take_from_one_heap(spec)] = true;
  }
  // Both answers occur, so that the check above tells them apart.
  CHECK(seen[0]);
  CHECK(seen[1]);
}

TEST_CASE("misere_is_searched and moves_may_split: as the rules of every kind of game say") {
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    GameSpec spec = game_named.second;
    spec.misere = true;
    CAPTURE(name);
    const PreparedGame game(spec, BigHeap(6));
    std::visit(
        [&](const auto& rules) {
          CHECK(misere_is_searched(spec) == !rules.knows_misere());
          // A game whose moves may split has a split among the moves of two heaps of 6, and the
          // others none.
          bool split = false;
          const Position<SmallHeap> position{6, 6};
          for_each_move(rules, std::span<const SmallHeap>(position),
                        [&](const GameMove<SmallHeap>& move) {
                          split = split || move.split.has_value();
                          return true;
                        });
          CHECK(moves_may_split(spec) == split);
        },
        rules_of<SmallHeap>(game));
  }
}

// Calls visit(rules, position) for every position of the game's heap count (or of 1 to 3 heaps),
// each heap up to `most`.
template <class Visit>
void for_each_small_position(const GameSpec& spec, SmallHeap most, Visit visit) {
  const PreparedGame game(spec, BigHeap(most));
  const auto fixed = fixed_heap_count(spec);
  std::visit(
      [&](const auto& rules) {
        testing::for_each_position(fixed.value_or(3), most, [&](const Position<SmallHeap>& p) {
          if (!fixed || p.size() == *fixed) visit(rules, p);
        });
      },
      rules_of<SmallHeap>(game));
}

TEST_CASE("game_row: each kind's row is its own, and its engines play the rules of its type") {
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    CHECK(game_row(spec.kind).kind == spec.kind);
    const PreparedGame game(spec, BigHeap(6));
    const std::string description = std::visit(
        [](const auto& rules) { return rules.description(); }, rules_of<SmallHeap>(game));
    CHECK(make_engine<SmallHeap>(game)->description() == description);
    CHECK(make_engine<BigHeap>(game)->description() == description);
    CHECK(with_rules_type(spec.kind, [&]<class Rules>(std::type_identity<Rules>) {
      return std::holds_alternative<Rules>(rules_of<SmallHeap>(game));
    }));
  }
}

TEST_CASE("game_rows: the games --game names, in their order, each with its own spec") {
  std::vector<std::string_view> names;
  for (const GameRow* row : game_rows()) {
    CAPTURE(row->name);
    CHECK(&game_row(row->kind) == row);
    if (row->name.empty()) continue;
    names.push_back(row->name);
    const GameSpec spec = row->named_spec();
    CHECK(spec.kind == row->kind);
    // In a sentence: the title, but where it would read wrongly there.
    CHECK(game_name(spec) == (row->name == "grundy"      ? "Grundy's game"
                              : row->name == "staircase" ? "staircase Nim"
                              : row->name == "moore"     ? "Moore's Nim with up to 2 heaps a move"
                                                         : game_title(spec)));
  }
  CHECK(names ==
        std::vector<std::string_view>{"nim", "grundy", "moore", "wythoff", "staircase", "lasker"});
}

TEST_CASE("fixed_heap_count: the game's check() refuses every other count, and no other game's") {
  bool some_fixed = false;
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    const PreparedGame game(spec, BigHeap(6));
    const auto fixed = fixed_heap_count(spec);
    some_fixed = some_fixed || fixed.has_value();
    std::visit(
        [&](const auto& rules) {
          for (std::size_t count = 1; count <= 4; ++count) {
            CAPTURE(count);
            const Position<SmallHeap> position(count, 3);
            if (!fixed || count == *fixed)
              CHECK_NOTHROW(rules.check(std::span<const SmallHeap>(position)));
            else
              CHECK_THROWS_AS(rules.check(std::span<const SmallHeap>(position)), Unanswerable);
          }
        },
        rules_of<SmallHeap>(game));
  }
  CHECK(some_fixed);
}

TEST_CASE("heap_order_matters: the oracle answers a permutation differently only in those games") {
  bool some_matter = false;
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    some_matter = some_matter || heap_order_matters(spec);
    bool differs = false;
    for_each_small_position(spec, 4, [&](const auto& rules, const Position<SmallHeap>& position) {
      testing::Oracle oracle(rules);
      Position<SmallHeap> permuted = position;
      while (std::ranges::next_permutation(permuted).found)
        for (bool misere : {false, true})
          differs = differs || oracle.winning(permuted, misere) != oracle.winning(position, misere);
    });
    CHECK(heap_order_matters(spec) == differs);
  }
  CHECK(some_matter);
}

TEST_CASE(
    "heaps_may_grow, moves_take_from_several_heaps and heaps_are_steps: as the moves of small "
    "positions say") {
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    bool grows = false, several = false, from_above = false, down_steps = true;
    for_each_small_position(spec, 4, [&](const auto& rules, const Position<SmallHeap>& position) {
      for_each_move(rules, std::span<const SmallHeap>(position),
                    [&](const GameMove<SmallHeap>& move) {
                      several = several || move.takes.size() > 1;
                      // A split moves the heaps after it along: only a move without one keeps
                      // each heap in its place to compare.
                      if (!move.split) {
                        const auto next = after(rules, std::span<const SmallHeap>(position), move);
                        for (std::size_t i = 0; i < position.size(); ++i)
                          grows = grows || next[i] > position[i];
                        // Coins taken from a step above the first land on the step below.
                        const auto [heap, count] = move.takes.front();
                        if (move.takes.size() == 1 && heap > 0) {
                          from_above = true;
                          down_steps = down_steps && next[heap - 1] == position[heap - 1] + count;
                        }
                      }
                      return true;
                    });
    });
    CHECK(heaps_may_grow(spec) == grows);
    CHECK(moves_take_from_several_heaps(spec) == several);
    CHECK(heaps_are_steps(spec) == (from_above && down_steps));
  }
}

// Whether the game answers the position in machine words as it does in GMP's: the same verdict
// and value, and the same positions after the first and last moves of each heap (none of them
// with a heap beyond a word).
template <class Rules>
bool answered_alike(const Rules& small, const Position<SmallHeap>& position) {
  // Nim's rules on another heap type are optional (a cap may not fit it); GMP holds every one.
  const auto big = [&] {
    auto rules = small.template with_heap<BigHeap>();
    if constexpr (requires { *rules; })
      return *rules;
    else
      return rules;
  }();
  Position<BigHeap> big_position;
  for (SmallHeap h : position)
    big_position.push_back(to_big(h));
  Verdict<SmallHeap> small_verdict;
  Verdict<BigHeap> big_verdict;
  small.solve(std::span<const SmallHeap>(position), small_verdict);
  big.solve(std::span<const BigHeap>(big_position), big_verdict);
  if (small_verdict.winning != big_verdict.winning ||
      small_verdict.grundy_sum.has_value() != big_verdict.grundy_sum.has_value() ||
      (small_verdict.grundy_sum && to_big(*small_verdict.grundy_sum) != *big_verdict.grundy_sum))
    return false;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const BigHeap count = big.move_count_from(std::span<const BigHeap>(big_position), i);
    for (const BigHeap& n : {BigHeap(0), BigHeap(1), BigHeap(count - 2), BigHeap(count - 1)}) {
      if (sgn(n) < 0 || !(n < count)) continue;
      const auto big_next = after(big, std::span<const BigHeap>(big_position),
                                  big.nth_move_from(std::span<const BigHeap>(big_position), i, n));
      const auto small_next =
          after(small, std::span<const SmallHeap>(position),
                small.nth_move_from(std::span<const SmallHeap>(position), i, n));
      if (small_next.size() != big_next.size()) return false;
      for (std::size_t j = 0; j < big_next.size(); ++j)
        if (!fits_small(big_next[j]) || to_big(small_next[j]) != big_next[j]) return false;
    }
  }
  return true;
}

TEST_CASE("fits_machine_words: exactly the positions of the largest heaps answered alike in GMP") {
  constexpr SmallHeap most = std::numeric_limits<SmallHeap>::max();
  const std::vector<Position<SmallHeap>> positions{{most},        {most - 1},    {most, 1},
                                                   {most - 1, 1}, {1, most - 1}, {most - 1, most}};
  bool some_refused = false;
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    // Grundy's game has no period: its values would be computed up to 2^64.
    if (spec.kind == GameSpec::Kind::take_and_break && spec.heap_game.kind == HeapGameKind::grundy)
      continue;
    CAPTURE(name);
    const PreparedGame game(spec, BigHeap(most));
    for (const Position<SmallHeap>& position : positions) {
      if (const auto fixed = fixed_heap_count(spec); fixed && position.size() != *fixed) continue;
      CAPTURE(position);
      const bool fits = fits_machine_words(spec, position);
      some_refused = some_refused || !fits;
      std::visit([&](const auto& rules) { CHECK(answered_alike(rules, position) == fits); },
                 rules_of<SmallHeap>(game));
    }
  }
  CHECK(some_refused);
}

TEST_CASE("typed_move_words: the words name a split's parts exactly where moves may split") {
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    const TypedMoveWords& words = typed_move_words(spec);
    for (const std::string_view text : {words.prompt, words.start, words.unreadable}) {
      CAPTURE(text);
      CHECK((text.find("parts") != std::string_view::npos) == moves_may_split(spec));
    }
  }
}

// Whether the oracle's value of every position of two heaps up to 5 is the XOR of the values of
// its heaps alone, a heap alone being the position of it and an empty heap (Wythoff's game is
// played on 2 heaps; staircase Nim's empty second step leaves the heap on the first).
bool worth_xor_of_single_heaps(const GameSpec& spec) {
  const PreparedGame game(spec, BigHeap(5));
  bool xor_of_heaps = true;
  std::visit(
      [&](const auto& rules) {
        testing::Oracle oracle(rules);
        for (SmallHeap a = 0; a <= 5; ++a)
          for (SmallHeap b = 0; b <= 5; ++b)
            xor_of_heaps = xor_of_heaps &&
                           oracle.grundy({a, b}) == (oracle.grundy({a, 0}) ^ oracle.grundy({b, 0}));
      },
      rules_of<SmallHeap>(game));
  return xor_of_heaps;
}

TEST_CASE("values_come_from_single_heaps: exactly the games whose positions are worth the XOR") {
  bool seen[2] = {false, false};
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    CHECK(values_come_from_single_heaps(spec) == worth_xor_of_single_heaps(spec));
    seen[values_come_from_single_heaps(spec)] = true;
  }
  // Both answers occur, so that the check above tells them apart.
  CHECK(seen[0]);
  CHECK(seen[1]);
}

TEST_CASE("values_are_computed: exactly the games whose rules hold their computed values") {
  for (const auto& game_named : every_kind()) {
    const std::string& name = game_named.first;
    const GameSpec& spec = game_named.second;
    CAPTURE(name);
    const PreparedGame game(spec, BigHeap(6));
    const bool computed = std::visit(
        [](const auto& rules) {
          if constexpr (requires { rules.sequence->values; })
            return rules.sequence->values.size() > 6;
          else
            return false;
        },
        rules_of<SmallHeap>(game));
    CHECK(values_are_computed(spec) == computed);
  }
}

// Calls visit(spec) with each game of every_kind() in normal play, then in misère play.
template <class Visit>
void for_each_kind_in_both_plays(Visit visit) {
  for (const auto& game_named : every_kind()) {
    for (const bool misere : {false, true}) {
      const std::string& name = game_named.first;
      GameSpec spec = game_named.second;
      spec.misere = misere;
      CAPTURE(name);
      CAPTURE(misere);
      visit(spec);
    }
  }
}

TEST_CASE("GameEngine::winning: the oracle's answer for every small position, on both heap types") {
  for_each_kind_in_both_plays([](const GameSpec& spec) {
    const PreparedGame game(spec, BigHeap(5));
    const auto small = make_engine<SmallHeap>(game);
    const auto big = make_engine<BigHeap>(game);
    for_each_small_position(spec, 5, [&](const auto& rules, const Position<SmallHeap>& p) {
      CAPTURE(p);
      const bool wins = testing::Oracle(rules).winning(p);
      CHECK(small->winning(std::span<const SmallHeap>(p)) == wins);
      const Position<BigHeap> big_p(p.begin(), p.end());
      CHECK(big->winning(std::span<const BigHeap>(big_p)) == wins);
    });
  });
}

TEST_CASE("outcome_drawer: exactly the games that are sums of heap values aim at an outcome") {
  bool some_aim = false;
  for_each_kind_in_both_plays([&](const GameSpec& spec) {
    const PreparedGame game(spec, BigHeap(6));
    const bool heap_sum =
        std::visit([](const auto& rules) { return HeapSumRuleset<std::decay_t<decltype(rules)>>; },
                   rules_of<SmallHeap>(game));
    const std::size_t heaps = fixed_heap_count(spec).value_or(3);
    const auto drawer = make_engine<SmallHeap>(game)->outcome_drawer({1, heaps}, {0, 6});
    CHECK((drawer != nullptr) == heap_sum);
    if (!drawer) return;
    some_aim = true;
    std::visit(
        [&](const auto& rules) {
          testing::Oracle oracle(rules);
          SplitMix64 rng(1);
          Position<SmallHeap> position;
          for (const Outcome outcome : {Outcome::lost, Outcome::won}) {
            int drawn = 0;
            for (int k = 0; k < 300; ++k) {
              if (!drawer->try_draw(rng, outcome, position)) continue;
              ++drawn;
              CHECK(position.size() >= 1);
              CHECK(position.size() <= heaps);
              CHECK(oracle.winning(position) == (outcome == Outcome::won));
              CHECK(drawer->outcome_of(position) == outcome);
            }
            CHECK(drawn > 0);
          }
        },
        rules_of<SmallHeap>(game));
  });
  CHECK(some_aim);
}

}  // namespace
}  // namespace nim
