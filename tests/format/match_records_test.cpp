#include "format/match_records.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace nim {
namespace {

using Small = Position<SmallHeap>;

// Nim's words, with misère play and a cap as given.
AnyGameWords nim_words(bool misere = false, std::optional<BigHeap> max_take = std::nullopt) {
  GameSpec spec = spec_of_kind(GameSpec::Kind::nim);
  spec.misere = misere;
  spec.max_take = std::move(max_take);
  return AnyGameWords(GameWords(spec));
}

GameMove<SmallHeap> take_of(std::size_t heap, SmallHeap count) {
  return GameMove<SmallHeap>::single(heap, count);
}

std::string write(const std::function<void(JsonWriter&)>& body, bool pretty = false) {
  Buffer out;
  JsonWriter w(out, pretty);
  body(w);
  return out.str();
}

TEST_CASE("the agent request is the protocol's line, byte for byte") {
  const Small heaps{1, 3, 5, 7};
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(heaps), nim_words(), 12, 4,
                              Player::first, 2);
        }) == R"({"heaps":[1,3,5,7],"rules":{"game":"nim","misere":false,"max_take":null},)"
              R"("game":12,)"
              R"("ply":4,"player":"first","protocol":4,"job":2})");
  const Position<BigHeap> big{BigHeap("100000000000000000000"), 0};
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const BigHeap>(big),
                              nim_words(true, BigHeap("18446744073709551616")), 1, 0,
                              Player::second, 1);
        }) == R"({"heaps":[100000000000000000000,0],"rules":{"game":"nim","misere":true,)"
              R"("max_take":18446744073709551616},"game":1,"ply":0,"player":"second",)"
              R"("protocol":4,"job":1})");
  // The legal moves, for a program that asked: listed, or null when there are too many.
  const Small two{0, 2};
  RequestMoves<SmallHeap> listed{.asked = true};
  listed.moves = {GameMove<SmallHeap>::single(1, 1), GameMove<SmallHeap>::single(1, 2)};
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(two), nim_words(), 3, 0, Player::first,
                              1, listed);
        }) == R"({"heaps":[0,2],"rules":{"game":"nim","misere":false,"max_take":null},)"
              R"("game":3,"ply":0,"player":"first","protocol":4,"job":1,)"
              R"("legal_moves":[[1,1],[1,2]]})");
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(two), nim_words(), 3, 0, Player::first,
                              1, RequestMoves<SmallHeap>{.asked = true});
        }).ends_with(R"("job":1,"legal_moves":null})"));
}

MatchGame<SmallHeap> two_moves(Termination termination = Termination::normal) {
  MatchGame<SmallHeap> game{.start = {1, 2},
                            .moves = {{0, Player::first, take_of(1, 1), true, true},
                                      {1, Player::second, take_of(0, 1), false, true}}};
  game.start_won = true;
  game.winner = Player::second;
  game.termination = termination;
  game.end = {0, 1};
  return game;
}

const std::vector<std::string> names{"perfect", "mine"};
const std::vector<std::string> record_specs{"perfect", "cmd:python3 \"agent.py\""};

std::string record_of(const MatchGame<SmallHeap>& game,
                      std::span<const std::string> agent_specs = record_specs) {
  return write([&](JsonWriter& w) {
    write_game_record(w, ScheduledGame{7, 1, 0, 3}, game, nim_words(), names, agent_specs);
  });
}

TEST_CASE("a game record: what replays it, its agents, and how each move was judged") {
  CHECK(record_of(two_moves(Termination::adjudicated)) ==
        R"({"game":7,"start":[1,2],"rules":{"misere":false,"max_take":null},)"
        R"("first":"mine","second":"perfect","first_spec":"cmd:python3 \"agent.py\"",)"
        R"("second_spec":"perfect","moves":[[1,1],[0,1]],)"
        R"("optimal":[true,true],"winner":"perfect","reason":"adjudicated after 2 plies"})");
  // Without specs: a record as nim-game wrote it before it kept them, which --resume replays.
  CHECK(record_of(two_moves(Termination::adjudicated), {}) ==
        R"({"game":7,"start":[1,2],"rules":{"misere":false,"max_take":null},)"
        R"("first":"mine","second":"perfect","moves":[[1,1],[0,1]],)"
        R"("optimal":[true,true],"winner":"perfect","reason":"adjudicated after 2 plies"})");
}

TEST_CASE("a game record with the programs' move times and values, null where a move had none") {
  auto game = two_moves();
  game.replies = {{.microseconds = 51237}, {.microseconds = 42, .value = 0.7}};
  CHECK(record_of(game).ends_with(
      R"("optimal":[true,true],"move_ms":[51.237,0.042],"values":[null,0.7],"winner":"perfect",)"
      R"("reason":"normal"})"));
  game.replies = {{.value = 1}, {}};
  CHECK(record_of(game).ends_with(R"("optimal":[true,true],"values":[1,null],"winner":"perfect",)"
                                  R"("reason":"normal"})"));
  game.replies = {{.microseconds = 51237, .think_microseconds = 50001}, {.microseconds = 42}};
  CHECK(record_of(game).ends_with(
      R"("optimal":[true,true],"move_ms":[51.237,0.042],"think_ms":[50.001,null],)"
      R"("winner":"perfect","reason":"normal"})"));
  game.replies = {{}, {.microseconds = 5000}};
  CHECK(record_of(game).ends_with(R"("optimal":[true,true],"move_ms":[null,5],"winner":"perfect",)"
                                  R"("reason":"normal"})"));
}

TEST_CASE("a request on a clock ends with the time left and the increment, in seconds") {
  const Small heaps{1, 3};
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(heaps), nim_words(), 2, 1,
                              Player::second, 1, {},
                              RequestClock{.time_left = 9'870'000, .increment = 100'000});
        }) == R"({"heaps":[1,3],"rules":{"game":"nim","misere":false,"max_take":null},"game":2,)"
              R"("ply":1,"player":"second","protocol":4,"job":1,)"
              R"("clock":{"time_left":9.87,"increment":0.1}})");
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(heaps), nim_words(), 2, 1,
                              Player::second, 1, RequestMoves<SmallHeap>{.asked = true},
                              RequestClock{.time_left = 1, .increment = 0});
        }).ends_with(R"("legal_moves":null,"clock":{"time_left":0.000001,"increment":0}})"));
}

TEST_CASE("the reason of each termination, in the issue's words") {
  CHECK(termination_reason(two_moves(), nim_words()) == "normal");
  for (Termination termination :
       {Termination::bad_reply, Termination::timeout, Termination::time, Termination::exited}) {
    auto game = two_moves(termination);
    game.fault = "no reply within 5 s";
    CHECK(termination_reason(game, nim_words()) == "no reply within 5 s");
  }
  const auto illegal = [](GameMove<BigHeap> move, const AnyGameWords& words = nim_words()) {
    auto game = two_moves(Termination::illegal_move);
    game.illegal = ProposedGameMove{std::move(move)};
    game.end = {0, 3, 5, 6};
    return termination_reason(game, words);
  };
  const auto single = [](std::size_t heap, const BigHeap& count) {
    return GameMove<BigHeap>::single(heap, count);
  };
  CHECK(illegal(single(9, 1)) ==
        "illegal move [9,1]: there is no heap 9: the heaps are numbered 0 to 3");
  CHECK(illegal(single(0, 1)) == "illegal move [0,1]: heap 0 has only 0 objects, fewer than 1");
  CHECK(illegal(single(2, 0)) == "illegal move [2,0]: a move takes at least 1 object, not 0");
  CHECK(illegal(single(3, 5), nim_words(false, BigHeap(4))) ==
        "illegal move [3,5]: a move takes at most 4 objects, not 5");
  CHECK(illegal(single(3, 5), nim_words(false, BigHeap(1))) ==
        "illegal move [3,5]: a move takes at most 1 objects, not 5");
  CHECK(illegal({{{1, BigHeap(1)}}, {{BigHeap(1), BigHeap(1)}}}) ==
        "illegal move [1,1,[1,1]]: a move of Nim takes from one heap and splits nothing");
  CHECK(illegal({{{1, BigHeap(1)}, {2, BigHeap(1)}}, std::nullopt}) ==
        "illegal move [[1,1],[2,1]]: a move of Nim takes from one heap and splits nothing");
  const BigHeap huge("1" + std::string(400, '0'));
  CHECK(illegal(single(1, huge)) == "illegal move [1," + huge.get_str() +
                                        "]: heap 1 has only 3 objects, fewer than " +
                                        huge.get_str());
  CHECK(termination_name(Termination::normal) == "normal");
  CHECK(termination_name(Termination::illegal_move) == "illegal_move");
  CHECK(termination_name(Termination::bad_reply) == "bad_reply");
  CHECK(termination_name(Termination::timeout) == "timeout");
  CHECK(termination_name(Termination::time) == "time");
  CHECK(termination_name(Termination::exited) == "exited");
  CHECK(termination_name(Termination::adjudicated) == "adjudicated");
}

// A game of Kayles: a split, then a take from two heaps at once, which Kayles does not allow.
MatchGame<SmallHeap> kayles_game() {
  MatchGame<SmallHeap> game{.start = {6, 4},
                            .moves = {{0, Player::first, {{{0, 1}}, {{2, 3}}}, true, false}}};
  game.start_won = true;
  game.termination = Termination::illegal_move;
  game.illegal = ProposedGameMove{{{{0, BigHeap(1)}, {1, BigHeap(1)}}, {}}};
  game.winner = Player::first;
  game.end = {2, 3, 4};
  return game;
}

AnyGameWords kayles() {
  GameSpec spec;
  spec.heap_game = octal_game({0, 7, 7});
  return AnyGameWords(GameWords(spec));
}
const AnyGameWords kayles_words = kayles();

TEST_CASE("a game after Nim in a match: its request, record and end event name the game") {
  const Position<SmallHeap> heaps{2, 3, 4};
  CHECK(write([&](JsonWriter& w) {
          write_agent_request(w, std::span<const SmallHeap>(heaps), kayles_words, 3, 1,
                              Player::second, 1);
        }) == R"({"heaps":[2,3,4],"rules":{"game":"octal","code":"0.77","misere":false},)"
              R"("game":3,"ply":1,"player":"second","protocol":4,"job":1})");
  CHECK(write([&](JsonWriter& w) {
          write_game_record(w, ScheduledGame{7, 1, 0, 3}, kayles_game(), kayles_words, names,
                            record_specs);
        }) == R"({"game":7,"start":[6,4],"rules":{"game":"octal","code":"0.77","misere":false},)"
              R"("first":"mine","second":"perfect","first_spec":"cmd:python3 \"agent.py\"",)"
              R"("second_spec":"perfect","moves":[[0,1,[2,3]]],)"
              R"("optimal":[false],"winner":"mine","reason":"illegal move )"
              R"([[0,1],[1,1]]: the rules of the octal game 0.77 do not allow it"})");
  CHECK(write([&](JsonWriter& w) {
          write_end_event(w, 7, kayles_game(), kayles_words, Player::second);
        }) == R"({"event":"end","game":7,"player":"second","winner":"first","reason":"illegal )"
              R"(move [[0,1],[1,1]]: the rules of the octal game 0.77 do not allow it",)"
              R"("start":[6,4],"rules":{"game":"octal","code":"0.77","misere":false},)"
              R"("moves":[[0,1,[2,3]]]})");
}

TEST_CASE("an illegal move in a game after Nim: the facts it breaks, else the game's rules") {
  const auto reason = [](GameMove<BigHeap> move) {
    auto game = kayles_game();
    game.illegal = ProposedGameMove{std::move(move)};
    return termination_reason(game, kayles_words);
  };
  CHECK(reason({{{3, BigHeap(1)}}, {}}) ==
        "illegal move [3,1]: there is no heap 3: the heaps are numbered 0 to 2");
  CHECK(reason({{{1, BigHeap(4)}}, {}}) ==
        "illegal move [1,4]: heap 1 has only 3 objects, fewer than 4");
  const BigHeap huge("1" + std::string(40, '0'));
  CHECK(reason({{{1, huge}}, {}}) == "illegal move [1," + huge.get_str() +
                                         "]: heap 1 has only 3 objects, fewer than " +
                                         huge.get_str());
  CHECK(reason({{{2, BigHeap(1)}}, {{BigHeap(1), BigHeap(1)}}}) ==
        "illegal move [2,1,[1,1]]: the rules of the octal game 0.77 do not allow it");
}

MatchReport report_of(std::vector<std::string> specs) {
  MatchReport report{.specs = specs, .names = agent_names(specs)};
  report.seed = 7;
  report.game = nim_words(false, BigHeap(3)).game()->spec;
  report.games_per_pair = 2;
  report.version = "9.9.9";
  return report;
}

TEST_CASE("the report of two agents, every key in order") {
  MatchStatistics statistics(2);
  // The same two moves twice, each agent first once: each makes one move from a won position,
  // and keeps the win. Agent 1 wins both, the second because agent 0 timed out.
  statistics.add(ScheduledGame{1, 0, 1, 0}, two_moves());
  auto faulty = two_moves(Termination::timeout);
  faulty.winner = Player::first;
  statistics.add(ScheduledGame{2, 1, 0, 0}, faulty);
  const std::string expected =
      R"({"games":2,"games_per_pair":2,"distinct_games":1,"starts":1,"seed":7,)"
      R"("rules":{"misere":false,"max_take":3},"specs":["perfect","perfect"],"version":"9.9.9",)"
      R"("agents":[{"name":"perfect#1","spec":"perfect","games":2,"wins":0,"win_rate":0,)"
      R"("win_rate_ci95":[0,0.9597727477840312],)"
      R"("as_first":{"games":1,"wins":0,"win_rate":0,"win_rate_ci95":[0,1]},)"
      R"("as_second":{"games":1,"wins":0,"win_rate":0,"win_rate_ci95":[0,1]},)"
      R"("from_won_starts":{"games":1,"wins":0,"win_rate":0,)"
      R"("win_rate_ci95":[0,1]},)"
      R"("from_lost_starts":{"games":1,"wins":0,"win_rate":0,)"
      R"("win_rate_ci95":[0,1]},)"
      R"("moves":2,"moves_from_won":1,"kept_win":1,"accuracy":1,"blunders":0,)"
      R"("losses_by_reason":{"normal":1,"illegal_move":0,"bad_reply":0,"timeout":1,"time":0,)"
      R"("exited":0,"adjudicated":0},)"
      R"("accuracy_by_start_heaps":[{"heaps":2,"moves_from_won":1,"kept_win":1,"accuracy":1}],)"
      R"("accuracy_by_start_size":[{"largest":[2,3],"moves_from_won":1,"kept_win":1,)"
      R"("accuracy":1}]},)"
      R"({"name":"perfect#2","spec":"perfect","games":2,"wins":2,"win_rate":1,)"
      R"("win_rate_ci95":[0.04022725221596868,1],)"
      R"("as_first":{"games":1,"wins":1,"win_rate":1,"win_rate_ci95":[0,1]},)"
      R"("as_second":{"games":1,"wins":1,"win_rate":1,"win_rate_ci95":[0,1]},)"
      R"("from_won_starts":{"games":1,"wins":1,"win_rate":1,)"
      R"("win_rate_ci95":[0,1]},)"
      R"("from_lost_starts":{"games":1,"wins":1,"win_rate":1,)"
      R"("win_rate_ci95":[0,1]},)"
      R"("moves":2,"moves_from_won":1,"kept_win":1,"accuracy":1,"blunders":0,)"
      R"("losses_by_reason":{"normal":0,"illegal_move":0,"bad_reply":0,"timeout":0,"time":0,)"
      R"("exited":0,"adjudicated":0},)"
      R"("accuracy_by_start_heaps":[{"heaps":2,"moves_from_won":1,"kept_win":1,"accuracy":1}],)"
      R"("accuracy_by_start_size":[{"largest":[2,3],"moves_from_won":1,"kept_win":1,)"
      R"("accuracy":1}]}],)"
      // The start played twice, perfect#1 losing both: a pair scoring 0, no finite Elo.
      R"("pairs":[{"agents":["perfect#1","perfect#2"],"pentanomial":[1,0,0,0,0],"score":0,)"
      R"("elo":null,"elo_ci95":[null,null]}]})";
  CHECK(write([&](JsonWriter& w) {
          write_match_report(w, report_of({"perfect", "perfect"}), statistics);
        }) == expected);
  // --pretty is the same document, indented.
  const std::string pretty = write(
      [&](JsonWriter& w) {
        write_match_report(w, report_of({"perfect", "perfect"}), statistics);
      },
      true);
  CHECK(pretty == nlohmann::ordered_json::parse(expected).dump(2));
  // Stopped by a signal: "interrupted": true after games_per_pair, and nothing else changes.
  MatchReport interrupted = report_of({"perfect", "perfect"});
  interrupted.interrupted_by = "SIGTERM";
  std::string marked = expected;
  marked.replace(marked.find(R"("distinct_games")"), 0, R"("interrupted":true,)");
  CHECK(write([&](JsonWriter& w) { write_match_report(w, interrupted, statistics); }) == marked);
  // Programs' times and values: "move_ms", "think_ms", "latency_ms" and "values" last in the
  // agent's object, only then.
  MatchStatistics timed(2);
  auto replied = two_moves();
  replied.replies = {{.microseconds = 1500, .think_microseconds = 1000, .value = 0.75},
                     {.microseconds = 20}};
  timed.add(ScheduledGame{1, 0, 1, 0}, replied);
  const std::string report = write([&](JsonWriter& w) {
    write_match_report(w, report_of({"perfect", "perfect"}), timed);
  });
  CHECK(report.find(
            R"("accuracy":1}],"move_ms":{"moves":1,"median":1.5,"p90":1.5},)"
            R"("think_ms":{"moves":1,"median":1,"p90":1},)"
            R"("latency_ms":{"moves":1,"median":0.5,"p90":0.5},)"
            R"("values":{"moves":1,"brier":0.0625,"winner_right":1,"winner_accuracy":1}},)") !=
        std::string::npos);
  CHECK(report.find(
            R"("accuracy_by_start_size":[],"move_ms":{"moves":1,"median":0.02,"p90":0.02}}])") !=
        std::string::npos);
}

TEST_CASE("the report of a sequential test: its settings and model, the LLR, bounds and verdict") {
  MatchStatistics statistics(2);
  statistics.add(ScheduledGame{1, 0, 1, 0}, two_moves());  // agent 1 wins as second
  statistics.add(ScheduledGame{2, 1, 0, 0}, two_moves());  // agent 0 wins as second: a split pair
  MatchReport report = report_of({"perfect", "random"});
  report.sprt = Sprt{.elo0 = 0, .elo1 = 20};
  const auto sprt_of = [&] {
    return nlohmann::ordered_json::parse(
               write([&](JsonWriter& w) { write_match_report(w, report, statistics); }))["sprt"]
        .dump();
  };
  CHECK(sprt_of() == R"({"elo0":0,"elo1":20,"alpha":0.05,"beta":0.05,"model":"logistic",)"
                     R"("llr":-0.05475093052451476,"lower_bound":-2.9444389791664403,)"
                     R"("upper_bound":2.9444389791664403,"verdict":"inconclusive"})");
  report.sprt = Sprt{.elo0 = 0, .elo1 = 20, .alpha = 0.1, .model = EloModel::normalized};
  CHECK(sprt_of() == R"({"elo0":0,"elo1":20,"alpha":0.1,"beta":0.05,"model":"normalized",)"
                     R"("llr":-0.004707609565239763,"lower_bound":-2.8903717578961645,)"
                     R"("upper_bound":2.251291798606495,"verdict":"inconclusive"})");
}

TEST_CASE("with three agents the report adds the cross-table") {
  MatchStatistics statistics(3);
  statistics.add(ScheduledGame{1, 0, 1, 0}, two_moves());  // agent 1 beats agent 0
  statistics.add(ScheduledGame{2, 0, 2, 0}, two_moves());  // agent 2 beats agent 0
  statistics.add(ScheduledGame{3, 2, 1, 0}, two_moves());  // agent 1 beats agent 2
  const auto report = nlohmann::ordered_json::parse(write([&](JsonWriter& w) {
    write_match_report(w, report_of({"perfect", "random", "difficulty:0.5"}), statistics);
  }));
  CHECK(report["cross_table"].dump() ==
        R"([{"name":"perfect","against":[)"
        R"({"name":"random","games":1,"wins":0,"win_rate":0,"win_rate_ci95":[0,1]},)"
        R"({"name":"difficulty:0.5","games":1,"wins":0,"win_rate":0,)"
        R"("win_rate_ci95":[0,1]}]},)"
        R"({"name":"random","against":[)"
        R"({"name":"perfect","games":1,"wins":1,"win_rate":1,"win_rate_ci95":[0,1]},)"
        R"({"name":"difficulty:0.5","games":1,"wins":1,"win_rate":1,)"
        R"("win_rate_ci95":[0,1]}]},)"
        R"({"name":"difficulty:0.5","against":[)"
        R"({"name":"perfect","games":1,"wins":1,"win_rate":1,"win_rate_ci95":[0,1]},)"
        R"({"name":"random","games":1,"wins":0,"win_rate":0,"win_rate_ci95":[0,1]}]}])");
  const auto two = nlohmann::ordered_json::parse(write([&](JsonWriter& w) {
    MatchStatistics pair(2);
    write_match_report(w, report_of({"perfect", "random"}), pair);
  }));
  CHECK_FALSE(two.contains("cross_table"));
  CHECK(two["agents"][0]["win_rate"].is_null());  // no games: no rate, no interval
  CHECK(two["agents"][0]["win_rate_ci95"].is_null());
}

}  // namespace
}  // namespace nim
