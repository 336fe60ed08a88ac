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


# ---- elementwise (bench/cases_elementwise.c); NumPy runs on one thread ----
N16M = 16 * 1024 * 1024
SQ = 4000


def _spread(shape, lo, hi):
    n = int(np.prod(shape))
    f = np.arange(n, dtype=np.float64) * 0.6180339887498949
    return (lo + (hi - lo) * (f - np.floor(f))).reshape(shape)


def _ew_16m():
    return {"a": _spread((N16M,), 0, 1), "b": _spread((N16M,), 1, 2), "out": np.zeros(N16M)}


def _ew_sq():
    b = _spread((SQ, SQ), 1, 2)
    return {"a": _spread((SQ, SQ), 0, 1), "b": b, "bt": b.T, "out": np.zeros((SQ, SQ))}


def _ew_colrow():
    return {"a": _spread((SQ, 1), 0, 1), "b": _spread((1, SQ), 1, 2), "out": np.zeros((SQ, SQ))}


def _ew_math(lo, hi):
    return lambda: {"a": _spread((N16M,), lo, hi), "out": np.zeros(N16M)}


CASES.update({
    "ew/add_into": (_ew_16m, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add_into_1thread": (_ew_16m, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add": (_ew_sq, lambda s: s["a"] + s["b"]),
    "ew/add_transposed": (_ew_sq, lambda s: s["a"] + s["bt"]),
    "ew/add_into_sq": (_ew_sq, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add_transposed_into": (_ew_sq, lambda s: np.add(s["a"], s["bt"], out=s["out"])),
    "ew/add_col_row": (_ew_colrow, lambda s: s["a"] + s["b"]),
    "ew/add_col_row_into": (_ew_colrow, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/exp_1thread": (_ew_math(-20, 20), lambda s: np.exp(s["a"], out=s["out"])),
    "ew/exp_2threads": (_ew_math(-20, 20), lambda s: np.exp(s["a"], out=s["out"])),
    "ew/log_1thread": (_ew_math(1e-3, 1e3), lambda s: np.log(s["a"], out=s["out"])),
    "ew/log_2threads": (_ew_math(1e-3, 1e3), lambda s: np.log(s["a"], out=s["out"])),
    "ew/sin_1thread": (_ew_math(-10, 10), lambda s: np.sin(s["a"], out=s["out"])),
    "ew/sin_2threads": (_ew_math(-10, 10), lambda s: np.sin(s["a"], out=s["out"])),
})
