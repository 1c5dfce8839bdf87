#!/usr/bin/env python3
"""The course lab's expert system as a nim-game agent: Bouton's nim-sum rule.

    nim-game match 'cmd:python3 examples/agents/nim_sum_agent.py' perfect

It reads one request a line on stdin ({"heaps": [...], "rules": {...}, ...}, see
docs/agent-protocol.md) and writes one reply a line ({"move": [heap, count]}), flushing each.
Each heap counts as its Grundy value: its size, or size mod (K+1) under a cap of K. It plays the
lowest-indexed heap that leaves a zero sum (in misère play, once no other heap is worth 2 or
more, an odd number of heaps worth 1), and from a lost position takes 1 from the largest heap:
the moves of `nim-game` itself with its default policies.
"""
import json
import sys


def winning_move(heaps, misere, cap):
    """[heap, count] that leaves the opponent lost, or None from a lost position."""
    values = [h % (cap + 1) if cap else h for h in heaps]
    total = 0
    for value in values:
        total ^= value
    big = sum(value >= 2 for value in values)
    for i, (h, value) in enumerate(zip(heaps, values)):
        target = total ^ value  # what heap i must become worth
        if misere and big - (value >= 2) == 0:
            target ^= 1
        if cap is None:
            count = h - target if target < h else 0
        elif target == value or target > cap:
            count = 0
        else:  # below the heap's value, or round past 0 to the sizes just under h - value
            count = value - target if target < value else cap - target + 1 + value
        if 0 < count <= h:
            return [i, count]
    return None


def move(heaps, misere, cap):
    """The winning move, else 1 object from the largest heap."""
    largest = max(range(len(heaps)), key=lambda i: heaps[i])
    return winning_move(heaps, misere, cap) or [largest, 1]


if __name__ == "__main__":
    for line in sys.stdin:
        request = json.loads(line)
        rules = request["rules"]
        print(json.dumps({"move": move(request["heaps"], rules["misere"], rules["max_take"])}),
              flush=True)
