"""Exact answers about Nim and the games after it from the nim-game library (see the guide's
python.md: docs/ of the sources, /usr/share/doc/nim-game/ installed).

The work is done by the compiled nim_game._core. The functions here are plain Python functions of
this package, so that pickle sends them by name (nim_game.label): multiprocessing and Dask can
hand them to other processes, which pybind11's own functions do not allow. NimEnv pickles with
its game and its random state. analyse() needs no numpy; the functions that take or give arrays
and NimEnv say in one line that they need it.
"""

from . import _core

__all__ = ["analyse", "analyse_sum", "label", "best_moves", "positions", "NimEnv"]


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
              all=False, sorted=False, misere=False, max_take=None, game="nim", octal=None,
              subtract=None, subtract_all_but=None, heaps_per_move=None, grundy_limit=None,
              limit_search=None):
    """The positions `nim-game positions` writes, as an int64 array padded with 0. The game
    keywords (as analyse's) need balanced=True: the rules decide who wins."""
    return _core.positions(count, heap_count, max_size, min_size, seed, balanced, all, sorted,
                           _game(misere, max_take, game, octal, subtract, subtract_all_but,
                                 heaps_per_move, grundy_limit, limit_search))


NimEnv = _core.NimEnv
NimEnv.__module__ = __name__  # pickled, and shown, as nim_game.NimEnv
