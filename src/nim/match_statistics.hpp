// What a match measured, game by game: for each agent its wins overall, by seat and by whether
// its start was won, every move judged against exact play, and why it lost; for each pair, the
// head-to-head results; and how many different games and starts were played. Counts add up, so
// statistics gathered in parallel merge into the same totals.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "nim/game_prints.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "nim/pentanomial.hpp"
#include "nim/ratings.hpp"
#include "nim/reply_statistics.hpp"

namespace nim {

// Games and wins of some kind, with the win rate and its interval (none without games): the
// interval of score_interval(), which takes the games as independent.
struct Record {
  std::uint64_t games = 0;
  std::uint64_t wins = 0;

  void add(bool won) {
    ++games;
    wins += won ? 1 : 0;
  }
  Record& operator+=(const Record& other) {
    games += other.games;
    wins += other.wins;
    return *this;
  }
  std::optional<double> win_rate() const {
    if (games == 0) return std::nullopt;
    return static_cast<double>(wins) / static_cast<double>(games);
  }
  std::optional<Interval> win_rate_ci95() const {
    if (games == 0) return std::nullopt;
    return score_interval(std::array{games - wins, wins});
  }
};

// Moves made from won positions and those that kept the win: an accuracy.
struct MoveAccuracy {
  std::uint64_t moves_from_won = 0;
  std::uint64_t kept_win = 0;

  std::optional<double> accuracy() const {
    if (moves_from_won == 0) return std::nullopt;
    return static_cast<double>(kept_win) / static_cast<double>(moves_from_won);
  }
  MoveAccuracy& operator+=(const MoveAccuracy& other) {
    moves_from_won += other.moves_from_won;
    kept_win += other.kept_win;
    return *this;
  }
};

// The heap sizes of band b, the bit length b: 0 alone for b = 0, else 2^(b-1) to 2^b - 1.
inline std::pair<BigHeap, BigHeap> band_sizes(std::uint64_t band) {
  if (band == 0) return {BigHeap(0), BigHeap(0)};
  BigHeap least;
  mpz_ui_pow_ui(least.get_mpz_t(), 2, band - 1);
  return {least, BigHeap(2 * least - 1)};
}

struct AgentStatistics {
  Record overall;
  Record as_first;          // games it moved first in
  Record as_second;         // games its opponent moved first in
  Record from_won_starts;   // games whose start was won for it (perfect play wins them)
  Record from_lost_starts;  // games whose start was lost for it
  std::uint64_t moves = 0;
  std::uint64_t moves_from_won = 0;  // moves made from a position won for it
  std::uint64_t kept_win = 0;        // those that left the opponent a lost position
  std::array<std::uint64_t, termination_count> losses_by_termination{};  // indexed by Termination
  // The moves from won positions again, by their game's start: its number of heaps, and the size
  // band of its largest heap (its bit_length: b for the sizes 2^(b-1) to 2^b - 1), so that an agent
  // that fails outside the starts it was trained on shows it. Only the groups it had a win to keep
  // in.
  std::map<std::uint64_t, MoveAccuracy> by_start_heaps;
  std::map<std::uint64_t, MoveAccuracy> by_start_band;
  // Its programs' moves: each one's time in microseconds; of those that said how long they
  // thought, that time and the rest of the round trip (the latency: writing, reading, waking);
  // and the squared error of each value given (value_error), in game order, so that the sum does
  // not depend on how the games were split between threads; and how many values named the winner.
  std::vector<std::uint64_t> move_microseconds;
  std::vector<std::uint64_t> think_microseconds;
  std::vector<std::uint64_t> latency_microseconds;
  std::vector<double> value_errors;
  std::uint64_t values_right = 0;

  // Its moves' times, none when no move of its was timed.
  std::optional<MoveTimes> times() const { return move_times(move_microseconds); }
  // The times its programs said they thought, and their latencies; none when none said.
  std::optional<MoveTimes> thinking() const { return move_times(think_microseconds); }
  std::optional<MoveTimes> latencies() const { return move_times(latency_microseconds); }
  // Its values' score, none when it gave none.
  std::optional<ValueScore> values() const {
    if (value_errors.empty()) return std::nullopt;
    double sum = 0;
    for (const double error : value_errors)
      sum += error;
    return ValueScore{value_errors.size(), sum / static_cast<double>(value_errors.size()),
                      values_right};
  }

  // kept_win / moves_from_won; none when it never had a win to keep.
  std::optional<double> accuracy() const {
    return MoveAccuracy{moves_from_won, kept_win}.accuracy();
  }
  std::uint64_t blunders() const { return moves_from_won - kept_win; }

  AgentStatistics& operator+=(const AgentStatistics& other) {
    overall += other.overall;
    as_first += other.as_first;
    as_second += other.as_second;
    from_won_starts += other.from_won_starts;
    from_lost_starts += other.from_lost_starts;
    moves += other.moves;
    moves_from_won += other.moves_from_won;
    kept_win += other.kept_win;
    for (std::size_t e = 0; e < termination_count; ++e)
      losses_by_termination[e] += other.losses_by_termination[e];
    for (const auto& [heaps, accuracy] : other.by_start_heaps)
      by_start_heaps[heaps] += accuracy;
    for (const auto& [band, accuracy] : other.by_start_band)
      by_start_band[band] += accuracy;
    for (auto [mine, theirs] : {std::pair{&move_microseconds, &other.move_microseconds},
                                {&think_microseconds, &other.think_microseconds},
                                {&latency_microseconds, &other.latency_microseconds}})
      mine->insert(mine->end(), theirs->begin(), theirs->end());
    value_errors.insert(value_errors.end(), other.value_errors.begin(), other.value_errors.end());
    values_right += other.values_right;
    return *this;
  }
};

class MatchStatistics {
 public:
  // `sum_games`: the games of a sum of games played (0 for one game), whose starts' markers
  // (nim/games/sum/sum.hpp) are not heaps of the start.
  explicit MatchStatistics(std::size_t agents, std::size_t sum_games = 0)
      : agents_(agents),
        head_to_head_(agents * agents),
        pentanomials_(agents * agents),
        sum_games_(sum_games) {}

  template <HeapInteger Heap>
  void add(const ScheduledGame& scheduled, const MatchGame<Heap>& game) {
    ++games_;
    counted_ = false;
    const std::size_t seats[2] = {scheduled.first, scheduled.second};
    for (Player seat : {Player::first, Player::second}) {
      const std::size_t me = seats[side_index(seat)];
      const std::size_t opponent = seats[seat == Player::first ? 1 : 0];
      const bool won = game.winner == seat;
      AgentStatistics& agent = agents_[me];
      agent.overall.add(won);
      (seat == Player::first ? agent.as_first : agent.as_second).add(won);
      const bool start_won_for_me = game.start_won == (seat == Player::first);
      (start_won_for_me ? agent.from_won_starts : agent.from_lost_starts).add(won);
      if (!won) ++agent.losses_by_termination[static_cast<std::size_t>(game.termination)];
      head_to_head_[me * agents_.size() + opponent].add(won);
    }
    pair_up(HalfPair{
        .low = std::min(scheduled.first, scheduled.second),
        .high = std::max(scheduled.first, scheduled.second),
        .start = scheduled.start,
        .first_of_two = scheduled.number % 2 == 1,  // an even 0-based index
        .low_won =
            game.winner == (scheduled.first < scheduled.second ? Player::first : Player::second)});
    // A game is its start and its moves; the start's heap type is part of it.
    Fingerprint print;
    print.add(std::uint64_t{std::is_same_v<Heap, SmallHeap> ? 0u : 1u});
    print.add(std::uint64_t{game.start.size()});
    for (const Heap& h : game.start)
      print.add(h);
    start_prints_.push_back(print.value());
    // A sum's start: each game's heaps, then a marker worth their count + 1, which is no heap.
    std::vector<bool> marker(game.start.size());
    for (std::size_t end = game.start.size(), c = 0; c < sum_games_; ++c) {
      marker[end - 1] = true;
      end -= static_cast<std::size_t>(to_small(to_big(game.start[end - 1])));
    }
    const std::uint64_t start_heaps = game.start.size() - sum_games_;
    std::uint64_t start_band = 0;
    for (std::size_t i = 0; i < game.start.size(); ++i)
      if (!marker[i]) start_band = std::max<std::uint64_t>(start_band, bit_length(game.start[i]));
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
      const auto& played = game.moves[ply];
      AgentStatistics& mover = agents_[seats[ply % 2]];
      ++mover.moves;
      if (played.from_won) {
        ++mover.moves_from_won;
        if (played.optimal) ++mover.kept_win;
        const MoveAccuracy move{1, played.optimal ? 1u : 0u};
        mover.by_start_heaps[start_heaps] += move;
        mover.by_start_band[start_band] += move;
      }
      if (ply < game.replies.size()) {
        const ReplyFacts& facts = game.replies[ply];
        if (facts.microseconds) mover.move_microseconds.push_back(*facts.microseconds);
        if (facts.microseconds && facts.think_microseconds) {
          mover.think_microseconds.push_back(*facts.think_microseconds);
          mover.latency_microseconds.push_back(*facts.microseconds - *facts.think_microseconds);
        }
        if (facts.value) {
          mover.value_errors.push_back(value_error(*facts.value, played.from_won));
          mover.values_right += value_right(*facts.value, played.from_won) ? 1 : 0;
        }
      }
      add_move(print, played.move);
    }
    game_prints_.push_back(print.value());
  }

  // Adds the part of the match that follows this one (its games come next in match order).
  void merge(MatchStatistics&& other) {
    if (games_ == 0) leading_ = other.leading_;
    if (trailing_ && other.leading_) complete(*trailing_, *other.leading_);
    if (other.games_ > 0) trailing_ = other.trailing_;
    for (std::size_t i = 0; i < pentanomials_.size(); ++i)
      pentanomials_[i] += other.pentanomials_[i];
    games_ += other.games_;
    for (std::size_t i = 0; i < agents_.size(); ++i)
      agents_[i] += other.agents_[i];
    for (std::size_t i = 0; i < head_to_head_.size(); ++i)
      head_to_head_[i] += other.head_to_head_[i];
    game_prints_.insert(game_prints_.end(), other.game_prints_.begin(), other.game_prints_.end());
    start_prints_.insert(start_prints_.end(), other.start_prints_.begin(),
                         other.start_prints_.end());
    counted_ = false;
  }

  std::size_t agent_count() const { return agents_.size(); }
  const AgentStatistics& agent(std::size_t i) const { return agents_[i]; }
  // Agent i's games against agent j, and its wins in them.
  const Record& against(std::size_t i, std::size_t j) const {
    return head_to_head_[i * agents_.size() + j];
  }
  std::uint64_t games() const { return games_; }
  // The pairs of games (a start played twice, colours swapped) between agents low < high, as low
  // scored them; a game whose twin was not played (a match stopped early) is not in it.
  const Pentanomial& pairs(std::size_t low, std::size_t high) const {
    return pentanomials_[low * agents_.size() + high];
  }
  // Different games (a game is its start position and its moves), and different starts, told
  // apart by their fingerprints. Counted once, on the first call after the last game, or by
  // count_distinct().
  std::uint64_t distinct_games() const {
    count();
    return distinct_games_;
  }
  std::uint64_t distinct_starts() const {
    count();
    return distinct_starts_;
  }
  // Counts the different games and starts now, on `threads` threads.
  void count_distinct(unsigned threads) const { count(threads); }

 private:
  using Prints = detail::Prints;

  // One game of a pair, from the view of the pair's agent of lower index.
  struct HalfPair {
    std::size_t low = 0;
    std::size_t high = 0;
    std::uint64_t start = 0;
    bool first_of_two = false;  // its twin comes next
    bool low_won = false;
  };

  // Games come in match order: the first of two waits for its twin, which may come in the next
  // part (merge); a second of two without its first here is the first game of a part.
  void pair_up(const HalfPair& half) {
    if (half.first_of_two) {
      trailing_ = half;
    } else if (trailing_) {
      complete(*trailing_, half);
      trailing_.reset();
    } else {
      leading_ = half;
    }
  }
  void complete(const HalfPair& first, const HalfPair& second) {
    pentanomials_[first.low * agents_.size() + first.high].add(
        2 * (unsigned{first.low_won} + unsigned{second.low_won}));
  }

  void count(unsigned threads = 1) const {
    if (counted_) return;
    detail::sort_unique(game_prints_, threads);
    detail::sort_unique(start_prints_, threads);
    distinct_games_ = game_prints_.size();
    distinct_starts_ = start_prints_.size();
    counted_ = true;
  }

  std::vector<AgentStatistics> agents_;
  std::vector<Record> head_to_head_;  // agents x agents, row = the agent, column = its opponent
  std::vector<Pentanomial> pentanomials_;  // agents x agents, [low][high] only
  std::optional<HalfPair> leading_;        // the first game, if its twin is in the part before
  std::optional<HalfPair> trailing_;       // the last game, if its twin is in the part after
  std::uint64_t games_ = 0;
  std::size_t sum_games_ = 0;
  // The fingerprints of the games and starts, sorted and made unique by count(), which the
  // const accessors call: a cache of what the games already determine.
  mutable Prints game_prints_;
  mutable Prints start_prints_;
  mutable std::uint64_t distinct_games_ = 0;
  mutable std::uint64_t distinct_starts_ = 0;
  mutable bool counted_ = true;
};

// The match's rating list (ratings.hpp), from the pairs of games of every two agents that play
// (a gauntlet's), in the order it is shown: the highest first.
inline std::vector<AgentRating> match_ratings(const MatchStatistics& statistics,
                                              std::size_t gauntlet, RatingAnchor anchor) {
  std::vector<RatedPairs> played;
  for (std::size_t a = 0; a < statistics.agent_count(); ++a)
    for (std::size_t b = a + 1; b < statistics.agent_count(); ++b)
      if (plays_each_other(a, b, gauntlet)) played.push_back({a, b, statistics.pairs(a, b)});
  return sorted_by_rating(rate_agents(statistics.agent_count(), played, anchor.agent, anchor.elo));
}

}  // namespace nim
