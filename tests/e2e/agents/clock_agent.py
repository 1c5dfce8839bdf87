#!/usr/bin/env python3
"""A test agent for clocks and values: it takes 1 from the first heap that has any, after sleeping
the seconds of its first argument at every request but its process's first (the start-up
check's, or its first move, neither on the clock). Its second argument, JSON or "none", is the
"value" of each reply; its third, if given, a file it appends every line it receives to. With
THINK_MS set, each reply says how long it thought: "measured" (from its request read to its reply
chosen), or the number given.
"""
import json
import os
import sys
import time

sleep = float(sys.argv[1])
valued = sys.argv[2] != "none"
value = json.loads(sys.argv[2]) if valued else None
log_path = sys.argv[3] if len(sys.argv) > 3 else None

first = True
for line in sys.stdin:
    if log_path:
        with open(log_path, "a") as log:
            log.write(line)
    started = time.perf_counter()
    request = json.loads(line)
    if not first:
        time.sleep(sleep)
    first = False
    heap = next(i for i, h in enumerate(request["heaps"]) if h > 0)
    reply = {"move": [heap, 1]}
    if valued:
        reply["value"] = value
    think = os.environ.get("THINK_MS")
    if think == "measured":
        reply["think_ms"] = round((time.perf_counter() - started) * 1000, 3)
    elif think is not None:
        reply["think_ms"] = json.loads(think)
    print(json.dumps(reply, separators=(",", ":")), flush=True)
