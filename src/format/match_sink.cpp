#include "format/match_sink.hpp"

#include "format/json_writer.hpp"
#include "format/match_text.hpp"

namespace nim {

namespace {

template <HeapInteger Heap>
void write_game_line(Buffer& out, const ScheduledGame& scheduled, const MatchGame<Heap>& game,
                     const AnyGameWords& words, std::span<const std::string> names,
                     std::span<const std::string> specs) {
  JsonWriter w(out, false);
  write_game_record(w, scheduled, game, words, names, specs);
  out += '\n';
}

}  // namespace

void MatchSink::game(Buffer& out, const ScheduledGame& scheduled, const MatchGame<SmallHeap>& game,
                     const AnyGameWords& words, std::span<const std::string> names,
                     std::span<const std::string> specs) const {
  write_game_line(out, scheduled, game, words, names, specs);
}

void MatchSink::game(Buffer& out, const ScheduledGame& scheduled, const MatchGame<BigHeap>& game,
                     const AnyGameWords& words, std::span<const std::string> names,
                     std::span<const std::string> specs) const {
  write_game_line(out, scheduled, game, words, names, specs);
}

void JsonMatchSink::report(Buffer& out, const MatchReport& report,
                           const MatchStatistics& statistics) const {
  JsonWriter w(out, pretty_);
  write_match_report(w, report, statistics);
  out += '\n';
}

void TextMatchSink::report(Buffer& out, const MatchReport& report,
                           const MatchStatistics& statistics) const {
  write_match_text(out, report, statistics, style_);
}

}  // namespace nim
