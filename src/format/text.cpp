#include "format/text.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "format/explanation_text.hpp"
#include "format/json_records.hpp"
#include "format/json_writer.hpp"
#include "text/wrap.hpp"

namespace nim {

namespace {

std::string_view code_of(Paint paint) {
  switch (paint) {
    case Paint::bold:
      return "\x1b[1m";
    case Paint::green:
      return "\x1b[32m";
    case Paint::red:
      return "\x1b[31m";
    case Paint::yellow:
      return "\x1b[33m";
  }
  return {};
}

template <HeapInteger Heap>
std::uint64_t as_small(const Heap& h) {
  if constexpr (std::is_same_v<Heap, BigHeap>)
    return to_small(h);
  else
    return h;
}

}  // namespace

std::string one_based(std::size_t index) {
  return std::to_string(index + 1);
}

void align_right(Buffer& out, std::string_view text, std::size_t width) {
  for (std::size_t k = text.size(); k < width; ++k)
    out += ' ';
  out += text;
}

std::string objects(const std::string& count, bool one) {
  return count + (one ? " object" : " objects");
}

std::string counted(std::uint64_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

void paint(Buffer& out, std::string_view text, Paint paint, const TextStyle& style) {
  if (!style.colour) {
    out += text;
    return;
  }
  out += code_of(paint);
  out += text;
  out += std::string_view("\x1b[0m");
}

void write_paragraph(Buffer& out, std::span<const Piece> pieces, const TextStyle& style,
                     std::size_t indent) {
  if (style.width == 0) {  // not wrapped (--batch): the pieces as they are, at --batch's speed
    for (const Piece& piece : pieces)
      if (piece.paint)
        paint(out, piece.text, *piece.paint, style);
      else
        out += piece.text;
    out += '\n';
    return;
  }
  std::string text;
  for (const Piece& piece : pieces)
    text += piece.text;
  const std::string lines = wrap(text, style.width, indent);
  // Wrapping only moves and merges spaces, so each piece is the next run of as many other
  // characters.
  std::size_t at = 0;
  for (const Piece& piece : pieces) {
    const auto glyphs =
        std::count_if(piece.text.begin(), piece.text.end(), [](char c) { return c != ' '; });
    const std::size_t start = std::min(lines.find_first_not_of(" \n", at), lines.size());
    out += std::string_view(lines).substr(at, start - at);
    std::size_t end = start;
    for (auto seen = glyphs; seen > 0 && end < lines.size(); ++end)
      if (lines[end] != ' ' && lines[end] != '\n') --seen;
    const std::string_view painted = std::string_view(lines).substr(start, end - start);
    if (piece.paint)
      paint(out, painted, *piece.paint, style);
    else
      out += painted;
    at = end;
  }
  out += std::string_view(lines).substr(at);
  out += '\n';
}

void write_paragraph(Buffer& out, std::string text, const TextStyle& style, std::size_t indent,
                     std::optional<Paint> paint_as) {
  const Piece piece{std::move(text), paint_as};
  write_paragraph(out, std::span<const Piece>(&piece, 1), style, indent);
}

template <HeapInteger Heap>
void write_board(Buffer& out, std::span<const Heap> heaps, const TextStyle& style) {
  const std::size_t number_width = one_based(heaps.empty() ? 0 : heaps.size() - 1).size();
  const std::size_t label_width = number_width + 1;  // "10:"
  const std::size_t most_drawn =
      style.width == 0 || style.width < label_width
          ? most_drawn_objects
          : std::min<std::size_t>(most_drawn_objects, (style.width - label_width) / 2);
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const Heap& h = heaps[i];
    align_right(out, one_based(i), number_width);
    out += ':';
    if (h <= Heap(most_drawn)) {
      for (std::uint64_t k = as_small(h); k > 0; --k)
        out += std::string_view(" X");
    } else {
      out += ' ';
      out += objects(to_decimal(h), false);
    }
    out += '\n';
  }
}

template <HeapInteger Heap>
std::string heap_list(std::span<const Heap> heaps) {
  std::string list;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0) list += ' ';
    list += to_decimal(heaps[i]);
  }
  return list;
}

void write_playout_stop(Buffer& out, std::uint64_t number, bool done, bool truncated,
                        const RecordContext& context, const TextStyle& style) {
  if (truncated)
    write_paragraph(
        out, "The playout stops here, after " + counted(number + 1, "move") + ": the ply limit.",
        style, 2);
  if (done || truncated) write_seed(out, context);
}

void write_line_head(Buffer& out, const RecordContext& context) {
  if (context.line) out += "Line " + std::to_string(*context.line) + ":\n";
}

void write_seed(Buffer& out, const RecordContext& context) {
  if (context.seed) out += "Seed: " + std::to_string(*context.seed) + "\n";
}

void write_input_error_text(Buffer& out, std::uint64_t line, std::string_view input,
                            std::string_view error, const TextStyle& style) {
  write_paragraph(out,
                  "Line " + std::to_string(line) + ": cannot read " + quoted(input) + ": " +
                      std::string(error) + ".",
                  style, 2, Paint::red);
}

#define NIM_TEXT_INSTANTIATE_HEAP(Heap)                                        \
  template void write_board(Buffer&, std::span<const Heap>, const TextStyle&); \
  template std::string heap_list(std::span<const Heap>);

NIM_TEXT_INSTANTIATE_HEAP(SmallHeap)
NIM_TEXT_INSTANTIATE_HEAP(BigHeap)

#undef NIM_TEXT_INSTANTIATE_HEAP

}  // namespace nim
