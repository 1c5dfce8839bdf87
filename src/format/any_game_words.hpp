// What a command says of the game it plays (play, match): one game of the table, in its own words,
// or a sum of different games, whose board, moves and positions are told component by component
// ("take 2 from heap 1 in component 3"; {"component":2,"move":[0,1]}). A sum's move is a move of
// the sum's one list of heaps (nim/games/sum/sum.hpp), so its words need the board it was made on,
// or the game's start and the moves before it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>

#include "format/game_explanation_text.hpp"
#include "format/game_records.hpp"
#include "format/game_text.hpp"
#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "format/sum_records.hpp"
#include "format/sum_text.hpp"
#include "format/text.hpp"
#include "nim/game_analysis.hpp"
#include "nim/games/sum/sum.hpp"
#include "nim/games/typed_move_words.hpp"
#include "nim/match_game.hpp"
#include "text/buffer.hpp"

namespace nim {

class AnyGameWords {
 public:
  explicit AnyGameWords(GameWords game) : words_(std::move(game)) {}
  explicit AnyGameWords(SumWords sum) : words_(std::move(sum)) {}

  const SumWords* sum() const { return std::get_if<SumWords>(&words_); }
  // The one game played, when it is not a sum.
  const GameWords* game() const { return std::get_if<GameWords>(&words_); }

  bool misere() const { return sum() ? sum()->misere : game()->spec.misere; }

  // "Octal game 0.77", or "Sum of 3 games".
  std::string title() const {
    if (!sum()) return game_title(game()->spec);
    const std::size_t count = sum()->components.size();
    return "Sum of " + std::to_string(count) + (count == 1 ? " game" : " games");
  }

  // How a person types a move: a sum's is the component's number, then the move in it as that
  // component's game is typed.
  TypedMoveWords typed() const {
    if (!sum()) return typed_move_words(game()->spec);
    bool splits = false;
    for (const GameWords& component : sum()->components)
      splits = splits || moves_may_split(component.spec);
    return {.prompt = splits ? "component heap count [parts]" : "component heap count",
            .start =
                "component, then the move in it as its game alone is typed (2 4 1 takes 1 "
                "from heap 4 of component 2)",
            .unreadable = "a component, then a move in it (2 4 1)"};
  }

  // Whether every move takes objects, so that the last move takes the last object (Nim's words).
  bool takes_objects() const { return game() && game()->nim_records; }

  // "take 2 from heap 3", or in a sum "take 2 from heap 1 in component 2", heaps and components
  // numbered from 1; `from` is the board the move is made on.
  template <HeapInteger Heap>
  std::string move_words(std::span<const Heap> from, const GameMove<Heap>& move,
                         VerbForm form = VerbForm::command) const {
    if (!sum()) return game_move_words(game()->spec, move, 1, form);
    Buffer words;
    record::append_sum_move_words(words, *sum(),
                                  component_move(from, sum()->components.size(), move), 1, form);
    return words.str();
  }

  // The analysis's move and what it leaves: "take 2 from heap 1 (leaves 1 4)", in a sum "... in
  // component 1 (leaves 3 in it)".
  template <HeapInteger Heap>
  std::string move_and_rest(const GameAnalysis<Heap>& analysis) const {
    if (sum()) return detail::sum_move_sentence(*sum(), analysis);
    return game_move_words(game()->spec, *analysis.move, 1) + " (leaves " +
           heap_list(std::span<const Heap>(analysis.next_position)) + ")";
  }

  // The board, a line a heap; a sum's, each component's heaps under its number and game.
  template <HeapInteger Heap>
  void write_board(Buffer& out, std::span<const Heap> position, const TextStyle& style) const {
    if (!sum()) return nim::write_board(out, position, style);
    const auto spans = component_spans(position, sum()->components.size());
    TextStyle inner = style;
    inner.width = style.width > 2 ? style.width - 2 : style.width;  // 0: no limit
    for (std::size_t c = 0; c < spans.size(); ++c) {
      out += "Component " + std::to_string(c + 1) + ", " + sum()->titles[c] + ":\n";
      if (spans[c].count == 0) out += "  (no heap)\n";
      Buffer board;
      nim::write_board(board, position.subspan(spans[c].first, spans[c].count), inner);
      const std::string_view text = board.view();
      for (std::size_t at = 0; at < text.size();) {  // each line indented
        const std::size_t end = text.find('\n', at);
        out += "  ";
        out += text.substr(at, end + 1 - at);
        at = end + 1;
      }
    }
  }

  // The verdict and the move, as the analysis's text says them.
  template <HeapInteger Heap>
  void write_verdict_text(Buffer& out, const GameAnalysis<Heap>& analysis,
                          const TextStyle& style) const {
    if (sum()) return write_sum_verdict_text(out, *sum(), analysis, style);
    write_game_verdict_text(out, *game(), analysis, style);
  }

  // --explain's facts in words: a game's from its engine (`explain()`, asked only then), a sum's
  // Sprague–Grundy table.
  template <HeapInteger Heap, class Explain>
  WrittenExplanation<Heap> explanation(const GameAnalysis<Heap>& analysis,
                                       Explain&& explain) const {
    if (sum())
      return {sum_explanation_lines(*sum(), analysis), std::nullopt, sum_rules_text(*sum())};
    return written_explanation(game()->spec, analysis, explain());
  }

  // The rules object as the records write it, and as the agent protocol sends it.
  const std::string& rules() const { return sum() ? sum()->rules : game()->rules; }
  const std::string& protocol_rules() const {
    return sum() ? sum()->rules : game()->protocol_rules;
  }

  // A position as the keys of a line --batch reads, "heaps":[...] or a sum's "sum":[...], its
  // games' rules as the records write them or (`protocol`) as the agent protocol sends them.
  template <HeapInteger Heap>
  void write_position_keys(JsonWriter& w, std::span<const Heap> position,
                           bool protocol = false) const {
    if (sum()) return record::write_sum_components(w, *sum(), position, protocol);
    w.key("heaps");
    record::write_heaps(w, position);
  }

  // The moves of a game from `start`, as a list of moves in their forms.
  template <HeapInteger Heap, class Played>
  void write_moves(JsonWriter& w, std::span<const Heap> start,
                   std::span<const Played> moves) const {
    w.begin_array();
    if (!sum()) {
      for (const Played& played : moves)
        record::write_game_move(w, std::optional(played.move));
    } else {
      auto spans = component_spans(start, sum()->components.size());
      for (const Played& played : moves) {
        record::write_component_move(
            w, component_move(std::span<const ComponentSpan>(spans), played.move));
        advance_spans(spans, played.move);
      }
    }
    w.end_array();
  }

  // What a program's reply gives as a move, for the words of a reply that does not: the game's
  // JSON forms (its row's reply_move_form), or a sum's component and move.
  std::string_view reply_form() const {
    if (sum()) return "a move of one game of the sum, {\"component\":C,\"move\":M}";
    return reply_move_form(game()->spec);
  }

  // A move a program proposed, as it gave it.
  void write_proposed(JsonWriter& w, const ProposedGameMove& proposed) const {
    if (!proposed.in_component) return record::write_game_move(w, std::optional(proposed.move));
    record::write_component_move(
        w, ComponentMove<BigHeap>{proposed.in_component->component, proposed.in_component->move});
  }

  // Why the rules refuse a move a program proposed on `position`, heaps (and a sum's
  // components) counted from 0: "there is no heap 9: ...", "in component 1, heap 0 has only 2
  // objects, fewer than 5".
  template <HeapInteger Heap>
  std::string illegal_words(std::span<const Heap> position,
                            const ProposedGameMove& proposed) const {
    if (!sum()) return illegal_proposed_words(game()->spec, position, proposed.move, 0);
    const std::size_t components = sum()->components.size();
    const std::size_t c = proposed.in_component->component;
    if (c >= components) return no_such_component_words(std::to_string(c), components, 0);
    const ComponentSpan span = component_spans(position, components)[c];
    return "in component " + std::to_string(c) + ", " +
           illegal_proposed_words(sum()->components[c].spec,
                                  position.subspan(span.first, span.count),
                                  proposed.in_component->move, 0);
  }

  // The JSON forms: the rules object, a position, a move made on `from`.
  void write_rules(JsonWriter& w) const {
    if (sum()) return record::write_sum_rules(w, *sum());
    nim::write_rules(w, game()->spec);
  }
  template <HeapInteger Heap>
  void write_position(JsonWriter& w, std::span<const Heap> position, bool protocol = false) const {
    if (sum()) return record::write_sum_position(w, *sum(), position, protocol);
    record::write_heaps(w, position);
  }
  template <HeapInteger Heap>
  void write_move(JsonWriter& w, std::span<const Heap> from,
                  const std::optional<GameMove<Heap>>& move) const {
    if (sum()) return record::write_sum_move(w, from, sum()->components.size(), move);
    record::write_game_move(w, move);
  }

 private:
  std::variant<GameWords, SumWords> words_;
};

}  // namespace nim
