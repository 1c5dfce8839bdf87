#!/usr/bin/env python3
"""nim-game play at a real pseudo-terminal, as a person plays it.

Usage: play_terminal.py NIM_GAME

Each scenario starts `nim-game play` on a fresh pseudo-terminal (stdin, stdout and stderr all on
it), waits for the prompt before it types anything (so the prompt must be written and flushed
before the game reads), and types as a person would: moves, hint, a bad move, quit, Ctrl-D. A
game is won by following the hints and lost by a bad first move. Colours must appear at the
terminal and vanish with NO_COLOR or TERM=dumb. At 80 and 60 columns (the size set with
TIOCSWINSZ) every line fits, a hint with the board after it fits 24 rows, and arrow keys and
Ctrl-L edit the line and never reach the game. A scenario drives the game through plain
pipes, reading each prompt before answering it; one plays Kayles (a game after Nim) at 60
columns. Every command's --help fits 60 columns and keeps its 80 at 100; a terminal narrowed
during a game (TIOCSWINSZ) is followed by the next hint.

Exits 0 when every scenario behaves, 1 (after saying what went wrong) otherwise.
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

# The prompt up to its last visible character: at a terminal the line editor draws it, and the bold
# ends before the blank after it (libedit drops a colour code that ends a prompt).
PROMPT = "Your move (heap count):"
TIMEOUT = 20  # seconds to wait for any expected output (sanitizer builds are slow)
ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


class Failure(Exception):
    pass


STARTED = []  # every game started, so that none outlives a failed scenario


class Terminal:
    """nim-game play on a pseudo-terminal: what it writes, and a keyboard."""

    def __init__(self, binary, args, env=None, rows=24, columns=80):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = dict(os.environ)
        environment.pop("NO_COLOR", None)
        environment["TERM"] = "xterm"
        environment.update(env or {})
        self.process = subprocess.Popen(
            [binary, "play", *args], stdin=slave, stdout=slave, stderr=slave,
            env=environment, start_new_session=True)
        os.close(slave)
        STARTED.append(self.process)
        self.master = master
        self.output = b""  # everything read so far
        self.seen = 0      # how much of it the scenario has consumed

    def read_until(self, *texts):
        """Reads until one of `texts` appears after what was consumed, and consumes up to it.
        Returns the new output up to it (with one text), or it and the text that appeared."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = [(at, text) for text in texts
                     if (at := self.output.find(text.encode(), self.seen)) >= 0]
            if found:
                at, text = min(found)
                chunk = self.output[self.seen:at + len(text.encode())].decode()
                self.seen = at + len(text.encode())
                return chunk if len(texts) == 1 else (chunk, text)
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"waited {TIMEOUT} s for {texts!r}; the terminal shows:\n"
                              f"{self.output[self.seen:].decode(errors='replace')}")
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the game has ended and closed the terminal
                data = b""
            if not data:
                raise Failure(f"the game ended before writing {texts!r}; it wrote:\n"
                              f"{self.output[self.seen:].decode(errors='replace')}")
            self.output += data

    def type(self, keys):
        os.write(self.master, keys.encode())

    def finish(self):
        """Reads to the end of the output and returns the exit status."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    break
                if not data:
                    break
                self.output += data
            elif self.process.poll() is not None:
                break
        try:
            status = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            raise Failure("the game did not end")
        os.close(self.master)
        return status

    def rest(self):
        return self.output[self.seen:].decode(errors="replace")


def plain(text):
    return ESCAPE.sub("", text)


def expect(condition, message, shown=""):
    if not condition:
        raise Failure(message + ("\n" + shown if shown else ""))


def board_of(turn_text):
    """The heap sizes of the last board in a turn's text (lines `N: X X` or `N: 41 objects`)."""
    sizes = {}
    for line in plain(turn_text).splitlines():
        match = re.fullmatch(r" *(\d+):((?: X)*| (\d+) objects)", line)
        if match:
            number = int(match.group(1))
            if number == 1:
                sizes = {}
            sizes[number] = int(match.group(3)) if match.group(3) else match.group(2).count("X")
    return [sizes[k] for k in sorted(sizes)]


def win_by_hints(binary):
    """A whole game won at the terminal by typing what each hint says."""
    game = Terminal(binary, [])
    first = game.read_until(PROMPT)
    expect(board_of(first) == [5, 4, 3, 2, 1], "the first board is not 5 4 3 2 1", first)
    expect("\x1b[" in first, "no colour at a terminal", first)
    while True:
        game.type("hint\r")
        hint = plain(game.read_until(PROMPT))
        move = re.search(r"Hint: take (\d+) from heap (\d+) .*, the winning move", hint)
        expect(move is not None, "a hint without a winning move from a won position", hint)
        expect("parity" in hint and "Why:" not in hint, "a hint without its short explanation",
               hint)
        game.type(f"{move.group(2)} {move.group(1)}\r")
        turn, seen = game.read_until(PROMPT, "Review:")
        if seen == "Review:":
            break
        expect("Computer takes " in plain(turn), "the computer did not move", turn)
    status = game.finish()
    everything = plain(game.output.decode())
    expect(status == 0, f"status {status} after a won game", everything[-500:])
    expect("You win: you took the last object." in everything, "no 'You win' at the end",
           everything[-500:])
    expect(" you never gave away a won position." in everything, "a wrong review",
           everything[-500:])


def lines_of(text):
    return plain(text).replace("\r\n", "\n").split("\n")


def widths(binary):
    """At 80 and 60 columns: no line wider than the terminal, the hint (six heaps) and the board
    after it in 24 rows with its first line still on the screen, the long form a second time."""
    for columns in (80, 60):
        game = Terminal(binary, ["-H", "13", "14", "15", "16", "17", "18"], columns=columns)
        opening = game.read_until(PROMPT)
        game.type("hint\r")
        hint = game.read_until(PROMPT)
        game.type("hint\r")
        full = game.read_until(PROMPT)
        game.type("quit\r")
        game.finish()
        for line in lines_of(opening + hint + full):
            expect(len(line) <= columns, f"a line wider than {columns} columns", line)
        shown = lines_of(hint)  # from the typed hint to the prompt
        expect(shown[1].startswith("Hint: take ") and shown[-1] == PROMPT,
               "the hint does not start with the move or end at the prompt", hint)
        expect(len(shown) <= 24, f"the hint takes {len(shown)} rows", hint)
        expect(board_of(hint) == [13, 14, 15, 16, 17, 18], "no board after the hint", hint)
        expect("Why:" in full and "Bouton's table:" in full, "no long form the second time",
               full)
    wide = Terminal(binary, ["-H", *["1"] * 9, "2"], columns=60)
    board = plain(wide.read_until(PROMPT))
    wide.type("quit\r")
    wide.finish()
    expect(" 9: X\r\n10: X X\r\n" in board, "heap numbers not right-aligned", board)


def lose_by_a_bad_move(binary):
    """A game lost at the terminal: 4 1 gives the win away, then one object at a time."""
    game = Terminal(binary, [])
    game.read_until(PROMPT)
    game.type("4 1\r")
    while True:
        turn, seen = game.read_until(PROMPT, "Review:")
        if seen == "Review:":
            break
        sizes = board_of(turn)
        heap = next(i for i, h in enumerate(sizes) if h > 0) + 1
        game.type(f"{heap} 1\r")
    status = game.finish()
    everything = plain(game.output.decode()).replace("\r\n", "\n")
    expect(status == 0, f"status {status} after a lost game", everything[-500:])
    expect("The computer wins: the computer took the last object.\nReview: 1 move gave away a "
           "won position:\n  Move 1: you took 1 from heap 4; taking 1 from heap 1 would have "
           "kept the win.\n" in everything, "the loss or its review is wrong", everything[-500:])


def bad_move_then_quit(binary):
    """A bad move gets one line and the board again; quit ends the game with status 0."""
    game = Terminal(binary, ["-H", "3", "0", "2"])
    game.read_until(PROMPT)
    game.type("2 1\r")
    again = plain(game.read_until(PROMPT)).replace("\r\n", "\n")
    expect("2 1\nHeap 2 is empty.\n\n1: X X X\n2:\n3: X X\n" + PROMPT in again,
           "a bad move did not get its reason and the board again", again)
    game.type("quit\r")
    game.read_until("You quit the game.")
    status = game.finish()
    expect(status == 0, f"status {status} after quit", game.rest())


def end_of_input(binary):
    """Ctrl-D at the prompt ends the game cleanly, with status 0."""
    game = Terminal(binary, [])
    game.read_until(PROMPT)
    game.type("\x04")
    game.read_until("The input ended before the game did.")
    status = game.finish()
    expect(status == 0, f"status {status} after Ctrl-D", game.rest())


def line_editing(binary):
    """At the prompt, keys edit the line (libedit) and never reach the move parser: Up recalls the
    line before, Ctrl-L clears the screen, the left arrow moves back into the line typed."""
    for columns in (80, 60):
        game = Terminal(binary, ["-H", "9", "9", "--players", "human,human"], columns=columns)
        prompt = "move (heap count):"
        game.read_until(prompt)
        game.type("1 1\r")
        turn = game.read_until(prompt)
        expect(board_of(turn) == [8, 9], f"{columns} columns: 1 1 was not played", turn)
        game.type("\x1b[A\r")  # Up recalls 1 1
        turn = game.read_until(prompt)
        expect(board_of(turn) == [7, 9], f"{columns} columns: Up did not recall 1 1", turn)
        game.type("\x0c")  # Ctrl-L: the screen cleared, the prompt drawn again
        game.read_until("\x1b[2J")
        game.read_until(prompt)
        game.type("2 3\r")
        turn = game.read_until(prompt)
        expect(board_of(turn) == [7, 6], f"{columns} columns: 2 3 after Ctrl-L was not played",
               turn)
        game.type("1 2\x1b[D\x1b[D\x7f2\r")  # 1 2, back two, the 1 rubbed out: 2 2
        turn = game.read_until(prompt)
        expect(board_of(turn) == [7, 4], f"{columns} columns: the edited 2 2 was not played", turn)
        game.type("quit\r")
        game.read_until("quit the game.")
        status = game.finish()
        everything = game.output.decode(errors="replace")
        expect(status == 0, f"{columns} columns: status {status}", game.rest())
        expect("is not a move" not in everything and "\\u001b" not in everything,
               f"{columns} columns: a key reached the move parser", everything)


def colours(binary):
    """Colours at a terminal, but not with NO_COLOR set, nor on TERM=dumb."""
    for env, coloured in (({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False),
                          ({"NO_COLOR": ""}, False)):
        game = Terminal(binary, [], env)
        text = game.read_until(PROMPT)
        game.type("\x04")
        game.finish()
        expect(("\x1b[" in text) == coloured, f"colours with {env}: expected {coloured}", text)
    # Analyse in text colours too at a terminal; JSON never does.
    for args, coloured in ((["--format", "text"], True), ([], False)):
        master, slave = pty.openpty()
        environment = dict(os.environ)
        environment.pop("NO_COLOR", None)
        environment["TERM"] = "xterm"
        process = subprocess.Popen([binary, "-H", "1", "2", *args], stdout=slave, stderr=slave,
                                   env=environment)
        os.close(slave)
        out = b""
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        process.wait(timeout=TIMEOUT)
        os.close(master)
        expect((b"\x1b[" in out) == coloured, f"analyse {args}: colours expected {coloured}",
               out.decode(errors="replace"))


def through_pipes(binary):
    """Through plain pipes, each prompt arrives before the game waits for the answer."""
    process = subprocess.Popen([binary, "play", "-H", "1", "2"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""

    def read_until(text):
        nonlocal out
        deadline = time.monotonic() + TIMEOUT
        while text.encode() not in out:
            left = deadline - time.monotonic()
            expect(left > 0, f"no {text!r} through the pipe before any input", out.decode())
            ready, _, _ = select.select([process.stdout], [], [], left)
            if ready:
                data = os.read(process.stdout.fileno(), 65536)
                expect(bool(data), "the game ended early", out.decode())
                out += data

    read_until(PROMPT)
    process.stdin.write(b"2 1\n")
    process.stdin.flush()
    read_until("Computer takes 1 from heap 1.\n\n1:\n2: X\n" + PROMPT)
    process.stdin.write(b"2 1\n")
    process.stdin.close()
    out += process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=TIMEOUT)
    expect(process.returncode == 0, f"status {process.returncode} through pipes", err.decode())
    expect(out.decode().endswith("You win: you took the last object.\n"
                                 "Review: you never gave away a won position.\n"),
           "the piped game did not end as expected", out.decode())
    expect(b"\x1b[" not in out, "colour through a pipe", out.decode())


def game_after_nim(binary):
    """Kayles at a terminal 60 columns wide, laid out as Nim's: the hint's explanation fits, the
    typed split is played, the computer answers, an arrow key edits the line without reaching the
    game, hint twice gives every step, and quit is followed by the review."""
    game = Terminal(binary, ["--octal", "0.77", "-H", "3", "4", "5"], columns=60)
    first = plain(game.read_until("Your move (heap count [parts]):"))
    expect(board_of(first) == [3, 4, 5], "the first board is not 3 4 5", first)
    game.type("hint\r")
    hint = plain(game.read_until("Your move"))
    expect("Hint: take 1 from heap 3 and split the rest into 1 and 3 (leaves 3 4 1 3), the "
           "winning move." in " ".join(hint.split()), "a hint without the winning split", hint)
    expect("parity" in hint and "Grundy sum 6" in hint, "a hint without Bouton's table", hint)
    expect(board_of(hint) == [3, 4, 5], "the board is not shown again after the hint", hint)
    too_wide = [line for line in hint.splitlines() if len(line) > 60]
    expect(not too_wide, "lines wider than the terminal's 60 columns", "\n".join(too_wide))
    # "3 1 1 4", the 4 taken back with the left arrow and a deletion, then 3 typed.
    game.type("3 1 1 4\x1b[D\x1b[C\x7f3\r")
    turn = plain(game.read_until("Your move"))
    expect("Computer takes" in turn, "the computer did not move", turn)
    expect(board_of(turn.split("Computer takes")[0]) == [3, 4, 1, 3],
           "the typed split was not played", turn)
    expect("\x1b[D" not in turn and "[D" not in turn, "an arrow key reached the game", turn)
    # hint twice in a row: the brief form, then every step of the explanation.
    game.type("hint\r")
    brief = plain(game.read_until("Your move"))
    game.type("hint\r")
    full = plain(game.read_until("Your move"))
    expect("Type hint again" in brief and "Sprague-Grundy" not in brief,
           "the first hint is not the brief one", brief)
    expect("1. Sprague-Grundy" in full and "3. The Grundy sum" in full,
           "the second hint does not give every step", full)
    too_wide = [line for line in full.splitlines() if len(line) > 60]
    expect(not too_wide, "lines wider than the terminal's 60 columns", "\n".join(too_wide))
    game.type("quit\r")
    status = game.finish()
    expect(status == 0, f"status {status} after quit", game.rest())
    expect("Review: you never gave away a won position." in plain(game.rest()),
           "no review after quit", game.rest())


def sum_of_games(binary):
    """A sum of Kayles, Nim and Wythoff's game at a terminal 44 columns wide: each component's
    board under its number, indented and drawn to fit; the hint's table of Grundy values fits; a
    move typed with its component is played in it; quit is followed by the review."""
    game = Terminal(binary, ["--sum", "--octal 0.77 3", "--sum", "30", "--sum",
                             "--game wythoff 1 2"], columns=44)
    prompt = "Your move (component heap count [parts]):"
    first = plain(game.read_until(prompt)).replace("\r\n", "\n")
    expect("Component 1, Octal game 0.77:\n  1: X X X\nComponent 2, Nim:\n  1: 30 objects\n"
           "Component 3, Wythoff's game:\n  1: X\n  2: X X\n" in first,
           "the board is not laid out by component", first)
    game.type("hint\r")
    hint = plain(game.read_until(prompt))
    expect("Grundy sum is 3 XOR 30 XOR 0 = 29" in " ".join(hint.split()),
           "a hint without the components' values", hint)
    # The prompt's line is the line editor's, which wraps what is typed after it.
    too_wide = [line for line in (first + hint).splitlines()
                if len(line) > 44 and not line.startswith("Your move")]
    expect(not too_wide, "lines wider than the terminal's 44 columns", "\n".join(too_wide))
    game.type("2 1 27\r")
    turn = plain(game.read_until(prompt)).replace("\r\n", "\n")
    expect("Component 2, Nim:\n  1: X X X\n" in turn, "the move was not played in component 2",
           turn)
    expect("Computer takes" in turn and "in component" in turn, "the computer did not move", turn)
    game.type("quit\r")
    status = game.finish()
    expect(status == 0, f"status {status} after quit", game.rest())
    expect("Review:" in plain(game.rest()), "no review after quit", game.rest())


def at_terminal(binary, args, columns, rows=24):
    """Everything `nim-game args...` writes at a terminal of `columns` columns, to its end."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen([binary, *args], stdin=slave, stdout=slave, stderr=slave,
                               start_new_session=True)
    os.close(slave)
    STARTED.append(process)
    output = b""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the program has ended and closed the terminal
                break
            if not data:
                break
            output += data
        elif process.poll() is not None:
            break
    status = process.wait(timeout=TIMEOUT)
    os.close(master)
    expect(status == 0, f"nim-game {' '.join(args)} exited {status}")
    return plain(output.decode()).replace("\r\n", "\n")


def help_widths(binary):
    """Every command's --help at 60 and 100 columns: at 60 no line wider than the terminal (but a
    single word wider than any line, a path), at 100 the same lines as through a pipe, laid out at
    80 columns; the text at 60 says the same, broken elsewhere."""
    for command in ([], ["play"], ["match"], ["positions"], ["sequence"], ["completion"]):
        args = [*command, "--help"]
        piped = subprocess.run([binary, *args], capture_output=True, text=True, check=True).stdout
        narrow = at_terminal(binary, args, 60)
        for line in narrow.split("\n"):
            expect(len(line) <= 60 or " " not in line.strip(),
                   f"nim-game {' '.join(args)}: a line wider than 60 columns", line)
        # The same text, but where it is broken (an example's shell line continued with "\\").
        expect(re.sub(r"[\s\\]", "", narrow) == re.sub(r"[\s\\]", "", piped),
               f"nim-game {' '.join(args)}: other words at 60 columns", narrow)
        expect(at_terminal(binary, args, 100) == piped,
               f"nim-game {' '.join(args)}: not its 80 columns at 100", piped)
    expect(max(len(line) for line in piped.split("\n")) <= 80, "a piped help wider than 80")


def resize(binary):
    """A terminal narrowed during the game: the next hint fits the new width, where the same hint
    at 80 columns had wider lines."""
    game = Terminal(binary, ["-H", "13", "14", "15", "16", "17", "18"], columns=80)
    game.read_until(PROMPT)
    game.type("hint\r")
    wide = game.read_until(PROMPT)
    expect(max(len(line) for line in lines_of(wide)) > 50, "no hint line wider than 50", wide)
    fcntl.ioctl(game.master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))
    game.type("x\r")  # something else in between: the next hint is brief again
    game.read_until(PROMPT)
    game.type("hint\r")
    narrow = game.read_until(PROMPT)
    game.type("quit\r")
    game.finish()
    expect("Hint: take " in plain(narrow), "no hint after the resize", narrow)
    for line in lines_of(narrow):
        expect(len(line) <= 50, "a line wider than 50 columns after the resize", narrow)


def main():
    binary = sys.argv[1]
    failed = 0
    for scenario in (win_by_hints, lose_by_a_bad_move, bad_move_then_quit, end_of_input,
                     line_editing, colours, widths, through_pipes, game_after_nim, sum_of_games,
                     help_widths, resize):
        try:
            scenario(binary)
            print(f"ok: {scenario.__name__}", flush=True)
        except Exception as failure:  # a Failure, or the script's own error: both fail the test
            failed += 1
            print(f"FAILED: {scenario.__name__}: {type(failure).__name__}: {failure}")
        for process in STARTED:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        STARTED.clear()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
