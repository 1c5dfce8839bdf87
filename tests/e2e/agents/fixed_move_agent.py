#!/usr/bin/env python3
"""A test agent of protocol version 3: it appends every line it receives (requests and events), as
received, to the file named by its first argument, asks for the "end" event, and replies to every
request with the move given as JSON by its second argument, legal or not: [0,1,[4,4]] in Kayles
splits what is left of heap 0 in two.
"""
import json
import sys

log_path = sys.argv[1]
move = json.loads(sys.argv[2])

for line in sys.stdin:
    with open(log_path, "a") as log:
        log.write(line)
    if "event" in json.loads(line):
        continue
    print(json.dumps({"move": move, "events": ["end"]}), flush=True)
