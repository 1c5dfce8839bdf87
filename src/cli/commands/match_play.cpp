#include "cli/commands/match_play.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "cli/commands/match_agents.hpp"
#include "cli/commands/match_engine_game.hpp"
#include "cli/commands/match_positions.hpp"
#include "cli/system/interrupt.hpp"
#include "cli/system/ordered_pool.hpp"
#include "cli/system/progress_line.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"

namespace nim {

namespace {

// Games in a block: enough blocks for every thread to stay busy, few enough to cost nothing.
constexpr std::uint64_t most_games_per_block = 256;
// Blocks in flight for each thread (being played, or played and waiting for their turn).
constexpr std::size_t blocks_per_thread = 4;

// Games first to end - 1, numbered from 0.
struct GameBlock {
  std::uint64_t first = 0;
  std::uint64_t end = 0;
};

struct PlayedBlock {
  std::optional<MatchStatistics> statistics;
  Buffer records;          // with --games-out
  Buffer blunders;         // with --blunders-out
  bool cut_short = false;  // stopped before its last game: the games after it do not count
};

// What a thread of the match plays its blocks with: the schedule, and agents of its own.
class GamePlayer {
 public:
  // `records`: the sink that writes each game's record, none without --games-out; `blunders`:
  // whether they are written (--blunders-out).
  GamePlayer(const MatchSettings& settings, const Schedule& schedule, const MatchSeeds& seeds,
             const MatchSink* records, bool blunders, ProgressLine& progress,
             const std::function<bool()>& stopping, AgentLog* log, unsigned job)
      : settings_(settings),
        schedule_(schedule),
        seeds_(seeds),
        records_(records),
        blunders_(blunders),
        progress_(progress),
        stopping_(stopping),
        agents_(settings.agents, settings.names, settings.asks, settings.move_timeout,
                settings.start_timeout, settings.time_control, log, job),
        words_(match_game_words(settings)),
        engines_(settings) {}

  void operator()(std::uint64_t, const GameBlock& block, PlayedBlock& played) {
    played.statistics.emplace(settings_.specs.size(), sum_games(settings_));
    played.records.clear();
    played.blunders.clear();
    played.cut_short = false;
    for (std::uint64_t index = block.first; index < block.end; ++index) {
      // Once the match stops (a signal, or the sequential test decided), the game in flight is
      // given up between two plies (or in a wait for a program, or a search), not played to its
      // end: it is not counted or recorded, and --resume plays it again.
      try {
        if (stopping_()) throw Interrupted{};
        play(index, played);
      } catch (const Interrupted&) {
        played.cut_short = true;
        return;
      }
    }
    progress_.add(block.end - block.first);  // once a block: one shared counter, seldom touched
  }

  void finish() { agents_.finish(); }

 private:
  void play(std::uint64_t index, PlayedBlock& played) {
    const ScheduledGame scheduled = schedule_.game(index);
    AnyPosition start = match_start(settings_, engines_, seeds_, scheduled.start);
    SplitMix64 rng(seeds_.game(index));
    const auto built_in = [&](Player side) -> std::optional<BuiltInAgent> {
      const auto* agent = std::get_if<BuiltInAgent>(&settings_.agents[scheduled.agent(side)]);
      return agent ? std::optional(*agent) : std::nullopt;
    };
    play_engine_game(
        settings_, engines_, scheduled, std::move(start), stopping_,
        {built_in(Player::first), built_in(Player::second)}, rng,
        [&](Player mover, const auto& board, std::uint64_t ply) {
          return agents_.ask(scheduled.agent(mover), board, scheduled.number, ply, mover, words_,
                             engines_.on<HeapOf<decltype(board)>>());
        },
        [&](const auto& game) { count(scheduled, game, played); });
  }

  // After a game: its faulty program restarted, each program told of the game, the game counted
  // and recorded.
  template <HeapInteger Heap>
  void count(const ScheduledGame& scheduled, const MatchGame<Heap>& game, PlayedBlock& played) {
    if (const auto faulty = game.faulty()) agents_.restart(scheduled.agent(*faulty));
    for (const Player side : {Player::first, Player::second})
      agents_.tell_end(scheduled.agent(side), scheduled.number, game, words_, side);
    played.statistics->add(scheduled, game);
    if (records_)
      records_->game(played.records, scheduled, game, words_,
                     std::span<const std::string>(settings_.names),
                     std::span<const std::string>(settings_.specs));
    if (blunders_) write_blunders(scheduled, game, played.blunders);
  }

  // Each move of the game that lost a won position: the position, as a line --batch reads, with
  // the move, a winning move and where the game stood.
  template <HeapInteger Heap>
  void write_blunders(const ScheduledGame& scheduled, const MatchGame<Heap>& game, Buffer& out) {
    GameEngine<Heap>& engine = engines_.on<Heap>();
    Position<Heap> position = game.start;
    for (const auto& played : game.moves) {
      const std::span<const Heap> before(position);
      if (played.from_won && !played.optimal) {
        const GameAnalysis<Heap> best = engine.analyse(before);
        JsonWriter w(out, false);
        write_blunder(w, words_, settings_.names[scheduled.agent(played.player)], scheduled.number,
                      played, before, *best.move, engine.after(before, played.move));
        out += '\n';
      }
      position = engine.after(before, played.move);
    }
  }

  const MatchSettings& settings_;
  const Schedule& schedule_;
  const MatchSeeds& seeds_;
  const MatchSink* records_;
  bool blunders_;
  ProgressLine& progress_;
  const std::function<bool()>& stopping_;
  MatchAgents agents_;
  AnyGameWords words_;
  MatchEngines engines_;
};

}  // namespace

MatchStatistics play_match(const MatchSettings& settings, const MatchSink& sink,
                           const MatchStreams& streams, const std::function<bool()>& stopping,
                           ResumedMatch resumed) {
  Output* const games_out = streams.games;
  const Schedule schedule(settings.specs.size(), settings.games_per_pair, settings.gauntlet);
  const MatchSeeds seeds(settings.seed);
  const std::uint64_t games = schedule.games();
  // With --games-out and a program playing, one game a block, so that each game's record reaches
  // the file as soon as it and the games before it are over (a program's moves take far longer
  // than a block's hand-over between threads, which costs a fast program 15% without --games-out).
  const bool stream_records =
      games_out &&
      std::any_of(settings.agents.begin(), settings.agents.end(), [](const AgentSpec& agent) {
        return std::holds_alternative<ExternalAgent>(agent);
      });
  // With --sprt, the test is decided after each pair of games (a start, colours swapped): one pair
  // a block, so that where it stops does not depend on --jobs.
  const std::uint64_t block_size =
      settings.sprt ? 2
      : stream_records
          ? 1
          : std::clamp<std::uint64_t>(games / (8 * settings.jobs), 1, most_games_per_block);
  MatchStatistics total = std::move(resumed.statistics);
  const auto test_decided = [&] {
    return settings.sprt && verdict(log_likelihood_ratio(total.pairs(0, 1), *settings.sprt),
                                    *settings.sprt) != SprtVerdict::inconclusive;
  };
  std::atomic<bool> decided = test_decided();  // no game starts after it, none is counted
  const std::function<bool()> stop = [&] { return decided.load() || stopping(); };
  ProgressLine progress("nim-game match", "games", games);
  progress.add(resumed.games);
  bool cut_short = false;                  // a block stopped early: the later ones are not counted
  std::atomic<unsigned> jobs = 0;          // the threads' workers made
  std::uint64_t reported = total.games();  // the games counted at the last interim report
  OrderedPool<GameBlock, PlayedBlock> blocks(
      settings.jobs, blocks_per_thread * settings.jobs,
      [&] {  // once a thread: the jobs are numbered from 1
        return GamePlayer(settings, schedule, seeds, games_out ? &sink : nullptr,
                          streams.blunders != nullptr, progress, stop, streams.log, ++jobs);
      },
      [&](PlayedBlock& played) {
        if (cut_short || decided) return;
        cut_short = played.cut_short;
        total.merge(std::move(*played.statistics));
        if (test_decided()) decided = true;
        if (const auto every = settings.report_every; every && streams.interim) {
          // The last game's report is the match's own.
          if (total.games() / *every > reported / *every && total.games() < games && !decided)
            progress.write(streams.interim(total));
          reported = total.games();
        }
        if (games_out) {  // written as the games end, in their order, not at the match's end
          games_out->buffer() += played.records.view();
          games_out->flush();
        }
        if (streams.blunders) {
          streams.blunders->buffer() += played.blunders.view();
          streams.blunders->flush();
        }
      });
  // No sum here passes `games`, which may be as large as 2^64 - 1. The blocks keep to multiples
  // of their size after a resumed match too, so that --sprt decides after the same pairs.
  for (std::uint64_t first = resumed.games; first < games && !stop();) {
    const std::uint64_t end = first + std::min(block_size - first % block_size, games - first);
    blocks.submit([&](GameBlock& block) { block = {first, end}; });
    first = end;
  }
  blocks.finish();
  total.count_distinct(settings.jobs);
  return total;
}

}  // namespace nim
