// libFuzzer harness for what comes from or names an agent (scripts/fuzz.sh builds and runs it).
// As a reply, any bytes give a move or a one-line reason, never a crash, and a move comes only
// from a line that nlohmann also reads as an object whose "move" holds two integers equal to
// it. As a spec on the command line (NAME=SPEC or SPEC), and as the --sprt test of a match, they
// give a value or one usage error of one line; a name split off has only the characters allowed.
// Every --sprt test read gives a finite log-likelihood ratio.
// As a start-up reply asking for events, a game after Nim's reply, or a --games-out record read
// back by --resume, they give a value or a one-line error, never a crash.
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
  one_line_error([&] { (void)nim::read_requested_events(line); });
  (void)nim::read_game_record(line);  // a record to replay (--resume), or none
  (void)nim::read_engine_game_record(line);
  // A game after Nim's reply: a move in one of its forms (a split's parts in order), or a reason.
  const auto game_reply = nim::read_game_reply(line);
  if (const auto* reason = std::get_if<std::string>(&game_reply)) {
    if (reason->find('\n') != std::string::npos) std::abort();
  } else {
    const auto& game_move = std::get<nim::ProposedGameMove>(game_reply).move;
    if (game_move.takes.empty() ||
        (game_move.split && (*game_move.split)[1] < (*game_move.split)[0]))
      std::abort();
  }
  const auto reply = nim::read_reply(line);
  if (const auto* reason = std::get_if<std::string>(&reply)) {
    if (reason->find('\n') != std::string::npos) std::abort();
    return 0;
  }
  const auto& move = std::get<nim::ProposedMove>(reply);
  if (sgn(move.heap) < 0 || sgn(move.count) < 0) std::abort();  // a negative number is no move
  if (line.find('\0') != std::string_view::npos || line.starts_with("\xEF\xBB\xBF")) return 0;
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(line);
  } catch (const nlohmann::json::out_of_range&) {
    return 0;  // a number beyond a double: nlohmann's limit, not JSON's
  }
  const auto& theirs = json.at("move");
  if (!theirs.is_array() || theirs.size() != 2) std::abort();
  for (int i = 0; i < 2; ++i) {
    const nim::BigHeap& ours = i == 0 ? move.heap : move.count;
    if (theirs[i].is_number_unsigned()) {
      if (ours != nim::BigHeap(std::to_string(theirs[i].get<std::uint64_t>()))) std::abort();
    } else if (theirs[i].is_number_integer()) {
      if (ours != nim::BigHeap(std::to_string(theirs[i].get<std::int64_t>()))) std::abort();
    } else if (!theirs[i].is_number_float()) {  // an integer beyond 64 bits reads as a double
      std::abort();
    }
  }
  return 0;
}
