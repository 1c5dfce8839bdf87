#!/usr/bin/env python3
"""Learns a game by self-play on nim_game.GameAECEnv and saves what it learned to MODEL (.npz).

    PYTHONPATH=build/python python3 examples/learn/train.py nim.npz --episodes 20000

Tabular Q-learning, numpy only: one table for both players, Q[position][action], the value for
the player to move of playing that action, from -1 (it loses) to +1 (it wins). Both players play
from the table, epsilon-greedy among the legal actions of the environment's mask, and each move
is learned at once, negamax style: its target is the reward if it ended the game, else minus the
best value the opponent has in the position it left. The starts are the environment's draws
(--heap-count, --max-size), the game any one it plays (--misere, --max-take, --subtract,
--subtract-all-but, --octal, --game). The same --seed gives the same table.
"""
import argparse
import json
import sys
import time

import numpy as np

import nim_game


class Parser(argparse.ArgumentParser):
    def error(self, message):
        # One line naming the bad value, status 2, as nim-game itself refuses bad input.
        print(f"train.py: {message}", file=sys.stderr)
        sys.exit(2)


def heap_count(text):
    """A..B (or N) as (A, B)."""
    low, _, high = text.partition("..")
    try:
        pair = (int(low), int(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not A..B") from None
    if not 1 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"{text!r} is not A..B with 1 <= A <= B")
    return pair


def numbers(text):
    """1,2,3 as [1, 2, 3]."""
    try:
        return [int(word) for word in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of whole numbers") from None


def options():
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("model", help="the file to write the model to (.npz)")
    parser.add_argument("--episodes", type=int, default=20000, help="games of self-play")
    parser.add_argument("--heap-count", type=heap_count, default=(1, 3), metavar="A..B",
                        help="starts of A to B heaps (default 1..3)")
    parser.add_argument("--max-size", type=int, default=5, metavar="M",
                        help="of sizes 0 to M (default 5)")
    parser.add_argument("--alpha", type=float, default=0.5, help="learning rate")
    parser.add_argument("--epsilon", type=float, default=0.2, help="share of random moves")
    parser.add_argument("--seed", type=int, default=1)
    game = parser.add_argument_group("the game (default: Nim)")
    game.add_argument("--misere", action="store_true")
    game.add_argument("--max-take", type=int)
    game.add_argument("--subtract", type=numbers)
    game.add_argument("--subtract-all-but", type=numbers)
    game.add_argument("--octal")
    game.add_argument("--game")
    args = parser.parse_args()
    if args.episodes < 0:
        parser.error(f"--episodes {args.episodes} is negative")
    rules = {key: value for key, value in (
        ("misere", args.misere), ("max_take", args.max_take), ("subtract", args.subtract),
        ("subtract_all_but", args.subtract_all_but), ("octal", args.octal), ("game", args.game))
        if value not in (None, False)}
    return args, rules


def train(env, episodes, alpha, epsilon, rng):
    """Self-play: the table {observation as a tuple: Q row}, and the moves played."""
    table, moves = {}, 0

    def row(observation):
        key = tuple(observation.tolist())
        if key not in table:
            table[key] = np.zeros(env.n_actions)
        return table[key]

    for _ in range(episodes):
        env.reset()
        while env.agents:
            agent = env.agent_selection
            seen, _, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            q, legal = row(seen["observation"]), np.flatnonzero(seen["action_mask"])
            if rng.random() < epsilon:
                action = rng.choice(legal)
            else:
                values = q[legal]
                action = rng.choice(legal[values == values.max()])  # ties drawn, not the first
            env.step(int(action))
            moves += 1
            if env.terminations[agent]:
                target = env.rewards[agent]
            else:  # the opponent moves next: what is best for it is worst for this player
                after = env.observe(env.agent_selection)
                target = -row(after["observation"])[np.flatnonzero(after["action_mask"])].max()
            q[action] += alpha * (target - q[action])
    return table, moves


def main():
    args, rules = options()
    low, high = args.heap_count
    try:
        env = nim_game.GameAECEnv(heap_count=(low, high), max_size=args.max_size,
                                  max_heaps=high, **rules)
        # The rules as a match's requests write them (Nim's own records leave out "game").
        request_rules = nim_game.analyse([args.max_size or 1], **rules)["rules"]
    except (ValueError, TypeError) as error:
        print(f"train.py: {error}", file=sys.stderr)
        sys.exit(2)
    request_rules = {"game": "nim", **request_rules}
    env.reset(seed=args.seed)
    started = time.perf_counter()
    table, moves = train(env, args.episodes, args.alpha, args.epsilon,
                         np.random.default_rng(args.seed))
    seconds = time.perf_counter() - started
    keys = sorted(table)
    meta = {"rules": request_rules, "max_heaps": env.max_heaps, "n_actions": env.n_actions,
            "heap_count": [low, high], "max_size": args.max_size, "episodes": args.episodes,
            "alpha": args.alpha, "epsilon": args.epsilon, "seed": args.seed}
    try:
        with open(args.model, "wb") as out:  # a file, so that numpy adds no ".npz" to the name
            np.savez_compressed(
                out, meta=np.array(json.dumps(meta)),
                states=np.array(keys, dtype=np.int64).reshape(len(keys), env.max_heaps),
                q=np.array([table[key] for key in keys], dtype=np.float32).reshape(
                    len(keys), env.n_actions))
    except OSError as error:
        print(f"train.py: cannot write {args.model}: {error.strerror}", file=sys.stderr)
        sys.exit(2)
    print(f"{args.episodes} games of self-play, {moves} moves, in {seconds:.1f} s: "
          f"{len(keys)} positions in {args.model}")


if __name__ == "__main__":
    main()
