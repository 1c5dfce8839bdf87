# GameVectorEnv's step, whose games are stepped by passes made for speed in Nim against the perfect
# agent: every game plays exactly as it did when each game was stepped in turn. The digests below
# were recorded with that earlier step (the module of the commit before the passes): each hashes
# the observations, rewards, terminated, truncated and masks of 200 steps of 37 games (a random
# legal action each, now and then an illegal one, which loses), and the pickled state at the end
# (heaps, seat to move, winner and the agent's last action of every game).
import hashlib
import re
import threading

import numpy as np
import pytest

import nim_game

TRAJECTORIES = [
    ("nim-perfect", dict(heap_count=(1, 4), max_size=7, min_size=1, opponent="perfect"),
     "87579b00fac7800d"),
    ("nim-random-l1", dict(heap_count=(1, 5), max_size=9, opponent="random", learner=1),
     "5ccebc068698724a"),
    ("nim-misere-diff", dict(heap_count=(1, 4), max_size=7, opponent="difficulty:0.5",
                             misere=True), "7f07faa73131fdff"),
    ("nim-max-take", dict(heap_count=(2, 6), max_size=30, opponent="perfect", max_take=3),
     "378392ab8824ce86"),
    ("subtract-misere", dict(heap_count=(1, 4), max_size=12, opponent="perfect", subtract=[2, 3],
                             misere=True), "e8ec30feb4127ec4"),
    ("all-but-2", dict(heap_count=(1, 3), max_size=9, opponent="random", subtract_all_but=[2]),
     "d2351fd009c1b2c3"),
    ("octal-0.31", dict(heap_count=(1, 4), max_size=7, opponent="perfect", octal="0.31"),
     "509fba69ba90ba85"),
    ("staircase", dict(heaps=[5, 3, 4], opponent="perfect"), "a06daa7c836b6c48"),
    ("moore-1", dict(heap_count=(1, 4), max_size=7, opponent="random", game="moore",
                     heaps_per_move=1), "2935bac04d87009f"),
    ("nim-misere-perfect-l1", dict(heap_count=(1, 4), max_size=7, opponent="perfect", misere=True,
                                   learner=1), "d92d8a021ee49f97"),
    ("nim-fixed-start", dict(heaps=[1, 3, 5, 7], opponent="perfect"), "7fb0684b9d612710"),
    # Heaps of up to 15: 2^16 positions in the table of replies, masks of 60 actions.
    ("nim-15-l1", dict(heap_count=(2, 4), max_size=15, opponent="perfect", learner=1),
     "747ff041a6e64118"),
    # Rows of 8 heaps of up to 7: too many positions for a table of the agent's replies.
    ("nim-8-heaps", dict(heap_count=(1, 8), max_size=7, opponent="perfect"), "aebb80c1584d9985"),
    ("nim-8-misere-l1", dict(heap_count=(1, 8), max_size=7, opponent="perfect", misere=True,
                             learner=1), "f4cb1c8925655d3a"),
    # Rows of 9 heaps, and masks too long for words of marks: each game stepped in turn.
    ("nim-9-heaps", dict(heap_count=(1, 9), max_size=7, opponent="perfect"), "d022f75119bdce80"),
    ("nim-big", dict(heap_count=(1, 8), max_size=1000, max_heaps=10, opponent="perfect"),
     "993df955477153dd"),
]


def trajectory_digest(keywords, games=37, steps=200):
    envs = nim_game.GameVectorEnv(games, **keywords)
    digest = hashlib.sha256()
    observations, _ = envs.reset(seed=11)
    digest.update(observations.tobytes())
    digest.update(envs.action_masks().tobytes())
    rng = np.random.default_rng(5)
    for k in range(steps):
        masks = envs.action_masks()
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
        if k % 7 == 3:
            actions[k % games] = (masks[k % games] == 0).argmax()  # illegal where one is
        for array in (*envs.step(actions)[:4], envs.action_masks()):
            digest.update(np.ascontiguousarray(array).tobytes())
    digest.update(repr(envs._games.state()).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("keywords, expected", [t[1:] for t in TRAJECTORIES],
                         ids=[t[0] for t in TRAJECTORIES])
def test_the_same_trajectories_as_games_stepped_in_turn(keywords, expected):
    assert trajectory_digest(keywords) == expected


def test_a_step_lets_other_threads_run_and_refuses_them_its_games():
    # step() moves the games without the GIL: another thread runs meanwhile, and its use of the
    # same games is a RuntimeError (nothing changed) until the step ends.
    envs = nim_game.GameVectorEnv(1 << 17, heap_count=(1, 4), max_size=7)
    envs.reset(seed=1)
    message = ("^these environments are being stepped in another thread: one thread at a time "
               "may use them$")
    refusals, errors, stepped = [], [], threading.Event()

    def step_many():
        try:
            for _ in range(20):
                envs.step(envs.action_masks().argmax(axis=1))
        except Exception as error:  # noqa: BLE001 (the test fails on it below)
            errors.append(error)
        stepped.set()

    stepper = threading.Thread(target=step_many)
    stepper.start()
    while not stepped.is_set():
        for use in (envs.reset, envs.__getstate__, envs._games.observations):
            try:
                use()
            except RuntimeError as error:
                refusals.append(str(error))
    stepper.join()
    assert not errors and refusals and all(re.match(message, r) for r in refusals)
    envs.step(envs.action_masks().argmax(axis=1))  # free again
