"""NumPy versions of the benchmark cases in bench/cases_*.c, keyed by the same names.

Each entry maps a case name to (setup, run): setup() returns a state, run(state) does one
repetition of the same work the C case does."""
import numpy as np

N = 6000


def _square(order="C", transpose=False):
    a = np.arange(N * N, dtype=np.float64).reshape(N, N)
    if order == "F":
        a = np.asfortranarray(a)
    v = a.T if transpose else a
    dst = np.empty((N, N))
    return {"src": a, "view": v, "dst": dst}


CASES = {
    "copy/contiguous": (lambda: _square(), lambda s: np.copy(s["view"])),
    "copy/contiguous_into": (lambda: _square(), lambda s: np.copyto(s["dst"], s["view"])),
    "copy/f_to_c": (lambda: _square("F"), lambda s: np.ascontiguousarray(s["view"])),
    "copy/f_to_c_into": (lambda: _square("F"), lambda s: np.copyto(s["dst"], s["view"])),
    "copy/transposed_to_c": (lambda: _square("C", True), lambda s: np.ascontiguousarray(s["view"])),
    "copy/transposed_to_c_into": (lambda: _square("C", True), lambda s: np.copyto(s["dst"], s["view"])),
    "copy/astype_f32": (lambda: _square(), lambda s: s["view"].astype(np.float32)),
}

_small = lambda: np.zeros((100, 200))


def _reps(f):
    def run(a):
        for _ in range(1000):
            f(a)
    return run


CASES.update({
    "views/transpose": (_small, _reps(lambda a: a.T)),
    "views/slice": (_small, _reps(lambda a: a[1:50:2, ::-1])),
    "views/reshape": (_small, _reps(lambda a: a.reshape(50, 2, 200))),
    "views/broadcast_to": (_small, _reps(lambda a: np.broadcast_to(a, (4, 100, 200)))),
})


# ---- linear algebra (bench/cases_linalg.c) ----
_rng = np.random.default_rng(0)


def _mm(order="C", transpose=False, n=2000):
    a = _rng.random((n, n)) - 0.5
    b = _rng.random((n, n)) - 0.5
    if order == "F":
        a, b = np.asfortranarray(a), np.asfortranarray(b)
    if transpose:
        a, b = a.T, b.T
    return a, b


CASES.update({
    "linalg/matmul_2000": (lambda: _mm(), lambda s: s[0] @ s[1]),
    "linalg/matmul_2000_cblas": (lambda: _mm(), lambda s: s[0] @ s[1]),
    "linalg/matmul_2000_F": (lambda: _mm("F"), lambda s: s[0] @ s[1]),
    "linalg/matmul_2000_T": (lambda: _mm("C", True), lambda s: s[0] @ s[1]),
    "linalg/matmul_batch_8x8": (lambda: (_rng.random((10000, 8, 8)), _rng.random((10000, 8, 8))),
                                lambda s: s[0] @ s[1]),
})


def _mp2():
    nocc, nvir, naux = 30, 120, 360
    return {"T": _rng.random((nocc, nvir, nocc, nvir)), "t": _rng.random((nocc, nvir, nocc, nvir)),
            "Y": _rng.random((naux, nocc, nvir))}


CASES.update({
    "linalg/einsum_mp2_jk": (_mp2, lambda s: np.einsum("jbia,kbia->jk", s["T"], s["t"], optimize=True)),
    "linalg/einsum_mp2_ab": (_mp2, lambda s: np.einsum("jcia,jcib->ab", s["T"], s["t"], optimize=True)),
    "linalg/einsum_mp2_Pia": (_mp2, lambda s: np.einsum("Pjb,jbia->Pia", s["Y"], s["T"], optimize=True)),
})


def _sym(n, k):
    m = _rng.random((n, k, k)) - 0.5
    return 0.5 * (m + m.transpose(0, 2, 1))


CASES.update({
    "linalg/eigh_batch_8x8": (lambda: _sym(10000, 8), lambda a: np.linalg.eigh(a)),
    "linalg/svd_batch_32x32": (lambda: _rng.random((1000, 32, 32)) - 0.5, lambda a: np.linalg.svd(a)),
})
