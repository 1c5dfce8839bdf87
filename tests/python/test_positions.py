# positions() draws what `nim-game positions` draws with the same options, padded with 0.
import io
import subprocess

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
    (dict(heap_count=2, max_size=3),
     "no positions asked for: give --count N (a random sample) or --all"),
    (dict(count=2, all=True, heap_count=2, max_size=3),
     "--count and --all cannot be used together"),
    (dict(count=3, heap_count=2, max_size=3, balanced=True),
     "--balanced needs an even --count (half won, half lost), not 3"),
    (dict(count=2, heap_count=2, max_size=3, misere=True),
     "--misere needs --balanced, --label or the rules field of --format json (the rules decide "
     "who wins)"),
    (dict(count=2, heap_count=2, max_size=3, octal="0.77"),
     "--octal needs --balanced, --label or the rules field of --format json (the rules decide "
     "who wins)"),
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
     "--balanced: no position of 1 heap of size 0 under normal play is won for the player to "
     "move"),
])
def test_bad_options_are_value_errors(kwargs, message):
    with pytest.raises(ValueError) as error:
        nim_game.positions(**kwargs)
    assert str(error.value) == message


# Sets without repeats, split into parts, balanced per heap count: the command's sets, row for
# row, with each row's heap count.
@pytest.mark.parametrize("kwargs,args", [
    (dict(count=200, heap_count=(1, 4), max_size=6, seed=3, unique=True),
     ["--count", 200, "--heap-count", "1..4", "--max-size", 6, "--seed", 3, "--unique"]),
    (dict(count=200, heap_count=(2, 3), max_size=9, seed=5, unique="ordered", game="staircase",
          balanced=True),
     ["--count", 200, "--heap-count", "2..3", "--max-size", 9, "--seed", 5, "--unique",
      "ordered", "--game", "staircase", "--balanced"]),
    (dict(count=400, heap_count=(1, 5), max_size=12, seed=8, balanced="per-heap-count",
          octal="0.07"),
     ["--count", 400, "--heap-count", "1..5", "--max-size", 12, "--seed", 8, "--balanced",
      "per-heap-count", "--octal", "0.07"]),
])
def test_sets_are_the_command_s_row_for_row(kwargs, args, run_cli):
    expected = cli_rows(run_cli, *args)
    heaps, counts = nim_game.positions(heap_counts=True, **kwargs)
    assert counts.tolist() == [len(row) for row in expected]
    assert unpadded(heaps, counts) == expected


def test_split_parts_are_the_command_s_files(run_cli, tmp_path):
    run_cli("positions", "--count", 1000, "--heap-count", "1..4", "--max-size", 40, "--seed", 4,
            "--balanced", "--misere", "--split", "train=0.7,valid=0.1,test=0.2", "--split-key",
            9, "--output-prefix", f"{tmp_path}/")
    parts = nim_game.positions(count=1000, heap_count=(1, 4), max_size=40, seed=4, balanced=True,
                               misere=True, split={"train": 0.7, "valid": 0.1, "test": 0.2},
                               split_key=9, heap_counts=True)
    assert list(parts) == ["train", "valid", "test"]
    for name, (heaps, counts) in parts.items():
        expected = [list(map(int, line.split()))
                    for line in (tmp_path / f"{name}.txt").read_text().splitlines()]
        assert unpadded(heaps, counts) == expected
    seen = [tuple(sorted(row)) for heaps, counts in parts.values()
            for row in unpadded(heaps, counts)]
    assert len(seen) == len(set(seen)) == 1000


# With label or fields, the records of `--format npy`: the same bytes as the command's file.
@pytest.mark.parametrize("fields,game,options", [
    (["heaps", "winning", "move", "action", "grundy_values", "nim_sum", "grundy_sum"], {}, []),
    (["heaps", "winning", "grundy_values", "nim_sum", "grundy_sum"], dict(octal="0.77"),
     ["--octal", "0.77"]),
])
def test_labelled_records_are_the_command_s_npy(fields, game, options, nim_game_binary):
    args = ["--count", 50, "--heap-count", "1..3", "--max-size", 9, "--seed", 2, "--label",
            "--fields", ",".join(fields), *options]
    done = subprocess.run([nim_game_binary, "positions", "--format", "npy", *map(str, args)],
                          capture_output=True, check=True)
    expected = np.load(io.BytesIO(done.stdout))
    records = nim_game.positions(count=50, heap_count=(1, 3), max_size=9, seed=2, label=True,
                                 fields=fields, **game)
    assert records.dtype == expected.dtype
    assert records.tobytes() == expected.tobytes()
    names = [name for field in fields
             for name in (["heaps", "heap_count"] if field == "heaps" else [field])]
    assert list(records.dtype.names) == names
    won = nim_game.label(records["heaps"], **game)
    assert won.tolist() == records["winning"].tolist()


# The action ids of padded rows come from each row's own heap count: they are the command's.
def test_action_ids_of_padded_rows_are_the_command_s():
    records = nim_game.positions(count=500, heap_count=(1, 6), max_size=12, seed=6, label=True,
                                 fields=["heaps", "move", "action"])
    assert (records["heap_count"] < 6).any() and (records["action"] == -1).any()
    ids = nim_game.action_ids(records["move"], records["heap_count"])
    assert ids.tolist() == records["action"].tolist()
    moves = nim_game.moves_of_actions(records["action"], records["heap_count"])
    assert moves.tolist() == records["move"].tolist()
    # The padded width would number them otherwise.
    assert (ids != nim_game.action_ids(records["move"], [6] * 500)).any()


@pytest.mark.parametrize("call,message", [
    (lambda: nim_game.action_ids([[3, 1]], [3]),
     "row 0: move [3, 1] is no heap and take of a position of 3 heaps"),
    (lambda: nim_game.action_ids([[0, 0]], [3]),
     "row 0: move [0, 0] is no heap and take of a position of 3 heaps"),
    (lambda: nim_game.action_ids([[0, 1]], [3, 4]),
     "moves of shape (1, 2) and heap_counts of shape (2,): give (n, 2) and (n,)"),
    (lambda: nim_game.moves_of_actions([5], [0]), "heap count 0 is not 1 or more"),
    (lambda: nim_game.moves_of_actions([-2], [3]), "action -2 is not an action id (0 or more)"),
])
def test_bad_moves_and_actions_are_value_errors(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message


# No rows is an array of no rows, of the columns asked for.
def test_a_count_of_0_is_empty_arrays():
    assert nim_game.positions(count=0, heap_count=(1, 3), max_size=5).shape == (0, 3)
    heaps, counts = nim_game.positions(count=0, heap_count=2, max_size=5, heap_counts=True)
    assert heaps.shape == (0, 2) and counts.shape == (0,)
    assert nim_game.positions(count=0, heap_count=2, max_size=5, label=True).dtype.names == (
        "heaps", "heap_count", "winning")
