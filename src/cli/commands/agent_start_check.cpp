#include "cli/commands/agent_start_check.hpp"

#include <optional>
#include <span>
#include <system_error>
#include <variant>

#include "cli/commands/match_agents.hpp"
#include "cli/input/options.hpp"
#include "format/match_records.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// A program that answers but does not flush waits for ever with its reply in its buffer: the
// usual cause of a silent agent, and one a person seldom guesses.
constexpr const char* unflushed_hint =
    "; the usual cause is a reply left in the program's output buffer: flush after each reply "
    "(Python: print(reply, flush=True)), as agent-protocol.md says (docs/ in the sources, "
    "/usr/share/doc/nim-game/ when installed)";

}  // namespace

std::vector<AgentEvents> check_agents_start(const std::vector<AgentSpec>& agents,
                                            const std::vector<std::string>& specs,
                                            const AnyRules& rules,
                                            const std::optional<GameSpec>& after_nim,
                                            double move_timeout) {
  std::vector<AgentEvents> events(agents.size());
  for (std::size_t i = 0; i < agents.size(); ++i) {
    const auto* external = std::get_if<ExternalAgent>(&agents[i]);
    if (!external) continue;
    const std::string named = "agent " + quoted(specs[i]) + " cannot be started: ";
    std::optional<AgentProcess> process;
    try {
      process.emplace(external->command);
    } catch (const std::system_error& e) {
      throw UsageError(named + e.what());
    }
    Buffer request;
    JsonWriter w(request, false);
    const Position<BigHeap> one_object{1};
    if (after_nim)
      write_agent_request(w, std::span<const BigHeap>(one_object), GameWords(*after_nim), 0, 0,
                          Player::first);
    else
      std::visit(
          [&](const auto& big) {
            write_agent_request(w, std::span<const BigHeap>(one_object), big, 0, 0, Player::first);
          },
          rules.big());
    request += '\n';
    const auto reply = process->exchange(request.view(), move_timeout);
    if (const auto* fault = std::get_if<AgentFault>(&reply)) {
      if (fault->termination == Termination::timeout)
        throw UsageError(named + "no reply to its first request within " +
                         plain_decimal(move_timeout) + " s" + unflushed_hint);
      if (fault->termination == Termination::exited)
        throw UsageError(named + "it " + fault->message + " before its first reply");
    } else {
      try {
        events[i] = read_requested_events(std::get<std::string>(reply));
      } catch (const UsageError& e) {
        throw UsageError(named + e.what());
      }
    }
    process->finish(finish_grace);
  }
  return events;
}

}  // namespace nim
