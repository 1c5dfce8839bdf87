#include "format/match_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "format/sum_text.hpp"
#include "format/text.hpp"
#include "nim/match.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"
#include "text/wrap.hpp"

namespace nim {

namespace {

using Row = std::vector<std::string>;

constexpr std::size_t column_gap = 2;
// Names up to this long stay whole in the tables ("difficulty:0.25", a name given as NAME=SPEC).
constexpr std::size_t longest_table_name = 16;

// The columns `first` to `last` (excluded) of the rows, after the names column, two spaces apart:
// the names aligned left, numbers right.
void write_columns(Buffer& out, const std::vector<Row>& rows,
                   const std::vector<std::size_t>& widths, std::size_t first, std::size_t last) {
  for (const Row& row : rows) {
    std::string line = row[0] + std::string(widths[0] - display_width(row[0]), ' ');
    for (std::size_t c = first; c < last; ++c)
      line += std::string(column_gap + widths[c] - display_width(row[c]), ' ') + row[c];
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out += line;
    out += '\n';
  }
}

std::vector<std::size_t> column_widths(const std::vector<Row>& rows) {
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const Row& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], display_width(row[c]));
  return widths;
}

// The width of the rows' longest line, were it not split.
std::size_t table_width(const std::vector<Row>& rows) {
  const auto widths = column_widths(rows);
  std::size_t total = 0;
  for (std::size_t width : widths)
    total += width;
  return total + column_gap * (widths.size() - 1);
}

// The rows as a table; one wider than the style's width is written in parts, a blank line apart,
// each with as many columns as fit beside the names (at least one).
void write_table(Buffer& out, const std::vector<Row>& rows, const TextStyle& style) {
  const std::vector<std::size_t> widths = column_widths(rows);
  for (std::size_t first = 1; first < widths.size();) {
    std::size_t last = first + 1, line_width = widths[0] + column_gap + widths[first];
    while (last < widths.size() &&
           (style.width == 0 || line_width + column_gap + widths[last] <= style.width))
      line_width += column_gap + widths[last++];
    if (first > 1) out += '\n';
    write_columns(out, rows, widths, first, last);
    first = last;
  }
}

// A name as the table shows it: as given, unless it is not safe to show or holds a tab, which
// would break the columns; those are escaped as in JSON.
std::string printable(const std::string& name) {
  if (is_safe_to_show(name) && name.find('\t') == std::string::npos) return name;
  const std::string literal = quoted(name);
  return literal.substr(1, literal.size() - 2);
}

// A number with `decimals` decimals (0.500, -2.94), never -0 nor -0.00, or "-" for none.
std::string fixed(std::optional<double> value, int decimals = 3) {
  if (!value) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, *value);
  const bool zero = std::strspn(text + 1, "0.") == std::strlen(text + 1);
  return text + (text[0] == '-' && zero ? 1 : 0);
}

// An Elo difference with `decimals` decimals and its sign: +397, -258, +0.4, 0, +inf.
std::string elo_text(double elo, int decimals = 0) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.*f", decimals, elo);
  if (std::strspn(text + 1, "0.") == std::strlen(text + 1)) return "0";  // never -0, nor +0.0
  return text;
}

// An interval's two ends, written by `write` with the fewest decimals from `decimals` up that
// tell them apart: an interval is never a point, but rounding would show one (an Elo interval of
// -0.3 to +0.3 after thousands of pairs that all split, rounded to 0 to 0).
template <class Write>
std::pair<std::string, std::string> told_apart(double low, double high, int decimals,
                                               const Write& write) {
  std::pair<std::string, std::string> ends{write(low, decimals), write(high, decimals)};
  for (int more = decimals + 1; ends.first == ends.second && more <= 12; ++more)
    ends = {write(low, more), write(high, more)};
  return ends;
}

std::string interval(const Record& record) {
  const auto ci = record.win_rate_ci95();
  if (!ci) return "-";
  const auto [low, high] = told_apart(
      ci->low, ci->high, 3, [](double end, int decimals) { return fixed(end, decimals); });
  return low + "-" + high;
}

std::string elo_interval(const EloEstimate& elo) {
  const auto [low, high] = told_apart(elo.low, elo.high, 0, elo_text);
  return low + " to " + high;
}

std::string wins_of(const Record& record) {
  return std::to_string(record.wins) + "/" + std::to_string(record.games);
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

// The tables of the report, with the agents named as `shown`.
struct Tables {
  std::vector<Row> results, moves, by_start, losses, times, thinking, values, pairs, ratings, cross;
  bool faults = false;     // some game was lost by a fault: the losses table is shown
  bool unbounded = false;  // some rating is not a number: a note says why
};

// The rating list, from the highest: each agent's Elo and 95% interval ("anchor" for the anchor's,
// which is fixed); +inf, -inf or ? where the games give no finite rating.
std::vector<Row> ratings_table(const std::vector<std::string>& shown, const MatchReport& report,
                               const MatchStatistics& statistics, bool& unbounded) {
  std::vector<Row> rows{{"rating", "Elo", "95% interval", "games"}};
  for (const AgentRating& r : match_ratings(statistics, report.gauntlet, *report.ratings)) {
    Row row{shown[r.agent]};
    if (r.unbounded == Unbounded::none) {
      row.push_back(fixed(r.elo, 0));
      if (r.agent == report.ratings->agent) {
        row.push_back("anchor");
      } else {
        const auto [low, high] = told_apart(
            r.low, r.high, 0, [](double end, int decimals) { return fixed(end, decimals); });
        row.push_back(low + " to " + high);
      }
    } else {
      unbounded = true;
      row.push_back(r.unbounded == Unbounded::above   ? "+inf"
                    : r.unbounded == Unbounded::below ? "-inf"
                                                      : "?");
      row.push_back("-");
    }
    row.push_back(std::to_string(r.games));
    rows.push_back(std::move(row));
  }
  return rows;
}

Tables tables_of(const std::vector<std::string>& shown, const MatchStatistics& statistics,
                 const MatchReport& report) {
  const std::size_t gauntlet = report.gauntlet;
  Tables t;
  t.results = {{"agent", "games", "wins", "win rate", "95% interval", "as first", "as second"}};
  t.moves = {{"agent", "won starts", "lost starts", "moves", "from won", "kept win", "accuracy",
              "blunders"}};
  // The accuracy by start, by the groupings in which some agent's moves fall in several groups.
  t.by_start = {{"accuracy by start", "from won", "kept win", "accuracy"}};
  bool heap_counts_differ = false, bands_differ = false;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    heap_counts_differ = heap_counts_differ || statistics.agent(i).by_start_heaps.size() > 1;
    bands_differ = bands_differ || statistics.agent(i).by_start_band.size() > 1;
  }
  t.losses = {{"losses", "normal", "illegal move", "bad reply", "timeout", "on time", "exited",
               "adjudicated"}};
  // The programs' moves (only those that gave a time or a value, each a table of its own).
  t.times = {{"move time (ms)", "moves", "median", "90%"}};
  t.thinking = {{"thinking (ms)", "moves", "median", "90%", "latency median", "latency 90%"}};
  t.values = {{"values", "moves", "Brier", "winner right", "accuracy"}};
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const AgentStatistics& agent = statistics.agent(i);
    t.results.push_back({shown[i], std::to_string(agent.overall.games),
                         std::to_string(agent.overall.wins), fixed(agent.overall.win_rate()),
                         interval(agent.overall), wins_of(agent.as_first),
                         wins_of(agent.as_second)});
    t.moves.push_back({shown[i], wins_of(agent.from_won_starts), wins_of(agent.from_lost_starts),
                       std::to_string(agent.moves), std::to_string(agent.moves_from_won),
                       std::to_string(agent.kept_win), fixed(agent.accuracy()),
                       std::to_string(agent.blunders())});
    const auto accuracy_row = [&](const std::string& group, const MoveAccuracy& accuracy) {
      t.by_start.push_back({shown[i] + ", " + group, std::to_string(accuracy.moves_from_won),
                            std::to_string(accuracy.kept_win), fixed(accuracy.accuracy())});
    };
    if (heap_counts_differ)
      for (const auto& [heaps, accuracy] : agent.by_start_heaps)
        accuracy_row(counted(heaps, "heap"), accuracy);
    if (bands_differ)
      for (const auto& [band, accuracy] : agent.by_start_band) {
        const auto [least, most] = band_sizes(band);
        accuracy_row("largest " + least.get_str() + (band > 1 ? "-" + most.get_str() : ""),
                     accuracy);
      }
    Row row{shown[i]};
    for (std::size_t e = 0; e < termination_count; ++e) {
      row.push_back(std::to_string(agent.losses_by_termination[e]));
      if (e != static_cast<std::size_t>(Termination::normal) && agent.losses_by_termination[e] > 0)
        t.faults = true;
    }
    t.losses.push_back(std::move(row));
    if (const auto times = agent.times())
      t.times.push_back({shown[i], std::to_string(times->moves), fixed(times->median / 1000),
                         fixed(static_cast<double>(times->p90) / 1000)});
    if (const auto thinking = agent.thinking()) {
      const MoveTimes latency = *agent.latencies();
      t.thinking.push_back(
          {shown[i], std::to_string(thinking->moves), fixed(thinking->median / 1000),
           fixed(static_cast<double>(thinking->p90) / 1000), fixed(latency.median / 1000),
           fixed(static_cast<double>(latency.p90) / 1000)});
    }
    if (const auto values = agent.values())
      t.values.push_back({shown[i], std::to_string(values->moves), fixed(values->brier, 4),
                          wins_of({values->moves, values->right}), fixed(values->accuracy())});
  }
  // Each start played twice, colours swapped: the pairs of games by what they scored for the
  // first agent of the two, its score and the Elo difference.
  t.pairs = {{"pairs of games", "0", "1/2", "1", "3/2", "2", "score", "Elo", "95% interval"}};
  for (std::size_t a = 0; a < shown.size(); ++a)
    for (std::size_t b = a + 1; b < shown.size(); ++b) {
      if (!plays_each_other(a, b, gauntlet)) continue;
      const Pentanomial& counts = statistics.pairs(a, b);
      Row row{shown[a] + " vs " + shown[b]};
      for (std::uint64_t count : counts.pairs)
        row.push_back(std::to_string(count));
      const auto score = estimate(counts);
      row.push_back(fixed(score ? std::optional(score->score) : std::nullopt));
      const auto elo = elo_estimate(counts);
      row.push_back(elo ? elo_text(elo->elo) : "-");
      row.push_back(elo ? elo_interval(*elo) : "-");
      t.pairs.push_back(std::move(row));
    }
  if (report.ratings) t.ratings = ratings_table(shown, report, statistics, t.unbounded);
  if (shown.size() > 2) {
    t.cross = {{"wins against"}};
    t.cross.front().insert(t.cross.front().end(), shown.begin(), shown.end());
    for (std::size_t i = 0; i < shown.size(); ++i) {
      Row row{shown[i]};
      for (std::size_t j = 0; j < shown.size(); ++j)
        row.push_back(i == j || !plays_each_other(std::min(i, j), std::max(i, j), gauntlet)
                          ? "-"
                          : wins_of(statistics.against(i, j)));
      t.cross.push_back(std::move(row));
    }
  }
  return t;
}

// The widest line of the tables, were none split.
std::size_t widest(const Tables& t) {
  std::size_t most = 0;
  for (const std::vector<Row>* table : {&t.results, &t.moves, &t.by_start, &t.losses, &t.times,
                                        &t.thinking, &t.values, &t.pairs, &t.ratings, &t.cross})
    if (!table->empty()) most = std::max(most, table_width(*table));
  return most;
}

// How the tables name agent i when its name makes them too wide: its place on the command line.
std::string short_name(std::size_t i) {
  return std::string(1, '#').append(std::to_string(i + 1));  // not "#" + ...: GCC 12's -Wrestrict
}

}  // namespace

void write_match_text(Buffer& out, const MatchReport& report, const MatchStatistics& statistics,
                      const TextStyle& style) {
  std::vector<std::string> names;
  for (const std::string& name : report.names)
    names.push_back(printable(name));
  std::string heading = "match: " + joined(names) + "; " + counted(statistics.games(), "game");
  if (names.size() > 2) heading += " (" + std::to_string(report.games_per_pair) + " a pair)";
  heading += " from " + counted(statistics.distinct_starts(), "start") + ", " +
             std::to_string(statistics.distinct_games()) + " of them different";
  if (report.gauntlet != 0)
    heading += "; a gauntlet: " +
               joined(std::vector<std::string>(
                   names.begin(), names.begin() + static_cast<std::ptrdiff_t>(report.gauntlet))) +
               " against every other agent";
  write_paragraph(out, heading, style, 2);
  write_paragraph(out,
                  (report.sum ? sum_match_words(*report.sum) : match_words(report.game)) +
                      ", seed " + std::to_string(report.seed) + ", nim-game " +
                      std::string(report.version),
                  style, 2);
  if (!report.interrupted_by.empty())
    write_paragraph(out,
                    "Interrupted by " + std::string(report.interrupted_by) +
                        ": these are the games played before it.",
                    style, 2);
  out += '\n';

  // Tables too wide for the style have their names longer than longest_table_name shortened,
  // the longest first, to the agent's place on the command line, given in full in a key below
  // them. A table still too wide is split in parts.
  std::vector<std::string> shown = names;
  Tables tables = tables_of(shown, statistics, report);
  while (style.width != 0 && widest(tables) > style.width) {
    std::size_t longest = 0;
    for (std::size_t i = 1; i < shown.size(); ++i)
      if (display_width(shown[i]) > display_width(shown[longest])) longest = i;
    if (display_width(shown[longest]) <= longest_table_name) break;
    shown[longest] = short_name(longest);
    tables = tables_of(shown, statistics, report);
  }
  write_table(out, tables.results, style);
  out += '\n';
  write_table(out, tables.moves, style);
  if (tables.by_start.size() > 1) {
    out += '\n';
    write_table(out, tables.by_start, style);
  }
  if (tables.faults) {
    out += '\n';
    write_table(out, tables.losses, style);
  }
  for (const std::vector<Row>* table : {&tables.times, &tables.thinking, &tables.values})
    if (table->size() > 1) {
      out += '\n';
      write_table(out, *table, style);
    }
  out += '\n';
  write_table(out, tables.pairs, style);
  if (!tables.ratings.empty()) {
    out += '\n';
    write_table(out, tables.ratings, style);
    if (tables.unbounded)
      write_paragraph(
          out,
          "+inf, -inf: no finite rating fits the games (between the agents so rated and "
          "the others, every game went one way); ?: the games do not place the agent "
          "against " +
              names[report.ratings->agent] + ".",
          style, 2);
  }
  if (!tables.cross.empty()) {
    out += '\n';
    write_table(out, tables.cross, style);
  }
  if (shown != names) {
    out += '\n';
    write_paragraph(out, "Agents shortened in the tables (NAME=SPEC names an agent):", style);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (shown[i] != names[i]) write_paragraph(out, "  " + shown[i] + "  " + names[i], style, 6);
  }
  if (report.sprt) {
    const Sprt& test = *report.sprt;
    const double llr = log_likelihood_ratio(statistics.pairs(0, 1), test);
    out += '\n';
    write_paragraph(out,
                    "SPRT of " + names[0] + " against " + names[1] + ", elo0 " +
                        shortest_decimal(test.elo0 + 0.0) + ", elo1 " +
                        shortest_decimal(test.elo1 + 0.0) + " (" + model_name(test.model) +
                        " Elo), alpha " + shortest_decimal(test.alpha) + ", beta " +
                        shortest_decimal(test.beta) + ": LLR " + fixed(llr, 2) + " (bounds " +
                        fixed(test.lower_bound(), 2) + " and " + fixed(test.upper_bound(), 2) +
                        "), " + verdict_name(verdict(llr, test)) + ".",
                    style, 2);
  }
}

}  // namespace nim
