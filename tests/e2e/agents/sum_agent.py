#!/usr/bin/env python3
"""A test agent for a sum of games: its reply to the start-up request asks for the legal moves and
the "end" event, it appends every line it receives (requests and events), as received, to the file
named by its first argument, and it plays the first legal move listed, a move of a sum's form
({"component":C,"move":M}) as the request gives them.
"""
import json
import sys

log_path = sys.argv[1]

for line in sys.stdin:
    with open(log_path, "a") as log:
        log.write(line)
    message = json.loads(line)
    if "event" in message:
        continue
    if message["game"] == 0:
        print('{"move":{"component":0,"move":[0,1]},"legal_moves":true,"events":["end"]}',
              flush=True)
        continue
    print(json.dumps({"move": message["legal_moves"][0]}), flush=True)
