#!/usr/bin/env python3
"""A test agent that plays legally (1 object from the first non-empty heap) except in the games
whose number is 1 more than a multiple of 4 (1, 5, 9, ...), where it makes the fault named on
its command line. It answers the runner's first request (game 0) properly, so that it starts.

Faults: none (it always plays legally), illegal ([9,1]), garbage (a line that is not JSON), shape ({"move":[1]}), silent (no
reply), closed (closes its output and waits), exit (status 1), signal (SIGKILL to itself),
reply-exit (replies, then exits 0), slow (every move after 0.05 s, from game 1 on), stubborn (slow, and it ignores SIGTERM,
the end of its input and a closed output), flood (2 MB without a newline), stderr (a line on stderr,
then a legal move), twice (a legal move and a second line, {"note":"extra"}, in one write), late
(a legal move, then 0.1 s later a line nobody asked for, {"note":"late"}; at its first move of
the game only), start=SECONDS (it sleeps that long before it reads anything, every time it starts,
then plays legally). With --announce as a second argument it writes "fault_agent: started" on
stderr when it starts, so that a test can count its starts.
"""
import json
import os
import signal
import sys
import time

fault = sys.argv[1]
if fault.startswith("start="):  # a slow start: a model to load
    time.sleep(float(fault[len("start="):]))
    fault = "none"
if sys.argv[2:] == ["--announce"]:
    sys.stderr.write("fault_agent: started\n")
    sys.stderr.flush()


def reply(text):
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the runner is gone
        if fault != "stubborn":
            raise
        signal.pause()


for line in sys.stdin:
    request = json.loads(line)
    heaps = request["heaps"]
    legal = json.dumps({"move": [next(i for i, h in enumerate(heaps) if h > 0), 1]})
    if fault == "stubborn" and request["game"] == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if fault in ("slow", "stubborn") and request["game"] > 0:
        time.sleep(0.05)
        reply(legal)
    elif request["game"] % 4 != 1 or fault == "none":
        reply(legal)
    elif fault == "illegal":
        reply('{"move":[9,1]}')
    elif fault == "garbage":
        reply("I take 1 from heap 0")
    elif fault == "shape":
        reply('{"move":[1]}')
    elif fault == "silent":
        time.sleep(60)
    elif fault == "closed":
        sys.stdout.close()
        os.close(1)
        time.sleep(60)
    elif fault == "exit":
        sys.exit(1)
    elif fault == "signal":
        os.kill(os.getpid(), signal.SIGKILL)
    elif fault == "reply-exit":
        reply(legal)
        sys.exit(0)
    elif fault == "flood":
        sys.stdout.write("x" * 2_000_000)
        sys.stdout.flush()
        time.sleep(60)
    elif fault == "twice":
        reply(legal + '\n{"note":"extra"}')
    elif fault == "late":
        reply(legal)
        if request["ply"] < 2:
            time.sleep(0.1)
            reply('{"note":"late"}')
    elif fault == "stderr":
        sys.stderr.write(f"fault_agent: a note on stderr in game {request['game']}\n")
        sys.stderr.flush()
        reply(legal)

if fault == "stubborn":
    while True:  # the end of its input is ignored too: only SIGKILL ends it
        time.sleep(1)
