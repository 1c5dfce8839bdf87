// The pieces of the text a person reads: paragraphs wrapped and painted, the board, positions in
// words, Bouton's table and the end of a playout (format/game_text.hpp lays out the analyses with
// them). Heaps are
// numbered from 1, as on a board. It reads the library's values and solves nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "format/json_records.hpp"
#include "format/rules_words.hpp"
#include "nim/explanation.hpp"
#include "text/buffer.hpp"

namespace nim {

// How text is dressed: colours are for a terminal only, and prose is wrapped to the terminal's
// width (the command decides both).
struct TextStyle {
  bool colour = false;
  std::size_t width = 0;  // columns a line may take; 0: lines are not wrapped
};

enum class Paint { bold, green, red, yellow };

// A count and its noun, in the plural unless it is 1: "1 move", "2 moves".
std::string counted(std::uint64_t n, std::string_view noun);

// Appends `text`, in `paint` when the style has colours.
void paint(Buffer& out, std::string_view text, Paint paint, const TextStyle& style);

// A part of a paragraph, painted or not.
struct Piece {
  std::string text;
  std::optional<Paint> paint;
};

// Appends the pieces as one paragraph, wrapped to the style's width with continuation lines
// indented by `indent`, each piece in its paint, then a newline.
void write_paragraph(Buffer& out, std::span<const Piece> pieces, const TextStyle& style,
                     std::size_t indent = 0);
void write_paragraph(Buffer& out, std::string text, const TextStyle& style, std::size_t indent = 0,
                     std::optional<Paint> paint = std::nullopt);

// A heap of more objects than this is written as its size, not as a row of X; fewer when a row of
// them would not fit the style's width.
inline constexpr unsigned most_drawn_objects = 40;

// The number a person gives item `index`, counting from 1 ("1" for index 0).
std::string one_based(std::size_t index);

// Appends `text` right-aligned in `width` columns.
void align_right(Buffer& out, std::string_view text, std::size_t width);

// "3 objects", or "1 object" when `one`.
std::string objects(const std::string& count, bool one);

// One line per heap: its number from 1, a colon, then " X" per object (`3: X X`, `4:` when empty,
// `5: 1000000 objects` beyond most_drawn_objects). The numbers are right-aligned (` 9:`, `10:`).
template <HeapInteger Heap>
void write_board(Buffer& out, std::span<const Heap> heaps, const TextStyle& style);

// The sizes separated by spaces ("1 3 5 6").
template <HeapInteger Heap>
std::string heap_list(std::span<const Heap> heaps);

// Bouton's table (explanation_table_text.cpp: the rows in binary, the parity row, the deciding
// column and the chosen heap marked, and the table after a winning move), then the steps, numbered.
template <HeapInteger Heap>
void write_explanation_text(Buffer& out, const Explanation<Heap>& explanation,
                            const TextStyle& style);

// The short form of the explanation, for a hint that fits a small terminal: Bouton's table
// before the move, then the last step (the move and what it leaves, or why no move wins).
template <HeapInteger Heap>
void write_brief_explanation_text(Buffer& out, const Explanation<Heap>& explanation,
                                  const TextStyle& style);

// "Line 5:", when the context has a --batch line: the first line of a record in text, in every
// game.
void write_line_head(Buffer& out, const RecordContext& context);

// "Seed: 7", when the context has a seed: the last line of a record made with a random policy.
void write_seed(Buffer& out, const RecordContext& context);

// The end of a playout's text after the ply numbered `number`: the note that the ply limit cut it
// (`truncated`), then the seed when the playout stops there (`done` or `truncated`).
void write_playout_stop(Buffer& out, std::uint64_t number, bool done, bool truncated,
                        const RecordContext& context, const TextStyle& style);

// A --batch line that could not be read: "Line 5: cannot read "1 x 3": <why>."
void write_input_error_text(Buffer& out, std::uint64_t line, std::string_view input,
                            std::string_view error, const TextStyle& style);

}  // namespace nim
