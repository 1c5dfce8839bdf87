#!/usr/bin/env python3
"""Plays the model train.py learned, as a nim-game agent (numpy only).

    nim-game match 'cmd:python3 examples/learn/agent.py nim.npz' perfect \\
        --heap-count 1..3 --max-size 5

It asks for the legal moves in its start-up reply and plays, of those, the action its table
values most, with that value as its estimate that it wins ("value", from 0 to 1). A position the
table does not hold (more heaps or larger ones than training saw, or never reached), or one none
of whose legal moves is an action of the table, gets a random legal move instead, drawn from
--seed, the game and the ply as examples/agents/random_agent.py draws it; when its input ends it
says on stderr how many of its moves were drawn so. A match of other rules than the model's is
refused: one line on stderr, exit status 2. Requests and replies are the lines of
docs/agent-protocol.md.
"""
import argparse
import json
import random
import sys

import numpy as np


class Model:
    """The table of train.py: Q rows by observation (the heaps padded with 0 to max_heaps)."""

    def __init__(self, path):
        with np.load(path) as saved:
            self.meta = json.loads(str(saved["meta"]))
            self.q = saved["q"]
            self.rows = {tuple(state): i for i, state in enumerate(saved["states"].tolist())}
        self.max_heaps = self.meta["max_heaps"]
        self.most_take = self.meta["n_actions"] // self.max_heaps

    def action(self, move):
        """A legal move's action id, (take - 1) * max_heaps + heap, or None if it has none."""
        if len(move) != 2 or not all(isinstance(n, int) for n in move):
            return None
        heap, take = move
        if heap >= self.max_heaps or not 1 <= take <= self.most_take:
            return None
        return (take - 1) * self.max_heaps + heap

    def choose(self, heaps, legal_moves):
        """(move, value) by the table, or None when it has nothing to say."""
        if len(heaps) > self.max_heaps or not legal_moves:
            return None
        row = self.rows.get(tuple(heaps) + (0,) * (self.max_heaps - len(heaps)))
        if row is None:
            return None
        known = [(move, self.action(move)) for move in legal_moves]
        known = [(move, action) for move, action in known if action is not None]
        if not known:
            return None
        move, action = max(known, key=lambda pair: self.q[row, pair[1]])  # the first of ties
        return move, float(self.q[row, action])


def fallback(request, seed):
    """A random legal move, drawn from the seed, the game and the ply."""
    rng = random.Random(f"{seed}:{request['game']}:{request['ply']}")
    legal = request.get("legal_moves")
    if legal:
        return rng.choice(legal)
    # No list (the start-up request, or more than 10,000 moves): 1 from a non-empty heap.
    return [rng.choice([i for i, h in enumerate(request["heaps"]) if h > 0]), 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", help="the .npz file train.py wrote")
    parser.add_argument("--seed", type=int, default=0, help="for the moves the table cannot give")
    options = parser.parse_args()
    try:
        model = Model(options.model)
    except OSError as error:
        print(f"agent.py: cannot read {options.model}: {error.strerror}", file=sys.stderr)
        sys.exit(2)
    except (ValueError, KeyError):
        print(f"agent.py: {options.model} is not a model of train.py", file=sys.stderr)
        sys.exit(2)
    moves = drawn = 0
    for line in sys.stdin:
        request = json.loads(line)
        if request["rules"] != model.meta["rules"]:
            print(f"agent.py: {options.model} was trained for the rules "
                  f"{json.dumps(model.meta['rules'])}, not {json.dumps(request['rules'])}",
                  file=sys.stderr)
            sys.exit(2)
        if request["game"] == 0:  # the start-up request: ask for the legal moves
            print(json.dumps({"move": fallback(request, options.seed), "legal_moves": True}),
                  flush=True)
            continue
        moves += 1
        chosen = model.choose(request["heaps"], request.get("legal_moves"))
        if chosen is None:
            drawn += 1
            reply = {"move": fallback(request, options.seed)}
        else:
            move, q = chosen
            reply = {"move": move, "value": round(min(1.0, max(0.0, (q + 1) / 2)), 4)}
        print(json.dumps(reply), flush=True)
    if moves:
        print(f"agent.py: {drawn} of {moves} moves drawn at random, from positions the table "
              f"does not hold", file=sys.stderr)


if __name__ == "__main__":
    main()
