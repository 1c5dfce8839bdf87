#!/usr/bin/env python3
"""Interrupts `nim-game match` at random points and goes on each time with --resume, as issue 16
asks, until the match ends; then the report and the --games-out file must be, byte for byte,
those of the same match played without a break, but for the times of the program's moves, which
differ from run to run: those are taken out of both before they are compared, and each --resume
must keep, byte for byte, the records of the games it goes on from, their times included. Once on
the way the file loses the end of its last line, as when nim-game dies mid-write: that game must
be dropped and played again.

Usage: resume_match.py NIM_GAME FAULT_AGENT DIRECTORY [SEED]. Prints one line per check that
failed and exits 1 if any did; prints "ok: N interruptions" otherwise.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time

nim_game, fault_agent, directory = sys.argv[1:4]
chance = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 16)
failures = []

# A program that takes 0.05 s a move keeps the match going for a few seconds, so that the
# signals land in the middle of it, between games and while games are played.
settings = ["perfect", "random", f"slow=cmd:python3 '{fault_agent}' slow", "--games", "16",
            "--seed", "7", "--jobs", "2", "--max-size", "6"]


def run(arguments, output, stop_after=None):
    """nim-game match with `arguments`, stdout to `output`; SIGINT after `stop_after` seconds."""
    with open(output, "w") as file:
        match = subprocess.Popen([nim_game, "match", *settings, *arguments], stdout=file,
                                 stderr=subprocess.PIPE, text=True)
        if stop_after is not None:
            time.sleep(stop_after)
            match.send_signal(signal.SIGINT)
        _, err = match.communicate(timeout=120)
    return match.returncode, err


def read(path):
    with open(path, "rb") as file:
        return file.read()


def untimed(data):
    """The records or the report in `data` (JSON lines) without the times of the moves, the one
    thing that differs between two runs of the same match; each line as nim-game writes it."""
    def strip(value):
        if isinstance(value, dict):
            return {key: strip(item) for key, item in value.items() if key != "move_ms"}
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value
    return [json.dumps(strip(json.loads(line)), separators=(",", ":"), ensure_ascii=False)
            for line in data.decode().splitlines()]


def whole_lines(path):
    """The records of the file that end with their newline."""
    data = read(path)
    return data[:data.rfind(b"\n") + 1].splitlines()


whole = os.path.join(directory, "whole.jsonl")
status, err = run(["--games-out", whole], os.path.join(directory, "whole.json"))
if status != 0:
    failures.append(f"the match without a break: exit status {status}, {err!r}")

games = os.path.join(directory, "games.jsonl")
report = os.path.join(directory, "report.json")
status, err = run(["--games-out", games], report, stop_after=chance.uniform(0.3, 1.0))
last_size = -1
interruptions = 0
truncated = False
stalls = 0  # runs in a row that finished no game: a signal gives up the games in flight, so on a
# busy machine a run may be stopped before its first game ends; each such run waits twice as long
# before its signal as the one before, so that the match always gets to its end.
# 130: stopped (the games in flight given up). Killed by the signal itself (-SIGINT): it came before nim-game set
# its handler (a slow start, under the sanitizers on a busy machine), before anything was read or
# written, which a shell reports as 130 too.
while status in (130, -signal.SIGINT):
    interruptions += 1
    size = os.path.getsize(games)
    stalls = stalls + 1 if size == last_size else 0
    last_size = size
    if not truncated and size > 10:  # a crash mid-write: the last line loses its end
        with open(games, "r+b") as file:
            file.truncate(size - chance.randint(1, 10))
        truncated = True
        last_size = os.path.getsize(games)
    kept = whole_lines(games)
    status, err = run(["--resume", games], report,
                      stop_after=chance.uniform(0.3, 1.5) * 2 ** min(stalls, 4))
    if whole_lines(games)[:len(kept)] != kept:
        failures.append("a --resume changed the records it went on from")
if status != 0:
    failures.append(f"a resumed match: exit status {status}, {err!r}")
if interruptions < 2:
    failures.append(f"only {interruptions} interruptions: the match ended too soon to test")
if not truncated:
    failures.append("the file was never cut mid-line")
if untimed(read(games)) != untimed(read(whole)):
    failures.append("the games differ from those of the match without a break")
if untimed(read(report)) != untimed(read(os.path.join(directory, "whole.json"))):
    failures.append("the report differs from that of the match without a break")
if b'"move_ms":' not in read(games):
    failures.append("the program's moves are not timed in the records")

for failure in failures:
    print(failure)
if failures:
    sys.exit(1)
print(f"ok: {interruptions} interruptions")
