"""Exact answers about Nim from the nim-game library (see the nim-game README).

The work is done by the compiled nim_game._core. The functions here are plain Python functions of
this package, so that pickle sends them by name (nim_game.label): multiprocessing and Dask can
hand them to other processes, which pybind11's own functions do not allow. NimEnv pickles with
its game and its random state. analyse() needs no numpy; the functions that take or give arrays
and NimEnv say in one line that they need it.
"""

from . import _core

__all__ = ["analyse", "label", "best_moves", "positions", "NimEnv"]


def analyse(heaps, misere=False, max_take=None, game="nim"):
    """The record `nim-game -H HEAPS` writes, as a dict (heaps of any size)."""
    return _core.analyse(heaps, misere, max_take, game)


def label(positions, *, misere=False, max_take=None, threads=0):
    """A bool array: True where the player to move wins (one position a row, padded with 0;
    threads=0: every core)."""
    return _core.label(positions, misere, max_take, threads)


def best_moves(positions, *, misere=False, max_take=None, threads=0):
    """An int64 array of shape (n, 2): the move nim-game plays, [heap, count]; [-1, -1] when the
    game is over."""
    return _core.best_moves(positions, misere, max_take, threads)


def positions(*, count=None, heap_count, max_size, min_size=0, seed=None, balanced=False,
              all=False, sorted=False, misere=False, max_take=None):
    """The positions `nim-game positions` writes, as an int64 array padded with 0."""
    return _core.positions(count, heap_count, max_size, min_size, seed, balanced, all, sorted,
                           misere, max_take)


NimEnv = _core.NimEnv
NimEnv.__module__ = __name__  # pickled, and shown, as nim_game.NimEnv
