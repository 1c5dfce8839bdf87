#!/usr/bin/python3
"""A labelled data set of nim-game positions written in shards on a Dask cluster.

Each shard is one call of nim_game.positions() with its own seed, split by the keyed split: the
part of a game depends on the game and the split key alone, so shards drawn on different workers
put every game they share in the same part, and the parts of all the shards together share no
game. Shard k of part NAME is written as FOLDER/NAME-0000k.npy (numpy's record array: heaps,
heap_count, winning) by the worker that drew it: on a real cluster FOLDER must be storage that
every worker sees. The same arguments write the same bytes, on any number of workers.

    python3 examples/cluster/sharded_dataset.py data --shards 8 --count 1000000
    python3 examples/cluster/sharded_dataset.py data --scheduler tcp://10.0.0.1:8786

Without --scheduler it starts a LocalCluster of --workers processes (one thread each) on this
machine. nim_game must be importable on every worker (apt-get install the nim-game package there).
"""
import argparse
import os
import sys


def shard_seed(seed, shard):
    """The seed of shard `shard`: numpy's SeedSequence of (seed, shard), so that shards draw
    independent streams and a shard's seed does not depend on how many shards there are."""
    import numpy
    return int(numpy.random.SeedSequence([seed, shard]).generate_state(1, numpy.uint64)[0])


def write_shard(folder, shard, *, count, seed, split, split_key, game):
    """Draws, labels and writes shard `shard`: the names of the files it wrote."""
    import numpy
    import nim_game
    parts = nim_game.positions(count=count, seed=shard_seed(seed, shard), split=split,
                               split_key=split_key, label=True, **game)
    written = []
    for name, records in parts.items():
        path = os.path.join(folder, f"{name}-{shard:05d}.npy")
        numpy.save(path, records)
        written.append(os.path.basename(path))
    return written


def write_sharded(folder, *, shards, count, seed, split="train=0.8,test=0.2", split_key=0,
                  client=None, **game):
    """Writes `shards` shards of `count` positions each into `folder` through the Dask client
    (a LocalCluster of 2 processes when none is given): the names of the files, shard by shard.
    `game` holds nim_game.positions()'s other keywords (heap_count, max_size, octal, ...)."""
    os.makedirs(folder, exist_ok=True)
    own = client is None
    if own:
        from distributed import Client, LocalCluster
        client = Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True))
    try:
        # The workers need this file's functions: Dask ships the file to them.
        client.upload_file(os.path.abspath(__file__))
        futures = [client.submit(write_shard, folder, shard, count=count, seed=seed, split=split,
                                 split_key=split_key, game=game, pure=False)
                   for shard in range(shards)]
        return client.gather(futures)
    finally:
        if own:
            cluster = client.cluster
            client.close()
            cluster.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="where the shards are written")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="the LocalCluster's processes")
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--count", type=int, default=100_000, help="positions a shard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--split", default="train=0.8,test=0.2")
    parser.add_argument("--split-key", type=int, default=0)
    parser.add_argument("--heap-count", default="3..5", help="N or MIN..MAX")
    parser.add_argument("--max-size", type=int, default=100)
    parser.add_argument("--octal", help="an octal game (0.77 is Kayles); Nim without it")
    args = parser.parse_args()

    from distributed import Client, LocalCluster
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                     processes=True))
    low, _, high = args.heap_count.partition("..")
    game = {"heap_count": (int(low), int(high or low)), "max_size": args.max_size}
    if args.octal:
        game["octal"] = args.octal
    written = write_sharded(args.folder, shards=args.shards, count=args.count, seed=args.seed,
                            split=args.split, split_key=args.split_key, client=client, **game)
    for files in written:
        print(" ".join(files))
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
