# The games after Nim from Python: analyse() gives exactly the record `nim-game -H` writes with the
# same options, label() each row's `winning` and best_moves() its `move` (for the games whose moves
# take from one heap), and a bad option is the command line's refusal, in its words.
import inspect
import json
import random
import subprocess

import numpy as np
import pytest

import nim_game
from nim_game import _core

# (keywords, the same options on the command line, the largest heap the positions may have:
# small where the misère search or the Grundy values bound the heaps).
GAMES = [
    ({"octal": "0.77"}, ["--octal", "0.77"], 2**70),
    ({"subtract": "1,3,4"}, ["--subtract", "1,3,4"], 2**70),
    # No period: its values go to --grundy-limit's 100,000.
    ({"subtract_all_but": [2, 5]}, ["--subtract-all-but", "2,5"], 5000),
    ({"game": "grundy"}, ["--game", "grundy"], 300),
    ({"game": "moore", "heaps_per_move": 2}, ["--game", "moore", "--heaps-per-move", 2], 2**70),
    ({"game": "wythoff"}, ["--game", "wythoff"], 2**70),
    ({"game": "staircase"}, ["--game", "staircase"], 2**70),
    ({"game": "lasker"}, ["--game", "lasker"], 2**70),
]
# Every game also in misère play, its heaps small enough for the search where nim-game has no formula.
ALL_GAMES = [pytest.param(kwargs, args, top, id=" ".join(map(str, args)))
             for kwargs, args, top in GAMES] + [
    pytest.param({**kwargs, "misere": True}, [*args, "--misere"],
                 top if kwargs.get("game") in ("moore", "wythoff") else 9,
                 id=" ".join(map(str, args)) + " --misere")
    for kwargs, args, top in GAMES]

# The games whose moves take from one heap: best_moves gives their moves.
ONE_HEAP_MOVES = ("--subtract", "--subtract-all-but", "staircase")


def positions_of(args, top, count, seed):
    """Positions of the game: Wythoff's of 2 heaps, the others of 1 to 5."""
    rng = random.Random(seed)
    out = [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1], [3, 4]]
    for _ in range(count):
        heaps = 2 if "wythoff" in args else rng.randint(1, 5 if top > 9 else 4)
        most = rng.choice([top, 12]) if top > 12 else top
        out.append([rng.randint(0, most) for _ in range(heaps)])
    return out


def cli_error(binary, *args):
    """The message nim-game refuses the arguments with (exit status 2, nothing on stdout)."""
    done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, ""), args
    assert done.stderr.startswith("nim-game: ") and done.stderr.endswith("\n")
    return done.stderr[len("nim-game: "):-1]


@pytest.mark.parametrize("kwargs,args,top", ALL_GAMES)
def test_analyse_equals_the_cli_record(kwargs, args, top, batch_records, run_cli):
    positions = positions_of(args, top, 60, seed=len(args) + top)
    for position, record in zip(positions, batch_records(positions, *args)):
        assert nim_game.analyse(position, **kwargs) == record, position
    # A single query too, not only --batch's lines.
    position = positions[-1]
    assert nim_game.analyse(position, **kwargs) == json.loads(run_cli("-H", *position, *args))


@pytest.mark.parametrize("kwargs,args,top", ALL_GAMES)
def test_label_and_best_moves_equal_the_cli(kwargs, args, top, batch_records):
    positions = positions_of(args, min(top, 12), 300, seed=7)
    width = 2 if "wythoff" in args else 6
    # Padded with 0 at the end: heaps of 0 in a sum, empty top steps of a staircase.
    array = np.array([p + [0] * (width - len(p)) for p in positions], dtype=np.int64)
    records = batch_records(positions, *args)
    assert nim_game.label(array, **kwargs).tolist() == [r["winning"] for r in records]
    assert nim_game.label(array, **kwargs, threads=3).tolist() == [r["winning"] for r in records]
    if not any(game in args for game in ONE_HEAP_MOVES):
        with pytest.raises(ValueError) as error:
            nim_game.best_moves(array, **kwargs)
        assert str(error.value).startswith(
            "best_moves writes a move as [heap, count], which holds only moves that take from "
            "one heap; ")
        assert str(error.value).endswith(
            " has moves that split a heap or take from several: analyse() gives them")
        return
    expected = [r["move"] if r["move"] is not None else [-1, -1] for r in records]
    assert nim_game.best_moves(array, **kwargs).tolist() == expected


def test_kayles_on_threads():
    rng = np.random.default_rng(3)
    array = rng.integers(0, 200, size=(50_000, 4))
    expected = nim_game.label(array, octal="0.77", threads=1)
    assert expected.any() and not expected.all()
    for threads in (0, 2, 5):
        assert (nim_game.label(array, octal="0.77", threads=threads) == expected).all()
        assert (nim_game.best_moves(array, subtract=[1, 3, 4], threads=threads)
                == nim_game.best_moves(array, subtract=[1, 3, 4], threads=1)).all()


def test_list_options_as_text_or_as_lists():
    for kwargs in ({"subtract": "1,3,4"}, {"subtract": [1, 3, 4]}, {"subtract": (1, 3, 4)},
                   {"subtract": np.array([1, 3, 4])}):
        assert nim_game.analyse([10, 7], **kwargs)["rules"] == {
            "game": "subtraction", "subtract": [1, 3, 4], "misere": False}


def test_a_staircase_beyond_64_bits(run_cli):
    # The coins of two steps of 2^63 pass 64 bits together: the search and the move's position
    # take GMP's numbers, as on the command line.
    steps = [2**63 + 2, 2**63, 1]
    array = np.array([steps], dtype=np.uint64)
    record = json.loads(run_cli("-H", *steps, "--game", "staircase"))
    assert nim_game.analyse(steps, game="staircase") == record
    assert nim_game.label(array, game="staircase").tolist() == [record["winning"]]
    assert record["move"][1] > 2**63 - 1
    with pytest.raises(ValueError, match="^a move takes more objects than an int64 holds"):
        nim_game.best_moves(array, game="staircase")
    small = np.array([[2**62, 2**63, 2**63]], dtype=np.uint64)
    small_record = json.loads(run_cli("-H", *small[0], "--game", "staircase"))
    assert nim_game.best_moves(small, game="staircase").tolist() == [small_record["move"]]


# (keywords, heaps, the same on the command line): each refused by both in the same words.
REFUSED = [
    ({"game": "chess"}, [3], ["--game", "chess"]),
    ({"game": "kayles"}, [3, 4], ["--game", "kayles"]),  # Kayles is octal="0.77"
    ({"octal": "0.8"}, [3], ["--octal", "0.8"]),
    ({"subtract": "1,x"}, [3], ["--subtract", "1,x"]),
    ({"subtract": []}, [3], ["--subtract", ""]),
    ({"subtract_all_but": [0]}, [3], ["--subtract-all-but", "0"]),
    ({"octal": "0.77", "subtract": [1]}, [3], ["--octal", "0.77", "--subtract", "1"]),
    ({"game": "moore", "octal": "0.77"}, [3], ["--game", "moore", "--octal", "0.77"]),
    ({"heaps_per_move": 2}, [3], ["--heaps-per-move", 2]),
    ({"game": "moore", "heaps_per_move": 0}, [3], ["--game", "moore", "--heaps-per-move", 0]),
    ({"game": "moore", "grundy_limit": 5}, [3], ["--game", "moore", "--grundy-limit", 5]),
    ({"octal": "0.77", "limit_search": 10}, [3], ["--octal", "0.77", "--limit-search", 10]),
    ({"octal": "0.77", "max_take": 2}, [3], ["--octal", "0.77", "--max-take", 2]),
    ({"max_take": 0}, [3], ["--max-take", 0]),
    ({"game": "grundy", "grundy_limit": 10}, [50], ["--game", "grundy", "--grundy-limit", 10]),
    ({"octal": "0.77", "misere": True, "limit_search": 10}, [20, 20],
     ["--octal", "0.77", "--misere", "--limit-search", 10]),
    ({"game": "wythoff"}, [3], ["--game", "wythoff"]),
]


@pytest.mark.parametrize("kwargs,heaps,args", REFUSED)
def test_refusals_are_the_cli_refusals(kwargs, heaps, args, nim_game_binary):
    message = cli_error(nim_game_binary, "-H", *heaps, *args)
    with pytest.raises(ValueError) as error:
        nim_game.analyse(heaps, **kwargs)
    assert str(error.value) == message


@pytest.mark.parametrize("kwargs,heaps,args", REFUSED[:14])
def test_label_refuses_the_same_options(kwargs, heaps, args, nim_game_binary):
    message = cli_error(nim_game_binary, "-H", *heaps, *args)
    for answer in (nim_game.label, nim_game.best_moves):
        with pytest.raises(ValueError) as error:
            answer(np.array([heaps]), **kwargs)
        assert str(error.value) == message


def test_a_row_the_theory_cannot_answer_is_named(nim_game_binary):
    message = cli_error(nim_game_binary, "-H", 70, "--game", "grundy", "--grundy-limit", 40)
    array = np.array([[3, 4]] * 80_000)
    array[30_000] = [70, 1]  # the lowest row refused, whichever thread meets which first
    array[70_000] = [50, 1]
    for threads in (1, 4):
        with pytest.raises(ValueError) as error:
            nim_game.label(array, game="grundy", grundy_limit=40, threads=threads)
        assert str(error.value) == message + " (row 30000)"


def test_the_lowest_bad_row_is_named_whether_negative_or_unanswerable(nim_game_binary):
    message = cli_error(nim_game_binary, "-H", 70, "--game", "grundy", "--grundy-limit", 40)
    for unanswerable, negative in ((10, 20), (20, 10)):
        array = np.array([[3, 4]] * 100)
        array[unanswerable] = [70, 1]
        array[negative] = [5, -1]
        expected = (message + f" (row {unanswerable})" if unanswerable < negative else
                    f"heap size -1 is negative (row {negative}, column 1)")
        with pytest.raises(ValueError) as error:
            nim_game.label(array, game="grundy", grundy_limit=40)
        assert str(error.value) == expected


def test_wythoff_rows_are_two_heaps():
    with pytest.raises(ValueError) as error:
        nim_game.label(np.array([[3, 4, 0]]), game="wythoff")
    assert str(error.value) == (
        "the rows are read as whole positions, their 0s as heaps, and Wythoff's game is played "
        "on exactly 2 heaps: give an array of 2 columns, not 3")


@pytest.mark.parametrize("kwargs,message", [
    ({"octal": 0.77}, "octal must be a str, not float"),
    ({"game": 3}, "game must be a str, not int"),
    ({"subtract": 3}, 'subtract must be a str such as "1,3,4" or a list of whole numbers, not int'),
    ({"subtract": [1, 2.5]}, "subtract 2.5 is not a whole number"),
    ({"heaps_per_move": "2", "game": "moore"}, "heaps_per_move '2' is not a whole number"),
    ({"octal": "0.7\x007"}, "octal '0.7\\x007' holds a NUL character, which no option's value can"),
])
def test_keywords_of_the_wrong_type(kwargs, message):
    with pytest.raises(ValueError) as error:
        nim_game.analyse([3], **kwargs)
    assert str(error.value) == message


def test_the_default_game_names_none():
    # game="nim" is the default: beside octal it is no --game (which --octal would refuse).
    assert nim_game.analyse([3, 4], False, None, "nim", octal="0.77")["rules"]["code"] == "0.77"


def test_each_row_is_searched_on_its_own(nim_game_binary):
    # nim-game has no formula for misère Kayles: each position is searched, within --limit-search's bound, on
    # its own. Rows that the command line answers one by one within a small bound are answered so
    # here too, although together they reach more positions than the bound.
    rng = random.Random(1)
    rows = [[rng.randint(0, 9) for _ in range(3)] for _ in range(200)]
    text = "".join(" ".join(map(str, row)) + "\n" for row in rows)
    done = subprocess.run([nim_game_binary, "--batch", "--octal", "0.77", "--misere",
                           "--limit-search", "300"], input=text, capture_output=True, text=True)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    answered = [(row, r["winning"]) for row, r in zip(rows, records) if "error" not in r]
    assert 100 < len(answered) < len(rows)
    array = np.array([row for row, _ in answered])
    won = nim_game.label(array, octal="0.77", misere=True, limit_search=300)
    assert won.tolist() == [winning for _, winning in answered]


def test_every_function_takes_the_command_lines_game_options():
    # The game keywords are the options of Nim's rules and of the game's choice, as the command
    # line declares them: every function that takes a game takes each of them, by that name.
    keywords = _core.game_keywords()
    assert keywords == ["misere", "max_take", "game", "octal", "subtract", "subtract_all_but",
                        "heaps_per_move", "limit_search", "grundy_limit"]
    for function in (nim_game.analyse, nim_game.label, nim_game.best_moves, nim_game.positions):
        assert set(keywords) <= set(inspect.signature(function).parameters), function.__name__
