#include "format/sequence_sink.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/json_writer.hpp"
#include "format/rules_words.hpp"
#include "text/little_endian.hpp"

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
      return text + ", proved by the Guy-Smith theorem on the values of heaps 0 to " +
             std::to_string(last_heap_to_prove(sequence.game, period)) + " (computed to " +
             computed + ").";
    case Period::Proof::theory:  // only a TheorySequence's period (theory_period_words)
    case Period::Proof::none:
      break;
  }
  const std::string seen = text + (period.saltus != 0 ? " (arithmetic periodicity)" : "") +
                           ": not proved, seen on the values of heaps 0 to " + computed;
  if (!sequence.game.is_finite_octal()) return seen + ".";
  const std::string needed = std::to_string(last_heap_to_prove(sequence.game, period));
  return seen + "; the values to heap " + needed + " would prove it (--grundy-limit " + needed +
         ").";
}

void write_sequence_keys(Buffer& out, JsonWriter& w, std::span<const GrundyValue> values,
                         const std::optional<Period>& period, SequenceRange range) {
  w.key("from");
  w.number(range.from);
  w.key("up_to");
  w.number(range.up_to);
  w.key("values");
  w.begin_array();
  for (std::uint64_t n = range.from; n <= range.up_to; ++n)
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

// Whether G(n), before the pre-period, differs from the periodic continuation: the value of the
// first heap n + m p at or after the pre-period, less m saltus. False when that heap was not
// computed.
bool exception(std::span<const GrundyValue> values, const Period& period, std::uint64_t n) {
  if (n >= period.pre_period || period.period == 0) return false;
  const std::uint64_t m = (period.pre_period - n + period.period - 1) / period.period;
  const std::uint64_t later = n + m * period.period;
  if (later >= values.size()) return false;
  const std::int64_t continued =
      std::int64_t{values[later]} - static_cast<std::int64_t>(m) * std::int64_t{period.saltus};
  return continued != std::int64_t{values[n]};
}

// The values in rows of `per_row` from `first_row` on, each row after its first heap ("120:", in
// `label` columns), then each value right-aligned in `digits` after a blank, and followed by '*'
// where `marked` marks it (none: no column for the marks). Heaps outside the range are blank.
void write_rows(Buffer& out, std::span<const GrundyValue> values, SequenceRange range,
                std::uint64_t first_row, std::uint64_t per_row, std::size_t label,
                std::size_t digits, const std::function<bool(std::uint64_t)>& marked) {
  for (std::uint64_t first = first_row; first <= range.up_to; first += per_row) {
    std::string row = std::to_string(first) + ":";
    row.insert(0, label - row.size(), ' ');
    for (std::uint64_t n = first; n <= range.up_to && n < first + per_row; ++n) {
      const std::string value = n < range.from ? "" : std::to_string(values[n]);
      row.append(1 + digits - value.size(), ' ');
      row += value;
      if (marked) row += n >= range.from && marked(n) ? '*' : ' ';
    }
    while (!row.empty() && row.back() == ' ')
      row.pop_back();
    out += row;
    out += '\n';
  }
}

std::string range_words(SequenceRange range) {
  return "heaps " + std::to_string(range.from) + " to " + std::to_string(range.up_to);
}

}  // namespace

ShownSequence shown(const GrundySequence& sequence) {
  Buffer rules;
  JsonWriter w(rules, false);
  write_rules(w, sequence.game);
  return {rules.str(), game_title(sequence.game), sequence.values, sequence.period,
          period_words(sequence)};
}

ShownSequence shown(const TheorySequence<GameSpec>& sequence) {
  return {rules_json(sequence.rules), game_title(sequence.rules), sequence.values, sequence.period,
          theory_period_words(sequence.period, grundy_formula(sequence.rules))};
}

ShownSequence shown_misere(const GameSpec& spec, std::span<const GrundyValue> values) {
  return {rules_json(spec),
          game_title(spec),
          values,
          std::nullopt,
          "Misère Grundy values: the mex of the values one move reaches, an empty heap worth 1; "
          "0 exactly when the player to move loses this heap alone in misère play. They do not "
          "add: a position of several heaps has a misère value of its own, not the XOR of "
          "theirs. No period is looked for.",
          "misère Grundy values"};
}

ShownTable shown_table(const GameSpec& spec, std::uint64_t up_to,
                       std::span<const GrundyValue> values) {
  return {rules_json(spec), game_title(spec),
          spec.misere ? "misère Grundy values" : "Grundy values", up_to, values};
}

void JsonSequenceSink::table(Buffer& out, const ShownTable& table) const {
  JsonWriter w(out, false);
  w.begin_object();
  w.key("rules");
  w.raw_value() += table.rules_json;
  w.key("up_to");
  w.number(table.up_to);
  w.key("rows");
  w.begin_array();
  for (std::uint64_t a = 0; a <= table.up_to; ++a) {
    w.begin_array();
    for (std::uint64_t b = 0; b <= table.up_to; ++b)
      w.number(std::uint64_t{table.at(a, b)});
    w.end_array();
  }
  w.end_array();
  w.end_object();
  out += '\n';
}

void TextSequenceSink::table(Buffer& out, const ShownTable& table) const {
  write_paragraph(out,
                  table.title + ": " + table.values_name + " G(a, b) of heaps 0 to " +
                      std::to_string(table.up_to) + ", a row for each a",
                  style);
  const GrundyValue most = *std::max_element(table.values.begin(), table.values.end());
  const std::size_t digits =
      std::max(std::to_string(most).size(), std::to_string(table.up_to).size());
  const std::size_t label = std::max<std::size_t>(std::to_string(table.up_to).size(), 3);
  const auto cell = [&](const std::string& text, std::size_t width) {
    return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
  };
  std::string head = cell("a\\b", label);
  for (std::uint64_t b = 0; b <= table.up_to; ++b) {
    head += ' ';
    head += cell(std::to_string(b), digits);  // apart: GCC 12's false -Wrestrict on " " + ...
  }
  out += head + "\n";
  for (std::uint64_t a = 0; a <= table.up_to; ++a) {
    std::string row = cell(std::to_string(a), label);
    for (std::uint64_t b = 0; b <= table.up_to; ++b) {
      row += ' ';
      row += cell(std::to_string(table.at(a, b)), digits);
    }
    out += row + "\n";
  }
}

void TableSequenceSink::table(Buffer& out, const ShownTable& table) const {
  out += "a";
  out += separator;
  out += "b";
  out += separator;
  out += "grundy_value\n";
  for (std::uint64_t a = 0; a <= table.up_to; ++a)
    for (std::uint64_t b = 0; b <= table.up_to; ++b) {
      out += std::to_string(a);
      out += separator;
      out += std::to_string(b);
      out += separator;
      out += std::to_string(table.at(a, b));
      out += '\n';
    }
}

void JsonSequenceSink::sequence(Buffer& out, const ShownSequence& sequence,
                                SequenceRange range) const {
  JsonWriter w(out, false);
  w.begin_object();
  w.key("rules");
  w.raw_value() += sequence.rules_json;
  write_sequence_keys(out, w, sequence.values, sequence.period, range);
}

void TextSequenceSink::sequence(Buffer& out, const ShownSequence& sequence,
                                SequenceRange range) const {
  const auto shown_values = sequence.values.subspan(range.from, range.up_to - range.from + 1);
  const GrundyValue most = *std::max_element(shown_values.begin(), shown_values.end());
  const std::size_t digits = std::to_string(most).size();
  if (by_period && sequence.period && sequence.period->period > 0) {
    const Period& period = *sequence.period;
    write_paragraph(out,
                    sequence.title + ": " + sequence.values_name + " of " + range_words(range) +
                        ", a period a row",
                    style);
    const auto marked = [&](std::uint64_t n) { return exception(sequence.values, period, n); };
    bool any = false;
    for (std::uint64_t n = range.from; n <= range.up_to && !any; ++n)
      any = marked(n);
    const std::uint64_t first_row = range.from / period.period * period.period;
    const std::uint64_t last_row = range.up_to - (range.up_to - first_row) % period.period;
    write_rows(out, sequence.values, range, first_row, period.period,
               std::to_string(last_row).size() + 1, digits,
               any ? std::function<bool(std::uint64_t)>(marked) : nullptr);
    write_paragraph(out, sequence.period_words, style);
    if (any)
      write_paragraph(out, "* marks a value before the pre-period that the period would not give.",
                      style);
    return;
  }
  write_paragraph(out, sequence.title + ": " + sequence.values_name + " of " + range_words(range),
                  style);
  const std::size_t label = std::to_string(range.up_to).size() + 1, column = digits + 1;
  std::uint64_t per_row = 10;
  if (style.width > label + column) {
    const std::size_t fits = (style.width - label) / column;
    per_row = fits >= 10 ? fits / 10 * 10 : fits;
  }
  write_rows(out, sequence.values, range, range.from, per_row, label, digits, nullptr);
  write_paragraph(out, sequence.period_words, style);
}

void TableSequenceSink::sequence(Buffer& out, const ShownSequence& sequence,
                                 SequenceRange range) const {
  out += "heap";
  out += separator;
  out += "grundy_value\n";
  for (std::uint64_t n = range.from; n <= range.up_to; ++n) {
    out += std::to_string(n);
    out += separator;
    out += std::to_string(sequence.values[n]);
    out += '\n';
  }
}

void BinarySequenceSink::sequence(Buffer& out, const ShownSequence& sequence,
                                  SequenceRange range) const {
  const std::span<const GrundyValue> values =
      sequence.values.subspan(range.from, range.up_to - range.from + 1);
  const unsigned width =
      narrowest_width(values.empty() ? 0 : *std::max_element(values.begin(), values.end()));
  out += std::string_view("NIMSEQ\x01V", 8);
  out += static_cast<char>(width);
  out += std::string_view("\0\0\0\0\0\0\0", 7);
  append_little_endian(out, range.from, 8);
  append_little_endian(out, values.size(), 8);
  append_little_endian(out, values, width);
}

}  // namespace nim
