// Every game's words as the records and the text write them: the `rules` object of the JSON
// records, the title of the text output, and the phrases of the match report and of positions'
// messages. Every game, Nim included, states its own in its row (nim/games/game_row.hpp), and
// these write them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "format/json_writer.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/heap_game.hpp"

namespace nim {

// Why a move names no heap of the position, in every game: "there is no heap 9: the heaps are
// numbered 1 to 5" or "there is no heap 4: there is only heap 1" (heaps numbered from 1, as the
// text numbers them), "there is no heap 5: the heaps are numbered 0 to 4" (from 0, as in JSON).
std::string no_such_heap_words(std::string_view heap, std::size_t heaps, std::size_t first);

// Why the rules of a game refuse a move that the position holds, heaps numbered from `first`: the
// game's own words (Nim: "a move takes at most 3 objects, not 5"), or "the rules of the octal
// game 0.77 do not allow it".
std::string refusal_words(const GameSpec& spec, const GameMove<BigHeap>& move, std::size_t first);
// The game's own words alone, if it has them for this move (its row's refusal), which may take a
// negative count, as --move may give one.
std::optional<std::string> own_refusal_words(const GameSpec& spec, const GameMove<BigHeap>& move,
                                             std::size_t first);

// The rules in a match's heading: "Lasker's Nim", "misère play, at most 3 objects a move" (Nim).
std::string match_words(const GameSpec& spec);

// The game of a set of positions, after "2 heaps of sizes 0 to 5": " in Kayles, misère play", or
// the game's own words (Nim's " under normal play").
std::string space_words(const GameSpec& spec);

// Why a move takes more than a heap holds (`size`, in decimal), in every game: "heap 3 has only 2
// objects" or "heap 2 is empty" (heaps numbered from 1, as the text numbers them), "heap 2 has
// only 2 objects, fewer than 5" (from 0: JSON's records keep "objects" whatever the number).
std::string fewer_than_words(std::string_view heap, const std::string& size, std::string_view count,
                             std::size_t first);

// A heap game given by its moves (nim/heap_game.hpp): {"game":"octal","code":"0.77"},
// {"game":"subtraction","subtract":[1,3,4]}, {"game":"all-but-subtraction",
// "subtract_all_but":[2,5]} or {"game":"grundy"}.
void write_rules(JsonWriter& w, const HeapGame& game);
// "Octal game 0.77", "Subtraction game {1, 3, 4}", "All-but subtraction game: any take but
// {2, 5}", "Grundy's game".
std::string game_title(const HeapGame& game);

// A game after Nim: its keys as above ({"game":"moore","heaps_per_move":2},
// {"game":"wythoff"}, {"game":"staircase"}, {"game":"lasker"}), then "misere".
void write_rules(JsonWriter& w, const GameSpec& spec);
std::string rules_json(const GameSpec& spec);
// The same as the agent protocol (version 3) sends it: every game named by "game", Nim too
// ({"game":"nim","misere":false,"max_take":null}), so that a program can tell the games apart.
std::string protocol_rules_json(const GameSpec& spec);
// "Octal game 0.77", "Moore's Nim, from up to 2 heaps a move", "Wythoff's game", with ", misère
// play (whoever moves last loses)".
std::string game_title(const GameSpec& spec);
// The title inside a sentence: "the octal game 0.77", "Moore's Nim, from up to 2 heaps a move".
std::string game_name(const GameSpec& spec);
// The game's name and rules in one line (its row's rules_text), with "; misère play: whoever makes
// the last move loses": "Kayles (octal 0.77): knock down 1 or 2 adjacent pins".
std::string rules_text(const GameSpec& spec);

// A heap's Grundy value by the game's theory (its row's grundy_formula): "G(n) = n",
// "G(n) = n mod 4" (a cap of 3), "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
// G(4k+4) = 4k+3" (Lasker's Nim, whose G(0) is 0).
std::string grundy_formula(const GameSpec& spec);

}  // namespace nim
