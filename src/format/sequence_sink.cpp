#include "format/sequence_sink.hpp"

#include <algorithm>
#include <string>

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
    case Period::Proof::none:
      break;
  }
  return nullptr;
}

// What is known of the period, as the last line of the text.
std::string period_words(const GrundySequence& sequence) {
  const std::string computed = std::to_string(sequence.computed_to());
  if (!sequence.period) {
    if (sequence.game.kind == HeapGameKind::grundy)
      return "No period is known for Grundy's game: the values are known to heap " + computed +
             " only.";
    return "No period found up to heap " + computed + ": the values beyond it are not known.";
  }
  const Period& period = *sequence.period;
  std::string text = "Pre-period " + std::to_string(period.pre_period) + ", period " +
                     std::to_string(period.period);
  if (period.saltus != 0) text += ", saltus " + std::to_string(period.saltus);
  switch (period.proof) {
    case Period::Proof::repeated_window:
      return text + ", proved: the " + std::to_string(sequence.game.largest_take()) +
             " values that decide the next one repeat from heap " +
             std::to_string(std::max<std::uint64_t>(period.pre_period, 1)) + ", so all do.";
    case Period::Proof::guy_smith:
      return text + ", proved by the Guy-Smith theorem on the values of heaps 0 to " + computed +
             ".";
    case Period::Proof::none:
      break;
  }
  return text + (period.saltus != 0 ? " (arithmetic periodicity)" : "") +
         ": not proved, seen on the values of heaps 0 to " + computed + ".";
}

}  // namespace

void JsonSequenceSink::sequence(Buffer& out, const GrundySequence& sequence,
                                std::uint64_t up_to) const {
  JsonWriter w(out, false);
  w.begin_object();
  w.key("rules");
  write_rules(w, sequence.game);
  w.key("up_to");
  w.number(up_to);
  w.key("values");
  w.begin_array();
  for (std::uint64_t n = 0; n <= up_to; ++n)
    w.number(std::uint64_t{sequence.values[n]});
  w.end_array();
  w.key("computed_to");
  w.number(sequence.computed_to());
  const auto& period = sequence.period;
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

void TextSequenceSink::sequence(Buffer& out, const GrundySequence& sequence,
                                std::uint64_t up_to) const {
  write_paragraph(
      out, game_title(sequence.game) + ": Grundy values of heaps 0 to " + std::to_string(up_to),
      style);
  // Each row starts with its first heap ("120:"), then the values right-aligned in columns.
  const std::size_t label = std::to_string(up_to).size() + 1;
  const GrundyValue most =
      *std::max_element(sequence.values.begin(), sequence.values.begin() + up_to + 1);
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
      const std::string value = std::to_string(sequence.values[n]);
      row.append(column - value.size(), ' ');
      row += value;
    }
    out += row;
    out += '\n';
  }
  write_paragraph(out, period_words(sequence), style);
}

}  // namespace nim
