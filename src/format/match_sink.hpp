// Where a match's output goes: the record of each game (--games-out) and the report. A command
// picks its sink once, from --format, and never asks again which format is in use; a new format is
// a new sink.
#pragma once

#include <span>
#include <string>

#include "format/match_records.hpp"
#include "format/text.hpp"
#include "nim/games/capabilities.hpp"
#include "nim/match.hpp"
#include "nim/match_game.hpp"
#include "nim/match_statistics.hpp"
#include "text/buffer.hpp"

namespace nim {

class MatchSink {
 public:
  virtual ~MatchSink() = default;

  // One game's record, a JSON line of its own whatever the format (--games-out holds records to
  // replay, not to read), appended to `out`; `names` and `specs` by agent (no specs: the record
  // as nim-game wrote it before it kept them). Called from several threads at once.
  void game(Buffer& out, const ScheduledGame& scheduled, const MatchGame<SmallHeap>& game,
            const AnyGameWords& words, std::span<const std::string> names,
            std::span<const std::string> specs) const;
  void game(Buffer& out, const ScheduledGame& scheduled, const MatchGame<BigHeap>& game,
            const AnyGameWords& words, std::span<const std::string> names,
            std::span<const std::string> specs) const;

  // The report of the whole match, appended to `out`.
  virtual void report(Buffer& out, const MatchReport& report,
                      const MatchStatistics& statistics) const = 0;
};

// The report as one JSON object (indented with --pretty), each game a JSON line.
class JsonMatchSink final : public MatchSink {
 public:
  explicit JsonMatchSink(bool pretty) : pretty_(pretty) {}

  void report(Buffer& out, const MatchReport& report,
              const MatchStatistics& statistics) const override;

 private:
  bool pretty_;
};

// The report as sentences and tables for a person.
class TextMatchSink final : public MatchSink {
 public:
  explicit TextMatchSink(TextStyle style) : style_(style) {}
  void report(Buffer& out, const MatchReport& report,
              const MatchStatistics& statistics) const override;

 private:
  TextStyle style_;
};

}  // namespace nim
