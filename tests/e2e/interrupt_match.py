#!/usr/bin/env python3
"""Interrupts `nim-game match` as a person or a system would (SIGINT, SIGTERM, SIGHUP) while it
plays a program that ignores SIGTERM and the end of its input, and checks what issue 16 asks:
the exit status 128 + the signal, a report of the finished games marked "interrupted", exactly
those games in --games-out, and no process of the program left. Then two signals in a row: nim-game
ends at once, and takes the program with it. Then the promptness of the stop: a game in flight is
given up, not finished, within about a second of the signal: a game of Kayles on heaps of 10^30
(hours long), one of Nim on 100,000 such heaps, a misère search at a game's start, a program
asked for a move under a long --move-timeout, and the start-up check of a program slow to start.

Usage: interrupt_match.py NIM_GAME FAULT_AGENT DIRECTORY. Prints one line per check that failed
and exits 1 if any did; prints "ok: every signal" and the seconds from each signal to the end of
the prompt stops otherwise. Needs pgrep (Debian package procps).
"""
import json
import os
import signal
import subprocess
import sys
import time

nim_game, fault_agent, directory = sys.argv[1:4]
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def leftovers(marker):
    found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True)
    return found.stdout.split()


def start(marker, games_out, output):
    """The match, its output to the file `output` (not a pipe: a program left running would hold
    a pipe open, and reading it would never end)."""
    agent = f"mine=cmd:python3 '{fault_agent}' stubborn # {marker}"
    if os.path.exists(games_out):
        os.remove(games_out)  # first_game_played() watches it
    with open(output, "w") as file:
        return subprocess.Popen(
            [nim_game, "match", "perfect", agent, "--games", "400", "--seed", "1", "--jobs", "2",
             "--games-out", games_out],
            stdout=file, stderr=subprocess.DEVNULL)


def first_game_played(games_out):
    """Waits until the match has written its first game (at most 30 s, a loaded machine and a
    sanitized nim-game included), so that the signal comes in the middle of the match."""
    for _ in range(300):
        if os.path.exists(games_out) and os.path.getsize(games_out) > 0:
            return
        time.sleep(0.1)


def wait(match):
    """Waits for the match to end, at most 60 s (then kills it); True if it ended by itself."""
    try:
        match.wait(timeout=60)
        return True
    except subprocess.TimeoutExpired:
        match.kill()
        match.wait()
        return False


for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    name = signal.Signals(number).name
    marker = f"interrupt-test-{os.getpid()}-{name}"
    games_out = os.path.join(directory, f"{name}.jsonl")
    report_path = os.path.join(directory, f"{name}.json")
    match = start(marker, games_out, report_path)
    first_game_played(games_out)
    time.sleep(0.2)
    match.send_signal(number)
    started = time.monotonic()
    expect(wait(match), f"{name}: still running after 60 s")
    # The game in flight given up, and 1 s for the program to exit once its input is closed.
    expect(time.monotonic() - started < 3, f"{name}: took {time.monotonic() - started:.1f} s")
    expect(match.returncode == 128 + number, f"{name}: exit status {match.returncode}")
    with open(report_path) as file:
        out = file.read()
    try:
        report = json.loads(out)
    except ValueError:
        failures.append(f"{name}: the report is not JSON: {out[:200]!r}")
        for left in leftovers(marker):
            os.kill(int(left), signal.SIGKILL)
        continue
    expect(report.get("interrupted") is True, f"{name}: no \"interrupted\": true")
    with open(games_out) as file:
        text = file.read()
    expect(text.endswith("\n"), f"{name}: --games-out does not end with a whole line")
    games = [json.loads(line) for line in text.splitlines()]
    expect(0 < len(games) < 400, f"{name}: {len(games)} games written")
    expect(len(games) == report["games"],
           f"{name}: {len(games)} games written, {report['games']} in the report")
    expect([game["game"] for game in games] == list(range(1, len(games) + 1)),
           f"{name}: the games written are not 1 to {len(games)}")
    time.sleep(0.3)
    expect(not leftovers(marker), f"{name}: processes of the program left: {leftovers(marker)}")
    for left in leftovers(marker):  # never leave them to the next run
        os.kill(int(left), signal.SIGKILL)

# A second Ctrl-C: at once, and the program goes too.
marker = f"interrupt-test-{os.getpid()}-twice"
match = start(marker, os.path.join(directory, "twice.jsonl"), os.path.join(directory, "twice"))
first_game_played(os.path.join(directory, "twice.jsonl"))
time.sleep(0.2)
match.send_signal(signal.SIGINT)
time.sleep(0.02)
started = time.monotonic()
match.send_signal(signal.SIGINT)
wait(match)
expect(time.monotonic() - started < 1, f"twice: took {time.monotonic() - started:.1f} s")
expect(match.returncode == 130, f"twice: exit status {match.returncode}")
time.sleep(0.3)
expect(not leftovers(marker), f"twice: processes of the program left: {leftovers(marker)}")
for left in leftovers(marker):  # never leave them to the next test
    os.kill(int(left), signal.SIGKILL)


def prompt_stop(label, arguments, wait_before, most_seconds, status=143):
    """Starts `nim-game match ARGUMENTS --games-out FILE` (MARKER in them names the programs
    for pgrep), sends SIGTERM after `wait_before`
    seconds, and checks that it ends within `most_seconds` with `status`, a report of no game
    marked "interrupted" and an empty --games-out (the game in flight is not recorded). Returns
    the seconds from the signal to the end."""
    marker = f"interrupt-test-{os.getpid()}-{label}"
    arguments = [argument.replace("MARKER", marker) for argument in arguments]
    games_out = os.path.join(directory, f"{label}.jsonl")
    report_path = os.path.join(directory, f"{label}.json")
    with open(report_path, "w") as file:
        match = subprocess.Popen([nim_game, "match", *arguments, "--games-out", games_out,
                                  "--start-timeout", "100", "--move-timeout", "100",
                                  "--seed", "1"],
                                 stdout=file, stderr=subprocess.DEVNULL)
    time.sleep(wait_before)
    expect(match.poll() is None, f"{label}: over before the signal")
    match.send_signal(signal.SIGTERM)
    started = time.monotonic()
    ended = wait(match)
    seconds = time.monotonic() - started
    # The sanitizers' build runs several times slower: the stop is measured, not its speed there.
    if os.environ.get("NIM_GAME_UNDER_SANITIZERS"):
        most_seconds *= 4
    expect(ended and seconds < most_seconds, f"{label}: took {seconds:.1f} s after SIGTERM")
    expect(match.returncode == status, f"{label}: exit status {match.returncode}")
    with open(report_path) as file:
        out = file.read()
    try:
        report = json.loads(out)
        expect(report.get("interrupted") is True and report["games"] == 0,
               f"{label}: the report is {out[:200]!r}")
    except ValueError:
        failures.append(f"{label}: the report is not JSON: {out[:200]!r}")
    with open(games_out) as file:
        expect(file.read() == "", f"{label}: a game was recorded")
    time.sleep(0.3)
    expect(not leftovers(marker), f"{label}: processes of the program left: {leftovers(marker)}")
    for left in leftovers(marker):
        os.kill(int(left), signal.SIGKILL)
    return seconds


# The example: two games of Kayles on heaps up to 10^30, each move of the random agent
# milliseconds long, for up to a million plies.
huge = "1" + "0" * 30
times = {"Kayles on 10^30": prompt_stop(
    "kayles", ["perfect", "random", "--octal", "0.77", "--max-size", huge, "--games", "2"], 1.0, 1.5)}
# Nim on 100,000 heaps up to 10^30, millions of plies a game: stopped between two plies.
times["Nim on 10^30"] = prompt_stop(
    "nim", ["perfect", "random", "--heap-count", "100000", "--max-size", huge, "--games", "2",
            "--max-plies", "100000000"], 1.5, 1.5)
# A misère search of a million positions at a game's start (tens of seconds): given up too.
times["a misère search"] = prompt_stop(
    "search", ["perfect", "random", "--octal", "0.77", "--misere", "--heap-count", "8",
               "--max-size", "20", "--games", "2"], 1.0, 1.5)
# A program asked for its move, which stays silent under a --move-timeout of 100 s: not waited for.
times["a program asked"] = prompt_stop(
    "asked", ["perfect", f"cmd:python3 '{fault_agent}' silent # MARKER"], 1.5, 2.5)
# A program at the start-up check that takes 100 s to start: not waited for either.
times["the start-up check"] = prompt_stop(
    "start", ["perfect", f"cmd:python3 '{fault_agent}' start=100 # MARKER"], 0.5, 1.5)

for failure in failures:
    print(failure)
if not failures:
    print("ok: every signal; " + ", ".join(f"{label} {seconds:.2f} s" for label, seconds in times.items()))
sys.exit(1 if failures else 0)
