#!/usr/bin/env python3
"""A rule agent with three numeric parameters, for examples/evolve/evolve.py to improve.

On each move it follows the nim-sum rule (examples/agents/nim_sum_agent.py) with probability
--follow, when the rule has a winning move to offer. Otherwise it picks a non-empty heap with
weight size ** --bias (0: every heap alike; above 0: larger heaps first) and takes --take of what
the rules allow from it (at least 1). Its random choices depend only on --seed, the game and the
ply, so a match replays exactly. It speaks the protocol of docs/agent-protocol.md.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "agents"))
from nim_sum_agent import winning_move  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--follow", type=float, default=0.5)
parser.add_argument("--bias", type=float, default=0.0)
parser.add_argument("--take", type=float, default=0.5)
parser.add_argument("--seed", type=int, default=0)
options = parser.parse_args()

for line in sys.stdin:
    request = json.loads(line)
    heaps, rules = request["heaps"], request["rules"]
    rng = random.Random(f"{options.seed}:{request['game']}:{request['ply']}")
    move = winning_move(heaps, rules["misere"], rules["max_take"])
    if move is None or rng.random() >= options.follow:
        nonempty = [i for i, h in enumerate(heaps) if h > 0]
        i = rng.choices(nonempty, weights=[heaps[i] ** options.bias for i in nonempty])[0]
        most = heaps[i] if rules["max_take"] is None else min(heaps[i], rules["max_take"])
        move = [i, max(1, min(most, round(options.take * most)))]
    print(json.dumps({"move": move}), flush=True)
