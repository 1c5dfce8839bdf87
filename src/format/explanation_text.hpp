// Bouton's explanation in writing, shared by the JSON record and the text table: each row as a
// binary string of the explanation's width, and the steps of the reasoning as sentences. The
// sentences number heaps from 1, as a person reads them; JSON's indices stay 0-based.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "nim/explanation.hpp"

namespace nim {

// `value` in binary, most significant bit first, padded with zeros to `width` digits.
template <HeapInteger Heap>
std::string binary(const Heap& value, unsigned width);

// The parity of each column, which is the sum in binary.
template <HeapInteger Heap>
std::string parity(const Explanation<Heap>& explanation) {
  return binary(explanation.sum, explanation.width);
}

// A line of an explanation in writing: a sentence (wrapped to the width in text) or a row of a
// table (never wrapped).
struct ExplanationLine {
  std::string text;
  bool table = false;                         // a row of a table: kept as it is
  std::size_t bold_from = std::string::npos;  // in text, the part from here on is in bold
  std::optional<std::size_t> indent{};        // a sentence's continuation lines; by default under
                                              // a numbered step's text ("2. ..."), else none
};

// The steps of the reasoning, in order.
template <HeapInteger Heap>
std::vector<std::string> explanation_steps(const Explanation<Heap>& explanation);

// "nim-sum", or under a cap "Grundy sum".
template <HeapInteger Heap>
const char* sum_name(const Explanation<Heap>& explanation) {
  return explanation.values == ExplainedValues::sizes ? "nim-sum" : "Grundy sum";
}

// Bouton's explanation in text (explanation_table_text.cpp): the table (the rows in binary, the
// parity row, the deciding column and the chosen heap marked), the table after a winning move,
// then the steps, numbered.
template <HeapInteger Heap>
std::vector<ExplanationLine> explanation_lines(const Explanation<Heap>& explanation);

// The short form, for a hint that fits a small terminal: the table before the move, then the last
// step (the move and what it leaves, or why no move wins).
template <HeapInteger Heap>
std::vector<ExplanationLine> brief_explanation_lines(const Explanation<Heap>& explanation);

}  // namespace nim
