# Sums of different games from Python: analyse_sum() gives exactly the record `nim-game --sum ...`
# writes for the same games and heaps, positions_sum() the records of `nim-game positions --sum`,
# and both refuse what the command line refuses, in its words.
import json
import random
import subprocess

import pytest

import nim_game

# Each game as analyse_sum takes it (its keywords) and as --sum gives it (its options), with the
# largest heap its positions here may have.
GAMES = [
    ({"octal": "0.77"}, "--octal 0.77", 40),
    ({"subtract": [1, 3, 4]}, "--subtract 1,3,4", 2**70),
    ({"game": "grundy"}, "--game grundy", 30),
    ({"game": "wythoff"}, "--game wythoff", 12),
    ({"game": "moore", "heaps_per_move": 2}, "--game moore --heaps-per-move 2", 4),
    ({"game": "staircase"}, "--game staircase", 2**70),
    ({"game": "lasker"}, "--game lasker", 2**70),
    ({}, "", 2**70),
    ({"max_take": 3}, "--max-take 3", 2**70),
]


def random_sum(rng):
    """Two or three games, each with its heaps (Wythoff's two, the others one to three)."""
    chosen = []
    for keywords, options, top in rng.sample(GAMES, rng.randint(2, 3)):
        count = 2 if keywords.get("game") == "wythoff" else rng.randint(1, 3)
        most = top if keywords.get("game") == "moore" else rng.choice([top, 6])
        chosen.append((keywords, options, [rng.randint(0, most) for _ in range(count)]))
    return chosen


@pytest.mark.parametrize("misere", [False, True])
def test_analyse_sum_equals_the_cli_record(misere, run_cli):
    rng = random.Random(7)
    for _ in range(25):
        games = random_sum(rng)
        if misere:  # the search: small heaps only
            games = [(k, o, [h % 4 for h in heaps]) for k, o, heaps in games]
        args = []
        for _, options, heaps in games:
            args += ["--sum", " ".join([options, *map(str, heaps)]).strip()]
        if misere:
            args.append("--misere")
        record = nim_game.analyse_sum([{"heaps": heaps, **keywords} for keywords, _, heaps in games],
                                      misere=misere)
        assert record == json.loads(run_cli(*args)), args


def cli_error(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, ""), args
    return done.stderr[len("nim-game: "):-1]


def test_a_game_beyond_the_search_is_the_cli_refusal(nim_game_binary):
    message = cli_error(nim_game_binary, "--sum", "--game wythoff 30 40", "--sum", "1",
                        "--limit-search", "1000")
    with pytest.raises(ValueError) as error:
        nim_game.analyse_sum([{"heaps": [30, 40], "game": "wythoff"}, {"heaps": [1]}],
                             limit_search=1000)
    assert str(error.value) == message
    # A game's keyword is refused as its option is, without the --sum that quotes it.
    message = cli_error(nim_game_binary, "--sum", "--octal 0.78 5")
    with pytest.raises(ValueError) as error:
        nim_game.analyse_sum([{"heaps": [5], "octal": "0.78"}])
    assert message == "--sum '--octal 0.78 5': " + str(error.value)


@pytest.mark.parametrize("games,message", [
    ([], "no games given: a sum has one game or more"),
    ([5], "component 1 of the sum is not a dict of its heaps and game keywords"),
    ([{"heaps": [1]}, {"octal": "0.77"}], 'component 2 of the sum has no "heaps"'),
    ([{"heaps": [5], "misere": True}],
     "component 1 of the sum: misere is the whole sum's: give it to analyse_sum, not to one game"),
    ([{"heaps": [5], "octl": "0.77"}],
     "component 1 of the sum: 'octl' is neither \"heaps\" nor a game keyword"),
    ([{"heaps": [-1]}], "heap size -1 is negative"),
])
def test_refusals_name_the_component(games, message):
    with pytest.raises(ValueError) as error:
        nim_game.analyse_sum(games)
    assert str(error.value) == message


@pytest.mark.parametrize("misere", [False, True])
def test_positions_sum_equals_the_cli_set(misere, run_cli):
    """Row for row the records `nim-game positions --sum ...` writes, for sums of two or three
    games drawn from every game, labelled and not, balanced and not."""
    rng = random.Random(11)
    for trial in range(12):
        games = rng.sample(GAMES, rng.randint(2, 3))
        # Moore's Nim's values are searched: small heaps keep it within the bound.
        most = 3 if misere or any(k.get("game") == "moore" for k, _, _ in games) else 9
        label, balanced = trial % 2 == 0, trial % 3 == 0
        args = ["positions", "--count", "10", "--heap-count", "1..2", "--max-size", most,
                "--seed", trial, "--format", "json"]
        for _, options, _ in games:
            args += ["--sum", options or "--game nim"]
        args += ["--label"] * label + ["--balanced"] * balanced + ["--misere"] * misere
        records = nim_game.positions_sum([keywords for keywords, _, _ in games], count=10,
                                         heap_count=(1, 2), max_size=most, seed=trial,
                                         label=label, balanced=balanced, misere=misere)
        assert records == [json.loads(line) for line in run_cli(*args).splitlines()], args


@pytest.mark.parametrize("games,message", [
    ([], "no games given: a sum has one game or more"),
    ([5], "component 1 of the sum is not a dict of its game keywords"),
    ([{"heaps": [1]}], "component 1 of the sum: positions_sum draws the heaps: give none"),
    ([{"misere": True}],
     "component 1 of the sum: misere is the whole sum's: give it to positions_sum, not to one "
     "game"),
    ([{"octl": "0.77"}], "component 1 of the sum: 'octl' is not a game keyword"),
    ([{"octal": "0.77 5"}],
     'component 1 of the sum: "--octal=0.77 5" holds a blank, which no game\'s option does'),
])
def test_positions_sum_refusals_name_the_component(games, message):
    with pytest.raises(ValueError) as error:
        nim_game.positions_sum(games, count=2, heap_count=1, max_size=3, seed=1)
    assert str(error.value) == message


def test_positions_sum_refuses_as_the_cli_does(nim_game_binary):
    message = cli_error(nim_game_binary, "positions", "--sum", "--game wythoff", "--count", "3",
                        "--heap-count", "1", "--max-size", "3", "--seed", "1", "--balanced")
    with pytest.raises(ValueError) as error:
        nim_game.positions_sum([{"game": "wythoff"}], count=3, heap_count=1, max_size=3, seed=1,
                               balanced=True)
    assert str(error.value) == message
    assert message == "--balanced needs an even --count (half won, half lost), not 3"
