#include "cli/commands/agent_start_check.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <system_error>
#include <variant>

#include "cli/commands/match_agents.hpp"
#include "cli/commands/match_positions.hpp"
#include "cli/input/options.hpp"
#include "cli/system/interrupt.hpp"
#include "format/match_records.hpp"
#include "nim/engine/game_engine.hpp"
#include "nim/games/sum/sum.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// How far the start-up position's search goes: heaps of a game (Wythoff's: 2); objects in each,
// one by one, then by powers of two (a subtraction game's least take may be 1,000,000, and an
// all-but subtraction game looks through the counts it refuses at each size).
constexpr std::size_t most_heaps_tried = 8;
constexpr SmallHeap most_objects_one_by_one = 4096;
constexpr SmallHeap most_objects_tried = SmallHeap{1} << 21;  // beyond every take named

// The start-up position of a game after Nim; when nothing within the search has a move, the
// fewest heaps of one object the game is played on.
Position<SmallHeap> first_position_with_a_move(const GameEngine<SmallHeap>& game) {
  std::optional<Position<SmallHeap>> played_on;
  for (std::size_t heaps = 1; heaps <= most_heaps_tried; ++heaps) {
    for (SmallHeap size = 1; size <= most_objects_tried;
         size = size < most_objects_one_by_one ? size + 1 : 2 * size) {
      const Position<SmallHeap> position(heaps, size);
      try {
        game.check(std::span<const SmallHeap>(position));
      } catch (const Unanswerable&) {
        break;  // not played on this many heaps (whatever their sizes)
      }
      if (!played_on) played_on = position;
      try {
        if (game.has_move(std::span<const SmallHeap>(position))) return position;
      } catch (const Unanswerable&) {
        break;  // beyond the Grundy values known: so are the larger heaps
      }
    }
  }
  return played_on.value_or(Position<SmallHeap>{1});
}

// Why a program did not reply to its first request in time. A program that has not read the
// request is still starting (it loads a model, say): --start-timeout. One that has read it has
// often left its reply in its output buffer, which a person seldom guesses.
std::string silence_hint(const AgentProcess& process) {
  constexpr const char* longer =
      "a program that takes longer to start (one that loads a model) needs a longer "
      "--start-timeout";
  if (process.timed_out_unread()) return std::string(", which it has not read: ") + longer;
  return std::string(
             ", which it has read: the usual cause is a reply left in the program's output "
             "buffer: flush after each reply (Python: print(reply, flush=True)), as "
             "agent-protocol.md says (docs/ in the sources, /usr/share/doc/nim-game/ when "
             "installed); ") +
         longer;
}

}  // namespace

Position<SmallHeap> start_up_position(const MatchSettings& settings) {
  if (!settings.sum) return first_position_with_a_move(*make_engine<SmallHeap>(settings.prepared));
  // A sum's: each game's, side by side.
  std::vector<Position<SmallHeap>> parts;
  for (const PreparedGame& game : settings.sum->games)
    parts.push_back(first_position_with_a_move(*make_engine<SmallHeap>(game)));
  return sum_position(parts);
}

std::string start_up_request(const MatchSettings& settings) {
  const Position<SmallHeap> position = start_up_position(settings);
  Buffer request;
  JsonWriter w(request, false);
  write_agent_request(w, std::span<const SmallHeap>(position), match_game_words(settings), 0, 0,
                      Player::first, 0);
  request += '\n';
  return request.str();
}

std::vector<AgentAsks> check_agents_start(const MatchSettings& settings, AgentLog* log) {
  std::vector<AgentAsks> asks(settings.agents.size());
  const bool any_program = std::any_of(
      settings.agents.begin(), settings.agents.end(),
      [](const AgentSpec& agent) { return std::holds_alternative<ExternalAgent>(agent); });
  if (!any_program) return asks;
  const std::string request = start_up_request(settings);

  for (std::size_t i = 0; i < settings.agents.size(); ++i) {
    const auto* external = std::get_if<ExternalAgent>(&settings.agents[i]);
    if (!external) continue;
    const std::string named = "agent " + quoted(settings.specs[i]) + " cannot be started: ";
    const double timeout = start_timeout_of(*external, settings.start_timeout);
    std::optional<AgentProcess> process;
    try {
      process.emplace(external->command);
    } catch (const std::system_error& e) {
      throw UsageError(named + e.what());
    }
    if (log) log->write(0, settings.names[i], "started", external->command);
    std::variant<std::string, AgentFault> reply;
    try {
      reply = logged_exchange(*process, {log, 0, settings.names[i]}, request, timeout);
    } catch (const Interrupted&) {
      return asks;  // the program is killed as it goes; the match plays no game
    }
    if (const auto* fault = std::get_if<AgentFault>(&reply)) {
      switch (fault->termination) {
        case Termination::timeout:
          throw UsageError(named + "no reply to its first request within " +
                           plain_decimal(timeout) + " s" + silence_hint(*process));
        case Termination::exited:
          throw UsageError(named + "it " + fault->message + " before its first reply");
        default:  // a reply too long, or more than one line
          throw UsageError(named + fault->message);
      }
    }
    try {
      asks[i] = read_start_up_asks(std::get<std::string>(reply));
    } catch (const UsageError& e) {
      throw UsageError(named + e.what());
    }
    process->finish(finish_grace);
  }
  return asks;
}

}  // namespace nim
