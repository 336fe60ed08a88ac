"""Differential cases for decompositions, random einsum subscripts and .npz archives.

Decompositions run on random batches of random layouts (C, F, transposed views,
reversed steps) of every LAPACK dtype and int64. Unique results (solve, inv, det,
cholesky, eigenvalues, singular values) are compared with NumPy's within a tolerance
scaled by the dtype; results unique only up to phases (eigenvectors, singular vectors, Q)
are checked by the identities that define them, with shapes and dtypes equal to NumPy's.
Exactly singular matrices (a zero column) must be rejected by both libraries."""
import ctypes
import os
import tempfile

import numpy as np

from cases_compute import assert_close, run_both
from ndlib import DTYPES, P

LAPACK = ["float32", "float64", "complex64", "complex128", "int64"]
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-10, "complex128": 1e-10}
PP = ctypes.POINTER(ctypes.c_void_p)


def matrix_values(rng, shape, dtype):
    """Small random values of `dtype` (integers for int64, halves otherwise)."""
    n = int(np.prod(shape))
    v = rng.integers(-4, 5, n) * (1.0 if dtype == "int64" else 0.5)
    if dtype.startswith("complex"):
        v = v + 1j * rng.integers(-4, 5, n) * 0.5
    return v.reshape(shape).astype(dtype)


def nd_layout(lib, rng, log, x):
    """An nd array holding x's values in a random layout: C, F, a transposed view of a
    C copy of the transpose, or a reversed view of a reversed copy."""
    r = rng.random()
    if x.ndim >= 2 and r < 0.25:
        log.append("F")
        return lib.array(x, "F")
    if x.ndim >= 2 and r < 0.5:
        log.append("T view")
        t = lib.array(np.ascontiguousarray(np.swapaxes(x, -1, -2)))
        return lib.check(lib.nd_matrix_transpose(t.h))
    if x.ndim >= 1 and r < 0.7:
        log.append("::-1 view")
        t = lib.array(np.ascontiguousarray(x[::-1]))
        return lib.check(lib.nd_index(t.h, b"::-1"))
    log.append("C")
    return lib.array(x)


def batch_shape(rng):
    return tuple(int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3))))


def square_stack(rng, dtype, batch, n, singular=False):
    """Well-conditioned square matrices (diagonally dominant), or, when `singular`, one
    matrix of the stack with a zero column (exactly singular for any pivoting)."""
    x = matrix_values(rng, batch + (n, n), dtype)
    if dtype != "int64":
        x = x + (2.0 * n + 2.0) * np.eye(n, dtype=dtype)
    else:
        x = x + (4 * n + 4) * np.eye(n, dtype=np.int64)
    if singular and n > 0:
        flat = x.reshape((-1, n, n))
        flat[int(rng.integers(flat.shape[0])), :, int(rng.integers(n))] = 0
    return x


def result_tol(dtype):
    return TOL.get(np.dtype(dtype).name, 1e-10)


def expect_close(got, want, what, scale=1.0):
    """Same shape and dtype; values within the dtype's tolerance of scale."""
    assert got.shape == want.shape, "%s: shape %s vs NumPy %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs NumPy %s" % (what, got.dtype, want.dtype)
    tol = result_tol(want.dtype)
    err = np.max(np.abs(got.astype(np.complex128) - want), initial=0.0)
    assert err <= tol * scale, "%s: max error %.3g (tolerance %.3g)\n%s\nvs NumPy\n%s" % (
        what, err, tol * scale, got, want)


def declare(lib, name, res, args):
    f = getattr(lib, name)
    f.restype, f.argtypes = res, args
    return f


def outputs(lib, k):
    hs = [ctypes.c_void_p() for _ in range(k)]
    return hs, [ctypes.byref(h) for h in hs]


def adopt(lib, hs):
    return [lib.check(h.value).numpy() for h in hs]


def case_solve(lib, rng, log):
    t = str(rng.choice(LAPACK))
    n = int(rng.integers(0, 6)) if rng.random() < 0.1 else int(rng.integers(1, 6))
    batch = batch_shape(rng)
    singular = bool(rng.random() < 0.1)
    a = square_stack(rng, t, batch, n, singular)
    bt = str(rng.choice(LAPACK))
    if rng.random() < 0.3:
        b = matrix_values(rng, (n,), bt)
    else:
        bb = tuple(1 if rng.random() < 0.3 else s for s in batch[int(rng.integers(0, len(batch) + 1)):])
        kcols = int(rng.integers(1, 4))
        b = matrix_values(rng, bb + (n + (1 if rng.random() < 0.05 else 0), kcols), bt)
    log.append("solve %s %s, %s %s%s" % (t, a.shape, bt, b.shape, " singular" if singular else ""))
    ha, hb = nd_layout(lib, rng, log, a), nd_layout(lib, rng, log, b)
    f = declare(lib, "nd_linalg_solve", P, [P, P])
    run_both(lib, log, lambda: np.linalg.solve(a, b), lambda: f(ha.h, hb.h))


def case_inv_det(lib, rng, log):
    t = str(rng.choice(LAPACK))
    n = int(rng.integers(0, 6)) if rng.random() < 0.1 else int(rng.integers(1, 6))
    singular = bool(rng.random() < 0.1)
    a = square_stack(rng, t, batch_shape(rng), n, singular)
    ha = nd_layout(lib, rng, log, a)
    if rng.random() < 0.5:
        log.append("inv %s %s%s" % (t, a.shape, " singular" if singular else ""))
        f = declare(lib, "nd_linalg_inv", P, [P])
        run_both(lib, log, lambda: np.linalg.inv(a), lambda: f(ha.h))
        return
    log.append("det %s %s" % (t, a.shape))
    f = declare(lib, "nd_linalg_det", P, [P])
    h = f(ha.h)
    if not h:
        raise AssertionError("nd rejects %s: %s" % (log[-1], lib.error()))
    want = np.linalg.det(a)
    got = lib.check(h).numpy()
    # the determinant grows like (3n)^n: compare relative to its size
    expect_close(got, np.asarray(want), log[-1], scale=max(1.0, float(np.max(np.abs(want), initial=1.0))))


def case_cholesky(lib, rng, log):
    t = str(rng.choice(LAPACK))
    n = int(rng.integers(0, 6)) if rng.random() < 0.1 else int(rng.integers(1, 6))
    x = matrix_values(rng, batch_shape(rng) + (n, n), t)
    a = x @ np.conj(np.swapaxes(x, -1, -2)) + (n + 1) * np.eye(n, dtype=t)
    upper = bool(rng.random() < 0.5)
    log.append("cholesky %s %s upper=%s" % (t, a.shape, upper))
    ha = nd_layout(lib, rng, log, a)
    f = declare(lib, "nd_linalg_cholesky", P, [P, ctypes.c_bool])
    run_both(lib, log, lambda: np.linalg.cholesky(a, upper=upper), lambda: f(ha.h, upper))


def check_unitary_columns(q, what):
    qh = np.conj(np.swapaxes(q, -1, -2))
    eye = np.eye(q.shape[-1])
    err = np.max(np.abs(qh @ q - eye), initial=0.0)
    assert err <= result_tol(q.dtype) * 10, "%s: columns not orthonormal (error %.3g)" % (what, err)


def case_eigh(lib, rng, log):
    t = str(rng.choice(LAPACK))
    n = int(rng.integers(0, 7)) if rng.random() < 0.1 else int(rng.integers(1, 7))
    x = matrix_values(rng, batch_shape(rng) + (n, n), t)
    a = x + np.conj(np.swapaxes(x, -1, -2))  # Hermitian (integer for int64)
    log.append("eigh %s %s" % (t, a.shape))
    ha = nd_layout(lib, rng, log, a)
    f = declare(lib, "nd_linalg_eigh", ctypes.c_int, [P, PP, PP])
    hs, refs = outputs(lib, 2)
    lib.check_status(f(ha.h, *refs))
    w, v = adopt(lib, hs)
    want_w, want_v = np.linalg.eigh(a)
    scale = max(1.0, float(np.max(np.abs(want_w), initial=1.0)))
    expect_close(w, want_w, log[-1] + " eigenvalues", scale)
    assert v.shape == want_v.shape and v.dtype == want_v.dtype, \
        "eigenvectors %s %s vs NumPy %s %s" % (v.shape, v.dtype, want_v.shape, want_v.dtype)
    check_unitary_columns(v, "eigh")
    res = np.max(np.abs(a @ v - v * w[..., None, :]), initial=0.0)
    assert res <= result_tol(v.dtype) * 10 * scale, "eigh: |A V - V W| = %.3g" % res


def case_svd(lib, rng, log):
    t = str(rng.choice(LAPACK))
    m, n = (int(rng.integers(0, 6)) if rng.random() < 0.1 else int(rng.integers(1, 6)) for _ in range(2))
    a = matrix_values(rng, batch_shape(rng) + (m, n), t)
    full = bool(rng.random() < 0.5)
    ha = nd_layout(lib, rng, log, a)
    want_s = np.linalg.svd(a, compute_uv=False)
    scale = max(1.0, float(np.max(want_s, initial=1.0)))
    if rng.random() < 0.3:
        log.append("svdvals %s %s" % (t, a.shape))
        f = declare(lib, "nd_linalg_svdvals", P, [P])
        expect_close(lib.check(f(ha.h)).numpy(), want_s, log[-1], scale)
        return
    log.append("svd %s %s full_matrices=%s" % (t, a.shape, full))
    f = declare(lib, "nd_linalg_svd", ctypes.c_int, [P, ctypes.c_bool, PP, PP, PP])
    hs, refs = outputs(lib, 3)
    lib.check_status(f(ha.h, full, *refs))
    u, s, vh = adopt(lib, hs)
    wu, ws, wvh = np.linalg.svd(a, full_matrices=full)
    expect_close(s, ws, log[-1] + " S", scale)
    for got, want, nm in ((u, wu, "U"), (vh, wvh, "Vh")):
        assert got.shape == want.shape and got.dtype == want.dtype, \
            "svd %s: %s %s vs NumPy %s %s" % (nm, got.shape, got.dtype, want.shape, want.dtype)
    check_unitary_columns(u, "svd U")
    check_unitary_columns(np.conj(np.swapaxes(vh, -1, -2)), "svd Vh")
    k = min(m, n)
    rec = (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]
    err = np.max(np.abs(rec - a), initial=0.0)
    assert err <= result_tol(u.dtype) * 10 * scale, "svd: |U S Vh - A| = %.3g" % err


def case_qr(lib, rng, log):
    t = str(rng.choice(LAPACK))
    m, n = (int(rng.integers(0, 6)) if rng.random() < 0.1 else int(rng.integers(1, 6)) for _ in range(2))
    a = matrix_values(rng, batch_shape(rng) + (m, n), t)
    complete = bool(rng.random() < 0.5)
    log.append("qr %s %s %s" % (t, a.shape, "complete" if complete else "reduced"))
    ha = nd_layout(lib, rng, log, a)
    f = declare(lib, "nd_linalg_qr", ctypes.c_int, [P, ctypes.c_int, PP, PP])
    hs, refs = outputs(lib, 2)
    lib.check_status(f(ha.h, 1 if complete else 0, *refs))
    q, r = adopt(lib, hs)
    wq, wr = np.linalg.qr(a, mode="complete" if complete else "reduced")
    for got, want, nm in ((q, wq, "Q"), (r, wr, "R")):
        assert got.shape == want.shape and got.dtype == want.dtype, \
            "qr %s: %s %s vs NumPy %s %s" % (nm, got.shape, got.dtype, want.shape, want.dtype)
    check_unitary_columns(q, "qr Q")
    assert np.all(np.tril(r, -1) == 0), "qr: R is not upper triangular"
    scale = max(1.0, float(np.max(np.abs(a), initial=1.0)))
    err = np.max(np.abs(q @ r - a), initial=0.0)
    assert err <= result_tol(q.dtype) * 10 * scale, "qr: |Q R - A| = %.3g" % err


def random_subscripts(rng):
    """Random einsum subscripts over the letters a-e: 1-3 operands, repeated letters
    within a term (diagonals), letters summed out, implicit or explicit output, sometimes
    an ellipsis on some terms; sometimes an output letter no operand has."""
    nops = int(rng.integers(1, 4))
    letters = "abcde"
    terms = []
    for _ in range(nops):
        k = int(rng.integers(0, 4))
        terms.append("".join(str(rng.choice(list(letters))) for _ in range(k)))
    ell = bool(rng.random() < 0.2)
    if ell:
        terms = [("..." + tm) if rng.random() < 0.5 else (tm + "...") for tm in terms]
    used = sorted(set("".join(terms)) - set("."))
    if rng.random() < 0.4:
        return ",".join(terms), terms, ell
    out = [c for c in used if rng.random() < 0.5]
    rng.shuffle(out)
    if rng.random() < 0.03:
        out.append("z")
    outs = ("..." if ell else "") + "".join(out)
    return ",".join(terms) + "->" + outs, terms, ell


def case_einsum_random(lib, rng, log):
    subs, terms, ell = random_subscripts(rng)
    dims = {c: int(rng.integers(1, 4)) for c in "abcde"}
    ell_shape = tuple(int(rng.integers(1, 3)) for _ in range(int(rng.integers(0, 3))))
    t = str(rng.choice(["float64", "float32", "complex128", "int64", "int32"]))
    xs, hs = [], []
    for tm in terms:
        core = tm.replace("...", "")
        sh = tuple(dims[c] for c in core)
        if "..." in tm:
            e = ell_shape[int(rng.integers(0, len(ell_shape) + 1)):]  # broadcast: fewer axes
            sh = e + sh if tm.startswith("...") else sh + e
        if sh and rng.random() < 0.05:  # a mismatched extent for one letter
            j = int(rng.integers(len(sh)))
            sh = sh[:j] + (sh[j] + 1,) + sh[j + 1:]
        x = matrix_values(rng, sh, "int64" if t.startswith("int") else t).astype(t)
        xs.append(x)
        hs.append(nd_layout(lib, rng, log, x))
    log.append("einsum %r %s %s" % (subs, t, [x.shape for x in xs]))
    ops = (ctypes.c_void_p * len(hs))(*[h.h.value for h in hs])
    f = declare(lib, "nd_einsum", P, [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p])
    run_both(lib, log, lambda: np.einsum(subs, *xs), lambda: f(subs.encode(), len(hs), ops))


def case_npz(lib, rng, log):
    from cases_compute import random_view
    n = int(rng.integers(1, 4))
    names = ["a%d_%d" % (i, int(rng.integers(100))) for i in range(n)]
    views = [random_view(lib, rng, log, dtype=str(rng.choice(DTYPES)), max_ndim=3) for _ in range(n)]
    compress = bool(rng.random() < 0.5)
    fd, path = tempfile.mkstemp(suffix=".npz")
    os.close(fd)
    try:
        log.append("savez %d arrays compress=%s, np.load" % (n, compress))
        f = declare(lib, "nd_savez", ctypes.c_int,
                    [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_bool])
        cnames = (ctypes.c_char_p * n)(*[s.encode() for s in names])
        arrs = (ctypes.c_void_p * n)(*[av.h.value for _, av in views])
        lib.check_status(f(path.encode(), n, cnames, arrs, compress))
        with np.load(path) as z:
            assert sorted(z.files) == sorted(names), "np.load sees %s, wrote %s" % (z.files, names)
            for nm, (xv, _) in zip(names, views):
                got = z[nm]
                assert got.dtype == xv.dtype and np.array_equal(got, xv, equal_nan=True), \
                    "np.load of nd's %s gives\n%s\nvs\n%s" % (nm, got, xv)
        log.append("np.savez%s, load_npz" % ("_compressed" if compress else ""))
        (np.savez_compressed if compress else np.savez)(path, **{nm: xv for nm, (xv, _) in zip(names, views)})
        load = declare(lib, "nd_load_npz", P, [ctypes.c_char_p])
        close = declare(lib, "nd_npz_close", None, [P])
        get = declare(lib, "nd_npz_get", P, [P, ctypes.c_char_p])
        count = declare(lib, "nd_npz_count", ctypes.c_int64, [P])
        z = load(path.encode())
        if not z:
            raise AssertionError("load_npz of NumPy's archive fails: %s" % lib.error())
        try:
            assert count(z) == n, "load_npz counts %d members, NumPy wrote %d" % (count(z), n)
            for nm, (xv, _) in zip(names, views):
                back = lib.check(get(z, nm.encode())).numpy()
                assert back.dtype == xv.dtype and np.array_equal(back, xv, equal_nan=True), \
                    "load_npz %s gives\n%s\nvs\n%s" % (nm, back, xv)
        finally:
            close(z)
    finally:
        os.unlink(path)


CASES = [("solve", case_solve, 2), ("inv_det", case_inv_det, 2), ("cholesky", case_cholesky, 1),
         ("eigh", case_eigh, 2), ("svd", case_svd, 2), ("qr", case_qr, 1),
         ("einsum_random", case_einsum_random, 3), ("npz", case_npz, 1)]
