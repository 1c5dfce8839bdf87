// The agents of a match as one of its threads asks them for moves. A built-in agent answers at
// once; a cmd: agent is a program of the thread's own, started when first needed, sent each
// request through the agent protocol (docs/agent-protocol.md), and started again for its next
// game after a fault.
#pragma once

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cli/input/agent_reply.hpp"
#include "cli/input/agent_spec.hpp"
#include "cli/system/agent_log.hpp"
#include "cli/system/agent_process.hpp"
#include "format/game_records.hpp"
#include "format/match_records.hpp"
#include "nim/agent.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum.hpp"
#include "nim/match_clock.hpp"
#include "nim/match_game.hpp"

namespace nim {

// The fault of a program on a clock that had `left` microseconds and gave no reply within them.
AgentFault no_reply_on_time(std::uint64_t left);

// Charges `clock` with a reply that took `spent` microseconds: the fault when it took more than
// the time left (a reply read just after the deadline, in the moment the runner looks for one
// before it sleeps), else none.
std::optional<AgentFault> charge_reply(GameClock& clock, std::uint64_t spent);

// Every legal move of `heaps`, heap by heap in the game's order, or none when there are more than
// most_legal_moves_sent (counted first, so that a huge heap costs nothing).
template <HeapInteger Heap>
std::optional<std::vector<GameMove<Heap>>> legal_moves(const GameEngine<Heap>& engine,
                                                       std::span<const Heap> heaps) {
  BigHeap count = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i)
    if ((count += engine.move_count_from(heaps, i)) > most_legal_moves_sent) return std::nullopt;
  std::vector<GameMove<Heap>> moves;
  for (std::size_t i = 0; i < heaps.size(); ++i)
    engine.for_each_move_from(heaps, i, [&](const GameMove<Heap>& move) {
      moves.push_back(move);
      return true;
    });
  return moves;
}

// When the match is over, a program gets this long to exit after its input is closed.
inline constexpr std::chrono::milliseconds finish_grace{1000};

class MatchAgents {
 public:
  // `asks`: what each agent's program asked for at the start-up check (events, legal moves).
  // A program's first reply may take `start_timeout` seconds, the others `move_timeout`: the first
  // includes the program's start, each time it is started.
  // `log`: where the programs' lines go (--log), and the job (thread) this plays in; `names` the
  // agents' names. `time_control`: the match's clock (--time-control), which an agent's spec may
  // set for itself.
  MatchAgents(const std::vector<AgentSpec>& agents, const std::vector<std::string>& names,
              const std::vector<AgentAsks>& asks, double move_timeout, double start_timeout,
              std::optional<TimeControl> time_control, AgentLog* log, unsigned job)
      : agents_(agents),
        names_(names),
        asks_(asks),
        move_timeout_(move_timeout),
        start_timeout_(start_timeout),
        time_control_(time_control),
        log_(log),
        job_(job),
        programs_(agents.size()),
        clocks_(agents.size()) {}

  // The move of `agent`, a program (the built-in agents play inside the game's engine), to play
  // as `mover` at ply `ply` of game `game` (numbered from 1), on the board of the game whose rules
  // `words` name to it; `engine` lists the legal moves for a program that asked for them.
  template <HeapInteger Heap>
  AgentAnswer<Heap> ask(std::size_t agent, const MatchBoard<Heap>& board, std::uint64_t game,
                        std::uint64_t ply, Player mover, const AnyGameWords& words,
                        const GameEngine<Heap>& engine) {
    RequestMoves<Heap> legal{.asked = asks_[agent].legal_moves};
    if (legal.asked) legal.moves = legal_moves(engine, board.heaps());
    return ask_program<AgentAnswer<Heap>>(agent, board.heaps(), words, game, ply, mover, legal);
  }

  // After a game: a program that asked for it is told how the game went (it played as `player`;
  // a program stopped by its fault is not).
  template <HeapInteger Heap>
  void tell_end(std::size_t agent, std::uint64_t game_number, const MatchGame<Heap>& game,
                const AnyGameWords& words, Player player) {
    auto& program = programs_[agent];
    if (!asks_[agent].end || !program || !program->running()) return;
    Buffer event;
    JsonWriter w(event, false);
    write_end_event(w, game_number, game, words, player);
    event += '\n';
    if (log_) log_->write(job_, names_[agent], "told", event.view());
    program->tell(event.view());
  }

  // After a fault of `agent`: its program is started again for its next game.
  void restart(std::size_t agent) { programs_[agent].reset(); }

  // The match is over: each program is told so, and given finish_grace to exit.
  void finish();

 private:
  // A program's move: the request sent, its reply read (a move, with how long it took and the
  // value it gave, or why it is not one), or its fault: a fault of its own, or its clock run out.
  template <class Answer, HeapInteger Heap>
  Answer ask_program(std::size_t agent, std::span<const Heap> heaps, const AnyGameWords& words,
                     std::uint64_t game, std::uint64_t ply, Player mover,
                     const RequestMoves<Heap>& legal) {
    GameClock* clock = clock_of(agent, game);
    Buffer request;
    JsonWriter w(request, false);
    write_agent_request(
        w, heaps, words, game, ply, mover, job_, legal,
        clock ? std::optional(RequestClock{clock->left(), increment_of(agent)}) : std::nullopt);
    request += '\n';
    const auto sent = std::chrono::steady_clock::now();
    auto [reply, on_clock] = exchange(agent, request.view(), clock ? clock->left() : 0);
    const auto spent =
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                       std::chrono::steady_clock::now() - sent)
                                       .count());
    if (auto* fault = std::get_if<AgentFault>(&reply)) {
      if (on_clock && fault->termination == Termination::timeout &&
          clock->left() < seconds_to_microseconds(move_timeout_of(external(agent), move_timeout_)))
        return no_reply_on_time(clock->left());
      return std::move(*fault);
    }
    if (clock)
      if (auto late = charge_reply(*clock, on_clock ? spent : 0)) return std::move(*late);
    auto move =
        read_reply(std::get<std::string>(reply), words.reply_form(), words.sum() != nullptr);
    if (auto* error = std::get_if<std::string>(&move))
      return AgentFault{Termination::bad_reply, std::move(*error)};
    auto& proposed = std::get<ProposedGameMove>(move);
    if (proposed.in_component) place_in_sum(proposed, heaps, words.sum()->components.size());
    if (proposed.facts.think_microseconds && *proposed.facts.think_microseconds > spent)
      return AgentFault{Termination::bad_reply,
                        "\"think_ms\" is " + fixed_point(*proposed.facts.think_microseconds, 3) +
                            ", more than the " + fixed_point(spent, 3) +
                            " ms from its request to its reply"};
    proposed.facts.microseconds = spent;
    return std::move(proposed);
  }

  const ExternalAgent& external(std::size_t agent) const {
    return std::get<ExternalAgent>(agents_[agent]);
  }
  // The agent's clock control: its spec's, else the match's; none when it plays without.
  std::optional<TimeControl> time_control_of(std::size_t agent) const {
    return nim::time_control_of(external(agent), time_control_);
  }
  std::uint64_t increment_of(std::size_t agent) const { return time_control_of(agent)->increment; }
  // The agent's clock in game `game`, set to its base at the game's first request; none without
  // a time control.
  GameClock* clock_of(std::size_t agent, std::uint64_t game);
  static std::uint64_t seconds_to_microseconds(double seconds) {
    return static_cast<std::uint64_t>(std::llround(seconds * 1e6));
  }

  // Sends `request` to the program of `agent`, started if it is not running; its reply line, and
  // whether the wait was on the agent's clock. A reply that includes the program's start is
  // not: it may take the start timeout; another may take the move timeout, or, on a clock,
  // `clock_left` microseconds when that is less. Throws Interrupted when a signal stops the wait.
  struct Exchanged {
    std::variant<std::string, AgentFault> reply;
    bool on_clock = false;
  };
  Exchanged exchange(std::size_t agent, std::string_view request, std::uint64_t clock_left);

  const std::vector<AgentSpec>& agents_;
  const std::vector<std::string>& names_;
  const std::vector<AgentAsks>& asks_;
  double move_timeout_;
  double start_timeout_;
  std::optional<TimeControl> time_control_;
  AgentLog* log_;
  unsigned job_;
  std::vector<std::unique_ptr<AgentProcess>> programs_;  // of the cmd: agents, by index
  // Each agent's clock, and the game it is for (a thread plays one game at a time).
  std::vector<std::optional<std::pair<std::uint64_t, GameClock>>> clocks_;
};

}  // namespace nim
