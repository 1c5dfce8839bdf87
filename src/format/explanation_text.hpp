// Bouton's explanation in writing, shared by the JSON record and the text table: each row as a
// binary string of the explanation's width, and the steps of the reasoning as sentences. The
// sentences number heaps from 1, as a person reads them; JSON's indices stay 0-based.
#pragma once

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

// The steps of the reasoning, in order.
template <HeapInteger Heap>
std::vector<std::string> explanation_steps(const Explanation<Heap>& explanation);

// "nim-sum", or under a cap "Grundy sum".
template <HeapInteger Heap>
const char* sum_name(const Explanation<Heap>& explanation) {
  return explanation.values == ExplainedValues::sizes ? "nim-sum" : "Grundy sum";
}

}  // namespace nim
