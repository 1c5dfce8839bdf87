#!/usr/bin/env python3
"""A test agent of protocol version 4: its reply to the start-up request asks for the legal moves,
and it appends every request it receives, as received, to the file named by its first argument.
It plays the last of the legal moves listed, or, when they are not listed (null: too many),
takes 1 object from the first non-empty heap.
"""
import json
import sys

log_path = sys.argv[1]

for line in sys.stdin:
    request = json.loads(line)
    with open(log_path, "a") as log:
        log.write(line)
    if request["game"] == 0:
        print('{"move":[0,1],"legal_moves":true}', flush=True)
        continue
    moves = request["legal_moves"]
    if moves is None:
        heap = next(i for i, h in enumerate(request["heaps"]) if h > 0)
        moves = [[heap, 1]]
    print(json.dumps({"move": moves[-1]}), flush=True)
