"""NumPy versions of the benchmark cases in bench/cases_*.c, keyed by the same names.

Each entry maps a case name to (setup, run): setup() returns a state, run(state) does one
repetition of the same work the C case does."""
import os
import tempfile

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
    "views/slice_items": (_small, _reps(lambda a: a[1:50:2, ::-1])),
    "views/reshape": (_small, _reps(lambda a: a.reshape(50, 2, 200))),
    "views/broadcast_to": (_small, _reps(lambda a: np.broadcast_to(a, (4, 100, 200)))),
})


# ---- reductions (bench/cases_reduce.c) ----
NR = 4000


def _red(transpose=False):
    a = (np.arange(NR * NR, dtype=np.float64) % 1000 * 0.001).reshape(NR, NR)
    return a.T if transpose else a


CASES.update({
    "reduce/sum_all_c": (lambda: _red(), lambda a: a.sum()),
    "reduce/sum_axis0_c": (lambda: _red(), lambda a: a.sum(axis=0)),
    "reduce/sum_axis1_c": (lambda: _red(), lambda a: a.sum(axis=1)),
    "reduce/sum_all_t": (lambda: _red(True), lambda a: a.sum()),
    "reduce/sum_axis0_t": (lambda: _red(True), lambda a: a.sum(axis=0)),
    "reduce/sum_axis1_t": (lambda: _red(True), lambda a: a.sum(axis=1)),
})


def _vec():
    return np.random.default_rng(12345).random(10_000_000)


CASES["reduce/argmax_10m"] = (_vec, lambda a: a.argmax())


def _near_one(view=""):
    a = (1 + (np.arange(NR * NR, dtype=np.float64) % 1000 - 500) * 1e-7).reshape(NR, NR)
    return a.T if view == "t" else a[::-1, ::-1] if view == "rev" else a


def _zero_first():
    a = np.ones((NR, NR))
    a[:, 0] = 0.0
    return a


CASES.update({
    "reduce/prod_all_c": (_near_one, lambda a: a.prod()),
    "reduce/prod_axis0_c": (_near_one, lambda a: a.prod(axis=0)),
    "reduce/prod_axis1_c": (_near_one, lambda a: a.prod(axis=1)),
    "reduce/prod_axis0_t": (lambda: _near_one("t"), lambda a: a.prod(axis=0)),
    "reduce/prod_all_rev": (lambda: _near_one("rev"), lambda a: a.prod()),
    "reduce/prod_axis0_rev": (lambda: _near_one("rev"), lambda a: a.prod(axis=0)),
    "reduce/prod_axis1_rev": (lambda: _near_one("rev"), lambda a: a.prod(axis=1)),
    "reduce/max_all_c": (lambda: _red(), lambda a: a.max()),
    "reduce/min_all_c": (lambda: _red(), lambda a: a.min()),
    "reduce/min_axis0_zero_first": (_zero_first, lambda a: a.min(axis=0)),
    "reduce/min_axis1_zero_first": (_zero_first, lambda a: a.min(axis=1)),
})


# ---- manipulation (bench/cases_manip.c) ----
def _two():
    a = np.arange(NR * NR, dtype=np.float64).reshape(NR, NR)
    return {"a": a, "b": a.copy(), "big": np.arange(2 * NR * NR, dtype=np.float64).reshape(2 * NR, NR)}


CASES.update({
    "manip/concat_axis0": (_two, lambda s: np.concatenate([s["a"], s["b"]], axis=0)),
    "manip/concat_axis1": (_two, lambda s: np.concatenate([s["a"], s["b"]], axis=1)),
    "manip/copy_result_size": (_two, lambda s: s["big"].copy()),
    "manip/take_1d_10m": (lambda: (np.arange(10_000_000, dtype=np.float64),
                                   np.random.default_rng(777).integers(0, 10_000_000, 10_000_000)),
                          lambda s: np.take(s[0], s[1])),
})


# File cases (bench/cases_io.c): 2000x2000 float64 in $TMPDIR.
M = 2000


def _io(order="C", reversed_view=False):
    a = (np.arange(M * M, dtype=np.float64) % 1000 * 0.5).reshape(M, M)
    if order == "F":
        a = np.asfortranarray(a)
    v = a[:, ::-1] if reversed_view else a
    d = tempfile.gettempdir()
    s = {"view": v, "path": os.path.join(d, "np_bench_%d.npy" % os.getpid()),
         "npz": os.path.join(d, "np_bench_%d.npz" % os.getpid())}
    np.save(s["path"], v)
    np.savez_compressed(s["npz"], a=v)
    return s


def _load_npz(s):
    with np.load(s["npz"]) as z:
        z["a"]


CASES.update({
    "io/save_npy_c": (lambda: _io(), lambda s: np.save(s["path"], s["view"])),
    "io/save_npy_f": (lambda: _io("F"), lambda s: np.save(s["path"], s["view"])),
    "io/save_npy_reversed_view": (lambda: _io("C", True), lambda s: np.save(s["path"], s["view"])),
    "io/load_npy_c": (lambda: _io(), lambda s: np.load(s["path"])),
    "io/load_npy_f": (lambda: _io("F"), lambda s: np.load(s["path"])),
    "io/load_npy_mmap": (lambda: _io(), lambda s: np.load(s["path"], mmap_mode="r")),
    "io/savez_compressed": (lambda: _io(), lambda s: np.savez_compressed(s["npz"], a=s["view"])),
    "io/load_npz_compressed": (lambda: _io(), _load_npz),
    "io/tofile_reversed_view": (lambda: _io("C", True), lambda s: s["view"].tofile(s["path"])),
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


# ---- iterative eigensolvers (bench/cases_eigsh.c): SciPy's eigsh (ARPACK) ----
def _heisenberg(N=20):
    """The Heisenberg ring of N sites in its Sz = 0 sector as a CSR matrix (the
    Hamiltonian of examples/heisenberg_chain.h), and a vector of ones."""
    import scipy.sparse as sp
    s = np.arange(1 << N, dtype=np.uint32)
    count = np.zeros(1 << N, dtype=np.int64)
    for i in range(N):
        count += (s >> i) & 1
    states = s[count == N // 2]
    dim = len(states)
    diag = np.zeros(dim)
    rows, cols = [], []
    for i in range(N):
        j = (i + 1) % N
        anti = ((states >> i) ^ (states >> j)) & 1 == 1
        diag += np.where(anti, -0.25, 0.25)
        idx = np.nonzero(anti)[0]
        rows.append(np.searchsorted(states, states[idx] ^ np.uint32((1 << i) | (1 << j))))
        cols.append(idx)
    rows, cols = np.concatenate(rows), np.concatenate(cols)
    h = sp.csr_matrix((np.full(len(rows), 0.5), (rows, cols)), shape=(dim, dim)) + sp.diags(diag)
    return h.tocsr(), np.ones(dim)


def _eigsh(s):
    import scipy.sparse.linalg as sla
    return sla.eigsh(s[0], k=1, which="SA", tol=1e-10)


CASES.update({
    "linalg/eigsh_heisenberg_20": (_heisenberg, _eigsh),
    "linalg/heisenberg_20_product": (_heisenberg, lambda s: s[0] @ s[1]),
})


# ---- sorting (bench/cases_sort.c) ----
CASES.update({
    "sort/sort_10m": (_vec, lambda a: np.sort(a)),
    "sort/argsort_10m": (_vec, lambda a: np.argsort(a, kind="stable")),
    "sort/sort_10m_sorted": (lambda: np.sort(_vec()), lambda a: np.sort(a)),
    "sort/searchsorted_1m_in_10m": (lambda: (np.sort(_vec()), _vec()[:1_000_000].copy()),
                                    lambda s: np.searchsorted(s[0], s[1])),
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


CASES.update({
    "ew/add_into": (_ew_16m, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add_into_1thread": (_ew_16m, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add": (_ew_sq, lambda s: s["a"] + s["b"]),
    "ew/add_transposed": (_ew_sq, lambda s: s["a"] + s["bt"]),
    "ew/add_into_sq": (_ew_sq, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "ew/add_transposed_into": (_ew_sq, lambda s: np.add(s["a"], s["bt"], out=s["out"])),
    "ew/add_col_row": (_ew_colrow, lambda s: s["a"] + s["b"]),
    "ew/add_col_row_into": (_ew_colrow, lambda s: np.add(s["a"], s["b"], out=s["out"])),
})


# ---- transcendental functions (bench/cases_vmath.c: the same lists and ranges) ----
VMATH = {"exp": (-20, 20), "expm1": (-2, 2), "log": (1e-3, 1e3), "log1p": (0, 1e3),
         "log2": (1e-3, 1e3), "log10": (1e-3, 1e3), "sin": (-10, 10), "cos": (-10, 10),
         "tan": (-10, 10), "arcsin": (-1, 1), "arccos": (-1, 1), "arctan": (-10, 10),
         "sinh": (-10, 10), "cosh": (-10, 10), "tanh": (-5, 5), "arcsinh": (-10, 10),
         "arccosh": (1, 100), "arctanh": (-0.999, 0.999),
         "arctan2": (-1, 1, -1, 1), "hypot": (-10, 10, -10, 10), "power": (0.1, 10, -5, 5),
         "logaddexp": (-10, 10, -10, 10)}
_ND_NAMES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
             "arccosh": "acosh", "arctanh": "atanh", "arctan2": "atan2", "power": "pow"}


def _vm_spread(dtype, lo, hi, phase):
    f = np.arange(N16M, dtype=np.float64) * 0.6180339887498949 + phase
    return (lo + (hi - lo) * (f - np.floor(f))).astype(dtype)


def _vm_setup(dtype, r):
    def setup():
        s = {"a": _vm_spread(dtype, r[0], r[1], 0), "out": np.zeros(N16M, dtype=dtype)}
        if len(r) == 4:
            s["b"] = _vm_spread(dtype, r[2], r[3], 0.5)
        return s
    return setup


def _vm_run(fn, binary):
    if binary:
        return lambda s: fn(s["a"], s["b"], out=s["out"])
    return lambda s: fn(s["a"], out=s["out"])


for _np_name, _r in VMATH.items():
    for _dt, _code in ((np.float64, "f64"), (np.float32, "f32")):
        for _thr in ("_1thread", "_2threads"):
            CASES["vmath/%s_%s%s" % (_ND_NAMES.get(_np_name, _np_name), _code, _thr)] = (
                _vm_setup(_dt, _r), _vm_run(getattr(np, _np_name), len(_r) == 4))


# ---- one thread and a busy core (bench/cases_threads.c); NumPy runs on one thread, and
# on a free core for the busy/ rows ----
def _th_16m():
    return {"a": _spread((N16M,), -1, 1), "b": _spread((N16M,), 0, 1), "out": np.zeros(N16M),
            "out32": np.zeros(N16M, dtype=np.float32), "outb": np.zeros(N16M, dtype=bool)}


def _th_sq():
    a = _spread((SQ, SQ), 0, 1)
    return {"a": a, "view": a.T, "out": np.zeros((SQ, SQ))}


def _th_gather():
    s = _th_16m()
    s["idx"] = np.random.default_rng(3).integers(0, N16M, N16M // 4)
    return s


def _th_sort():
    return np.random.default_rng(5).random(1 << 22)


def _assign(dst, src):
    dst[...] = src


CASES.update({
    "one/add_into": (_th_16m, lambda s: np.add(s["a"], s["b"], out=s["out"])),
    "one/multiply_into": (_th_16m, lambda s: np.multiply(s["a"], s["b"], out=s["out"])),
    "one/multiply_scalar_into": (_th_16m, lambda s: np.multiply(s["a"], 2.0, out=s["out"])),
    "one/abs_into": (_th_16m, lambda s: np.abs(s["a"], out=s["out"])),
    "one/less_into": (_th_16m, lambda s: np.less(s["a"], s["b"], out=s["outb"])),
    "one/assign_f64_to_f32": (_th_16m, lambda s: _assign(s["out32"], s["a"])),
    "one/add": (_th_16m, lambda s: s["a"] + s["b"]),
    "one/exp_into": (_th_16m, lambda s: np.exp(s["a"], out=s["out"])),
    "one/sum": (_th_sq, lambda s: s["a"].sum()),
    "one/add_into_sq": (_th_sq, lambda s: np.add(s["a"], s["a"], out=s["out"])),
    "one/copy_transposed": (_th_sq, lambda s: _assign(s["out"], s["view"])),
    "one/take": (_th_gather, lambda s: np.take(s["a"], s["idx"])),
    "one/sort": (_th_sort, lambda a: np.sort(a)),
    "busy/sum": (_th_sq, lambda s: s["a"].sum()),
    "busy/add_into_sq": (_th_sq, lambda s: np.add(s["a"], s["a"], out=s["out"])),
    "busy/copy_transposed": (_th_sq, lambda s: _assign(s["out"], s["view"])),
    "busy/exp_into": (_th_16m, lambda s: np.exp(s["a"], out=s["out"])),
    "busy/sort": (_th_sort, lambda a: np.sort(a)),
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


# ---- random numbers (bench/cases_random.c): NumPy's Generator runs on one thread ----
def _rng_into(dtype=np.float64):
    return lambda: (np.random.default_rng(42), np.zeros(10_000_000, dtype=dtype))


CASES.update({
    "random/random_into_1thread": (_rng_into(), lambda s: s[0].random(out=s[1])),
    "random/random_into_2threads": (_rng_into(), lambda s: s[0].random(out=s[1])),
    "random/random_2threads": (_rng_into(), lambda s: s[0].random(10_000_000)),
    "random/standard_normal_into_1thread": (_rng_into(), lambda s: s[0].standard_normal(out=s[1])),
    "random/standard_normal_into_2threads": (_rng_into(), lambda s: s[0].standard_normal(out=s[1])),
    "random/integers_1000_1thread": (_rng_into(), lambda s: s[0].integers(0, 1000, 10_000_000)),
    "random/integers_1024_1thread": (_rng_into(), lambda s: s[0].integers(0, 1024, 10_000_000)),
    "random/integers_1024_2threads": (_rng_into(), lambda s: s[0].integers(0, 1024, 10_000_000)),
})


# ---- FFT (bench/cases_fft.c); np.fft runs on one thread, so both nd thread counts are
# compared with the same NumPy time ----
def _fft_data(shape, real=False):
    r = np.random.default_rng(12345)
    x = r.random(shape) - 0.5
    return x if real else x + 1j * (r.random(shape) - 0.5)


# The data (an expression) and the call of each case, as strings: bench/run.py also runs
# them in a fresh interpreter to time NumPy's first call (FFT_FIRST; its plan cache empty).
_FFT = {
    "c2c_2^20": ("_fft_data(1 << 20)", "np.fft.fft(x)"),
    "c2c_prime": ("_fft_data(1000003)", "np.fft.fft(x)"),
    "fft2_2048": ("_fft_data((2048, 2048))", "np.fft.fftn(x)"),
    "rfft_16m": ("_fft_data(1 << 24, real=True)", "np.fft.rfft(x)"),
    "axis0_1024x4096": ("_fft_data((1024, 4096))", "np.fft.fft(x, axis=0)"),
}
FFT_FIRST = {}
for _name, (_data, _stmt) in _FFT.items():
    for _suffix in ("_1thread", "_2threads", "_1thread_auto"):
        CASES["fft/" + _name + _suffix] = (eval("lambda: " + _data), eval("lambda x: " + _stmt))
    FFT_FIRST["fft/" + _name + "_1thread"] = (_data, _stmt)
CASES["fft/c2c_16_x1000"] = (lambda: _fft_data(16), _reps(lambda x: np.fft.fft(x)))


# ---- float16 and bfloat16 (bench/cases_half.c); bfloat16 through ml_dtypes when it is
# installed (its bfloat16 @ returns float32), else those cases have no NumPy time ----
try:
    import ml_dtypes
    _BF16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:
    _BF16 = None


def _uniform(seed, n, lo, hi, dtype):
    return (lo + (hi - lo) * np.random.default_rng(seed).random(n)).astype(dtype)


def _hmm(dtype, n=2000):
    return (_uniform(1, n * n, -0.5, 0.5, dtype).reshape(n, n),
            _uniform(2, n * n, -0.5, 0.5, dtype).reshape(n, n))


def _hew(dtype, lo=-100, hi=100):
    return lambda: (_uniform(3, N16M, lo, hi, dtype), _uniform(4, N16M, lo, hi, dtype),
                    np.zeros(N16M, dtype))


def _hconv(src, dst):
    return lambda: (_uniform(5, N16M, -100, 100, src), np.zeros(N16M, dst))


CASES.update({
    "half/matmul_f32_2000": (lambda: _hmm(np.float32), lambda s: s[0] @ s[1]),
    "half/matmul_f16_500": (lambda: _hmm(np.float16, 500), lambda s: s[0] @ s[1]),
    "half/add_f32": (_hew(np.float32), lambda s: np.add(s[0], s[1], out=s[2])),
    "half/add_f16": (_hew(np.float16), lambda s: np.add(s[0], s[1], out=s[2])),
    "half/add_f32_1thread": (_hew(np.float32), lambda s: np.add(s[0], s[1], out=s[2])),
    "half/add_f16_1thread": (_hew(np.float16), lambda s: np.add(s[0], s[1], out=s[2])),
    "half/copy_f32": (_hconv(np.float32, np.float32), lambda s: np.copyto(s[1], s[0])),
    "half/f32_to_f16": (_hconv(np.float32, np.float16), lambda s: np.copyto(s[1], s[0], casting="unsafe")),
    "half/f16_to_f32": (_hconv(np.float16, np.float32), lambda s: np.copyto(s[1], s[0])),
})
for _fn in ("sin", "exp", "log"):
    for _suffix in ("_1thread", ""):
        CASES["half/%s_f16%s" % (_fn, _suffix)] = (
            _hew(np.float16, 0.01, 5), (lambda f: lambda s: f(s[0], out=s[2]))(getattr(np, _fn)))
for _fn in ("cos", "tanh", "sqrt", "expm1", "log1p"):
    CASES["half/%s_f16" % _fn] = (
        _hew(np.float16, 0.01, 5), (lambda f: lambda s: f(s[0], out=s[2]))(getattr(np, _fn)))
CASES["half/sqrt_f16_1thread"] = CASES["half/sqrt_f16"]
CASES["half/sin_f16_strided"] = (_hew(np.float16, 0.01, 5),
                                 lambda s: np.sin(s[0][::2], out=s[2][::2]))
if _BF16 is not None:
    CASES.update({
        "half/matmul_bf16_2000": (lambda: _hmm(_BF16), lambda s: s[0] @ s[1]),
        "half/matmul_bf16_to_f32_2000": (lambda: _hmm(_BF16), lambda s: s[0] @ s[1]),
        "half/add_bf16": (_hew(_BF16), lambda s: np.add(s[0], s[1], out=s[2])),
        "half/sin_bf16": (_hew(_BF16, 0.01, 5), lambda s: np.sin(s[0], out=s[2])),
        "half/exp_bf16": (_hew(_BF16, 0.01, 5), lambda s: np.exp(s[0], out=s[2])),
        "half/log_bf16": (_hew(_BF16, 0.01, 5), lambda s: np.log(s[0], out=s[2])),
        "half/add_bf16_1thread": (_hew(_BF16), lambda s: np.add(s[0], s[1], out=s[2])),
        "half/f16_to_bf16": (_hconv(np.float16, _BF16), lambda s: np.copyto(s[1], s[0], casting="unsafe")),
        "half/bf16_to_f16": (_hconv(_BF16, np.float16), lambda s: np.copyto(s[1], s[0], casting="unsafe")),
        "half/f32_to_bf16": (_hconv(np.float32, _BF16), lambda s: np.copyto(s[1], s[0], casting="unsafe")),
    })

# nd against nd: (case, baseline case, what the ratio baseline time / case time measures);
# bench/run.py prints these after the table.
ND_PAIRS = [
    ("half/matmul_bf16_2000", "half/matmul_f32_2000", "bfloat16 GEMM throughput / float32 GEMM"),
    ("half/matmul_bf16_to_f32_2000", "half/matmul_f32_2000", "bfloat16 -> float32 GEMM / float32 GEMM"),
    ("half/add_f16", "half/add_f32", "float16 add / float32 add"),
    ("half/add_bf16", "half/add_f32", "bfloat16 add / float32 add"),
    ("half/add_f16_1thread", "half/add_f32_1thread", "float16 add / float32 add, 1 thread"),
    ("half/add_bf16_1thread", "half/add_f32_1thread", "bfloat16 add / float32 add, 1 thread"),
    ("half/f16_to_bf16", "half/copy_f32", "float16 -> bfloat16 / float32 copy"),
    ("half/bf16_to_f16", "half/copy_f32", "bfloat16 -> float16 / float32 copy"),
    ("half/f32_to_f16", "half/copy_f32", "float32 -> float16 / float32 copy (ideal 1.33)"),
    ("half/f16_to_f32", "half/copy_f32", "float16 -> float32 / float32 copy (ideal 1.33)"),
    ("half/f32_to_bf16", "half/copy_f32", "float32 -> bfloat16 / float32 copy (ideal 1.33)"),
]
