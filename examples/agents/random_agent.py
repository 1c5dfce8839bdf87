#!/usr/bin/env python3
"""A random nim-game agent: a non-empty heap chosen uniformly, then a count uniformly from 1 to
the most the rules allow (the draw of nim-game's own `random` agent, with other numbers).

    nim-game match 'cmd:python3 examples/agents/random_agent.py --seed 7' perfect

With --seed S its choice depends only on S, the game and the ply, so a match replays exactly,
whatever --jobs is. Requests and replies are the lines of docs/agent-protocol.md.
"""
import argparse
import json
import random
import sys

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--seed", type=int, help="make every choice reproducible")
seed = parser.parse_args().seed

for line in sys.stdin:
    request = json.loads(line)
    heaps, cap = request["heaps"], request["rules"]["max_take"]
    rng = random.Random(f"{seed}:{request['game']}:{request['ply']}") if seed is not None else random
    i = rng.choice([i for i, h in enumerate(heaps) if h > 0])
    most = heaps[i] if cap is None else min(heaps[i], cap)
    print(json.dumps({"move": [i, rng.randint(1, most)]}), flush=True)
