# Without numpy, nim_game imports and analyse() works (it needs no array); what takes or gives an
# array says in one line that it needs numpy. Run in another interpreter, where numpy cannot be
# imported.
import json
import pickle
import subprocess
import sys

import nim_game

SCRIPT = """
import json, pickle, sys
sys.modules["numpy"] = None  # `import numpy` now fails, as where it is not installed
import nim_game
print(json.dumps(nim_game.analyse([1, 2])["move"]))
for call in ("label([[1, 2]])", "best_moves([[1, 2]], threads=1)",
             "positions(count=2, heap_count=2, max_size=3)", "NimEnv([1, 2], seed=1)",
             "NimEnv and pickle.loads(bytes.fromhex(sys.argv[1]))", "GameEnv([1, 2])",
             "GameAECEnv([1, 2])", "GameVectorEnv(2, [1, 2])",
             "GameEnv and pickle.loads(bytes.fromhex(sys.argv[2]))"):
    try:
        eval("nim_game." + call)
        print(json.dumps(["no error", call]))
    except Exception as error:
        print(json.dumps([type(error).__name__, str(error)]))
nim_game.label([[1]])
"""


def test_analyse_works_and_arrays_ask_for_numpy():
    pickled_env = pickle.dumps(nim_game.NimEnv([1, 2], seed=1)).hex()
    pickled_game_env = pickle.dumps(nim_game.GameEnv([1, 2])).hex()
    done = subprocess.run([sys.executable, "-c", SCRIPT, pickled_env, pickled_game_env],
                          capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines == [
        [1, 1],
        ["ImportError", "nim_game.label needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.best_moves needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.positions needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.NimEnv needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.NimEnv needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.GameEnv needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.GameAECEnv needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.GameVectorEnv needs numpy: apt-get install python3-numpy"],
        ["ImportError", "nim_game.GameEnv needs numpy: apt-get install python3-numpy"],
    ]
    # Uncaught, it is one line after the traceback, naming what to install.
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "ImportError: nim_game.label needs numpy: apt-get install python3-numpy")
    assert "During handling" not in done.stderr
