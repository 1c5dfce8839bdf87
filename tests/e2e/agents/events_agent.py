#!/usr/bin/env python3
"""A test agent of protocol version 2: its reply to the start-up request asks for the "end" event,
and it appends every event line it receives, as received, to the file named by its first
argument. It takes 1 object from the first non-empty heap, except with "illegal" as its second
argument, where it proposes [9,1] in the games numbered 1, 5, 9, ... With "ask=JSON" as its
second argument, its start-up reply is {"move":[0,1],"events":JSON} and it plays as above.
"""
import json
import sys

log_path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ""
events = mode[len("ask="):] if mode.startswith("ask=") else '["end"]'

for line in sys.stdin:
    message = json.loads(line)
    if "event" in message:
        with open(log_path, "a") as log:
            log.write(line)
        continue
    if message["game"] == 0:
        print('{"move":[0,1],"events":%s}' % events, flush=True)
        continue
    heaps = message["heaps"]
    if mode == "illegal" and message["game"] % 4 == 1:
        print('{"move":[9,1]}', flush=True)
        continue
    heap = next(i for i, h in enumerate(heaps) if h > 0)
    print(json.dumps({"move": [heap, 1]}), flush=True)
