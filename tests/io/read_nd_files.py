"""ctest step after test_io_numpy: NumPy reads the files nd wrote and checks every value,
the dtype and the memory order. Usage: read_nd_files.py ND_DIR"""
import os
import sys

import numpy as np

from io_cases import DTYPES, ND_LAYOUTS, NPZ_MEMBERS, SHAPE, expected, loaded, seed_of

failures = []


def check(name, got, want, fortran=None):
    if got.dtype != want.dtype or got.shape != want.shape:
        failures.append(f"{name}: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    elif not np.array_equal(got, want):
        failures.append(f"{name}: values differ")
    elif fortran is not None and got.ndim > 1:
        is_f = got.flags.f_contiguous and not got.flags.c_contiguous
        if is_f != fortran:
            failures.append(f"{name}: loaded {'F' if is_f else 'C'}-ordered, "
                            f"want {'F' if fortran else 'C'}")


def main():
    d = sys.argv[1]
    count = 0
    for dt in DTYPES:
        want = expected(dt, SHAPE, seed_of(dt))
        for layout, fortran in ND_LAYOUTS.items():
            name = f"nd_{dt}_{layout}.npy"
            # th_make's broadcast layout repeats a [1,3,4] array along axis 0.
            w = want if layout != "broadcast" else np.broadcast_to(
                expected(dt, (1,) + SHAPE[1:], seed_of(dt)), SHAPE)
            check(name, loaded(np.load(os.path.join(d, name)), dt), w, fortran)
            count += 1
        for order in "CF":
            name = f"nd_raw_{dt}_{order}.bin"
            little = np.dtype(dt) if dt == "bfloat16" else np.dtype(dt).newbyteorder("<")
            raw = np.fromfile(os.path.join(d, name), dtype=little)
            check(name, raw.reshape(SHAPE, order=order).astype(dt), want)
            count += 1
        check(f"nd_0d_{dt}.npy", loaded(np.load(os.path.join(d, f"nd_0d_{dt}.npy")), dt),
              expected(dt, (), seed_of(dt)))
        check(f"nd_empty_{dt}.npy", loaded(np.load(os.path.join(d, f"nd_empty_{dt}.npy")), dt),
              expected(dt, (0, 3), seed_of(dt)))
        count += 2
    for kind in ("stored", "deflated"):
        name = f"nd_{kind}.npz"
        with np.load(os.path.join(d, name)) as z:
            if sorted(z.files) != sorted(NPZ_MEMBERS):
                failures.append(f"{name}: members {z.files}")
            for k, (dt, shape, order, seed) in NPZ_MEMBERS.items():
                if k in z.files:
                    check(f"{name}[{k}]", z[k], expected(dt, shape, seed), order == "F")
            info = z.zip.infolist()
            method = 8 if kind == "deflated" else 0
            if any(i.compress_type != method for i in info):
                failures.append(f"{name}: compression {[i.compress_type for i in info]}")
        count += 1
    with np.load(os.path.join(d, "nd_empty.npz")) as z:
        if z.files:
            failures.append(f"nd_empty.npz: members {z.files}")
    for f in failures:
        print("FAIL", f)
    print(f"read_nd_files: {count} files checked, {len(failures)} failures")
    return 1 if failures or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
