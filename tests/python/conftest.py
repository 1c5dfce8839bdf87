# The module under test is the built one (PYTHONPATH=build/python, as scripts/test.sh sets it);
# the binary it is checked against is NIM_GAME (default: build/nim-game of this checkout).
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def nim_game_binary():
    path = pathlib.Path(os.environ.get("NIM_GAME", ROOT / "build" / "nim-game"))
    assert path.is_file(), f"no nim-game at {path}: build it, or set NIM_GAME"
    return str(path)


@pytest.fixture(scope="session")
def run_cli(nim_game_binary):
    """Runs nim-game with the arguments (and stdin), returning its standard output."""

    def run(*args, stdin=""):
        done = subprocess.run([nim_game_binary, *map(str, args)], input=stdin,
                              capture_output=True, text=True, check=True)
        return done.stdout

    return run


@pytest.fixture(scope="session")
def batch_records(run_cli):
    """The records of `nim-game --batch` for positions (lists of ints), without their "line" key:
    each is then the record `nim-game -H` writes for that position."""

    def records(positions, *rule_args):
        text = "".join(" ".join(map(str, p)) + "\n" for p in positions)
        out = []
        for line in run_cli("--batch", *rule_args, stdin=text).splitlines():
            record = json.loads(line)
            del record["line"]
            out.append(record)
        return out

    return records
