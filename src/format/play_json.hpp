// The JSON events of `nim-game play --format json`, one record a line, for programs: start, move,
// invalid, hint, undo, help and end, the same keys for every game. A move is written in its game's
// JSON form ([i,n] from one heap: format/game_records.hpp), the rules as the game's records write
// them; a sum's position and move in the forms of a sum's records (format/sum_records.hpp). Indices
// are 0-based, as in every JSON record; the words of a reason name heaps from 1, as the person
// typed them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "format/any_game_words.hpp"
#include "format/game_records.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "format/sides.hpp"
#include "nim/game.hpp"

namespace nim {

namespace record {

inline void write_side(JsonWriter& w, const Controllers& sides, Player player) {
  w.string(side_name(sides, player).key);
}

}  // namespace record

// One event a line: its record (indented when `pretty`), then a newline.
template <class Write>
void write_event_line(Buffer& out, bool pretty, Write&& write) {
  JsonWriter w(out, pretty);
  write(w);
  out += '\n';
}

// {"event":"start","position":[...],"rules":{...},"players":["human","computer"],
//  "difficulty":P or null}, the rules as the game's records write them.
template <HeapInteger Heap>
void write_start_event(JsonWriter& w, std::span<const Heap> position, const AnyGameWords& words,
                       const Controllers& sides, std::optional<double> difficulty) {
  w.begin_object();
  w.key("event");
  w.string("start");
  w.key("position");
  words.write_position(w, position);
  w.key("rules");
  words.write_rules(w);
  w.key("players");
  w.begin_array();
  record::write_side(w, sides, Player::first);
  record::write_side(w, sides, Player::second);
  w.end_array();
  w.key("difficulty");
  if (difficulty)
    w.raw_value() += shortest_decimal(*difficulty);
  else
    w.null();
  w.end_object();
}

// {"event":"move","player":...,"move":[i,n],"next_position":[...],"optimal":bool}
template <HeapInteger Heap>
void write_move_event(JsonWriter& w, const Controllers& sides, const AnyGameWords& words,
                      const GameMoveRecord<Heap>& played, std::span<const Heap> next) {
  w.begin_object();
  w.key("event");
  w.string("move");
  w.key("player");
  record::write_side(w, sides, played.player);
  w.key("move");
  words.write_move(w, std::span<const Heap>(played.from), std::optional(played.move));
  w.key("next_position");
  words.write_position(w, next);
  w.key("optimal");
  w.boolean(played.optimal);
  w.end_object();
}

// {"event":"invalid","input":"...","reason":"..."}
void write_invalid_event(JsonWriter& w, std::string_view input, std::string_view reason);

// {"event":"hint","winning":bool,"move":[i,n] or null,"explanation":{...}}: write_explanation(w)
// writes the key and its object, the game's as --explain gives it. The move is made on `from`.
template <HeapInteger Heap, class WriteExplanation>
void write_hint_event(JsonWriter& w, const AnyGameWords& words, std::span<const Heap> from,
                      bool winning, const std::optional<GameMove<Heap>>& move,
                      WriteExplanation&& write_explanation) {
  w.begin_object();
  w.key("event");
  w.string("hint");
  w.key("winning");
  w.boolean(winning);
  w.key("move");
  words.write_move(w, from, move);
  write_explanation(w);
  w.end_object();
}

// "ply":k,"player":...,"move":[i,n] of a move played (a record, or a mistake), in an open object.
template <HeapInteger Heap>
void write_played_keys(JsonWriter& w, const Controllers& sides, const AnyGameWords& words,
                       const GameMoveRecord<Heap>& played) {
  w.key("ply");
  w.number(played.number);
  w.key("player");
  record::write_side(w, sides, played.player);
  w.key("move");
  words.write_move(w, std::span<const Heap>(played.from), std::optional(played.move));
}

// {"event":"undo","taken_back":[{"ply":k,"player":...,"move":[i,n]}, ...],"position":[...]}: the
// moves taken back in the order they were played, and the board they leave.
template <HeapInteger Heap>
void write_undo_event(JsonWriter& w, const Controllers& sides, const AnyGameWords& words,
                      std::span<const GameMoveRecord<Heap>> taken_back,
                      std::span<const Heap> position) {
  w.begin_object();
  w.key("event");
  w.string("undo");
  w.key("taken_back");
  w.begin_array();
  for (const auto& played : taken_back) {
    w.begin_object();
    write_played_keys(w, sides, words, played);
    w.end_object();
  }
  w.end_array();
  w.key("position");
  words.write_position(w, position);
  w.end_object();
}

// {"event":"help","text":"..."}
void write_help_event(JsonWriter& w, std::string_view text);

// {"event":"end","winner":... or null,"ending":"over", "quit" or "end_of_input",
//  "mistakes":[{"ply":k,"player":...,"move":[i,n],"keeping":[i,n]}],"seed":S or null}; the
// winner is written only when the game is over.
template <HeapInteger Heap>
void write_end_event(JsonWriter& w, const Controllers& sides, const AnyGameWords& words,
                     std::optional<Player> winner, Ending ending,
                     std::span<const GameMistake<Heap>> mistakes,
                     std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.key("event");
  w.string("end");
  w.key("winner");
  if (winner && ending == Ending::over)
    record::write_side(w, sides, *winner);
  else
    w.null();
  w.key("ending");
  w.string(ending == Ending::over ? "over" : ending == Ending::quit ? "quit" : "end_of_input");
  w.key("mistakes");
  w.begin_array();
  for (const auto& mistake : mistakes) {
    w.begin_object();
    write_played_keys(w, sides, words, mistake);
    w.key("keeping");
    words.write_move(w, std::span<const Heap>(mistake.from), mistake.keeping);
    w.end_object();
  }
  w.end_array();
  w.key("seed");
  if (seed)
    w.number(*seed);
  else
    w.null();
  w.end_object();
}

}  // namespace nim
