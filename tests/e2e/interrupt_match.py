#!/usr/bin/env python3
"""Interrupts `nim-game match` as a person or a system would (SIGINT, SIGTERM, SIGHUP) while it
plays a program that ignores SIGTERM and the end of its input, and checks what issue 16 asks:
the exit status 128 + the signal, a report of the finished games marked "interrupted", exactly
those games in --games-out, and no process of the program left. Then two signals in a row: nim-game
ends at once, and takes the program with it.

Usage: interrupt_match.py NIM_GAME FAULT_AGENT DIRECTORY. Prints one line per check that failed
and exits 1 if any did; prints "ok: every signal" otherwise. Needs pgrep (Debian package procps).
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
    expect(time.monotonic() - started < 10, f"{name}: took {time.monotonic() - started:.1f} s")
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

for failure in failures:
    print(failure)
if not failures:
    print("ok: every signal")
sys.exit(1 if failures else 0)
