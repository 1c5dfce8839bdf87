# analyse() gives exactly the record of `nim-game -H`, for every rule and any heap size.
import json
import random

import numpy as np
import pytest

import nim_game

RULES = [
    ({}, []),
    ({"misere": True}, ["--misere"]),
    ({"max_take": 3}, ["--max-take", 3]),
    ({"misere": True, "max_take": 2}, ["--misere", "--max-take", 2]),
    ({"max_take": 2**70}, ["--max-take", 2**70]),
]


def some_positions(rng, count):
    positions = [[0], [1], [0, 0, 0], [1, 1], [1, 1, 1], [2, 1, 1], [1, 3, 5, 7], [1, 3, 5, 6]]
    for _ in range(count):
        top = rng.choice([3, 20, 1000, 2**64 - 1, 2**64, 2**100])
        positions.append([rng.randint(0, top) for _ in range(rng.randint(1, 6))])
    return positions


@pytest.mark.parametrize("kwargs,args", RULES)
def test_equals_the_cli_record(kwargs, args, batch_records):
    positions = some_positions(random.Random(17), 300)
    for position, record in zip(positions, batch_records(positions, *args)):
        assert nim_game.analyse(position, **kwargs) == record, position


def test_equals_a_single_query_beyond_64_bits(run_cli):
    heaps = [2**64, 2**64 + 1, 3]
    assert nim_game.analyse(heaps) == json.loads(run_cli("-H", *heaps))
    heaps = [2**200 + 5, 7]
    assert nim_game.analyse(heaps, misere=True, max_take=2**65) == json.loads(
        run_cli("-H", *heaps, "--misere", "--max-take", 2**65))


def test_takes_numpy_integers_and_any_iterable():
    assert nim_game.analyse(np.array([1, 3, 5, 7])) == nim_game.analyse((1, 3, 5, 7))
    assert nim_game.analyse(iter([2, 2]))["winning"] is False


@pytest.mark.parametrize("call,message", [
    (lambda: nim_game.analyse([1, -1]), "heap size -1 is negative"),
    (lambda: nim_game.analyse([1.5]), "heap size 1.5 is not a whole number"),
    (lambda: nim_game.analyse(["3"]), "heap size '3' is not a whole number"),
    (lambda: nim_game.analyse([]), "no heap sizes given"),
    # One reading of heaps: label() refuses arrays of bools and of bytes' numbers alike.
    (lambda: nim_game.analyse([True, 2]), "heap size True is a bool, not a whole number"),
    (lambda: nim_game.analyse([np.False_]), "heap size False is a bool, not a whole number"),
    (lambda: nim_game.analyse(b"\x01\x02"), "heaps must be whole numbers, not bytes"),
    (lambda: nim_game.analyse(bytearray(b"\x01")), "heaps must be whole numbers, not bytearray"),
    (lambda: nim_game.analyse([3], max_take=True), "max_take True is a bool, not a whole number"),
    (lambda: nim_game.analyse([3], max_take=0), "--max-take must be at least 1, not 0"),
    (lambda: nim_game.analyse([3], game="chess"),
     "--game \"chess\" is not one of nim, grundy, moore, wythoff, staircase, lasker"),
])
def test_bad_input_is_a_value_error(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message
