#include "cli/commands/match_resume.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <type_traits>

#include "cli/commands/match_engine_game.hpp"
#include "cli/commands/match_positions.hpp"
#include "cli/input/game_record.hpp"
#include "cli/input/heap_game_text.hpp"
#include "cli/input/json_reader.hpp"
#include "cli/system/line_reader.hpp"
#include "cli/system/output.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "text/escape.hpp"

namespace nim {

namespace {

// A value of the file as a message shows it: as written when it is short and safe to show (the
// file may hold anything), else quoted and cut.
std::string shown(std::string_view value) {
  constexpr std::size_t most = 100;
  if (value.size() <= most && is_safe_to_show(value)) return std::string(value);
  return quoted(value.substr(0, most)) + (value.size() > most ? "..." : "");
}

// The record with the octal code of its rules in normal form: a file written by --octal 0.770
// resumes as the game 0.77, which the records now name.
std::string with_normal_rules(std::string_view record) {
  try {
    JsonReader json(record);
    if (json.peek() != JsonReader::Kind::object) return std::string(record);
    json.begin_object();
    std::string key;
    while (json.next_key(key)) {
      const std::string_view value = json.skip();
      if (key != "rules") continue;
      const auto at = static_cast<std::size_t>(value.data() - record.data());
      return std::string(record.substr(0, at)) + with_normal_octal_code(value) +
             std::string(record.substr(at + value.size()));
    }
  } catch (const JsonError&) {
  }
  return std::string(record);
}

// Why a record does not replay, from the first key whose value differs.
std::string difference(const RecordedGame& file, const RecordedGame& replayed) {
  for (const auto& [key, ours] : replayed.fields) {
    const std::string_view written = file.field(key);
    if (written == ours) continue;
    const std::string theirs = shown(written);
    if (key == "game") return "it is game " + theirs + " where game " + shown(ours) + " was due";
    if (key == "start")
      return "it starts from " + theirs + ", this match from " + shown(ours) +
             ": resume with the interrupted match's --seed, --games, --heap-count, --max-size or "
             "--positions";
    if (key == "rules")
      return "it was played under " + theirs + ", this match under " + shown(ours) +
             ": resume with the interrupted match's rules";
    if (key == "first" || key == "second")
      return "its " + key + " agent is " + theirs + ", in this match " + shown(ours) +
             ": resume with the interrupted match's agents, names and --games";
    if (key == "first_spec" || key == "second_spec") {
      const std::string side = key.substr(0, key.find('_'));
      const std::string name = shown(file.field(side));
      if (written.empty()) return "it has no spec of its " + side + " agent " + name;
      return "its " + side + " agent " + name + " is " + theirs + ", in this match " + shown(ours) +
             ": resume with the interrupted match's agents";
    }
    return "its \"" + key + "\" is not what its moves give under this match's settings (" + theirs +
           " in the file, " + shown(ours) +
           " replayed): the file was changed, or --max-plies differs";
  }
  return "its keys are not those of a game record";
}

}  // namespace

ResumedMatch resume_match(const MatchSettings& settings, const MatchSink& sink, int fd,
                          const std::string& path) {
  const std::string named = "--resume " + quoted(path);
  struct stat status {};
  if (::fstat(fd, &status) != 0) throw ReadError(named + ": " + std::strerror(errno));
  const auto size = static_cast<std::uint64_t>(status.st_size);
  char last = '\n';
  if (size > 0 && ::pread(fd, &last, 1, static_cast<off_t>(size - 1)) != 1)
    throw ReadError(named + ": " + std::strerror(errno));

  const Schedule schedule(settings.specs.size(), settings.games_per_pair, settings.gauntlet);
  const MatchSeeds seeds(settings.seed);
  ResumedMatch resumed{MatchStatistics(settings.specs.size(), sum_games(settings))};
  const AnyGameWords words = match_game_words(settings);
  const MatchEngines engines(settings);
  const std::function<bool()> never = [] { return false; };  // a replay is not given up
  LineReader lines(fd);
  std::uint64_t whole = 0;  // the bytes of the records replayed
  std::string unchecked;    // where the first record without the agents' specs is
  while (const auto line = lines.next([] {})) {
    if (last != '\n' && whole + line->size() == size) break;  // cut off mid-write: played again
    const std::uint64_t index = resumed.games;
    const std::string where = named + ": line " + std::to_string(index + 1);
    if (index >= schedule.games())
      throw UsageError(named + " holds more games than the " + std::to_string(schedule.games()) +
                       " of this match");
    const ScheduledGame scheduled = schedule.game(index);
    AnyPosition start = match_start(settings, engines, seeds, scheduled.start);
    Buffer replayed;
    // The game is played again from the record, each turn answered as the agent answered it:
    // its moves in turn, then how its last turn ended. `answer` makes the loop's answer type.
    std::size_t next = 0;
    const auto recorded_answer = [&](const auto& recorded, const auto& answer) {
      if (next < recorded.moves.size()) return answer(recorded.moves[next++]);
      if (recorded.illegal) return answer(*recorded.illegal);
      if (recorded.fault) return answer(*recorded.fault);
      return answer(AgentFault{Termination::bad_reply, "the record ends here"});
    };
    const auto check = [&](const RecordedGame& recorded) {
      if (replayed.view() != std::string(*line) + '\n' &&
          replayed.view() != with_normal_rules(*line) + '\n')
        throw UsageError(where + " does not replay: " +
                         difference(recorded, *read_game_record(replayed.view())));
    };
    const auto not_a_record = [&] {
      return UsageError(where + " is not a game record of match --games-out");
    };
    // The agents' specs, unless the record has none: one written before nim-game kept them is
    // replayed as it was written, its agents checked by name alone (said once, at the end).
    std::span<const std::string> specs(settings.specs);
    const auto without_specs = [&](const auto& recorded) {
      if (!recorded.field("first_spec").empty() || !recorded.field("second_spec").empty()) return;
      specs = {};
      if (unchecked.empty()) unchecked = where;
    };
    const auto recorded = read_game_record(*line);
    if (!recorded) throw not_a_record();
    without_specs(*recorded);
    // Every move as recorded, the built-in agents' too.
    SplitMix64 unused(0);
    play_engine_game(
        settings, engines, scheduled, std::move(start), never, {}, unused,
        [&](Player, const auto& board, std::uint64_t) {
          return recorded_answer(*recorded, [&](auto answer) {
            // A sum's move, recorded in its component, is placed as the program's was.
            if constexpr (std::is_same_v<decltype(answer), ProposedGameMove>)
              if (answer.in_component)
                place_in_sum(answer, board.heaps(), words.sum()->components.size());
            return AgentAnswer<HeapOf<decltype(board)>>(std::move(answer));
          });
        },
        [&](const auto& game) {
          resumed.statistics.add(scheduled, game);
          sink.game(replayed, scheduled, game, words, std::span<const std::string>(settings.names),
                    specs);
        });
    check(*recorded);
    whole += line->size() + 1;
    ++resumed.games;
  }
  if (whole < size && ::ftruncate(fd, static_cast<off_t>(whole)) != 0)
    throw WriteError(named + ": " + std::strerror(errno));
  if (!unchecked.empty())
    std::fprintf(stderr,
                 "nim-game: %s was written without the agents' specs (by an older nim-game): its "
                 "agents are checked by name only\n",
                 unchecked.c_str());
  return resumed;
}

}  // namespace nim
