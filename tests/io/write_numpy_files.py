"""ctest setup step: NumPy writes the files the C test test_io_numpy reads.
Usage: write_numpy_files.py NUMPY_DIR ND_DIR (ND_DIR is emptied for the nd side)."""
import os
import shutil
import sys

import numpy as np
from numpy.lib import format as npformat

from io_cases import DTYPES, NPZ_MEMBERS, SHAPE, VERSIONS, expected, seed_of


def write_version(path, arr, version):
    with open(path, "wb") as f:
        npformat.write_array(f, arr, version=(version, 0))


def main():
    out, nd_dir = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(nd_dir, ignore_errors=True)
    os.makedirs(out)
    os.makedirs(nd_dir)
    for dt in DTYPES:
        a = expected(dt, SHAPE, seed_of(dt))
        for order in "CF":
            arr = np.asarray(a, order=order)
            np.save(os.path.join(out, f"np_{dt}_{order}.npy"), arr)
            if np.dtype(dt).itemsize > 1 and dt != "bfloat16":  # a void has no byte order
                be = arr.astype(arr.dtype.newbyteorder(">"))
                np.save(os.path.join(out, f"np_be_{dt}_{order}.npy"), be)
        np.save(os.path.join(out, f"np_0d_{dt}.npy"), expected(dt, (), seed_of(dt)))
        np.save(os.path.join(out, f"np_1d_{dt}.npy"), expected(dt, (7,), seed_of(dt)))
        np.save(os.path.join(out, f"np_empty_{dt}.npy"), expected(dt, (0, 3), seed_of(dt)))
    for version, dts in VERSIONS.items():
        for dt in dts:
            a = expected(dt, SHAPE, seed_of(dt))
            for order in "CF":
                write_version(os.path.join(out, f"np_v{version}_{dt}_{order}.npy"),
                              np.asarray(a, order=order), version)
    members = {k: np.asarray(expected(dt, shape, seed), order=order)
               for k, (dt, shape, order, seed) in NPZ_MEMBERS.items()}
    np.savez(os.path.join(out, "np_stored.npz"), **members)
    np.savez_compressed(os.path.join(out, "np_deflated.npz"), **members)
    np.savez(os.path.join(out, "np_empty.npz"))
    # Seed 000: a [3,3,3,3] tensor (NumPy seed 0) flattened in C and in F order.
    t = np.random.default_rng(0).standard_normal((3, 3, 3, 3))
    np.save(os.path.join(out, "seed000_T.npy"), t)
    t.ravel(order="C").tofile(os.path.join(out, "seed000_T_c.bin"))
    t.ravel(order="F").tofile(os.path.join(out, "seed000_T_f.bin"))


if __name__ == "__main__":
    main()
