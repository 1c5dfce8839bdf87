// The JSON of a match: the request an external agent receives, the record of each game
// (--games-out), and the report. Like every formatter it reads the library's values: the games
// and the statistics come from src/nim; nothing here plays or judges a move.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/game_records.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "nim/match_statistics.hpp"
#include "nim/pentanomial.hpp"

namespace nim {

// Everything the report shows besides the statistics: what was played, and how to replay it.
struct MatchReport {
  std::vector<std::string> specs{};  // the agents as given
  std::vector<std::string> names{};  // the specs, numbered where they repeat
  std::uint64_t seed = 0;
  AnyGame<BigHeap> rules{};
  std::optional<GameSpec> game{};  // a game after Nim, played instead of Nim under `rules`
  std::uint64_t games_per_pair = 0;
  std::string_view version{};
  // The signal that stopped the match before its end ("SIGINT"); empty when it was not stopped.
  std::string_view interrupted_by{};
  std::optional<Sprt> sprt{};  // the sequential test of agent 0 against agent 1, if one ran
};

// The name of a termination in the report's losses_by_reason: normal, illegal_move, bad_reply,
// timeout, exited, adjudicated.
std::string_view termination_name(Termination termination);

// A game's rules in the records of a match: Nim's, or a game after Nim's words (GameWords).
template <HeapInteger Heap>
void write_match_rules(JsonWriter& w, const NimRules<Heap>& rules) {
  write_rules(w, rules);
}
inline void write_match_rules(JsonWriter& w, const GameWords& words) {
  w.raw_value() += words.rules;
}

// The rules as the agent protocol (version 3) sends them: every game named by "game", Nim too
// ({"game":"nim","misere":false,"max_take":null}), so that a program can tell the games apart.
template <HeapInteger Heap>
void write_protocol_rules(JsonWriter& w, const NimRules<Heap>& rules) {
  w.begin_object();
  w.key("game");
  w.string("nim");
  write_rules_keys(w, rules);
  w.end_object();
}
inline void write_protocol_rules(JsonWriter& w, const GameWords& words) {
  write_match_rules(w, words);
}

namespace record {

// A move of a match: Nim's [heap, count], or a game after Nim's form.
template <HeapInteger Heap>
void write_played_move(JsonWriter& w, const Move<Heap>& move) {
  write_move(w, std::optional(move));
}
template <HeapInteger Heap>
void write_played_move(JsonWriter& w, const GameMove<Heap>& move) {
  write_game_move(w, std::optional(move));
}

}  // namespace record

// "[9,1]: there is no heap 9: ...": an illegal move as proposed, and why the rules refuse it on
// the board where it was proposed.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
std::string illegal_move_reason(const MatchGame<Heap>& game, const Rules& rules) {
  return std::string("[") + game.illegal->heap.get_str() + "," + game.illegal->count.get_str() +
         "]: " + illegal_reason(std::span<const Heap>(game.end), rules, *game.illegal, game.why);
}
template <HeapInteger Heap>
std::string illegal_move_reason(const GameMatchGame<Heap>& game, const GameWords& words) {
  Buffer move;
  JsonWriter w(move, false);
  record::write_game_move(w, std::optional(game.illegal->move));
  return move.str() + ": " +
         illegal_proposed_words(words.spec, std::span<const Heap>(game.end), game.illegal->move, 0);
}

// A game's `reason`: "normal", the agent's fault in words (`no reply within 5 s`, `illegal move
// [9,1]: there is no heap 9: ...`), or `adjudicated after N plies`.
template <class Game, class Rules>
std::string termination_reason(const Game& game, const Rules& rules) {
  switch (game.termination) {
    case Termination::normal:
      return "normal";
    case Termination::illegal_move:
      return std::string("illegal move ") + illegal_move_reason(game, rules);
    case Termination::adjudicated:
      return "adjudicated after " + std::to_string(game.moves.size()) + " plies";
    case Termination::bad_reply:
    case Termination::timeout:
    case Termination::exited:
      break;
  }
  return game.fault;
}

// What an external agent is sent when it is to move (agent protocol, version 3):
// {"heaps":[...],"rules":{"game":...},"game":G,"ply":P,"player":"first" or "second"}.
template <HeapInteger Heap, class Rules>
void write_agent_request(JsonWriter& w, std::span<const Heap> heaps, const Rules& rules,
                         std::uint64_t game, std::uint64_t ply, Player player) {
  w.begin_object();
  w.key("heaps");
  record::write_heaps(w, heaps);
  w.key("rules");
  write_protocol_rules(w, rules);
  w.key("game");
  w.number(game);
  w.key("ply");
  w.number(ply);
  w.key("player");
  w.string(record::name_of(player));
  w.end_object();
}

// One game, as --games-out writes it: enough to replay it (start, rules, moves), to see how each
// move was judged, and to check that a resumed match has the same agents (their specs, by agent
// index as `names`; none: the keys of records written before the specs were kept).
template <class Game, class Rules>
void write_game_record(JsonWriter& w, const ScheduledGame& scheduled, const Game& game,
                       const Rules& rules, std::span<const std::string> names,
                       std::span<const std::string> specs) {
  w.begin_object();
  w.key("game");
  w.number(scheduled.number);
  w.key("start");
  record::write_heaps(w, std::span(game.start));
  w.key("rules");
  write_match_rules(w, rules);
  w.key("first");
  w.string(names[scheduled.first]);
  w.key("second");
  w.string(names[scheduled.second]);
  if (!specs.empty()) {
    w.key("first_spec");
    w.string(specs[scheduled.first]);
    w.key("second_spec");
    w.string(specs[scheduled.second]);
  }
  w.key("moves");
  w.begin_array();
  for (const auto& played : game.moves)
    record::write_played_move(w, played.move);
  w.end_array();
  w.key("optimal");
  w.begin_array();
  for (const auto& played : game.moves)
    w.boolean(played.optimal);
  w.end_array();
  w.key("winner");
  w.string(names[scheduled.agent(game.winner)]);
  w.key("reason");
  w.string(termination_reason(game, rules));
  w.end_object();
}

// What a program that asked for it (protocol version 2) is told after each of its games:
// {"event":"end","game":G,"player":<its side>,"winner":"first" or "second","reason":...,
// "start":[...],"rules":{...},"moves":[[heap,count],...]}.
template <class Game, class Rules>
void write_end_event(JsonWriter& w, std::uint64_t game_number, const Game& game, const Rules& rules,
                     Player player) {
  w.begin_object();
  w.key("event");
  w.string("end");
  w.key("game");
  w.number(game_number);
  w.key("player");
  w.string(record::name_of(player));
  w.key("winner");
  w.string(record::name_of(game.winner));
  w.key("reason");
  w.string(termination_reason(game, rules));
  w.key("start");
  record::write_heaps(w, std::span(game.start));
  w.key("rules");
  write_protocol_rules(w, rules);
  w.key("moves");
  w.begin_array();
  for (const auto& played : game.moves)
    record::write_played_move(w, played.move);
  w.end_array();
  w.end_object();
}

// The report: the match's settings, then each agent's results, then (with more than two agents)
// the cross-table of every pair.
void write_match_report(JsonWriter& w, const MatchReport& report,
                        const MatchStatistics& statistics);

}  // namespace nim
