#!/usr/bin/env python3
"""NumPy's side of the parallel .npy tests (test_mpi_npy).

    npy_numpy.py write DIR   NumPy writes matrices in C and F order, every dtype nd_mpi
                             reads and both byte orders, plus files nd_mpi must refuse
    npy_numpy.py read DIR    NumPy reads what nd_dmatrix_save_npy wrote (DIR/np*/dist_*.npy)
                             and compares each file with the serial nd_save_npy file of
                             the same matrix next to it (ref_*.npy), and its order
"""
import glob
import os
import sys

import numpy as np


def write(d):
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(7)
    for name, dt in [("f4", "<f4"), ("f8", "<f8"), ("c8", "<c8"), ("c16", "<c16"), ("f8be", ">f8"), ("c8be", ">c8")]:
        for m, n in [(37, 23), (1, 5), (6, 1), (0, 4)]:
            x = rng.standard_normal((m, n))
            if dt[1] == "c":
                x = x + 1j * rng.standard_normal((m, n))
            x = x.astype(dt)
            np.save(os.path.join(d, f"np_{name}_{m}x{n}_C.npy"), np.ascontiguousarray(x))
            np.save(os.path.join(d, f"np_{name}_{m}x{n}_F.npy"), np.asfortranarray(x))
    np.save(os.path.join(d, "bad_3d.npy"), np.zeros((2, 3, 4)))
    np.save(os.path.join(d, "bad_int64.npy"), np.arange(6).reshape(2, 3))
    with open(os.path.join(d, "good.npy"), "wb") as f:
        np.save(f, np.ones((8, 8)))
    data = open(os.path.join(d, "good.npy"), "rb").read()
    open(os.path.join(d, "bad_truncated.npy"), "wb").write(data[:-9])


def read(d):
    files = sorted(glob.glob(os.path.join(d, "np*", "dist_*.npy")))
    if not files:
        sys.exit(f"no dist_*.npy files under {d}")
    bad = 0
    for path in files:
        ref = os.path.join(os.path.dirname(path), "ref_" + os.path.basename(path)[5:])
        got, want = np.load(path), np.load(ref)
        order = path[-5]  # dist_<dtype>_<m>x<n>_<order>.npy
        ok = got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)
        with open(path, "rb") as f:
            major, _ = np.lib.format.read_magic(f)
            read_header = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
            shape, fortran, dtype = read_header(f)
        ok = ok and fortran == (order == "F")
        if not ok:
            bad += 1
            print(f"MISMATCH {path}: dtype {got.dtype} vs {want.dtype}, fortran_order {fortran}, order {order}")
    print(f"NumPy read {len(files)} files written by nd_dmatrix_save_npy: {bad} mismatches")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    {"write": write, "read": read}[sys.argv[1]](sys.argv[2])
