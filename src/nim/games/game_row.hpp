// A game's row of the table of games: everything the rest of the program asks of a game
// without compiling it (its facts, its words, its values by theory, its engines). Each game makes
// its row in its own folder (nim/games/<game>/row.cpp, by row_of() in row_of.hpp, from the facts
// and words its rules state), and nim/games/rows.cpp lists the rows: an edit to one game rebuilds
// that game's translation units and the links, and nothing else.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/games/typed_move_words.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap.hpp"
#include "nim/rules_key.hpp"
#include "nim/theory_sequence.hpp"

namespace nim {

class PreparedGame;  // nim/games/capabilities.hpp
struct MoveIndex;    // nim/games/take_and_break/move_index.hpp
template <HeapInteger Heap>
class GameEngine;  // nim/engine/game_engine.hpp

// What a game computes before its rules are made (a take-and-break game's values and index).
struct PreparedValues {
  std::shared_ptr<const GrundySequence> sequence;
  std::shared_ptr<const MoveIndex> move_index;
};

struct GameRow {
  GameSpec::Kind kind = GameSpec::Kind::take_and_break;
  // The game --game names (none: the take-and-break games are named by their code or list, but
  // for Grundy's game), with the words after its name in --game's help, and its spec.
  std::string_view name;
  std::string_view summary;
  GameSpec (*named_spec)() = nullptr;

  // The game's facts (nim/games/capabilities.hpp says what each means).
  std::optional<std::size_t> fixed_heap_count;
  bool heap_order_matters = false;
  bool heaps_may_grow = false;
  bool knows_misere = false;
  SmallHeap largest_machine_heap = ~SmallHeap{0};
  bool (*moves_may_split)(const GameSpec& spec) = nullptr;
  bool (*moves_only_split)(const GameSpec& spec) = nullptr;
  bool (*moves_take_from_several_heaps)(const GameSpec& spec) = nullptr;
  TypedMoveWords typed_move;
  std::optional<TypedMoveWords> typed_move_with_split;  // when moves_may_split()
  std::optional<TypedMoveWords> typed_move_only_split;  // when moves_only_split()
  bool heaps_are_steps = false;  // a move moves coins down a staircase (heaps_are_steps())

  // The game's words: the keys of its `rules` object before "misere", its title ("Moore's Nim, from
  // up to 2 heaps a move"; misère play is said after it), and its name inside a sentence given its
  // whole title ("the octal game 0.77").
  std::vector<RulesKey> (*rules_keys)(const GameSpec& spec) = nullptr;
  std::string (*title)(const GameSpec& spec) = nullptr;
  bool title_says_misere = false;  // Nim's title names misère play its own way
  std::string (*name_in_sentence)(const GameSpec& spec, const std::string& title) = nullptr;
  // Its name and rules in one line, misère play apart, at the top of --explain ("Kayles (octal
  // 0.77): knock down 1 or 2 adjacent pins").
  std::string (*rules_text)(const GameSpec& spec) = nullptr;
  // Why the game's rules refuse a move the position holds (its heaps exist and hold what it
  // takes), heaps numbered from `first`; none: "the rules of <name> do not allow it".
  std::optional<std::string> (*refusal)(const GameSpec& spec, const GameMove<BigHeap>& move,
                                        std::size_t first) = nullptr;
  // The rules in a match's heading: the title, but for Nim "misère play, at most 3 objects a
  // move" (the game goes without saying).
  std::string (*match_words)(const GameSpec& spec) = nullptr;
  // The game of a set of positions, after "2 heaps of sizes 0 to 5": " in Kayles, misère play",
  // but for Nim " under normal play, taking at most 3 a move".
  std::string (*space_words)(const GameSpec& spec) = nullptr;
  // A labelled position's JSON record says who wins and no more (Nim's, as it was first written;
  // --fields adds the rest); the other games' add the move and the Grundy values.
  bool labels_winning_only = false;
  // Its records are Nim's, as they were first written: the description in the words of the Python
  // package nim-game replaces ("From heap 3 take this number of beans : 1"), the nim-sum of the
  // sizes for the Grundy values, and the Grundy sum after the rules when a cap makes the values
  // other than the sizes.
  bool nim_records = false;
  // What a move is in an agent's reply, said when a reply holds none.
  std::string_view reply_move_form =
      "a move of the game: [heap, count], [heap, count, [left, right]] or [[heap, count], ...]";

  // The values a game computes before its rules are made; null when it computes none.
  PreparedValues (*prepare)(const GameSpec& spec, const BigHeap& largest_heap) = nullptr;
  // The values of heaps 0 to up_to and their period by the game's theory, with the formula that
  // gives them ("G(n) = n mod 4"); null when the game has no such theory.
  std::optional<TheorySequence<GameSpec>> (*theory_sequence)(const GameSpec& spec,
                                                             std::uint64_t up_to) = nullptr;
  std::string (*grundy_formula)(const GameSpec& spec) = nullptr;  // with theory_sequence

  // The game's engines on each heap type.
  std::unique_ptr<GameEngine<SmallHeap>> (*small_engine)(const PreparedGame& game) = nullptr;
  std::unique_ptr<GameEngine<BigHeap>> (*big_engine)(const PreparedGame& game) = nullptr;
};

// The engine of one game's rules: defined in nim/engine/engine_of.hpp, instantiated in the game's
// own translation units (nim/games/<game>/engine_small.cpp, engine_big.cpp), called through the
// game's row.
template <PlayableGame Game>
std::unique_ptr<GameEngine<typename Game::Heap>> engine_of(Game rules, std::uint64_t search_limit);

// The engine of the game `game` holds, on heaps of type Heap (defined for SmallHeap and BigHeap,
// in nim/engine/capabilities.cpp).
template <HeapInteger Heap>
std::unique_ptr<GameEngine<Heap>> make_engine(const PreparedGame& game);

// The row of a kind of game (nim/games/rows.cpp).
const GameRow& game_row(GameSpec::Kind kind);

// Every row, in the order --game lists the games.
std::span<const GameRow* const> game_rows();

}  // namespace nim
