#include "cli/system/line_editor.hpp"

#include <histedit.h>

#include <cerrno>
#include <clocale>
#include <cstdio>
#include <cstring>

#include "cli/system/line_reader.hpp"

namespace nim {

namespace {

constexpr char literal_mark = '\1';

// The length of the escape sequence at the start of `text` (ESC [ ... final byte), 0 if none.
std::size_t escape_length(std::string_view text) {
  if (!text.starts_with("\x1b[")) return 0;
  for (std::size_t i = 2; i < text.size(); ++i)
    if (text[i] >= 0x40 && text[i] <= 0x7e) return i + 1;
  return 0;
}

}  // namespace

std::string with_literal_marks(std::string_view prompt, char mark) {
  std::string marked, blanks, trailing;  // trailing: the sequences after the last visible byte
  for (std::size_t i = 0; i < prompt.size();) {
    if (const std::size_t length = escape_length(prompt.substr(i))) {
      trailing += mark;
      trailing += prompt.substr(i, length);
      trailing += mark;
      i += length;
    } else if (prompt[i] == ' ') {
      blanks += trailing;  // a sequence between blanks stays where it was
      trailing.clear();
      blanks += prompt[i++];
    } else {
      marked += blanks + trailing;
      blanks.clear();
      trailing.clear();
      marked += prompt[i++];
    }
  }
  return marked + trailing + blanks;
}

void LineEditor::EditorEnd::operator()(EditLine* editor) const {
  el_end(editor);
}

void LineEditor::HistoryEnd::operator()(History* lines) const {
  history_end(lines);
}

LineEditor::LineEditor() {
  // The terminal's character set, so that libedit shows and moves over UTF-8 letters whole.
  std::setlocale(LC_CTYPE, "");
  history_.reset(history_init());
  editor_.reset(el_init("nim-game", stdin, stdout, stderr));
  if (!history_ || !editor_) throw ReadError("cannot set up line editing at the terminal");
  HistEvent event;
  ::history(history_.get(), &event, H_SETSIZE, 100);
  ::history(history_.get(), &event, H_SETUNIQUE, 1);
  el_set(editor_.get(), EL_EDITOR, "emacs");
  el_set(editor_.get(), EL_HIST, ::history, history_.get());
  el_set(editor_.get(), EL_SIGNAL, 1);  // the terminal restored on Ctrl-C, resized on SIGWINCH
  el_set(editor_.get(), EL_CLIENTDATA, this);
  el_set(editor_.get(), EL_PROMPT_ESC, &LineEditor::prompt_of, literal_mark);
  el_source(editor_.get(), nullptr);  // the person's ~/.editrc (vi mode, key bindings), if any
}

char* LineEditor::prompt_of(EditLine* editor) {
  void* self = nullptr;
  el_get(editor, EL_CLIENTDATA, &self);
  return static_cast<LineEditor*>(self)->prompt_.data();
}

std::optional<std::string_view> LineEditor::read(std::string_view prompt) {
  prompt_ = with_literal_marks(prompt, literal_mark);
  for (;;) {
    int count = 0;
    errno = 0;
    // The terminal in libedit's mode before the prompt is shown, not after as el_gets alone does:
    // a key typed as soon as the prompt appears (Ctrl-D) must not meet the line discipline.
    el_set(editor_.get(), EL_PREP_TERM, 1);
    const char* typed = el_gets(editor_.get(), &count);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) throw ReadError(std::string("cannot read the input: ") + std::strerror(errno));
    if (!typed || count == 0) return std::nullopt;
    line_.assign(typed, static_cast<std::size_t>(count));
    break;
  }
  while (!line_.empty() && (line_.back() == '\n' || line_.back() == '\r'))
    line_.pop_back();
  if (line_.find_first_not_of(" \t") != std::string::npos) {
    HistEvent event;
    ::history(history_.get(), &event, H_ENTER, line_.c_str());
  }
  return line_;
}

}  // namespace nim
