// What the match command line asks for, checked: what the command reads, the runner plays.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/input/agent_reply.hpp"
#include "cli/input/agent_spec.hpp"
#include "cli/input/game_options.hpp"
#include "cli/input/options.hpp"
#include "nim/any_position.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/match_clock.hpp"
#include "nim/pentanomial.hpp"
#include "nim/ratings.hpp"
#include "nim/sampling.hpp"

namespace nim {

struct MatchSettings {
  static constexpr std::uint64_t default_games = 100;
  static constexpr double default_move_timeout = 5;
  // A program's first reply includes its start, which may load a model: a minute.
  static constexpr double default_start_timeout = 60;

  GameOptions game;  // the strategy, the seed and the output; the game is `prepared`
  // The game played (Nim, or --game, --octal, ...), its values computed for the largest start
  // heap once the starts are known.
  PreparedGame prepared{spec_of_kind(GameSpec::Kind::nim), BigHeap(0)};
  // A sum of different games (--sum), played instead: each game in normal play (the sum is played
  // misère or not as a whole), prepared likewise; none when one game is played.
  struct Sum {
    std::vector<GameSpec> specs;
    std::vector<std::string> texts;  // each --sum as given
    std::vector<PreparedGame> games{};
    bool misere = false;
    std::uint64_t search_limit = GameSpec{}.search_limit;
  };
  std::optional<Sum> sum;
  std::vector<std::string> specs;
  std::vector<std::string> names;
  std::vector<AgentSpec> agents;
  std::vector<AgentAsks> asks;  // what each agent asked for at the start-up check
  std::uint64_t seed = 0;
  std::uint64_t games_per_pair = default_games;
  std::vector<AnyPosition> positions;  // from --positions; none: drawn from the seed
  Range<std::size_t> heap_count{3, 5};
  BigHeap max_size = 10;
  unsigned jobs = 1;
  std::optional<std::string> games_out;     // --games-out, or the file of --resume
  std::optional<std::string> blunders_out;  // --blunders-out
  bool resume = false;                      // go on from the games in games_out
  double move_timeout = default_move_timeout;
  double start_timeout = default_start_timeout;  // a program's first reply, each time it starts
  std::optional<TimeControl> time_control;       // --time-control: each program's clock a game
  std::uint64_t max_plies = default_max_plies;
  std::optional<Sprt> sprt;                   // stop once the test of the two agents is decided
  std::optional<std::uint64_t> report_every;  // an interim report on stderr every N games
  std::optional<std::string> log;             // --log: every line exchanged with the programs
  std::size_t gauntlet = 0;  // --gauntlet N: the first N agents play every other; 0: all play all
  std::optional<RatingAnchor> anchor;  // --anchor NAME=ELO
};

// The games of the sum played, 0 when one game is.
inline std::size_t sum_games(const MatchSettings& settings) {
  return settings.sum ? settings.sum->specs.size() : 0;
}

// The options of nim-game match.
std::vector<OptionGroup> match_options();

// The settings the match command line asks for, with `agents` its agent specs (the match's
// operands; check-agent's program and its opponent), checked: UsageError otherwise.
MatchSettings read_match_settings(const ParsedOptions& given, std::span<const std::string> agents);

}  // namespace nim
