// The JSON of a match: the request an external agent receives, the record of each game
// (--games-out), and the report. Like every formatter it reads the library's values: the games
// and the statistics come from src/nim; nothing here plays or judges a move.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format/any_game_words.hpp"
#include "format/game_records.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "nim/match_statistics.hpp"
#include "nim/pentanomial.hpp"
#include "nim/ratings.hpp"
#include "text/decimal.hpp"

namespace nim {

// Everything the report shows besides the statistics: what was played, and how to replay it.
struct MatchReport {
  std::vector<std::string> specs{};  // the agents as given
  std::vector<std::string> names{};  // the specs, numbered where they repeat
  std::uint64_t seed = 0;
  GameSpec game = spec_of_kind(GameSpec::Kind::nim);
  std::optional<SumWords> sum{};  // a sum of games, played instead of `game`
  std::uint64_t games_per_pair = 0;
  std::string_view version{};
  // The signal that stopped the match before its end ("SIGINT"); empty when it was not stopped.
  std::string_view interrupted_by{};
  std::optional<Sprt> sprt{};  // the sequential test of agent 0 against agent 1, if one ran
  std::size_t gauntlet = 0;    // --gauntlet N: the first N agents play the others; 0: all play all
  // The rating list's anchor, when the report has one (three agents or more, or --anchor).
  std::optional<RatingAnchor> ratings{};
};

// A blunder of a match (a move that lost a won position), as --blunders-out writes it: the position
// before it as a line --batch reads ({"heaps":[...],"rules":{...}}, a sum's {"sum":[...],...}),
// then who made it ("agent"), where ("game", "ply"), the move, a winning move in its place, and
// the position the move left.
template <HeapInteger Heap>
void write_blunder(JsonWriter& w, const AnyGameWords& words, std::string_view agent,
                   std::uint64_t game, const MoveRecord<Heap, GameMove<Heap>>& played,
                   std::span<const Heap> before, const GameMove<Heap>& winning,
                   const Position<Heap>& next) {
  w.begin_object();
  words.write_position_keys(w, before);
  w.key("rules");
  w.raw_value() += words.rules();
  w.key("agent");
  w.string(agent);
  w.key("game");
  w.number(game);
  w.key("ply");
  w.number(played.number);
  w.key("move");
  words.write_move(w, before, std::optional(played.move));
  w.key("winning_move");
  words.write_move(w, before, std::optional(winning));
  w.key("next_position");
  words.write_position(w, std::span<const Heap>(next));
  w.end_object();
}

// The name of a termination in the report's losses_by_reason: normal, illegal_move, bad_reply,
// timeout, exited, adjudicated.
std::string_view termination_name(Termination termination);

// "[9,1]: there is no heap 9: ...": an illegal move as proposed, and why the rules refuse it on
// the board where it was proposed.
template <HeapInteger Heap>
std::string illegal_move_reason(const MatchGame<Heap>& game, const AnyGameWords& words) {
  Buffer move;
  JsonWriter w(move, false);
  words.write_proposed(w, *game.illegal);
  return move.str() + ": " + words.illegal_words(std::span<const Heap>(game.end), *game.illegal);
}

// A game's `reason`: "normal", the agent's fault in words (`no reply within 5 s`, `illegal move
// [9,1]: there is no heap 9: ...`), or `adjudicated after N plies`.
template <HeapInteger Heap>
std::string termination_reason(const MatchGame<Heap>& game, const AnyGameWords& words) {
  switch (game.termination) {
    case Termination::normal:
      return "normal";
    case Termination::illegal_move:
      return std::string("illegal move ") + illegal_move_reason(game, words);
    case Termination::adjudicated:
      return "adjudicated after " + std::to_string(game.moves.size()) + " plies";
    case Termination::bad_reply:
    case Termination::timeout:
    case Termination::time:
    case Termination::exited:
      break;
  }
  return game.fault;
}

// The legal moves of a request, for a program that asked for them: every move of the position, in
// the order the game lists them, or none when there are more than most_legal_moves_sent.
inline constexpr std::uint64_t most_legal_moves_sent = 10'000;
template <HeapInteger Heap>
struct RequestMoves {
  bool asked = false;
  std::optional<std::vector<GameMove<Heap>>> moves{};
};

// A program's clock in a request (--time-control): the time left and the increment, in
// microseconds.
struct RequestClock {
  std::uint64_t time_left = 0;
  std::uint64_t increment = 0;
};

// What an external agent is sent when it is to move (agent protocol, version 4):
// {"heaps":[...],"rules":{"game":...},"game":G,"ply":P,"player":"first" or "second",
// (a sum's position: "sum":[{"rules":...,"heaps":[...]},...], its moves {"component":C,...}),
// "protocol":4,"job":J}, then "legal_moves" when the program asked for them (null beyond
// most_legal_moves_sent), then "clock":{"time_left":S,"increment":S} in seconds when it plays on
// a clock.
inline constexpr int agent_protocol_version = 4;
template <HeapInteger Heap>
void write_agent_request(JsonWriter& w, std::span<const Heap> heaps, const AnyGameWords& words,
                         std::uint64_t game, std::uint64_t ply, Player player, unsigned job,
                         const RequestMoves<Heap>& legal = {},
                         std::optional<RequestClock> clock = std::nullopt) {
  w.begin_object();
  words.write_position_keys(w, heaps, /*protocol=*/true);
  w.key("rules");
  w.raw_value() += words.protocol_rules();
  w.key("game");
  w.number(game);
  w.key("ply");
  w.number(ply);
  w.key("player");
  w.string(record::name_of(player));
  w.key("protocol");
  w.number(agent_protocol_version);
  w.key("job");
  w.number(job);
  if (legal.asked) {
    w.key("legal_moves");
    if (legal.moves) {
      w.begin_array();
      for (const GameMove<Heap>& move : *legal.moves)
        words.write_move(w, heaps, std::optional(move));
      w.end_array();
    } else {
      w.null();
    }
  }
  if (clock) {
    w.key("clock");
    w.begin_object();
    w.key("time_left");
    w.raw_value() += fixed_point(clock->time_left, 6);
    w.key("increment");
    w.raw_value() += fixed_point(clock->increment, 6);
    w.end_object();
  }
  w.end_object();
}

// The list `key` of a game record, one item a move, when some move's reply gave the fact
// (`has(facts)`): `write(facts)` writes those that did, null the others.
template <HeapInteger Heap, class Has, class Write>
void write_reply_facts(JsonWriter& w, const MatchGame<Heap>& game, std::string_view key,
                       const Has& has, const Write& write) {
  if (std::none_of(game.replies.begin(), game.replies.end(), has)) return;
  w.key(key);
  w.begin_array();
  for (const ReplyFacts& facts : game.replies)
    if (has(facts))
      write(facts);
    else
      w.null();
  w.end_array();
}

// One game, as --games-out writes it: enough to replay it (start, rules, moves), to see how each
// move was judged, and to check that a resumed match has the same agents (their specs, by agent
// index as `names`; none: the keys of records written before the specs were kept).
template <HeapInteger Heap>
void write_game_record(JsonWriter& w, const ScheduledGame& scheduled, const MatchGame<Heap>& game,
                       const AnyGameWords& words, std::span<const std::string> names,
                       std::span<const std::string> specs) {
  w.begin_object();
  w.key("game");
  w.number(scheduled.number);
  w.key("start");
  words.write_position(w, std::span<const Heap>(game.start));
  w.key("rules");
  w.raw_value() += words.rules();
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
  words.write_moves(w, std::span<const Heap>(game.start), std::span(game.moves));
  w.key("optimal");
  w.begin_array();
  for (const auto& played : game.moves)
    w.boolean(played.optimal);
  w.end_array();
  // The programs' replies: how long each took and how long they said they thought
  // (milliseconds, to the microsecond), and the values they gave; only in a game where some did.
  write_reply_facts(
      w, game, "move_ms", [](const ReplyFacts& facts) { return facts.microseconds.has_value(); },
      [&](const ReplyFacts& facts) { w.raw_value() += fixed_point(*facts.microseconds, 3); });
  write_reply_facts(
      w, game, "think_ms",
      [](const ReplyFacts& facts) { return facts.think_microseconds.has_value(); },
      [&](const ReplyFacts& facts) { w.raw_value() += fixed_point(*facts.think_microseconds, 3); });
  write_reply_facts(
      w, game, "values", [](const ReplyFacts& facts) { return facts.value.has_value(); },
      [&](const ReplyFacts& facts) { w.raw_value() += shortest_decimal(*facts.value); });
  w.key("winner");
  w.string(names[scheduled.agent(game.winner)]);
  w.key("reason");
  w.string(termination_reason(game, words));
  w.end_object();
}

// What a program that asked for it (protocol version 2) is told after each of its games:
// {"event":"end","game":G,"player":<its side>,"winner":"first" or "second","reason":...,
// "start":[...],"rules":{...},"moves":[[heap,count],...]}.
template <HeapInteger Heap>
void write_end_event(JsonWriter& w, std::uint64_t game_number, const MatchGame<Heap>& game,
                     const AnyGameWords& words, Player player) {
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
  w.string(termination_reason(game, words));
  w.key("start");
  words.write_position(w, std::span<const Heap>(game.start), /*protocol=*/true);
  w.key("rules");
  w.raw_value() += words.protocol_rules();
  w.key("moves");
  words.write_moves(w, std::span<const Heap>(game.start), std::span(game.moves));
  w.end_object();
}

// The report: the match's settings, then each agent's results, then (with more than two agents)
// the cross-table of every pair.
void write_match_report(JsonWriter& w, const MatchReport& report,
                        const MatchStatistics& statistics);

}  // namespace nim
