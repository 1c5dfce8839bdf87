// nim-game match: agents play each other from paired starts (each start twice, once with each
// agent moving first), every pair of agents in turn, and the report says how each played, every
// move judged against exact play. Games run on --jobs threads in blocks; the blocks are gathered
// in game order, so the report and the game records do not depend on --jobs.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <variant>
#include <vector>

#include "cli/commands/command.hpp"
#include "cli/input/agent_reply.hpp"
#include "cli/input/agent_spec.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/heap_text.hpp"
#include "cli/system/agent_process.hpp"
#include "cli/system/exit_status.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/terminal.hpp"
#include "format/match_records.hpp"
#include "format/match_text.hpp"
#include "nim/agent.hpp"
#include "nim/any_position.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "nim/match_statistics.hpp"

namespace nim {

namespace {

constexpr std::uint64_t default_games = 100;
constexpr double default_move_timeout = 5;
constexpr double longest_move_timeout = 1'000'000;
constexpr std::uint64_t default_max_plies = 1'000'000;
constexpr std::uint64_t most_heaps = 1'000'000;
// When the match is over, a program gets this long to exit after its input is closed.
constexpr std::chrono::milliseconds finish_grace{1000};

std::vector<OptionGroup> match_options() {
  return {
      {"",
       {
           {.name = "games",
            .value = "N",
            .help = "games for each pair of agents, even: each start twice, once with each agent "
                    "first (default 100)"},
           {.name = "positions",
            .value = "FILE",
            .help = "start positions, one a line in the --batch forms, used in order and cycling"},
           {.name = "heap-count",
            .value = "A..B",
            .help = "otherwise starts are drawn from the seed: A to B heaps (default 3..5)"},
           {.name = "max-size",
            .value = "M",
            .help = "of sizes 0 to M, never all empty (default 10)"},
           jobs_option("games played at once: threads, and one program per job for each cmd: "
                       "agent (default 1; 0: one per core)"),
           {.name = "games-out",
            .value = "FILE",
            .help = "write one JSON record per game to FILE, in game order"},
           {.name = "move-timeout",
            .value = "SECONDS",
            .help = "a cmd: agent that has not replied by then loses the game (default 5)"},
           {.name = "max-plies",
            .value = "N",
            .help = "a game still going after N plies goes to the side exact play says wins "
                    "(default 1000000)"},
       }},
      rule_options(),
      choice_options(),
      output_options(),
  };
}

// What the command line asks for, checked.
struct MatchSettings {
  GameOptions game;
  std::vector<std::string> specs;
  std::vector<std::string> names;
  std::vector<AgentSpec> agents;
  std::uint64_t seed = 0;
  std::uint64_t games_per_pair = default_games;
  std::vector<AnyPosition> positions;  // from --positions; none: drawn from the seed
  Range<std::size_t> heap_count{3, 5};
  BigHeap max_size = 10;
  unsigned jobs = 1;
  std::optional<std::string> games_out;
  double move_timeout = default_move_timeout;
  std::uint64_t max_plies = default_max_plies;
};

// The start positions of --positions FILE, in order. Every failure is a usage error that names
// the file (and the line).
std::vector<AnyPosition> read_positions(const std::string& path, const AnyRules& rules) {
  const std::string named = "--positions " + quoted(path);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw UsageError(named + ": " + std::strerror(errno));
  std::vector<AnyPosition> positions;
  try {
    LineReader reader(fd);
    AnyPosition position;
    std::uint64_t line_number = 0;
    while (const auto line = reader.next([] {})) {
      ++line_number;
      if (is_comment_or_blank(*line)) continue;
      const std::string where = named + " line " + std::to_string(line_number) + ": ";
      if (std::string error = read_heaps(*line, position); !error.empty())
        throw UsageError(where + error);
      // with_heaps moves the sizes to GMP if the cap needs it: once here, not in every game.
      const bool over = with_heaps(position, rules, [](const auto& heaps, const auto&) {
        return std::ranges::all_of(heaps, [](const auto& h) { return is_zero(h); });
      });
      if (over) throw UsageError(where + "every heap is empty: the game is over before it starts");
      positions.push_back(position);
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  if (positions.empty()) throw UsageError(named + " holds no position");
  return positions;
}

MatchSettings read_settings(const ParsedOptions& given) {
  MatchSettings settings;
  settings.game = read_game_options(given);
  for (const std::string& operand : given.operands()) {
    settings.agents.push_back(parse_agent_spec(operand));
    settings.specs.push_back(operand);
  }
  if (settings.specs.size() < 2)
    throw UsageError("a match needs at least two agents, as in: nim-game match perfect random");
  settings.names = agent_names(settings.specs);
  for (std::size_t i = 0; i < settings.names.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (settings.names[i] == settings.names[j])
        throw UsageError("two agents are named " + quoted(settings.names[i]) +
                         ": give them different specs");

  if (const auto* text = given.value("games")) {
    settings.games_per_pair = parse_whole_number("--games", *text, 2);
    if (settings.games_per_pair % 2 != 0)
      throw UsageError("--games " + quoted(*text) +
                       " is odd: each start is played twice, once with each agent first");
    if (settings.games_per_pair > UINT64_MAX / pair_count(settings.specs.size()))
      throw UsageError("--games " + quoted(*text) + " makes more than 2^64 games in all");
  }
  if (const auto* path = given.value("positions")) {
    for (const char* generated : {"heap-count", "max-size"})
      if (given.has(generated))
        throw UsageError(std::string("--") + generated +
                         " shapes the starts drawn from the seed; --positions gives them instead");
    settings.positions = read_positions(*path, settings.game.rules);
  }
  if (const auto* text = given.value("heap-count")) {
    const auto [least, most] = parse_range("--heap-count", *text, 1);
    if (most > most_heaps)
      throw UsageError("--heap-count " + quoted(*text) + " is more than " +
                       std::to_string(most_heaps) + " heaps");
    settings.heap_count = {least, most};
  }
  if (const auto* text = given.value("max-size"))
    settings.max_size =
        parse_positive_integer("--max-size", *text, "a start needs an object to take");
  if (const auto* text = given.value("jobs")) settings.jobs = parse_jobs(*text);
  if (const auto* path = given.value("games-out")) settings.games_out = *path;
  if (const auto* text = given.value("move-timeout")) {
    const auto seconds = parse_decimal(*text);
    if (!seconds || *seconds <= 0 || *seconds > longest_move_timeout)
      throw UsageError("--move-timeout " + quoted(*text) +
                       " is not a number of seconds above 0 and at most 1000000");
    settings.move_timeout = *seconds;
  }
  if (const auto* text = given.value("max-plies"))
    settings.max_plies = parse_whole_number("--max-plies", *text, 1);
  settings.seed = settings.game.seed ? *settings.game.seed : draw_seed();
  return settings;
}

// Checks that every cmd: agent starts and answers one request (game 0, heaps [1]) before the
// first game; throws UsageError naming the one that does not.
void check_external_agents(const MatchSettings& settings) {
  for (std::size_t i = 0; i < settings.agents.size(); ++i) {
    const auto* external = std::get_if<ExternalAgent>(&settings.agents[i]);
    if (!external) continue;
    const std::string named = "agent " + quoted(settings.specs[i]) + " cannot be started: ";
    std::optional<AgentProcess> process;
    try {
      process.emplace(external->command);
    } catch (const std::system_error& e) {
      throw UsageError(named + e.what());
    }
    Buffer request;
    JsonWriter w(request, false);
    const Position<BigHeap> one_object{1};
    write_agent_request(w, std::span<const BigHeap>(one_object), settings.game.rules.big(), 0, 0,
                        Player::first);
    request += '\n';
    const auto reply = process->exchange(request.view(), settings.move_timeout);
    if (const auto* fault = std::get_if<AgentFault>(&reply)) {
      if (fault->termination == Termination::timeout)
        throw UsageError(named + "no reply to its first request within " +
                         shortest_decimal(settings.move_timeout) + " s");
      if (fault->termination == Termination::exited)
        throw UsageError(named + "it " + fault->message + " before its first reply");
    }
    process->finish(finish_grace);
  }
}

// A line on stderr, while the games are played, when stderr is a terminal: games done, games per
// second, time left. It is rewritten in place and erased at the end.
class Progress {
 public:
  explicit Progress(std::uint64_t total) : total_(total), shown_(is_terminal(2)) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress() { erase(); }  // also when an error ends the match: its message starts a clean line

  void update(std::uint64_t done) {
    if (!shown_) return;
    const auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    drawn_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line =
        "\rnim-game match: " + std::to_string(done) + " of " + std::to_string(total_) + " games";
    if (done > 0 && seconds > 0) {
      const double rate = static_cast<double>(done) / seconds;
      char text[96];
      std::snprintf(text, sizeof text, ", %.0f games/s, %.0f s left", rate,
                    static_cast<double>(total_ - done) / rate);
      line += text;
    }
    line += "\033[K";
    std::fputs(line.c_str(), stderr);
  }

  void erase() {
    if (drawn_) std::fputs("\r\033[K", stderr);
    drawn_ = false;
  }

 private:
  std::uint64_t total_;
  bool shown_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
};

// Plays the match's games on settings.jobs threads and gathers them in game order.
class MatchRunner {
 public:
  explicit MatchRunner(const MatchSettings& settings)
      : settings_(settings),
        schedule_(settings.specs.size(), settings.games_per_pair),
        seeds_(settings.seed) {}

  // Plays every game; the game records go to `games_out`, if given, in game order.
  MatchStatistics run(Output* games_out) {
    const std::uint64_t games = schedule_.games();
    // Enough blocks for every thread to stay busy, few enough to cost nothing.
    block_size_ = std::clamp<std::uint64_t>(games / (8 * settings_.jobs), 1, 256);
    const std::uint64_t blocks = (games + block_size_ - 1) / block_size_;
    window_ = 4 * settings_.jobs;
    slots_.resize(window_);
    with_records_ = games_out != nullptr;

    Progress progress(games);
    MatchStatistics total(settings_.specs.size());
    {
      Crew crew(*this);
      for (std::uint64_t block = 0; block < blocks; ++block) {
        std::unique_lock lock(mutex_);
        for (;;) {
          if (failed_) std::rethrow_exception(error_);
          if (slots_[block % window_]) break;
          lock.unlock();
          progress.update(games_done_);
          lock.lock();
          if (!slots_[block % window_] && !failed_)
            ready_.wait_for(lock, std::chrono::milliseconds(250));
        }
        Block done = std::move(*slots_[block % window_]);
        slots_[block % window_].reset();
        ++gathered_;
        lock.unlock();
        room_.notify_all();
        total.merge(std::move(done.statistics));
        if (games_out) {
          games_out->buffer() += done.records.view();
          games_out->end_record();
        }
        progress.update(games_done_);
      }
    }
    return total;
  }

 private:
  struct Block {
    MatchStatistics statistics;
    Buffer records;
  };

  // One thread's programs for the cmd: agents, one per agent, started when first needed.
  struct Worker {
    std::vector<std::unique_ptr<AgentProcess>> processes;
  };

  // The threads, stopped and joined when the gathering ends, normally or by an exception.
  class Crew {
   public:
    explicit Crew(MatchRunner& runner) : runner_(runner) {
      for (unsigned j = 0; j < runner.settings_.jobs; ++j)
        threads_.emplace_back([&runner] { runner.work(); });
    }
    ~Crew() {
      {
        std::lock_guard lock(runner_.mutex_);
        runner_.stopping_ = true;
      }
      runner_.room_.notify_all();
      for (auto& thread : threads_)
        thread.join();
    }

   private:
    MatchRunner& runner_;
    std::vector<std::thread> threads_;
  };

  void work() {
    Worker worker{std::vector<std::unique_ptr<AgentProcess>>(settings_.agents.size())};
    const std::uint64_t games = schedule_.games();
    for (;;) {
      std::uint64_t block;
      {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [&] {
          return stopping_ || failed_ || next_block_ * block_size_ >= games ||
                 next_block_ < gathered_ + window_;
        });
        if (stopping_ || failed_) return;  // abandoned: the programs are killed as worker goes
        if (next_block_ * block_size_ >= games) break;
        block = next_block_++;
      }
      Block done{MatchStatistics(settings_.specs.size()), {}};
      try {
        const std::uint64_t end = std::min(games, (block + 1) * block_size_);
        for (std::uint64_t index = block * block_size_; index < end; ++index)
          play(index, worker, done);
      } catch (...) {
        {
          std::lock_guard lock(mutex_);
          if (!failed_) error_ = std::current_exception();
          failed_ = true;
        }
        ready_.notify_all();
        room_.notify_all();
        return;
      }
      {
        std::lock_guard lock(mutex_);
        slots_[block % window_] = std::move(done);
      }
      ready_.notify_all();
    }
    for (auto& process : worker.processes)
      if (process) process->finish(finish_grace);
  }

  AnyPosition start_position(std::uint64_t start) const {
    if (!settings_.positions.empty())
      return settings_.positions[start % settings_.positions.size()];
    SplitMix64 rng(seeds_.start(start));
    if (fits_small(settings_.max_size))
      return AnyPosition(
          random_start<SmallHeap>(rng, settings_.heap_count, {0, to_small(settings_.max_size)}));
    return AnyPosition(random_start<BigHeap>(rng, settings_.heap_count, {0, settings_.max_size}));
  }

  void play(std::uint64_t index, Worker& worker, Block& block) {
    const ScheduledGame scheduled = schedule_.game(index);
    AnyPosition start = start_position(scheduled.start);
    with_heaps(start, settings_.game.rules, [&](const auto& position, const auto& rules) {
      using Heap = typename std::decay_t<decltype(position)>::value_type;
      SplitMix64 rng(seeds_.game(index));
      const auto ask = [&](Player mover, const IndexedPosition<Heap>& view,
                           std::uint64_t ply) -> AgentAnswer<Heap> {
        const std::size_t agent = mover == Player::first ? scheduled.first : scheduled.second;
        if (const auto* built_in = std::get_if<BuiltInAgent>(&settings_.agents[agent]))
          return built_in_move(*built_in, view, settings_.game.strategy, rng);
        return ask_program(worker, agent, view, scheduled.number, ply, mover);
      };
      const MatchGame<Heap> game = play_match_game(position, rules, settings_.max_plies, ask);
      if (const auto faulty = game.faulty()) {
        // The program is started again for its next game.
        worker.processes[*faulty == Player::first ? scheduled.first : scheduled.second].reset();
      }
      block.statistics.add(scheduled, game);
      if (with_records_) {
        JsonWriter w(block.records, false);
        write_game_record(w, scheduled, game, rules, std::span<const std::string>(settings_.names));
        block.records += '\n';
      }
    });
    games_done_.fetch_add(1, std::memory_order_relaxed);
  }

  template <HeapInteger Heap>
  AgentAnswer<Heap> ask_program(Worker& worker, std::size_t agent,
                                const IndexedPosition<Heap>& view, std::uint64_t game,
                                std::uint64_t ply, Player mover) {
    auto& process = worker.processes[agent];
    if (!process || !process->running()) {
      try {
        process = std::make_unique<AgentProcess>(
            std::get<ExternalAgent>(settings_.agents[agent]).command);
      } catch (const std::system_error& e) {
        return AgentFault{Termination::exited,
                          std::string("could not be started again: ") + e.what()};
      }
    }
    Buffer request;
    JsonWriter w(request, false);
    write_agent_request(w, view.heaps(), view.rules(), game, ply, mover);
    request += '\n';
    auto reply = process->exchange(request.view(), settings_.move_timeout);
    if (auto* fault = std::get_if<AgentFault>(&reply)) return std::move(*fault);
    auto move = read_reply(std::get<std::string>(reply));
    if (auto* error = std::get_if<std::string>(&move))
      return AgentFault{Termination::bad_reply, std::move(*error)};
    return std::get<ProposedMove>(std::move(move));
  }

  const MatchSettings& settings_;
  const Schedule schedule_;
  const MatchSeeds seeds_;
  std::uint64_t block_size_ = 1;
  std::uint64_t window_ = 1;  // blocks played ahead of the one being gathered, at most
  bool with_records_ = false;

  std::mutex mutex_;
  std::condition_variable ready_;            // a block is done, or a thread failed
  std::condition_variable room_;             // a block was gathered, or the threads must stop
  std::vector<std::optional<Block>> slots_;  // block b in slot b % window_
  std::uint64_t next_block_ = 0;
  std::uint64_t gathered_ = 0;
  bool stopping_ = false;
  bool failed_ = false;
  std::exception_ptr error_;
  std::atomic<std::uint64_t> games_done_ = 0;
};

int run(const ParsedOptions& given, Output& out) {
  const MatchSettings settings = read_settings(given);
  check_external_agents(settings);
  std::optional<Output> games_out;
  if (settings.games_out) {
    const int fd =
        ::open(settings.games_out->c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
      throw WriteError("cannot write --games-out " + quoted(*settings.games_out) + ": " +
                       std::strerror(errno));
    games_out.emplace(fd);
  }

  MatchRunner runner(settings);
  std::optional<MatchStatistics> played;
  try {
    played.emplace(runner.run(games_out ? &*games_out : nullptr));
    if (games_out) games_out->flush();
  } catch (const WriteError& e) {
    throw WriteError("--games-out " + quoted(*settings.games_out) + ": " + e.what());
  }
  const MatchStatistics& statistics = *played;

  const MatchReport report{.specs = settings.specs,
                           .names = settings.names,
                           .seed = settings.seed,
                           .rules = settings.game.rules.big(),
                           .games_per_pair = settings.games_per_pair,
                           .version = NIM_GAME_VERSION};
  if (settings.game.format == Format::text) {
    write_match_text(out.buffer(), report, statistics);
  } else {
    JsonWriter w(out.buffer(), settings.game.pretty);
    write_match_report(w, report, statistics);
    out.buffer() += '\n';
  }
  return exit_ok;
}

constexpr const char* epilogue = R"(Agents:
  perfect          the solver, choosing with --choose and --when-losing
  random           a non-empty heap at random, then a count from 1 to the most allowed
  difficulty:P     the perfect move with probability P (0 to 1), else the random one
  cmd:COMMAND      a program run with /bin/sh -c COMMAND that speaks the agent protocol
                   (docs/agent-protocol.md): a JSON request line in, a JSON reply line out

Examples:
  nim-game match perfect random                      100 games from 50 starts, seed drawn
  nim-game match perfect random difficulty:0.5 --games 200 --format text
  nim-game match perfect random --heap-count 3..8 --max-size 100 --seed 1 --jobs 2
  nim-game match 'cmd:python3 examples/agents/nim_sum_agent.py' perfect --games-out games.jsonl
  nim-game match 'cmd:nim-game --batch --misere' perfect --misere --move-timeout 0.5
  nim-game match perfect random --positions starts.txt --max-take 3 --pretty

Exit status: 0 the match was played (an agent's faults are results, in the report); 2 bad
command line, or a cmd: agent that cannot be started; 3 an output could not be written.
)";

}  // namespace

Command match_command() {
  return {"match",
          "play agents against each other, every move judged against exact play",
          "match AGENT AGENT [AGENT...] [OPTION...]",
          match_options,
          run,
          epilogue,
          {"perfect", "random", "difficulty:", "cmd:"}};
}

}  // namespace nim
