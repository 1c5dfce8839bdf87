// libFuzzer harness for what comes from or names an agent (scripts/fuzz.sh builds and runs it).
// As a reply, any bytes give a move or a one-line reason, never a crash, and a move of one take
// comes only from a line that nlohmann also reads as an object whose "move" holds two integers
// equal to it. As a spec on the command line (NAME=SPEC or SPEC), and as the --sprt test of a
// match, they give a value or one usage error of one line; a name split off has only the characters
// allowed. Every --sprt test read gives a finite log-likelihood ratio. As --time-control, they give
// a clock of a base above 0 or a one-line usage error; a decimal read as whole units writes back
// as itself, less its trailing zeros. As a start-up reply asking
// for events, or a --games-out record read back by --resume, they give a value or a one-line error,
// never a crash.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/input/agent_reply.hpp"
#include "cli/input/agent_spec.hpp"
#include "cli/input/game_record.hpp"
#include "cli/input/options.hpp"
#include "cli/input/sprt_spec.hpp"
#include "cli/input/time_control.hpp"
#include "text/decimal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto one_line_error = [](const auto& parse) {
    try {
      parse();
    } catch (const nim::UsageError& e) {
      if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
    }
  };
  const nim::NamedSpec named = nim::split_agent_name(line);
  if (named.name && (named.name->empty() || named.name->find_first_not_of(
                                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                                                "WXYZ0123456789_-.") != std::string::npos))
    std::abort();
  one_line_error([&] { (void)nim::parse_agent_spec(named.spec); });
  one_line_error([&] {
    const nim::Sprt test = nim::parse_sprt(line);
    if (!(test.elo0 < test.elo1) || !(test.alpha > 0 && test.alpha < 0.5)) std::abort();
    // Every test the reader lets through gives a number, on any counts.
    for (const nim::Pentanomial& pairs :
         {nim::Pentanomial{{0, 0, 1, 0, 0}}, nim::Pentanomial{{0, 0, 0, 0, 3}},
          nim::Pentanomial{{2, 1, 5, 0, 9}}})
      if (!std::isfinite(nim::log_likelihood_ratio(pairs, test))) std::abort();
  });
  one_line_error([&] {
    if (nim::read_time_control("--time-control", line).base == 0) std::abort();
  });
  if (const auto units = nim::read_fixed_point(line, 3)) {
    const std::string written = nim::fixed_point(*units, 3);
    if (nim::read_fixed_point(written, 3) != units) std::abort();
  }
  one_line_error([&] { (void)nim::read_start_up_asks(line); });
  (void)nim::read_game_record(line);  // a record to replay (--resume), or none
  // A reply of a sum's move: the component and a move of one of the forms, or a one-line reason.
  const auto of_sum = nim::read_reply(line, "a move of one game of the sum", /*of_sum=*/true);
  if (const auto* reason = std::get_if<std::string>(&of_sum)) {
    if (reason->find('\n') != std::string::npos) std::abort();
  } else {
    const auto& proposed = std::get<nim::ProposedGameMove>(of_sum);
    if (!proposed.in_component || proposed.in_component->move != proposed.move) std::abort();
  }
  // A reply: a move in one of its forms (a split's parts in order), or a one-line reason.
  const auto reply = nim::read_reply(line, "a move");
  if (const auto* reason = std::get_if<std::string>(&reply)) {
    if (reason->find('\n') != std::string::npos) std::abort();
    return 0;
  }
  const auto& move = std::get<nim::ProposedGameMove>(reply).move;
  if (move.takes.empty() || (move.split && (*move.split)[1] < (*move.split)[0])) std::abort();
  for (const auto& take : move.takes)
    if (sgn(take.count) < 0) std::abort();  // a negative number is no move
  if (move.takes.size() != 1 || move.split) return 0;
  if (line.find('\0') != std::string_view::npos || line.starts_with("\xEF\xBB\xBF")) return 0;
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(line);
  } catch (const nlohmann::json::out_of_range&) {
    return 0;  // a number beyond a double: nlohmann's limit, not JSON's
  }
  // A move of one take: "move" holds two whole numbers ([heap, count], or [[heap, count]] in the
  // form of several heaps), the heap (a heap beyond the machine's indexes is kept as the largest
  // index) and the count, exact.
  const nlohmann::json* move_value = &json.at("move");
  if (move_value->is_array() && move_value->size() == 1) move_value = &(*move_value)[0];
  const auto& theirs = *move_value;
  if (!theirs.is_array() || theirs.size() != 2) std::abort();
  const auto& [heap, count] = move.takes.front();
  if (theirs[0].is_number_unsigned()) {
    if (heap != theirs[0].get<std::uint64_t>()) std::abort();
  } else if (!theirs[0].is_number_float() &&
             !(theirs[0].is_number_integer() && theirs[0].get<std::int64_t>() == 0)) {
    std::abort();  // -0 is 0; an integer beyond 64 bits reads as a double
  }
  if (theirs[1].is_number_unsigned()) {
    if (count != nim::BigHeap(std::to_string(theirs[1].get<std::uint64_t>()))) std::abort();
  } else if (theirs[1].is_number_integer()) {
    if (count != nim::BigHeap(std::to_string(theirs[1].get<std::int64_t>()))) std::abort();
  } else if (!theirs[1].is_number_float()) {
    std::abort();
  }
  return 0;
}
