# label() and best_moves() on arrays: the CLI's verdict and move for every row, Bouton's rules,
# every integer type, any number of threads.
import functools
import random
import subprocess
import sys

import numpy as np
import pytest

import nim_game

RULES = [
    ({}, []),
    ({"misere": True}, ["--misere"]),
    ({"max_take": 3}, ["--max-take", 3]),
    ({"misere": True, "max_take": 4}, ["--misere", "--max-take", 4]),
]


def padded(positions, width):
    return np.array([p + [0] * (width - len(p)) for p in positions], dtype=np.int64)


def random_positions(seed, count, most_heaps=6, top=40):
    rng = random.Random(seed)
    return [[rng.randint(0, top) for _ in range(rng.randint(1, most_heaps))] for _ in range(count)]


@pytest.mark.parametrize("kwargs,args", RULES)
def test_rows_get_the_cli_verdict_and_move(kwargs, args, batch_records):
    positions = random_positions(5, 2000) + [[0], [1], [1, 1], [2, 1, 1], [0, 0]]
    array = padded(positions, 6)
    records = batch_records(positions, *args)
    assert nim_game.label(array, **kwargs).tolist() == [r["winning"] for r in records]
    expected = [r["move"] if r["move"] is not None else [-1, -1] for r in records]
    assert nim_game.best_moves(array, **kwargs).tolist() == expected


def test_labels_follow_bouton():
    array = padded(random_positions(9, 5000, top=9), 6)
    nim_sum = np.bitwise_xor.reduce(array, axis=1)
    assert (nim_game.label(array) == (nim_sum != 0)).all()
    # Misère: the same while some heap is 2 or more; else won iff the number of 1s is even.
    small = (array <= 1).all(axis=1)
    ones_even = (array == 1).sum(axis=1) % 2 == 0
    assert (nim_game.label(array, misere=True) == np.where(small, ones_even, nim_sum != 0)).all()
    # With a cap K every heap is worth h mod (K+1).
    grundy_sum = np.bitwise_xor.reduce(array % 4, axis=1)
    assert (nim_game.label(array, max_take=3) == (grundy_sum != 0)).all()


def test_best_moves_win_from_won_rows():
    array = padded(random_positions(3, 3000), 6)
    won = nim_game.label(array)
    moves = nim_game.best_moves(array)
    after = array.copy()
    rows = np.arange(len(array))
    assert (moves[won, 1] >= 1).all()
    after[rows[won], moves[won, 0]] -= moves[won, 1]
    assert not nim_game.label(after[won]).any()


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64])
def test_every_integer_type_gives_the_same_answers(dtype):
    array = padded(random_positions(1, 500, top=100), 6)
    assert (nim_game.label(array.astype(dtype)) == nim_game.label(array)).all()
    assert (nim_game.best_moves(array.astype(dtype)) == nim_game.best_moves(array)).all()


def test_heaps_of_64_bits():
    array = np.array([[2**64 - 1, 2**64 - 1], [2**64 - 1, 1]], dtype=np.uint64)
    assert nim_game.label(array).tolist() == [False, True]
    assert nim_game.best_moves(array[:1]).tolist() == [[0, 1]]  # lost: take 1 from the largest
    with pytest.raises(ValueError, match="^a move takes more objects than an int64 holds"):
        nim_game.best_moves(array)


def test_non_contiguous_arrays_and_threads():
    array = padded(random_positions(2, 100_000), 6)
    expected = nim_game.label(array, threads=1)
    for threads in (0, 2, 3, 7):
        assert (nim_game.label(array, threads=threads) == expected).all()
        assert (nim_game.best_moves(array, threads=threads)
                == nim_game.best_moves(array, threads=1)).all()
    assert (nim_game.label(np.asfortranarray(array)) == expected).all()
    assert (nim_game.label(array[::2]) == expected[::2]).all()


def test_any_whole_number_of_threads():
    array = padded(random_positions(4, 1000), 6)
    expected = nim_game.label(array, threads=1)
    assert (nim_game.label(array, threads=2**70) == expected).all()  # a thread per 16,384 rows
    assert (nim_game.best_moves(array, threads=np.int8(3)) == nim_game.best_moves(array)).all()


# 1000 threads where the memory for their stacks is lacking: a RuntimeError, after which the
# interpreter goes on (it used to end, the threads started left running).
THREADS_BEYOND_MEMORY = """
import resource
import numpy as np
import nim_game
rows = np.ones((1000 * 16384, 1), dtype=np.uint8)  # rows enough for 1000 threads
with open("/proc/self/status") as status:
    in_use = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (in_use + 100 * 2**20, resource.RLIM_INFINITY))
try:
    nim_game.label(rows, threads=1000)
except RuntimeError as error:
    print(error)
print(nim_game.label(rows, threads=1).sum())
"""


def test_threads_that_cannot_start_are_a_runtime_error():
    done = subprocess.run([sys.executable, "-c", THREADS_BEYOND_MEMORY], capture_output=True,
                          text=True)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "could not start 1000 threads (Resource temporarily unavailable): ask for fewer with "
        "threads=N",
        str(1000 * 16384),
    ]


def test_empty_arrays():
    assert nim_game.label(np.zeros((0, 3), dtype=np.int64)).shape == (0,)
    assert nim_game.best_moves(np.zeros((0, 3), dtype=np.int64)).shape == (0, 2)


def test_rows_of_no_heaps_are_positions_with_no_move():
    rows = np.zeros((3, 0), dtype=np.int64)
    assert nim_game.label(rows).tolist() == [False] * 3
    assert nim_game.label(rows, misere=True).tolist() == [True] * 3
    assert nim_game.label(rows, octal="0.77").tolist() == [False] * 3
    assert nim_game.best_moves(rows).tolist() == [[-1, -1]] * 3


@pytest.mark.parametrize("call,message", [
    (lambda: nim_game.label(np.array([[1, 2], [3, -4], [-1, 0]])),
     "heap size -4 is negative (row 1, column 1)"),
    (lambda: nim_game.best_moves(np.array([[1, 2], [3, -4]], dtype=np.int32)),
     "heap size -4 is negative (row 1, column 1)"),
    (lambda: nim_game.label(np.array([1, 2, 3])),
     "the positions must be a 2-D array (one position a row), not 1-D"),
    (lambda: nim_game.label(np.array([[1.0, 2.0]])),
     "the positions must be an array of integers, not of float64"),
    (lambda: nim_game.label(np.array([[1, 2]]), max_take=0),
     "--max-take must be at least 1, not 0"),
    (lambda: nim_game.label(np.array([[1, 2]]), threads=-1),
     "threads must be 0 (every core) or more, not -1"),
    (lambda: nim_game.best_moves(np.array([[1, 2]]), threads=1.5),
     "threads 1.5 is not a whole number"),
])
def test_bad_arrays_are_value_errors(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message
