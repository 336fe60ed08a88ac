#!/usr/bin/env python3
"""Dask over nd blocks on a cluster of two worker processes: a blocked matrix product and a
reduction, computed by the workers with nd on their blocks, checked against NumPy.

    examples/dask_blocks.py [--n 2000] [--block 500] [--workers 2] [--scheduler ADDRESS]
prints, for example,
    2 workers (pids 4242, 4243) on tcp://127.0.0.1:40915
    blocked matmul 2000x2000 in 500x500 blocks: 0.41 s, max |nd - NumPy| = 3.6e-13
    (x + x.T).sum(axis=0): 0.05 s, max |nd - NumPy| = 1.1e-13

dask.array cuts an nd array into blocks (da.from_array(x, chunks=..., asarray=False)); every
block of the graph stays an nd array, so the workers run nd's kernels and BLAS on them and
the computed result is an nd array. The cluster here is a dask.distributed LocalCluster on
loopback; with --scheduler the Client connects to a running cluster's scheduler instead
(tcp://host:port), on machines that can import nd. See docs/guide/dask.md."""
import argparse
import contextlib
import os
import time

import numpy as np


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--block", type=int, default=500)
    p.add_argument("--workers", type=int, default=2, help="of the cluster started here")
    p.add_argument("--scheduler", help="a running cluster's scheduler address, instead of "
                   "starting a cluster of --workers processes on loopback")
    args = p.parse_args(argv)

    import dask.array as da
    from dask.distributed import Client, LocalCluster

    import nd

    rng = np.random.default_rng(0)
    a = rng.standard_normal((args.n, args.n))
    if args.scheduler:
        cluster = contextlib.nullcontext(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None, silence_logs=40)
    with cluster as where, Client(where) as client:
        pids = sorted(client.run(os.getpid).values())
        print(f"{len(pids)} workers (pids {', '.join(map(str, pids))}) on "
              f"{client.scheduler.address}")
        # one nd thread per worker: the workers already keep the cores busy
        client.run(nd.set_num_threads, 1)
        x = da.from_array(nd.asarray(a), chunks=args.block, asarray=False)

        t = time.perf_counter()
        product = (x @ x).compute()
        dt = time.perf_counter() - t
        assert isinstance(product, nd.Array)
        err = np.max(np.abs(np.asarray(product) - a @ a))
        print(f"blocked matmul {args.n}x{args.n} in {args.block}x{args.block} blocks: "
              f"{dt:.2f} s, max |nd - NumPy| = {err:.1e}")
        assert err < 1e-9 * args.n

        t = time.perf_counter()
        colsum = (x + x.T).sum(axis=0).compute()
        dt = time.perf_counter() - t
        err = np.max(np.abs(np.asarray(colsum) - (a + a.T).sum(axis=0)))
        print(f"(x + x.T).sum(axis=0): {dt:.2f} s, max |nd - NumPy| = {err:.1e}")
        assert isinstance(colsum, nd.Array) and err < 1e-10 * args.n


if __name__ == "__main__":
    main()
