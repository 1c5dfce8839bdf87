// Bouton's explanation as lines of text, for --explain and the hints of play: the rows in binary,
// the parity row, the deciding column and the chosen heap marked (in bold), the table after a
// winning move, then the steps of the reasoning, numbered.
#include <algorithm>
#include <string>
#include <vector>

#include "format/explanation_text.hpp"
#include "format/text.hpp"

namespace nim {

namespace {

void align_right(std::string& line, const std::string& text, std::size_t width) {
  line.append(width > text.size() ? width - text.size() : 0, ' ');
  line += text;
}

// One table of Bouton's method: before the move (with the column and the chosen heap marked), or
// after it.
template <HeapInteger Heap>
void add_table(std::vector<ExplanationLine>& lines, const Explanation<Heap>& e, bool after) {
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

  std::string head;
  align_right(head, "heap", heap_width);
  head += "  ";
  align_right(head, "size", size_width);
  if (values) {
    head += "  ";
    align_right(head, "value", value_width);
  }
  lines.push_back({head + "  binary", true});
  for (std::size_t i = 0; i < n; ++i) {
    ExplanationLine row{{}, true};
    align_right(row.text, one_based(i), heap_width);
    row.text += "  ";
    align_right(row.text, sizes[i], size_width);
    if (values) {
      row.text += "  ";
      align_right(row.text, worths[i], value_width);
    }
    row.text += "  ";
    row.text += binary(after ? e.row_after(i) : e.rows[i], e.width);
    if (!after && e.move && e.move->heap == i) {
      row.text += "  ";
      row.bold_from = row.text.size();
      row.text += "<- take " + to_decimal(e.move->count) + ", leaving " +
                  to_decimal(e.size_after(i)) +
                  (values ? ", worth " + to_decimal(e.value_after) : "");
    }
    lines.push_back(std::move(row));
  }
  lines.push_back({std::string(bits_at, ' ') + std::string(e.width, '-'), true});
  std::string parity_row = "parity";
  parity_row.resize(bits_at, ' ');
  parity_row += binary(after ? e.sum_after : e.sum, e.width);
  parity_row += std::string("  = ") + sum_name(e) + " " + to_decimal(after ? e.sum_after : e.sum);
  lines.push_back({std::move(parity_row), true});
  if (!after && e.column) {
    const std::size_t at = bits_at + e.width - 1 - *e.column;
    lines.push_back({std::string(at, ' ') + "^ column " + std::to_string(*e.column) +
                         ", the highest odd column",
                     true, at});
  }
}

}  // namespace

template <HeapInteger Heap>
std::vector<ExplanationLine> explanation_lines(const Explanation<Heap>& explanation) {
  std::vector<ExplanationLine> lines;
  if (explanation.reasoning != Reasoning::game_over) {
    lines.push_back({"Bouton's table:", true});
    add_table(lines, explanation, false);
    if (explanation.move && explanation.winning) {
      lines.push_back({is_zero(explanation.sum_after) ? "After the move, every column is even:"
                                                      : "After the move:",
                       true});
      add_table(lines, explanation, true);
    }
  }
  lines.push_back({"Why:", true});
  const auto steps = explanation_steps(explanation);
  for (std::size_t k = 0; k < steps.size(); ++k)
    lines.push_back({std::to_string(k + 1) + ". " + steps[k], false});
  return lines;
}

template <HeapInteger Heap>
std::vector<ExplanationLine> brief_explanation_lines(const Explanation<Heap>& explanation) {
  std::vector<ExplanationLine> lines;
  if (explanation.reasoning != Reasoning::game_over) add_table(lines, explanation, false);
  const auto steps = explanation_steps(explanation);
  if (!steps.empty()) lines.push_back({steps.back(), false, std::string::npos, 2});
  return lines;
}

template std::vector<ExplanationLine> explanation_lines(const Explanation<SmallHeap>&);
template std::vector<ExplanationLine> explanation_lines(const Explanation<BigHeap>&);
template std::vector<ExplanationLine> brief_explanation_lines(const Explanation<SmallHeap>&);
template std::vector<ExplanationLine> brief_explanation_lines(const Explanation<BigHeap>&);

}  // namespace nim
