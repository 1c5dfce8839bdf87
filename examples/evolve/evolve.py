#!/usr/bin/env python3
"""Improves rule_agent.py's three parameters with a small evolution strategy whose fitness is the
win rate that `nim-game match` reports for it against difficulty:0.5 and perfect.

A (mu/mu, lambda) evolution strategy: each generation, `population` children are drawn around the
mean of the previous generation's best `parents`, with a Gaussian step that shrinks as the
generations go. Each child plays one match (the same start positions for every child of a
generation, new ones for the next), and its fitness is its win rate over all its games.

    python3 examples/evolve/evolve.py --nim-game build/nim-game
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "rule_agent.py")
# Each parameter's range: (name, least, most).
RANGES = [("follow", 0.0, 1.0), ("bias", -2.0, 2.0), ("take", 0.0, 1.0)]


def fitness(nim_game, params, seed, games, jobs):
    """The agent's win rate in a match against difficulty:0.5 and perfect."""
    agent = "cmd:" + " ".join(shlex.quote(word) for word in [sys.executable, AGENT]) + "".join(
        f" --{name} {value:.4f}" for (name, _, _), value in zip(RANGES, params)) + f" --seed {seed}"
    report = subprocess.run(
        [nim_game, "match", agent, "difficulty:0.5", "perfect", "--games", str(games),
         "--seed", str(seed), "--jobs", str(jobs)],
        check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(report)["agents"][0]["win_rate"]


def clip(value, least, most):
    return min(most, max(least, value))


def describe(params):
    return ", ".join(f"{name} {value:.2f}" for (name, _, _), value in zip(RANGES, params))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nim-game", default="nim-game", help="the nim-game to run")
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--population", type=int, default=10, help="children a generation")
    parser.add_argument("--parents", type=int, default=2, help="best children kept as parents")
    parser.add_argument("--games", type=int, default=600, help="games against each opponent")
    parser.add_argument("--jobs", type=int, default=2, help="nim-game match --jobs")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()

    rng = random.Random(options.seed)
    mean = [rng.uniform(least, most) for _, least, most in RANGES]
    step = 0.3  # of each parameter's range
    for generation in range(1, options.generations + 1):
        match_seed = options.seed * 1000 + generation
        children = []
        for _ in range(options.population):
            params = [clip(m + rng.gauss(0, step * (most - least)), least, most)
                      for m, (_, least, most) in zip(mean, RANGES)]
            children.append((fitness(options.nim_game, params, match_seed, options.games,
                                     options.jobs), params))
        children.sort(key=lambda child: child[0], reverse=True)
        best_fitness, best = children[0]
        average = sum(f for f, _ in children) / len(children)
        print(f"generation {generation:2d}: best {best_fitness:.3f} ({describe(best)}), "
              f"mean {average:.3f}", flush=True)
        kept = [params for _, params in children[:options.parents]]
        mean = [sum(values) / len(kept) for values in zip(*kept)]
        step *= 0.85
    print(f"evolved: {describe(mean)}")


if __name__ == "__main__":
    main()
