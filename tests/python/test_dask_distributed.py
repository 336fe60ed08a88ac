"""dask.array over nd chunks on a dask.distributed cluster of two worker processes on
loopback, started by the test: chunks travel between processes as pickled nd arrays, the
workers compute with nd, and the results equal NumPy's; examples/dask_blocks.py runs as a
user runs it (its own process) on the same cluster and passes its checks against NumPy.
One test, so that pytest-xdist starts one cluster (starting one takes seconds). A watchdog
bounds it: a cluster that does not start or a computation that does not finish fails the
run with every thread's stack instead of hanging it."""
import faulthandler
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

if "libasan" in os.environ.get("LD_PRELOAD", ""):
    # make test-asan preloads AddressSanitizer into every process, the cluster's workers
    # and the example's included, which makes them several times slower and the run's time
    # unpredictable; make test-python runs this test on the same package uninstrumented
    pytest.skip("the cluster test runs uninstrumented (make test-python)", allow_module_level=True)

distributed = pytest.importorskip("dask.distributed")
da = pytest.importorskip("dask.array")

import nd  # noqa: E402
from helpers import check  # noqa: E402


def _threads_one():
    # one nd thread per worker process: the two workers share the machine's cores
    import nd
    nd.set_num_threads(1)
    return nd.get_num_threads()


_EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "dask_blocks.py"
# seconds: the whole test takes 5 to 10 s on two cores, 70 s with the machine 7x oversubscribed
_LIMIT = 300


def test_cluster_of_worker_processes():
    # exits the pytest (or xdist worker) process, with the stacks, past the limit
    faulthandler.dump_traceback_later(_LIMIT, exit=True)
    try:
        _cluster_cases()
    finally:
        faulthandler.cancel_dump_traceback_later()


def _cluster_cases():
    rng = np.random.default_rng(5)
    n = rng.standard_normal((120, 120))
    # workers are spawned processes: they import nd from this process's sys.path
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        assert len(set(pids.values())) == 2 and os.getpid() not in pids.values()
        assert set(client.run(_threads_one).values()) == {1}
        x = da.from_array(nd.asarray(n), chunks=40, asarray=False)
        cases = {
            "blocked matmul": (x @ x, n @ n),
            "(x + x.T).sum(axis=0)": ((x + x.T).sum(axis=0), (n + n.T).sum(axis=0)),
            "mean(axis=0)": (x.mean(axis=0), n.mean(axis=0)),
            "max(axis=1)": (x.max(axis=1), n.max(axis=1)),
            "tensordot": (da.tensordot(x, x.T, axes=1), np.tensordot(n, n.T, axes=1)),
        }
        futures = client.compute([graph for graph, _ in cases.values()])
        distributed.wait(futures, timeout=_LIMIT / 2)
        for (name, (_, want)), got in zip(cases.items(), client.gather(futures)):
            assert isinstance(got, nd.Array), (name, type(got))
            check(got, want, rtol=1e-12)
        # the chunks computed on the workers are nd arrays too
        blocks = client.compute(list(x.to_delayed().ravel()[:2]))
        assert all(isinstance(b, nd.Array) for b in client.gather(blocks))
        _example_on(cluster.scheduler_address)


def _example_on(address):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    try:
        run = subprocess.run([sys.executable, "-u", str(_EXAMPLE), "--n", "240", "--block", "60",
                              "--scheduler", address],
                             capture_output=True, text=True, timeout=_LIMIT / 2, env=env)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"examples/dask_blocks.py did not finish in {e.timeout} s; its output:\n"
                    f"{e.stdout}\n{e.stderr}")
    assert run.returncode == 0, run.stderr[-4000:]
    lines = run.stdout.splitlines()
    assert lines[0].startswith("2 workers (pids ") and lines[0].endswith(f"on {address}")
    assert lines[1].startswith("blocked matmul 240x240 in 60x60 blocks: ")
    assert lines[2].startswith("(x + x.T).sum(axis=0): ")
