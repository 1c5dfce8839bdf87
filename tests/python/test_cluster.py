# examples/cluster/sharded_dataset.py on a LocalCluster of 2 worker processes: the shards' parts
# together share no game, every label is the oracle's, and a second run (on 1 worker) writes the
# same bytes.
import functools
import hashlib
import importlib.util
import os

import numpy as np
import pytest
from distributed import Client, LocalCluster

from conftest import ROOT

spec = importlib.util.spec_from_file_location(
    "sharded_dataset", ROOT / "examples" / "cluster" / "sharded_dataset.py")
sharded_dataset = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sharded_dataset)

GAME = {"heap_count": (1, 4), "max_size": 12, "octal": "0.77"}


@functools.cache
def kayles(n):
    """The oracle: Kayles' Grundy value of a row of n pins, the mex of its options (knock down 1
    or 2 adjacent pins, leaving a row on each side), by the rules alone."""
    options = {kayles(left) ^ kayles(n - take - left)
               for take in (1, 2) if take <= n for left in range(n - take + 1)}
    return next(v for v in range(n + 2) if v not in options)


def write(folder, workers):
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, \
            Client(cluster) as client:
        return sharded_dataset.write_sharded(str(folder), shards=4, count=1000, seed=7,
                                             split="train=0.75,test=0.25", split_key=3,
                                             client=client, **GAME)


def test_shards_share_no_game_have_the_oracles_labels_and_the_same_bytes(tmp_path):
    written = write(tmp_path / "first", 2)
    assert written == [[f"train-0000{k}.npy", f"test-0000{k}.npy"] for k in range(4)]
    games = {"train": set(), "test": set()}
    for files in written:
        for name in files:
            records = np.load(tmp_path / "first" / name)
            part = name.split("-")[0]
            assert len(records) == {"train": 750, "test": 250}[part]
            for heaps, count, winning in zip(records["heaps"], records["heap_count"],
                                             records["winning"]):
                sizes = heaps[:count].tolist()
                grundy = functools.reduce(lambda a, b: a ^ b, map(kayles, sizes), 0)
                assert winning == (grundy != 0), sizes
                # Kayles' game: its rows, in any order, empty rows left out.
                games[part].add(tuple(sorted(s for s in sizes if s > 0)))
    assert games["train"] and games["test"]
    assert not games["train"] & games["test"]
    # The shards' seeds differ: their positions are not the same draw.
    first, second = (np.load(tmp_path / "first" / f"train-0000{k}.npy") for k in (0, 1))
    assert not np.array_equal(first, second)

    again = write(tmp_path / "again", 1)
    assert again == written

    def digest(folder):
        return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
                for name in sorted(os.listdir(folder))}
    assert digest(tmp_path / "again") == digest(tmp_path / "first")


def test_a_refusal_of_the_positions_command_reaches_the_caller(tmp_path):
    with pytest.raises(ValueError, match=r"^--unique: --count 10 is more than the 4 different "
                                         r"positions of 1 heap of sizes 0 to 3 under normal play"):
        sharded_dataset.write_shard(str(tmp_path), 0, count=10, seed=7, split="a=0.5,b=0.5",
                                    split_key=0, game={"heap_count": 1, "max_size": 3})
