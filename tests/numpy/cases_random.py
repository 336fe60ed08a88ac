"""Differential cases for random numbers (nd/random.h): one nd generator and one
np.random.default_rng of the same seed (0, 1, 42, 2**63, 2**64 - 1 or a random one) run the
same random sequence of calls; every result must equal NumPy's bit for bit. Sequences mix
float32 and float64 samplers with 8/16/32/64-bit integers, so a kept 32-bit half word
carries from one call into the next; results go to new arrays or (`_out`) into random
views; shapes include 0-d, size 0 and sizes large enough to split across threads;
shuffle works on random views along random axes; spawn continues on a child. Where NumPy
has no such dtype (float32 uniform and normal, complex normals), NumPy's float64 or
float32 values are arranged as nd's header describes."""
import ctypes as C

import numpy as np

from cases_compute import random_view
from ndlib import CODE, shape_arg

P = C.c_void_p
I64P = C.POINTER(C.c_int64)
SEEDS = [0, 1, 42, 2**63, 2**64 - 1]
INTS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
_declared = set()


def fn(lib, name, res, args):
    f = getattr(lib.lib, name)
    if name not in _declared:
        f.restype, f.argtypes = res, args
        _declared.add(name)
    return f


def declare(lib):
    s = [C.c_int, C.c_int, I64P]  # dtype, ndim, shape
    d = C.c_double
    fn(lib, "nd_rng_new", P, [C.c_uint64])
    fn(lib, "nd_rng_free", None, [P])
    fn(lib, "nd_rng_spawn", C.c_int, [P, C.c_int, C.POINTER(P)])
    fn(lib, "nd_random_random", P, [P] + s)
    fn(lib, "nd_random_random_out", C.c_int, [P, P])
    fn(lib, "nd_random_uniform", P, [P, d, d] + s)
    fn(lib, "nd_random_uniform_out", C.c_int, [P, P, d, d])
    fn(lib, "nd_random_standard_normal", P, [P] + s)
    fn(lib, "nd_random_standard_normal_out", C.c_int, [P, P])
    fn(lib, "nd_random_normal", P, [P, d, d] + s)
    fn(lib, "nd_random_normal_out", C.c_int, [P, P, d, d])
    fn(lib, "nd_random_standard_exponential", P, [P] + s)
    fn(lib, "nd_random_standard_exponential_out", C.c_int, [P, P])
    fn(lib, "nd_random_integers", P, [P, C.c_int64, C.c_int64, C.c_bool] + s)
    fn(lib, "nd_random_integers_out", C.c_int, [P, P, C.c_int64, C.c_int64, C.c_bool])
    fn(lib, "nd_random_integers_u64", P, [P, C.c_uint64, C.c_uint64, C.c_bool] + s)
    fn(lib, "nd_random_integers_u64_out", C.c_int, [P, P, C.c_uint64, C.c_uint64, C.c_bool])
    fn(lib, "nd_random_permutation", P, [P, C.c_int64])
    fn(lib, "nd_random_shuffle", C.c_int, [P, P, C.c_int])


def random_shape(rng):
    r = rng.random()
    if r < 0.1:
        return ()
    if r < 0.2:
        return tuple(int(x) for x in rng.integers(0, 3, int(rng.integers(1, 3)))) + (0,)
    if r < 0.3:  # long enough to be split across threads
        return (int(rng.integers(65536, 140000)),)
    return tuple(int(x) for x in rng.integers(1, 9, int(rng.integers(1, 4))))


def same_bits(got, want, what):
    want = np.asarray(want)
    assert got.shape == want.shape, "%s: shape %s vs NumPy %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs NumPy %s" % (what, got.dtype, want.dtype)
    g, w = np.ascontiguousarray(got), np.ascontiguousarray(want)
    if not np.array_equal(g.view(np.uint8), w.view(np.uint8)):
        bad = np.flatnonzero(g.reshape(-1) != w.reshape(-1))
        i = int(bad[0]) if bad.size else -1
        raise AssertionError("%s: %d values differ, first at flat %d: %r vs NumPy %r" % (
            what, bad.size, i, g.reshape(-1)[i], w.reshape(-1)[i]))


# ---- NumPy's values for each sampler, arranged as nd gives them -------------------------

def np_standard_normal(r, shape, dt):
    if dt.startswith("complex"):
        part = "float32" if dt == "complex64" else "float64"
        return r.standard_normal(shape + (2,), dtype=part).view(dt).reshape(shape)
    return r.standard_normal(shape, dtype=dt)


def np_normal(r, loc, scale, shape, dt):
    if dt.startswith("complex"):
        z = r.standard_normal(shape + (2,))
        part = np.float32 if dt == "complex64" else np.float64
        out = np.empty(shape + (2,), part)
        out[..., 0] = loc + scale * z[..., 0]
        out[..., 1] = scale * z[..., 1]
        return out.view(dt).reshape(shape)
    return np.asarray(r.normal(loc, scale, shape)).astype(dt)


def pick(rng, a, b):
    """An int in [a, b] (any Python ints within the 64-bit ranges)."""
    span = b - a
    if span < 2**63:
        return a + int(rng.integers(0, span, endpoint=True))
    return a + int(rng.integers(0, 2**64, dtype=np.uint64)) % (span + 1)


def int_bounds(rng, dt):
    """(low, high, endpoint) valid for dtype dt, of a random kind of range."""
    lo_t, hi_t = (0, 1) if dt == "bool" else (int(np.iinfo(dt).min), int(np.iinfo(dt).max))
    endpoint = bool(rng.random() < 0.4)
    kind = rng.random()
    if kind < 0.15:  # the whole range
        lo, last = lo_t, hi_t
    elif kind < 0.4:  # a power-of-two range: one unit of draw per value
        k = int(rng.integers(0, (hi_t - lo_t).bit_length()))
        lo = pick(rng, lo_t, hi_t - 2**k + 1)
        last = lo + 2**k - 1
    elif kind < 0.5:  # one value
        lo = last = pick(rng, lo_t, hi_t)
    else:  # a random sub-range (rejection)
        lo, last = sorted((pick(rng, lo_t, hi_t), pick(rng, lo_t, hi_t)))
        if rng.random() < 0.5:  # small ranges are common
            last = min(hi_t, lo + int(rng.integers(0, 1000)))
    return lo, (last if endpoint else last + 1), endpoint


# ---- one call in both libraries -----------------------------------------------------------

class Pair:
    def __init__(self, lib, seed):
        self.lib, self.seed = lib, seed
        self.g = lib.nd_rng_new(seed)
        self.r = np.random.default_rng(seed)

    def close(self):
        self.lib.nd_rng_free(self.g)


def call(lib, rng, pair, log):
    """One random call on both generators; compares the results."""
    g, r = pair.g, pair.r
    shape = random_shape(rng)
    what = rng.choice(["random", "uniform", "standard_normal", "normal", "exponential",
                       "integers", "integers", "permutation", "shuffle", "invalid"])
    into = bool(rng.random() < 0.3) and what not in ("permutation", "shuffle")
    if what == "random":
        dt = str(rng.choice(["float32", "float64"]))
        want = lambda s: r.random(s, dtype=dt)
        new = lambda s: lib.nd_random_random(g, CODE[dt], *shape_arg(s))
        out = lambda h: lib.nd_random_random_out(g, h)
    elif what == "uniform":
        dt = str(rng.choice(["float32", "float64"]))
        lo = float(rng.normal(0, 10))
        hi = lo + float(rng.exponential(5)) * (rng.random() < 0.95)
        what += "(%r, %r)" % (lo, hi)
        want = lambda s: np.asarray(r.uniform(lo, hi, s)).astype(dt)
        new = lambda s: lib.nd_random_uniform(g, lo, hi, CODE[dt], *shape_arg(s))
        out = lambda h: lib.nd_random_uniform_out(g, h, lo, hi)
    elif what == "standard_normal":
        dt = str(rng.choice(["float32", "float64", "complex64", "complex128"]))
        want = lambda s: np_standard_normal(r, s, dt)
        new = lambda s: lib.nd_random_standard_normal(g, CODE[dt], *shape_arg(s))
        out = lambda h: lib.nd_random_standard_normal_out(g, h)
    elif what == "normal":
        dt = str(rng.choice(["float32", "float64", "complex64", "complex128"]))
        loc, scale = float(rng.normal(0, 5)), float(rng.exponential(2))
        what += "(%r, %r)" % (loc, scale)
        want = lambda s: np_normal(r, loc, scale, s, dt)
        new = lambda s: lib.nd_random_normal(g, loc, scale, CODE[dt], *shape_arg(s))
        out = lambda h: lib.nd_random_normal_out(g, h, loc, scale)
    elif what == "exponential":
        dt = str(rng.choice(["float32", "float64"]))
        want = lambda s: r.standard_exponential(s, dtype=dt)
        new = lambda s: lib.nd_random_standard_exponential(g, CODE[dt], *shape_arg(s))
        out = lambda h: lib.nd_random_standard_exponential_out(g, h)
    elif what == "integers":
        dt = str(rng.choice(INTS))
        lo, hi, ep = int_bounds(rng, dt)
        what += "(%d, %d, endpoint=%s)" % (lo, hi, ep)
        want = lambda s: r.integers(lo, hi, s, dtype=dt, endpoint=ep)
        # An exclusive high of 2**63 (2**64 for uint64) is the inclusive one below it in C.
        nhi, nep = (hi - 1, True) if not ep and hi > (2**64 - 1 if dt == "uint64" else 2**63 - 1) else (hi, ep)
        f, fo = ("nd_random_integers_u64", "nd_random_integers_u64_out") if nhi > 2**63 - 1 else \
            ("nd_random_integers", "nd_random_integers_out")
        new = lambda s: getattr(lib.lib, f)(g, lo, nhi, nep, CODE[dt], *shape_arg(s))
        out = lambda h: getattr(lib.lib, fo)(g, h, lo, nhi, nep)
    elif what == "permutation":
        n = int(rng.integers(0, 300)) if rng.random() < 0.9 else int(rng.integers(60000, 100000))
        log.append("permutation(%d)" % n)
        same_bits(lib.check(lib.nd_random_permutation(g, n)).numpy(), r.permutation(n), log[-1])
        return
    elif what == "invalid":  # arguments both libraries reject, drawing nothing
        dt = str(rng.choice(INTS))
        lo_t, hi_t = (0, 1) if dt == "bool" else (int(np.iinfo(dt).min), int(np.iinfo(dt).max))
        lo, hi, ep = [(lo_t - 1, hi_t, True), (lo_t, hi_t + 1, True), (5, 5, False), (5, 4, True),
                      (0, 0, False), (0, -1, True)][int(rng.integers(6))]
        log.append("invalid integers(%d, %d, endpoint=%s) %s" % (lo, hi, ep, dt))
        try:
            r.integers(lo, hi, (3,), dtype=dt, endpoint=ep)
            raise AssertionError("NumPy accepts " + log[-1])
        except ValueError:
            pass
        if -2**63 <= lo and hi < 2**63:
            assert not lib.nd_random_integers(g, lo, hi, ep, CODE[dt], *shape_arg((3,))), "nd accepts " + log[-1]
            lib.nd_clear_error()
        return
    else:  # shuffle a random view along a random axis
        xv, av = random_view(lib, rng, log)
        axis = int(rng.integers(-max(xv.ndim, 1), max(xv.ndim, 1)))
        log.append("shuffle axis %d" % axis)
        if xv.ndim == 0:
            assert lib.nd_random_shuffle(g, av.h, axis) != 0, "nd shuffles a 0-d array"
            lib.nd_clear_error()
            return
        r.shuffle(xv, axis=axis)
        lib.check_status(lib.nd_random_shuffle(g, av.h, axis))
        same_bits(av.numpy(), xv, log[-1])
        return
    log.append("%s %s %s%s" % (what, dt, shape, " into a view" if into else ""))
    if into:
        xv, av = random_view(lib, rng, log, dtype=dt)
        lib.check_status(out(av.h))
        same_bits(av.numpy(), want(xv.shape), log[-2])
    else:
        same_bits(lib.check(new(shape)).numpy(), want(shape), log[-1])


def case_random_sequence(lib, rng, log):
    declare(lib)
    seed = SEEDS[int(rng.integers(len(SEEDS)))] if rng.random() < 0.8 else int(rng.integers(0, 2**64, dtype=np.uint64))
    log.append("seed %d" % seed)
    root = pair = Pair(lib, seed)
    children = []
    try:
        for _ in range(int(rng.integers(1, 8))):
            if rng.random() < 0.08:  # spawn, then go on with a child or the parent
                k = int(rng.integers(1, 4))
                arr = (P * k)()
                lib.check_status(lib.nd_rng_spawn(pair.g, k, arr))
                kids = pair.r.spawn(k)
                log.append("spawn(%d)" % k)
                for i in range(k):
                    child = Pair.__new__(Pair)
                    child.lib, child.g, child.r = lib, arr[i], kids[i]
                    children.append(child)
                if rng.random() < 0.7:
                    pair = children[int(rng.integers(len(children)))]
                    log.append("on child %d" % children.index(pair))
                continue
            call(lib, rng, pair, log)
    finally:
        for p in children + [root]:
            p.close()


CASES = [("random", case_random_sequence, 4)]
