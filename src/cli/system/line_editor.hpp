// Lines typed at a terminal, edited with libedit (Debian libedit-dev, BSD-licensed): the arrow
// keys move along the line and recall earlier lines, Ctrl-L clears the screen, and what reaches
// the caller is the finished line, never an escape sequence. libedit draws the prompt itself, so
// that it can draw it again after a redraw.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

// libedit's types, as <histedit.h> declares them.
typedef struct editline EditLine;
typedef struct history History;

namespace nim {

class LineEditor {
 public:
  // Edits on standard input and output, which should both be terminals.
  LineEditor();

  // The next line typed after `prompt`, without its line end, and kept in the history when not
  // blank; nullopt at the end of the input (Ctrl-D on an empty line). Throws ReadError.
  std::optional<std::string_view> read(std::string_view prompt);

 private:
  struct EditorEnd {
    void operator()(EditLine* editor) const;
  };
  struct HistoryEnd {
    void operator()(History* lines) const;
  };

  static char* prompt_of(EditLine* editor);  // libedit's prompt callback

  std::unique_ptr<History, HistoryEnd> history_;
  std::unique_ptr<EditLine, EditorEnd> editor_;
  std::string prompt_;  // as libedit is given it: see with_literal_marks()
  std::string line_;    // the last line read
};

// `prompt` as libedit's EL_PROMPT_ESC reads it: each terminal escape sequence (a colour) between
// two `mark`s, so that it takes no column. libedit prints such a sequence with the character after
// it and drops one that ends the prompt, so sequences that end it are moved before its trailing
// blanks (a colour's end before the blank after "Your move: " looks the same).
std::string with_literal_marks(std::string_view prompt, char mark);

}  // namespace nim
