#include "format/nim_play_json.hpp"

#include "nim/games/table.hpp"

#include "format/json_records.hpp"
#include "format/nim_play_text.hpp"
#include "format/sides.hpp"

namespace nim {

namespace {

template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void write_player(JsonWriter& w, const Game<Rules>& game, Player player) {
  w.string(side_name(game, player).key);
}

}  // namespace

template <HeapSumRuleset Rules, class Heap>
void write_start_event(JsonWriter& w, const Game<Rules>& game, std::optional<double> difficulty) {
  w.begin_object();
  w.key("event");
  w.string("start");
  w.key("position");
  record::write_heaps(w, std::span<const Heap>(game.position()));
  w.key("rules");
  write_rules(w, game.rules());
  w.key("players");
  w.begin_array();
  write_player(w, game, Player::first);
  write_player(w, game, Player::second);
  w.end_array();
  w.key("difficulty");
  if (difficulty)
    w.raw_value() += shortest_decimal(*difficulty);
  else
    w.null();
  w.end_object();
}

template <HeapSumRuleset Rules, class Heap>
void write_move_event(JsonWriter& w, const Game<Rules>& game, const MoveRecord<Heap>& played) {
  w.begin_object();
  w.key("event");
  w.string("move");
  w.key("player");
  write_player(w, game, played.player);
  w.key("move");
  record::write_move(w, std::optional(played.move));
  w.key("next_position");
  record::write_heaps(w, game.position(), std::optional(played.move));
  w.key("optimal");
  w.boolean(played.optimal);
  w.end_object();
}

void write_invalid_event(JsonWriter& w, std::string_view input, std::string_view reason) {
  w.begin_object();
  w.key("event");
  w.string("invalid");
  w.key("input");
  w.string(input);
  w.key("reason");
  w.string(reason);
  w.end_object();
}

template <HeapSumRuleset Rules, class Heap>
void write_hint_event(JsonWriter& w, const Analysis<Rules>& advice,
                      const Explanation<Heap>& explanation) {
  w.begin_object();
  w.key("event");
  w.string("hint");
  w.key("winning");
  w.boolean(advice.winning);
  w.key("move");
  record::write_move(w, advice.move);
  record::write_explanation(w, advice, std::optional(explanation));
  w.end_object();
}

void write_help_event(JsonWriter& w) {
  w.begin_object();
  w.key("event");
  w.string("help");
  w.key("text");
  w.string(play_help());
  w.end_object();
}

template <HeapSumRuleset Rules, class Heap>
void write_end_event(JsonWriter& w, const Game<Rules>& game, Ending ending,
                     std::optional<std::uint64_t> seed) {
  w.begin_object();
  w.key("event");
  w.string("end");
  w.key("winner");
  if (const auto winner = game.winner(); winner && ending == Ending::over)
    write_player(w, game, *winner);
  else
    w.null();
  w.key("ending");
  w.string(ending == Ending::over ? "over" : ending == Ending::quit ? "quit" : "end_of_input");
  w.key("mistakes");
  w.begin_array();
  for (const auto& mistake : game.review()) {
    w.begin_object();
    w.key("ply");
    w.number(mistake.number);
    w.key("player");
    write_player(w, game, mistake.player);
    w.key("move");
    record::write_move(w, std::optional(mistake.move));
    w.key("keeping");
    record::write_move(w, mistake.keeping);
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

#define NIM_GAME_JSON_INSTANTIATE(Rules)                                                           \
  template void write_start_event(JsonWriter&, const Game<Rules>&, std::optional<double>);         \
  template void write_move_event(JsonWriter&, const Game<Rules>&, const MoveRecord<Rules::Heap>&); \
  template void write_hint_event(JsonWriter&, const Analysis<Rules>&,                              \
                                 const Explanation<Rules::Heap>&);                                 \
  template void write_end_event(JsonWriter&, const Game<Rules>&, Ending,                           \
                                std::optional<std::uint64_t>);

NIM_FOR_EACH_RULESET(NIM_GAME_JSON_INSTANTIATE)

#undef NIM_GAME_JSON_INSTANTIATE

}  // namespace nim
