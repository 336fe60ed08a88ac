"""NumPy's side of bench/permute_passes.c: the same copies and subtractions of permuted
views, the same command line, the same output lines (run each library in its own process:
idle BLAS threads of one slow the other).

    python bench/permute_passes.py [--threads N] [--reps R] [--f32] [--alloc] AxBxCxD OP...
"""
import argparse
import time

import numpy as np


def make(shape, layout, dtype):
    """A view of `shape` whose axes by decreasing stride are `layout` ("C": 0123)."""
    order = [0, 1, 2, 3] if layout == "C" else [int(c) for c in layout]
    base = np.full([shape[i] for i in order], 0.5, dtype=dtype)
    inv = [0] * 4
    for i, o in enumerate(order):
        inv[o] = i
    return base.transpose(inv)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=0)  # NumPy's elementwise loops: one
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--f32", action="store_true")
    ap.add_argument("--alloc", action="store_true")
    ap.add_argument("shape")
    ap.add_argument("ops", nargs="+")
    a = ap.parse_args()
    shape = [int(x) for x in a.shape.split("x")]
    dt = np.float32 if a.f32 else np.float64
    n = float(np.prod(shape))
    for op in a.ops:
        parts = op.split(":")
        x = make(shape, parts[1], dt)
        y = make(shape, parts[2], dt) if len(parts) > 2 else None
        out = np.zeros(shape, dtype=dt)
        best = 1e30
        for _ in range(a.reps):
            t0 = time.perf_counter()
            if a.alloc:
                r = np.subtract(x, y) if y is not None else np.ascontiguousarray(x)
                del r
            elif y is not None:
                np.subtract(x, y, out=out)
            else:
                np.copyto(out, x)
            best = min(best, time.perf_counter() - t0)
        nbytes = n * np.dtype(dt).itemsize * (3 if y is not None else 2)
        print(f"{op:<18} {'f32' if a.f32 else 'f64'}{' new' if a.alloc else ''} numpy"
              f"  {best * 1e3:8.2f} ms  {nbytes / best / 1e9:6.1f} GB/s")


if __name__ == "__main__":
    main()
