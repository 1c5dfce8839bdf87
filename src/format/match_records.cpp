#include "format/match_records.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "nim/match.hpp"
#include "text/decimal.hpp"

namespace nim {

namespace {

constexpr std::array<std::string_view, termination_count> termination_names{
    "normal", "illegal_move", "bad_reply", "timeout", "time", "exited", "adjudicated"};

void write_fraction(JsonWriter& w, double value) {
  w.raw_value() += shortest_decimal(value);
}

void write_optional_fraction(JsonWriter& w, std::optional<double> value) {
  if (value)
    write_fraction(w, *value);
  else
    w.null();
}

// games, wins, win_rate and win_rate_ci95, as keys of the object being written.
void write_record_keys(JsonWriter& w, const Record& record) {
  w.key("games");
  w.number(record.games);
  w.key("wins");
  w.number(record.wins);
  w.key("win_rate");
  write_optional_fraction(w, record.win_rate());
  w.key("win_rate_ci95");
  if (const auto interval = record.win_rate_ci95()) {
    w.begin_array();
    write_fraction(w, interval->low);
    write_fraction(w, interval->high);
    w.end_array();
  } else {
    w.null();
  }
}

// moves_from_won, kept_win and accuracy, as keys of the object being written.
void write_accuracy_keys(JsonWriter& w, const MoveAccuracy& moves) {
  w.key("moves_from_won");
  w.number(moves.moves_from_won);
  w.key("kept_win");
  w.number(moves.kept_win);
  w.key("accuracy");
  write_optional_fraction(w, moves.accuracy());
}

void write_record(JsonWriter& w, std::string_view key, const Record& record) {
  w.key(key);
  w.begin_object();
  write_record_keys(w, record);
  w.end_object();
}

void write_agent(JsonWriter& w, std::string_view name, std::string_view spec,
                 const AgentStatistics& agent) {
  w.begin_object();
  w.key("name");
  w.string(name);
  w.key("spec");
  w.string(spec);
  write_record_keys(w, agent.overall);
  write_record(w, "as_first", agent.as_first);
  write_record(w, "as_second", agent.as_second);
  write_record(w, "from_won_starts", agent.from_won_starts);
  write_record(w, "from_lost_starts", agent.from_lost_starts);
  w.key("moves");
  w.number(agent.moves);
  write_accuracy_keys(w, {agent.moves_from_won, agent.kept_win});
  w.key("blunders");
  w.number(agent.blunders());
  w.key("losses_by_reason");
  w.begin_object();
  for (std::size_t e = 0; e < termination_count; ++e) {
    w.key(termination_name(static_cast<Termination>(e)));
    w.number(agent.losses_by_termination[e]);
  }
  w.end_object();
  // The moves from won positions by their game's start: its heaps, and its largest heap's band.
  w.key("accuracy_by_start_heaps");
  w.begin_array();
  for (const auto& [heaps, accuracy] : agent.by_start_heaps) {
    w.begin_object();
    w.key("heaps");
    w.number(heaps);
    write_accuracy_keys(w, accuracy);
    w.end_object();
  }
  w.end_array();
  w.key("accuracy_by_start_size");
  w.begin_array();
  for (const auto& [band, accuracy] : agent.by_start_band) {
    w.begin_object();
    w.key("largest");
    w.begin_array();
    const auto [least, most] = band_sizes(band);
    w.number(least);
    w.number(most);
    w.end_array();
    write_accuracy_keys(w, accuracy);
    w.end_object();
  }
  w.end_array();
  // Only for an agent whose replies gave them: a report of built-in agents keeps its bytes.
  for (const auto& [key, times] : {std::pair{"move_ms", agent.times()},
                                   {"think_ms", agent.thinking()},
                                   {"latency_ms", agent.latencies()}}) {
    if (!times) continue;
    w.key(key);
    w.begin_object();
    w.key("moves");
    w.number(times->moves);
    w.key("median");
    write_fraction(w, times->median / 1000);
    w.key("p90");
    w.raw_value() += fixed_point(times->p90, 3);
    w.end_object();
  }
  if (const auto values = agent.values()) {
    w.key("values");
    w.begin_object();
    w.key("moves");
    w.number(values->moves);
    w.key("brier");
    write_fraction(w, values->brier);
    w.key("winner_right");
    w.number(values->right);
    w.key("winner_accuracy");
    write_fraction(w, values->accuracy());
    w.end_object();
  }
  w.end_object();
}

// A finite number, or null (an Elo difference of a score of 0 or 1 is infinite).
void write_finite(JsonWriter& w, double value) {
  if (std::isfinite(value))
    write_fraction(w, value + 0.0);  // -0 (a score of exactly 1/2) is 0
  else
    w.null();
}

// Each pair of agents' pairs of games (a start played twice, colours swapped): the counts of pairs
// scoring 0, 1/2, 1, 3/2 and 2 for the first agent, its score, and the Elo difference with its
// 95% interval; null where there are no pairs, or where the Elo is infinite.
void write_pairs(JsonWriter& w, const MatchReport& report, const MatchStatistics& statistics) {
  w.key("pairs");
  w.begin_array();
  for (std::size_t a = 0; a < report.names.size(); ++a)
    for (std::size_t b = a + 1; b < report.names.size(); ++b) {
      if (!plays_each_other(a, b, report.gauntlet)) continue;
      const Pentanomial& pairs = statistics.pairs(a, b);
      w.begin_object();
      w.key("agents");
      w.begin_array();
      w.string(report.names[a]);
      w.string(report.names[b]);
      w.end_array();
      w.key("pentanomial");
      w.begin_array();
      for (std::uint64_t count : pairs.pairs)
        w.number(count);
      w.end_array();
      const auto score = estimate(pairs);
      w.key("score");
      write_optional_fraction(w, score ? std::optional(score->score) : std::nullopt);
      const auto elo = elo_estimate(pairs);
      w.key("elo");
      if (elo)
        write_finite(w, elo->elo);
      else
        w.null();
      w.key("elo_ci95");
      if (elo) {
        w.begin_array();
        write_finite(w, elo->low);
        write_finite(w, elo->high);
        w.end_array();
      } else {
        w.null();
      }
      w.end_object();
    }
  w.end_array();
}

// The sequential test of agent 0 against agent 1: its parameters and Elo model, the log-likelihood
// ratio of the pairs played, its bounds, and the verdict.
void write_sprt(JsonWriter& w, const Sprt& test, const MatchStatistics& statistics) {
  const double llr = log_likelihood_ratio(statistics.pairs(0, 1), test);
  w.key("sprt");
  w.begin_object();
  const std::pair<const char*, double> settings[] = {
      {"elo0", test.elo0}, {"elo1", test.elo1}, {"alpha", test.alpha}, {"beta", test.beta}};
  for (const auto& [key, value] : settings) {
    w.key(key);
    write_fraction(w, value + 0.0);
  }
  w.key("model");
  w.string(model_name(test.model));
  const std::pair<const char*, double> results[] = {
      {"llr", llr}, {"lower_bound", test.lower_bound()}, {"upper_bound", test.upper_bound()}};
  for (const auto& [key, value] : results) {
    w.key(key);
    write_finite(w, value);
  }
  w.key("verdict");
  w.string(verdict_name(verdict(llr, test)));
  w.end_object();
}

// How the report names where an unbounded rating is.
std::string_view unbounded_name(Unbounded unbounded) {
  switch (unbounded) {
    case Unbounded::above:
      return "above";
    case Unbounded::below:
      return "below";
    case Unbounded::both:
      return "both";
    case Unbounded::none:
      break;
  }
  return "";
}

// The rating list: its anchor, then each agent from the highest, its Elo and 95% interval (null,
// with "unbounded" saying where, when the games do not give it a finite rating).
void write_ratings(JsonWriter& w, const MatchReport& report, const MatchStatistics& statistics) {
  const RatingAnchor anchor = *report.ratings;
  w.key("rating_anchor");
  w.begin_object();
  w.key("agent");
  w.string(report.names[anchor.agent]);
  w.key("elo");
  write_finite(w, anchor.elo);
  w.end_object();
  w.key("ratings");
  w.begin_array();
  for (const AgentRating& rating : match_ratings(statistics, report.gauntlet, anchor)) {
    const bool finite = rating.unbounded == Unbounded::none;
    w.begin_object();
    w.key("agent");
    w.string(report.names[rating.agent]);
    w.key("elo");
    if (finite)
      write_finite(w, rating.elo);
    else
      w.null();
    w.key("elo_ci95");
    if (finite) {
      w.begin_array();
      write_finite(w, rating.low);
      write_finite(w, rating.high);
      w.end_array();
    } else {
      w.null();
    }
    w.key("unbounded");
    if (finite)
      w.null();
    else
      w.string(unbounded_name(rating.unbounded));
    w.key("games");
    w.number(rating.games);
    w.end_object();
  }
  w.end_array();
}

}  // namespace

std::string_view termination_name(Termination termination) {
  return termination_names[static_cast<std::size_t>(termination)];
}

void write_match_report(JsonWriter& w, const MatchReport& report,
                        const MatchStatistics& statistics) {
  w.begin_object();
  w.key("games");
  w.number(statistics.games());
  w.key("games_per_pair");
  w.number(report.games_per_pair);
  if (report.gauntlet != 0) {  // only then: a round robin's report keeps its bytes
    w.key("gauntlet");
    w.number(std::uint64_t{report.gauntlet});
  }
  if (!report.interrupted_by.empty()) {  // only then: the report of a whole match keeps its bytes
    w.key("interrupted");
    w.boolean(true);
  }
  w.key("distinct_games");
  w.number(statistics.distinct_games());
  w.key("starts");
  w.number(statistics.distinct_starts());
  w.key("seed");
  w.number(report.seed);
  w.key("rules");
  if (report.sum) {
    w.raw_value() += report.sum->rules;
    // A sum's games, each's rules as its records write them.
    w.key("sum");
    w.begin_array();
    for (const GameWords& game : report.sum->components)
      w.raw_value() += game.rules;
    w.end_array();
  } else {
    write_rules(w, report.game);
  }
  w.key("specs");
  w.begin_array();
  for (const auto& spec : report.specs)
    w.string(spec);
  w.end_array();
  w.key("version");
  w.string(report.version);
  w.key("agents");
  w.begin_array();
  for (std::size_t i = 0; i < report.names.size(); ++i)
    write_agent(w, report.names[i], report.specs[i], statistics.agent(i));
  w.end_array();
  write_pairs(w, report, statistics);
  if (report.sprt) write_sprt(w, *report.sprt, statistics);
  if (report.ratings) write_ratings(w, report, statistics);
  if (report.names.size() > 2) {
    // A list of rows rather than an object keyed by name: a name is any text (cmd:...).
    w.key("cross_table");
    w.begin_array();
    for (std::size_t i = 0; i < report.names.size(); ++i) {
      w.begin_object();
      w.key("name");
      w.string(report.names[i]);
      w.key("against");
      w.begin_array();
      for (std::size_t j = 0; j < report.names.size(); ++j) {
        if (i == j || !plays_each_other(std::min(i, j), std::max(i, j), report.gauntlet)) continue;
        w.begin_object();
        w.key("name");
        w.string(report.names[j]);
        write_record_keys(w, statistics.against(i, j));
        w.end_object();
      }
      w.end_array();
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

}  // namespace nim
