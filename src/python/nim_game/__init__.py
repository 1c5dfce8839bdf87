"""Exact answers about Nim and the games after it from the nim-game library (see the guide's
python.md: docs/ of the sources, /usr/share/doc/nim-game/ installed).

The work is done by the compiled nim_game._core. The functions here are plain Python functions of
this package, so that pickle sends them by name (nim_game.label): multiprocessing and Dask can
hand them to other processes, which pybind11's own functions do not allow. NimEnv pickles with
its game and its random state. analyse() needs no numpy; the functions that take or give arrays
and NimEnv say in one line that they need it.
"""

from . import _core

__all__ = ["analyse", "analyse_sum", "label", "best_moves", "positions", "positions_sum",
           "action_ids",
           "moves_of_actions", "GameEnv", "GameAECEnv", "GameVectorEnv", "NimEnv"]


def _game(misere, max_take, game, octal, subtract, subtract_all_but, heaps_per_move,
          grundy_limit, limit_search):
    """The game keywords, each the option of `nim-game` of the same name (octal: --octal)."""
    return {"game": game, "misere": misere, "max_take": max_take, "octal": octal,
            "subtract": subtract, "subtract_all_but": subtract_all_but,
            "heaps_per_move": heaps_per_move, "grundy_limit": grundy_limit,
            "limit_search": limit_search}


def analyse(heaps, misere=False, max_take=None, game="nim", *, octal=None, subtract=None,
            subtract_all_but=None, heaps_per_move=None, grundy_limit=None, limit_search=None):
    """The record `nim-game -H HEAPS` writes with the same options, as a dict (heaps of any size).
    Each keyword is the option of its name (octal="0.77" is --octal 0.77; a list as "1,3,4" or
    [1, 3, 4]); game="nim", the default, is no --game."""
    return _core.analyse(heaps, _game(misere, max_take, game, octal, subtract, subtract_all_but,
                                      heaps_per_move, grundy_limit, limit_search))


def analyse_sum(games, *, misere=False, limit_search=None):
    """The record `nim-game --sum ... --sum ...` writes, as a dict: the sum of `games`, each a dict
    of its "heaps" and its game keywords (analyse()'s: {"heaps": [5], "octal": "0.77"},
    {"heaps": [3, 4], "game": "wythoff"}, {"heaps": [7]}). misere and limit_search are the whole
    sum's."""
    return _core.analyse_sum(list(games), misere, limit_search)


def label(positions, *, misere=False, max_take=None, game="nim", octal=None, subtract=None,
          subtract_all_but=None, heaps_per_move=None, grundy_limit=None, limit_search=None,
          threads=0):
    """A bool array: True where the player to move wins (one position a row, padded with 0;
    the game keywords as analyse's; threads=0: every core)."""
    return _core.label(positions, _game(misere, max_take, game, octal, subtract, subtract_all_but,
                                        heaps_per_move, grundy_limit, limit_search), threads)


def best_moves(positions, *, misere=False, max_take=None, game="nim", octal=None, subtract=None,
               subtract_all_but=None, heaps_per_move=None, grundy_limit=None, limit_search=None,
               threads=0):
    """An int64 array of shape (n, 2): the move nim-game plays, [heap, count]; [-1, -1] when the
    game is over. For the games whose moves take from one heap only."""
    return _core.best_moves(positions, _game(misere, max_take, game, octal, subtract,
                                             subtract_all_but, heaps_per_move, grundy_limit,
                                             limit_search), threads)


def positions(*, count=None, heap_count, max_size, min_size=0, seed=None, balanced=False,
              all=False, sorted=False, unique=False, split=None, split_key=None, label=False,
              fields=None, heap_counts=False, misere=False, max_take=None, game="nim",
              octal=None, subtract=None, subtract_all_but=None, heaps_per_move=None,
              grundy_limit=None, limit_search=None):
    """The positions `nim-game positions` writes with the same options (run by its own code):
    an int64 array padded with 0, with heap_counts=True also each row's heap count; with label
    or fields, numpy's record array of the fields (`--format npy`); with split, a dict of the
    parts. balanced and unique take True or the option's word ("per-heap-count", "ordered")."""
    import os
    import tempfile
    keywords = {"count": count, "heap_count": heap_count, "max_size": max_size,
                "min_size": min_size, "seed": seed, "balanced": balanced, "all": all,
                "sorted": sorted, "unique": unique, "split": split, "split_key": split_key,
                "label": label, "fields": fields}
    rules = _game(misere, max_take, game, octal, subtract, subtract_all_but, heaps_per_move,
                  grundy_limit, limit_search)
    with tempfile.TemporaryDirectory(prefix="nim_game-") as folder:
        # Standard output in memory (a descriptor), the parts of split in the folder.
        fd, parts = _core.write_positions(keywords, rules, folder)  # which asks for numpy first
        import numpy

        def load(name):
            if name is None:
                records = numpy.load(f"/proc/self/fd/{fd}", mmap_mode="r")
            else:
                records = numpy.load(os.path.join(folder, name + ".npy"), mmap_mode="r")
            if label or fields is not None:
                return numpy.array(records)
            # Heaps and heap_count alone: each record is B + 1 int64s, read as plain rows and
            # copied by assignment (numpy.array() of the strided view is ten times slower).
            width = records.dtype["heaps"].shape[0]
            rows = records.view(numpy.int64).reshape(len(records), width + 1)
            heaps = numpy.empty((len(rows), width), dtype=numpy.int64)
            heaps[...] = rows[:, :-1]
            return (heaps, numpy.array(rows[:, -1])) if heap_counts else heaps
        try:
            if not parts:
                return load(None)
            return {name: load(name) for name in parts}
        finally:
            os.close(fd)


def positions_sum(games, *, count, heap_count, max_size, min_size=0, seed=None, balanced=False,
                  label=False, misere=False, limit_search=None):
    """The positions `nim-game positions --sum ... --sum ...` draws (run by its own code), as a
    list of its JSON records (dicts): the sum of `games`, each a dict of its game keywords
    (analyse()'s, without heaps: {"octal": "0.77"}, {"game": "wythoff"}, {}), each game's heaps
    drawn; with label, who wins, the move and the Grundy values. misere and limit_search are the
    whole sum's."""
    import json
    keywords = {"count": count, "heap_count": heap_count, "max_size": max_size,
                "min_size": min_size, "seed": seed, "balanced": balanced, "all": False,
                "sorted": False, "unique": False, "split": None, "split_key": None,
                "label": label, "fields": None}
    records = _core.sum_positions(list(games), keywords, misere, limit_search)
    return [json.loads(line) for line in records.splitlines()]


def _rows_and_counts(values, heap_counts, columns, what):
    """values as an int64 array of `columns` columns (or one), and heap_counts beside it."""
    import numpy
    values = numpy.asarray(values, dtype=numpy.int64)
    counts = numpy.asarray(heap_counts, dtype=numpy.int64)
    shape = (len(counts), columns) if columns else (len(counts),)
    if counts.ndim != 1 or values.shape != shape:
        raise ValueError(f"{what} of shape {values.shape} and heap_counts of shape "
                         f"{counts.shape}: give {'(n, 2)' if columns else '(n,)'} and (n,)")
    if (counts < 1).any():
        raise ValueError(f"heap count {counts[counts < 1][0]} is not 1 or more")
    return values, counts


def action_ids(moves, heap_counts):
    """OpenSpiel's action id of each move [heap, take], (take - 1) * heaps + heap, counted with
    its row's own heap count (heap_counts, as positions(heap_counts=True) gives them), not the
    padded width; -1 for [-1, -1] (no move)."""
    import numpy
    moves, counts = _rows_and_counts(moves, heap_counts, 2, "moves")
    none = (moves == -1).all(axis=1)
    heap, take = moves[:, 0], moves[:, 1]
    bad = ~none & ((heap < 0) | (heap >= counts) | (take < 1))
    if bad.any():
        k = int(numpy.argmax(bad))
        raise ValueError(f"row {k}: move {moves[k].tolist()} is no heap and take of a position of "
                         f"{counts[k]} heaps")
    return numpy.where(none, -1, (take - 1) * counts + heap)


def moves_of_actions(actions, heap_counts):
    """The moves [heap, take] of OpenSpiel's action ids, each row's with its own heap count:
    action_ids() undone; [-1, -1] for -1."""
    import numpy
    actions, counts = _rows_and_counts(actions, heap_counts, 0, "actions")
    if (actions < -1).any():
        raise ValueError(f"action {actions[actions < -1][0]} is not an action id (0 or more)")
    moves = numpy.stack([actions % counts, actions // counts + 1], axis=1)
    moves[actions == -1] = -1
    return moves


from .envs import GameAECEnv, GameEnv, GameVectorEnv  # noqa: E402 (after _core)

for _env in (GameEnv, GameAECEnv, GameVectorEnv):
    _env.__module__ = __name__  # pickled, and shown, as nim_game.GameEnv
del _env

NimEnv = _core.NimEnv
NimEnv.__module__ = __name__  # pickled, and shown, as nim_game.NimEnv
