// Bouton's table in text, for --explain and the hints of play: the rows in binary, the parity row,
// the deciding column and the chosen heap marked, then the steps of the reasoning (declared in
// text.hpp, with the rest of the text a person reads).
#include <algorithm>
#include <string>
#include <vector>

#include "format/explanation_text.hpp"
#include "format/text.hpp"

namespace nim {

namespace {

// One table of Bouton's method: before the move (with the column and the chosen heap marked), or
// after it.
template <HeapInteger Heap>
void write_table(Buffer& out, const Explanation<Heap>& e, bool after, const TextStyle& style) {
  const bool values = e.values == ExplainedValues::grundy;
  const std::size_t n = e.sizes.size();
  std::vector<std::string> sizes, worths;
  std::size_t size_width = 4, value_width = 5;
  for (std::size_t i = 0; i < n; ++i) {
    sizes.push_back(to_decimal(after ? e.size_after(i) : e.sizes[i]));
    size_width = std::max(size_width, sizes.back().size());
    if (!values) continue;
    worths.push_back(to_decimal(after ? e.row_after(i) : e.rows[i]));
    value_width = std::max(value_width, worths.back().size());
  }
  const std::size_t heap_width = std::max<std::size_t>(4, std::to_string(n).size());
  const std::size_t bits_at = heap_width + 2 + size_width + (values ? 2 + value_width : 0) + 2;

  align_right(out, "heap", heap_width);
  out += "  ";
  align_right(out, "size", size_width);
  if (values) {
    out += "  ";
    align_right(out, "value", value_width);
  }
  out += "  binary\n";
  for (std::size_t i = 0; i < n; ++i) {
    align_right(out, one_based(i), heap_width);
    out += "  ";
    align_right(out, sizes[i], size_width);
    if (values) {
      out += "  ";
      align_right(out, worths[i], value_width);
    }
    out += "  ";
    out += binary(after ? e.row_after(i) : e.rows[i], e.width);
    if (!after && e.move && e.move->heap == i) {
      out += "  ";
      paint(out,
            "<- take " + to_decimal(e.move->count) + ", leaving " + to_decimal(e.size_after(i)) +
                (values ? ", worth " + to_decimal(e.value_after) : ""),
            Paint::bold, style);
    }
    out += '\n';
  }
  out += std::string(bits_at, ' ') + std::string(e.width, '-') + "\n";
  std::string label = "parity";
  label.resize(bits_at, ' ');
  out += label;
  out += binary(after ? e.sum_after : e.sum, e.width);
  out += std::string("  = ") + sum_name(e) + " " + to_decimal(after ? e.sum_after : e.sum) + "\n";
  if (!after && e.column) {
    out += std::string(bits_at + e.width - 1 - *e.column, ' ');
    paint(out, "^ column " + std::to_string(*e.column) + ", the highest odd column", Paint::bold,
          style);
    out += '\n';
  }
}

}  // namespace

template <HeapInteger Heap>
void write_explanation_text(Buffer& out, const Explanation<Heap>& explanation,
                            const TextStyle& style) {
  if (explanation.reasoning != Reasoning::game_over) {
    out += "Bouton's table:\n";
    write_table(out, explanation, false, style);
    if (explanation.move && explanation.winning) {
      out += is_zero(explanation.sum_after) ? "After the move, every column is even:\n"
                                            : "After the move:\n";
      write_table(out, explanation, true, style);
    }
  }
  out += "Why:\n";
  const auto steps = explanation_steps(explanation);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::string number = std::to_string(k + 1) + ". ";
    write_paragraph(out, number + steps[k], style, number.size());
  }
}

template <HeapInteger Heap>
void write_brief_explanation_text(Buffer& out, const Explanation<Heap>& explanation,
                                  const TextStyle& style) {
  if (explanation.reasoning != Reasoning::game_over) write_table(out, explanation, false, style);
  const auto steps = explanation_steps(explanation);
  if (!steps.empty()) write_paragraph(out, steps.back(), style, 2);
}

template void write_explanation_text(Buffer&, const Explanation<SmallHeap>&, const TextStyle&);
template void write_explanation_text(Buffer&, const Explanation<BigHeap>&, const TextStyle&);
template void write_brief_explanation_text(Buffer&, const Explanation<SmallHeap>&,
                                           const TextStyle&);
template void write_brief_explanation_text(Buffer&, const Explanation<BigHeap>&, const TextStyle&);

}  // namespace nim
