#include "cli/commands/playout_options.hpp"

#include <array>
#include <cstdio>
#include <string>

#include "cli/input/heap_text.hpp"
#include "nim/move_record.hpp"

namespace nim {

namespace {

constexpr std::array<Named<Trace>, 2> traces{{{"full", Trace::full}, {"moves", Trace::moves}}};

}  // namespace

OptionGroup playout_options() {
  return {
      "Playout",
      {
          {.name = option::playout, .help = "play the game out, one record per ply (JSON Lines)"},
          {.name = option::max_plies,
           .value = "N",
           .help = "stop the playout after N plies, or never: unlimited (default 1000000)"},
          {.name = option::trace,
           .value = "FORM",
           .help = "playout records: full, or moves (ply, move, winning, done only)",
           .choices = names_of<Trace>(traces)},
      }};
}

PlayoutRequest read_playout_request(const ParsedOptions& given) {
  PlayoutRequest request;
  request.playout = given.has(option::playout);
  if (const auto* text = given.value(option::max_plies)) {
    request.default_limit = false;
    if (*text == "unlimited")
      request.max_plies = no_ply_limit;
    else if (const auto plies = parse_integer(*text); plies && *plies >= 0 && fits_small(*plies))
      request.max_plies = to_small(*plies);
    else
      throw UsageError("--max-plies " + quoted(*text) +
                       " is not a whole number from 0 to 18446744073709551615, nor unlimited");
  }
  if (const auto* text = given.value(option::trace))
    request.trace = parse_named<Trace>("--trace", *text, traces);
  return request;
}

void check_playout_request(const ParsedOptions& given, const PlayoutRequest& request, bool move,
                           bool all_moves, bool explain, bool text) {
  if (move && request.playout)
    throw UsageError("--move judges one move; it cannot be used with --playout");
  for (const std::string_view needs_playout : {option::max_plies, option::trace})
    if (given.has(needs_playout) && !request.playout)
      throw UsageError(dashed(needs_playout) + " needs --playout");
  if (all_moves && request.playout && request.trace == Trace::moves)
    throw UsageError("--all-moves adds to the full record; --trace moves leaves it out");
  if (explain && request.playout && request.trace == Trace::moves)
    throw UsageError("--explain adds to the full record; --trace moves leaves it out");
  if (text && given.has(option::trace))
    throw UsageError(
        "--trace chooses the JSON records of a playout; it cannot be used with "
        "--format text");
}

void report_default_limit(Output& out) {
  out.flush();
  std::fprintf(stderr,
               "nim-game: a playout stopped at the default limit of %llu plies; "
               "--max-plies N or --max-plies unlimited plays on\n",
               static_cast<unsigned long long>(default_max_plies));
}

}  // namespace nim
