#include "format/sequence_sink.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/json_writer.hpp"
#include "format/rules_words.hpp"

namespace nim {

namespace {

const char* proof_name(Period::Proof proof) {
  switch (proof) {
    case Period::Proof::repeated_window:
      return "repeated-window";
    case Period::Proof::guy_smith:
      return "guy-smith";
    case Period::Proof::theory:
      return "theory";
    case Period::Proof::none:
      break;
  }
  return nullptr;
}

// "Pre-period 71, period 12", with the saltus when there is one.
std::string period_head(const Period& period) {
  std::string text = "Pre-period " + std::to_string(period.pre_period) + ", period " +
                     std::to_string(period.period);
  if (period.saltus != 0) text += ", saltus " + std::to_string(period.saltus);
  return text;
}

// What is known of the computed values' period, as the last line of the text.
std::string period_words(const GrundySequence& sequence) {
  const std::string computed = std::to_string(sequence.computed_to());
  if (!sequence.period) {
    if (sequence.game.kind == HeapGameKind::grundy)
      return "No period is known for Grundy's game: nim-game computed its values to heap " +
             computed + ".";
    return "No period found up to heap " + computed + ": the values beyond it are not known.";
  }
  const Period& period = *sequence.period;
  const std::string text = period_head(period);
  switch (period.proof) {
    case Period::Proof::repeated_window:
      return text + ", proved: the " + std::to_string(sequence.game.largest_take()) +
             " values that decide the next one repeat from heap " +
             std::to_string(std::max<std::uint64_t>(period.pre_period, 1)) + ", so all do.";
    case Period::Proof::guy_smith:
      return text + ", proved by the Guy-Smith theorem on the values of heaps 0 to " + computed +
             ".";
    case Period::Proof::theory:  // only a TheorySequence's period (theory_period_words)
    case Period::Proof::none:
      break;
  }
  return text + (period.saltus != 0 ? " (arithmetic periodicity)" : "") +
         ": not proved, seen on the values of heaps 0 to " + computed + ".";
}

void write_sequence_keys(Buffer& out, JsonWriter& w, std::span<const GrundyValue> values,
                         const std::optional<Period>& period, std::uint64_t up_to) {
  w.key("up_to");
  w.number(up_to);
  w.key("values");
  w.begin_array();
  for (std::uint64_t n = 0; n <= up_to; ++n)
    w.number(std::uint64_t{values[n]});
  w.end_array();
  w.key("computed_to");
  w.number(std::uint64_t{values.size() - 1});
  const auto number_or_null = [&](std::string_view key, std::uint64_t n) {
    w.key(key);
    if (period)
      w.number(n);
    else
      w.null();
  };
  number_or_null("period", period ? period->period : 0);
  number_or_null("pre_period", period ? period->pre_period : 0);
  number_or_null("saltus", period ? period->saltus : 0);
  w.key("proved");
  w.boolean(period && period->proved());
  w.key("proof");
  if (const char* proof = period ? proof_name(period->proof) : nullptr)
    w.string(proof);
  else
    w.null();
  w.end_object();
  out += '\n';
}

std::string theory_period_words(const Period& period, std::string_view formula) {
  return period_head(period) + ", proved by the game's theory: " + std::string(formula) + ".";
}

void write_sequence_text(Buffer& out, const TextStyle& style, const std::string& title,
                         std::span<const GrundyValue> values, std::uint64_t up_to,
                         const std::string& period_words) {
  write_paragraph(out, title + ": Grundy values of heaps 0 to " + std::to_string(up_to), style);
  // Each row starts with its first heap ("120:"), then the values right-aligned in columns.
  const std::size_t label = std::to_string(up_to).size() + 1;
  const GrundyValue most = *std::max_element(values.begin(), values.begin() + up_to + 1);
  const std::size_t column = std::to_string(most).size() + 1;
  std::size_t per_row = 10;
  if (style.width > label + column) {
    const std::size_t fits = (style.width - label) / column;
    per_row = fits >= 10 ? fits / 10 * 10 : fits;
  }
  for (std::uint64_t first = 0; first <= up_to; first += per_row) {
    std::string row = std::to_string(first) + ":";
    row.insert(0, label - row.size(), ' ');
    for (std::uint64_t n = first; n <= up_to && n < first + per_row; ++n) {
      const std::string value = std::to_string(values[n]);
      row.append(column - value.size(), ' ');
      row += value;
    }
    out += row;
    out += '\n';
  }
  write_paragraph(out, period_words, style);
}

}  // namespace

void JsonSequenceSink::sequence(Buffer& out, const GrundySequence& sequence,
                                std::uint64_t up_to) const {
  JsonWriter w(out, false);
  w.begin_object();
  w.key("rules");
  write_rules(w, sequence.game);
  write_sequence_keys(out, w, sequence.values, sequence.period, up_to);
}

void TextSequenceSink::sequence(Buffer& out, const GrundySequence& sequence,
                                std::uint64_t up_to) const {
  write_sequence_text(out, style, game_title(sequence.game), sequence.values, up_to,
                      period_words(sequence));
}

void JsonSequenceSink::sequence(Buffer& out, const TheorySequence<GameSpec>& sequence,
                                std::uint64_t up_to) const {
  JsonWriter w(out, false);
  w.begin_object();
  w.key("rules");
  write_rules(w, sequence.rules);
  write_sequence_keys(out, w, sequence.values, sequence.period, up_to);
}

void TextSequenceSink::sequence(Buffer& out, const TheorySequence<GameSpec>& sequence,
                                std::uint64_t up_to) const {
  write_sequence_text(out, style, game_title(sequence.rules), sequence.values, up_to,
                      theory_period_words(sequence.period, grundy_formula(sequence.rules)));
}

}  // namespace nim
