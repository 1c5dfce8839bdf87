#!/usr/bin/env python3
"""A test agent that refuses a position it should never be asked about: one of the wrong number of
heaps for the game (Wythoff's game: 2), or one with no legal move. It then writes why on stderr and
exits with status 3; otherwise it appends the request's heaps to the file named by its first
argument and replies with its first legal move. It knows the moves of Nim, the subtraction,
all-but subtraction and octal games, Grundy's game, Moore's Nim, Wythoff's game and staircase Nim,
from the request's "rules" alone.
"""
import json
import sys

log_path = sys.argv[1]


def heap_move(rules, heap):
    """The first move from one heap, as [count] or [count, [left, right]]; None if it has none."""
    game = rules["game"]
    if game == "nim":
        return [1] if heap >= 1 else None
    if game == "subtraction":
        return next(([k] for k in rules["subtract"] if k <= heap), None)
    if game == "all-but-subtraction":
        return next(([k] for k in range(1, heap + 1) if k not in rules["subtract_all_but"]), None)
    if game == "grundy":  # split into two unequal heaps
        return [0, [1, heap - 1]] if heap >= 3 else None
    if game == "octal":
        whole, _, fraction = rules["code"].partition(".")
        for k, digit in enumerate([int(whole)] + [int(d) for d in fraction]):
            if (digit & 1 and k >= 1 and k == heap) or (digit & 2 and 1 <= k < heap):
                return [k]
            if digit & 4 and heap - k >= 2:
                return [k, [1, heap - k - 1]]
        return None
    return [1] if heap >= 1 else None  # Moore's Nim, Wythoff's game, staircase Nim


def first_move(rules, heaps):
    if rules["game"] == "wythoff" and len(heaps) != 2:
        return None
    for i, heap in enumerate(heaps):
        move = heap_move(rules, heap)
        if move is not None:
            return [i] + move
    return None


for line in sys.stdin:
    request = json.loads(line)
    if "event" in request:
        continue
    heaps, rules = request["heaps"], request["rules"]
    move = first_move(rules, heaps)
    if move is None:
        sys.stderr.write(f"strict_agent: no move in {heaps} of {rules['game']}\n")
        sys.exit(3)
    with open(log_path, "a") as log:
        log.write(json.dumps(heaps) + "\n")
    print(json.dumps({"move": move}), flush=True)
