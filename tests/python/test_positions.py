# positions() draws what `nim-game positions` draws with the same options, padded with 0.
import numpy as np
import pytest

import nim_game


def cli_rows(run_cli, *args):
    return [list(map(int, line.split())) for line in run_cli("positions", *args).splitlines()]


def unpadded(array, heap_counts):
    return [row[:n] for row, n in zip(array.tolist(), heap_counts)]


@pytest.mark.parametrize("kwargs,args", [
    (dict(count=500, heap_count=(1, 6), max_size=30, seed=7),
     ["--count", 500, "--heap-count", "1..6", "--max-size", 30, "--seed", 7]),
    (dict(count=400, heap_count=(2, 5), max_size=1000, min_size=3, seed=1, balanced=True),
     ["--count", 400, "--heap-count", "2..5", "--max-size", 1000, "--min-size", 3, "--seed", 1,
      "--balanced"]),
    (dict(count=400, heap_count=(3, 5), max_size=50, seed=2, balanced=True, misere=True,
          max_take=3),
     ["--count", 400, "--heap-count", "3..5", "--max-size", 50, "--seed", 2, "--balanced",
      "--misere", "--max-take", 3]),
    (dict(count=10, heap_count=4, max_size=2**62, seed=3),
     ["--count", 10, "--heap-count", 4, "--max-size", 2**62, "--seed", 3]),
    (dict(all=True, heap_count=(1, 3), max_size=4, sorted=True),
     ["--all", "--heap-count", "1..3", "--max-size", 4, "--sorted"]),
    (dict(all=True, heap_count=2, max_size=3, min_size=1),
     ["--all", "--heap-count", 2, "--max-size", 3, "--min-size", 1]),
])
def test_the_same_positions_as_the_command(kwargs, args, run_cli):
    expected = cli_rows(run_cli, *args)
    array = nim_game.positions(**kwargs)
    assert array.dtype == np.int64
    assert array.shape == (len(expected), max(map(len, expected)))
    assert unpadded(array, map(len, expected)) == expected
    assert all(not any(row[len(e):]) for row, e in zip(array.tolist(), expected))


# Every game after Nim, drawn as `nim-game positions --balanced` draws it for that game.
@pytest.mark.parametrize("game,options", [
    (dict(octal="0.77"), ["--octal", "0.77"]),
    (dict(game="grundy"), ["--game", "grundy"]),
    (dict(subtract=[1, 3, 4], misere=True), ["--subtract", "1,3,4", "--misere"]),
    (dict(game="moore", heaps_per_move=2), ["--game", "moore", "--heaps-per-move", 2]),
    (dict(game="staircase"), ["--game", "staircase"]),
    (dict(game="lasker"), ["--game", "lasker"]),
])
def test_every_game_draws_the_command_s_balanced_positions(game, options, run_cli):
    expected = cli_rows(run_cli, "--count", 300, "--heap-count", "1..4", "--max-size", 20,
                        "--seed", 9, "--balanced", *options)
    array = nim_game.positions(count=300, heap_count=(1, 4), max_size=20, seed=9, balanced=True,
                               **game)
    assert unpadded(array, map(len, expected)) == expected
    assert nim_game.label(array, **game).sum() == 150


def test_wythoff_s_positions_are_the_command_s_pairs(run_cli):
    expected = cli_rows(run_cli, "--count", 200, "--heap-count", 2, "--max-size", 30, "--seed", 2,
                        "--balanced", "--game", "wythoff")
    array = nim_game.positions(count=200, heap_count=2, max_size=30, seed=2, balanced=True,
                               game="wythoff")
    assert array.tolist() == expected

    array = nim_game.positions(count=10_000, heap_count=(3, 6), max_size=100, seed=4,
                               balanced=True, misere=True, max_take=3)
    assert nim_game.label(array, misere=True, max_take=3).sum() == 5_000


@pytest.mark.parametrize("kwargs,message", [
    (dict(heap_count=2, max_size=3), "give count (a random sample) or all=True, not both or neither"),
    (dict(count=3, heap_count=2, max_size=3, balanced=True),
     "balanced needs an even count (half won, half lost)"),
    (dict(count=2, heap_count=2, max_size=3, misere=True),
     "misere and max_take need balanced=True (the rules decide who wins)"),
    (dict(count=2, heap_count=2, max_size=3, octal="0.77"),
     "a game after Nim needs balanced=True (the rules decide who wins)"),
    (dict(count=2, heap_count=2, max_size=3, game="kayles", balanced=True),
     "--game \"kayles\" is not one of nim, grundy, moore, wythoff, staircase, lasker"),
    (dict(count=2, heap_count=(3, 2), max_size=3), "heap_count (3, 2) is empty: A must be at most B"),
    # The message names the range the check holds to.
    (dict(count=2, heap_count=0, max_size=3), "heap_count 0 is not a whole number from 1 to 1048576"),
    (dict(count=2, heap_count=(0, 2), max_size=3),
     "heap_count 0 is not a whole number from 1 to 1048576"),
    (dict(count=2, heap_count=True, max_size=3), "heap_count True is a bool, not a whole number"),
    (dict(count=2, heap_count=2, max_size=2**63),
     "max_size 9223372036854775808 is not a whole number from 0 to 9223372036854775807"),
    (dict(count=2, heap_count=1, max_size=0, balanced=True, seed=1),
     "balanced: no position of these heap counts and sizes that is won for the player to move "
     "was found"),
])
def test_bad_options_are_value_errors(kwargs, message):
    with pytest.raises(ValueError) as error:
        nim_game.positions(**kwargs)
    assert str(error.value) == message
