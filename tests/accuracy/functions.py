"""The functions accuracy.py measures: for each, its MPFR reference (gmpy2), NumPy's name,
nd's bound in ulps, and the inputs: random ones over the whole domain (random bit
patterns: every exponent equally often) and the function's hard regions, n of each, plus
the standard's special values."""
import math

import gmpy2
import numpy as np


class Func:
    """floor: errors are measured in ulps of max(|f(x)|, floor) (a bound relative to the
    result above floor, absolute below it)."""

    def __init__(self, name, mpfr, regions, bound, numpy=None, bound_text=None, floor=0.0):
        self.name, self.mpfr, self.regions, self.bound = name, mpfr, regions, bound
        self.numpy = numpy or name
        self.floor = floor
        self.bound_text = bound_text or ("%g" % bound)

    def inputs(self, rng, dt, n):
        """A list of arrays of dtype dt, one per argument."""
        parts = [r(rng, dt, n) for r in self.regions]
        with np.errstate(over="ignore"):  # float64 specials beyond float32's range: inf
            if isinstance(parts[0], tuple):
                return [np.concatenate([p[k] for p in parts]).astype(dt)
                        for k in range(len(parts[0]))]
            return [np.concatenate(parts).astype(dt)]


# ---- building blocks: each returns n values of dtype dt (as float64 where rounding does
# not matter) ----

def info(dt):
    fi = np.finfo(dt)
    return float(fi.max), float(fi.tiny), float(fi.smallest_subnormal), float(fi.eps)


def bits(rng, dt, n, lo=-np.inf, hi=np.inf):
    """Random bit patterns of dtype dt, finite and within [lo, hi] (redrawn otherwise)."""
    it = np.uint64 if dt == np.float64 else np.uint32
    out = np.empty(0, dtype=dt)
    while out.size < n:
        b = rng.integers(0, np.iinfo(it).max, size=2 * n, dtype=it, endpoint=True)
        v = b.view(dt)
        out = np.concatenate([out, v[np.isfinite(v) & (v >= lo) & (v <= hi)]])
    return out[:n]


def uniform(lo, hi):
    return lambda rng, dt, n: rng.uniform(lo(dt) if callable(lo) else lo,
                                          hi(dt) if callable(hi) else hi, n)


def ratio(k):
    """A number k times the dtype's log range, for inputs scaled to the dtype
    (1e300 for float64 is about 3e34 for float32: ratio(0.9))."""
    return lambda dt: largest(dt) ** k


def logu(lo, hi, signed=True):
    """Magnitudes log-uniform in [lo, hi] (callables of the dtype, or numbers; clipped to
    the dtype's finite range)."""
    def gen(rng, dt, n):
        a = max(lo(dt) if callable(lo) else lo, smallest(dt))
        b = min(hi(dt) if callable(hi) else hi, largest(dt))
        v = np.exp(rng.uniform(math.log(a), math.log(b), n))
        return v * rng.choice([-1.0, 1.0], n) if signed else v
    return gen


def shifted(base, gen, sign=1.0):
    """base + sign * gen's values (around a point, such as 1 or -1)."""
    return lambda rng, dt, n: base + sign * gen(rng, dt, n)


def positive_bits(rng, dt, n):
    return bits(rng, dt, n, lo=0.0)


def any_bits(rng, dt, n):
    return bits(rng, dt, n)


def specials(*values):
    """Fixed inputs, the dtype's extremes included."""
    def gen(rng, dt, n):
        mx, tiny, sub, eps = info(dt)
        extra = [0.0, -0.0, np.inf, -np.inf, np.nan, mx, -mx, tiny, -tiny, sub, -sub, 1.0, -1.0]
        return np.array(list(values) + extra, dtype=np.float64)
    return gen


def near_multiples(step_digits, kmax):
    """Doubles (or floats) nearest to k * step for random integers k up to kmax, and their
    neighbours: where a function with zeros at the multiples of step (sin, cos, tan at
    pi/2) cancels most. step_digits: a function returning the step as an MPFR value."""
    def gen(rng, dt, n):
        ctx = gmpy2.get_context()
        ctx.precision = 256
        step = step_digits()
        ks = np.unique(np.concatenate([np.arange(1, 64), np.exp(rng.uniform(0, math.log(kmax), n)).astype(np.int64)]))
        xs = np.array([float(step * int(k)) for k in ks[: n // 3]]).astype(dt)
        return np.concatenate([xs, np.nextafter(xs, np.inf, dtype=dt), np.nextafter(xs, -np.inf, dtype=dt)])
    return gen


def pairs(gx, gy):
    """Two-argument inputs from one generator per argument."""
    return lambda rng, dt, n: (gx(rng, dt, n), gy(rng, dt, n))


def grid(values):
    """Every pair of the given values (special cases of two-argument functions)."""
    def gen(rng, dt, n):
        mx, tiny, sub, eps = info(dt)
        v = np.array(list(values) + [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, mx, sub])
        a, b = np.meshgrid(v, v)
        return a.ravel(), b.ravel()
    return gen


def max_log(dt):
    return math.log(info(dt)[0])


def min_log(dt):
    return math.log(info(dt)[2])


def tiny_normal(dt):
    return info(dt)[1]


def smallest(dt):
    return info(dt)[2]


def largest(dt):
    return info(dt)[0]


def eps(dt):
    return info(dt)[3]


def pi_2():
    return gmpy2.const_pi() / 2


def pi_():
    return gmpy2.const_pi()


# ---- the references that MPFR lacks ----

def logaddexp(a, b):
    if gmpy2.is_nan(a) or gmpy2.is_nan(b):
        return gmpy2.mpfr("nan")
    if gmpy2.is_infinite(a) and gmpy2.is_infinite(b) and a == b:
        return a
    m = max(a, b)
    if gmpy2.is_infinite(m):
        return m
    return m + gmpy2.log1p(gmpy2.exp(-abs(a - b)))


def cancelling(rng, dt, n):
    """logaddexp's pairs near e^a + e^b = 1, where the result cancels to near 0"""
    a = rng.uniform(-3, -0.01, n).astype(dt).astype(np.float64)
    b = np.log(-np.expm1(a)) * (1 + rng.uniform(-1e-3, 1e-3, n))
    return a, b


# ---- the functions ----

TRIG = [any_bits, uniform(-10, 10), logu(1e-8, 1e22), logu(smallest, 1e-8),
        near_multiples(pi_2, 2 ** 20), near_multiples(pi_2, 2 ** 60),
        specials(6381956970095103 * 2.0 ** 797, 1e300, -1e22, 2.0 ** 1023, 1e30, 3e38)]
EXP = [any_bits, uniform(min_log, max_log), uniform(-1, 1), logu(smallest, 1e-8),
       uniform(lambda d: max_log(d) - 1, lambda d: max_log(d) + 0.01),
       uniform(lambda d: min_log(d) - 0.5, lambda d: math.log(tiny_normal(d)) + 1), specials()]
LOG = [positive_bits, logu(smallest, largest, signed=False), shifted(1.0, logu(smallest, 0.1)),
       uniform(0.5, 2), logu(smallest, tiny_normal, signed=False),
       specials(*[2.0 ** k for k in range(-20, 21)] + [10.0 ** k for k in range(0, 23)] + [-2.0])]
UNIT = [uniform(-1, 1), logu(smallest, 1), shifted(1.0, logu(lambda d: eps(d) / 2, 0.5, False), -1.0),
        shifted(-1.0, logu(lambda d: eps(d) / 2, 0.5, False)), uniform(-2, 2), specials(0.5, -0.5, 1.5)]

FUNCTIONS = [
    Func("exp", gmpy2.exp, EXP, 1.0),
    Func("expm1", gmpy2.expm1, EXP + [uniform(-60, -20)], 1.0),
    Func("log", gmpy2.log, LOG, 1.0),
    Func("log2", gmpy2.log2, LOG, 1.0),
    Func("log10", gmpy2.log10, LOG, 1.0),
    Func("log1p", gmpy2.log1p, [any_bits, logu(smallest, largest), uniform(-1, 1),
                                shifted(-1.0, logu(lambda d: eps(d) / 2, 0.5, False)),
                                logu(smallest, 1e-8), specials(-2.0, -0.5)], 1.0),
    Func("sqrt", gmpy2.sqrt, [positive_bits, logu(smallest, tiny_normal, signed=False),
                              specials(4.0, 2.0, -4.0)], 0.5),
    Func("sin", gmpy2.sin, TRIG, 1.0),
    Func("cos", gmpy2.cos, TRIG, 1.0),
    Func("tan", gmpy2.tan, TRIG, 1.0),
    Func("asin", gmpy2.asin, UNIT, 1.0, "arcsin"),
    Func("acos", gmpy2.acos, UNIT, 1.0, "arccos"),
    Func("atan", gmpy2.atan, [any_bits, uniform(-4, 4), logu(smallest, 1e-8), logu(1e8, largest),
                              specials()], 1.0, "arctan"),
    Func("sinh", gmpy2.sinh, [uniform(lambda d: -max_log(d) - 1, lambda d: max_log(d) + 1),
                              uniform(-2, 2), logu(smallest, 1e-8),
                              uniform(lambda d: max_log(d) - 0.5, lambda d: max_log(d) + 1),
                              uniform(30, 45), specials()], 1.0),
    Func("cosh", gmpy2.cosh, [uniform(lambda d: -max_log(d) - 1, lambda d: max_log(d) + 1),
                              uniform(-2, 2), logu(smallest, 1e-8),
                              uniform(lambda d: max_log(d) - 0.5, lambda d: max_log(d) + 1),
                              uniform(30, 45), specials()], 1.0),
    Func("tanh", gmpy2.tanh, [any_bits, uniform(-20, 20), uniform(-2, 2), logu(smallest, 1e-8),
                              uniform(8, 20), specials()], 1.0),
    Func("asinh", gmpy2.asinh, [any_bits, uniform(-4, 4), logu(smallest, 1e-8),
                                logu(1e8, largest), specials()], 1.0, "arcsinh"),
    Func("acosh", gmpy2.acosh, [positive_bits, shifted(1.0, logu(lambda d: eps(d) / 2, 1, False)),
                                logu(1, largest, signed=False), uniform(0, 1), specials()], 1.0,
         "arccosh"),
    Func("atanh", gmpy2.atanh, UNIT, 1.0, "arctanh"),
    Func("atan2", gmpy2.atan2, [pairs(any_bits, any_bits), pairs(uniform(-2, 2), uniform(-2, 2)),
                                pairs(logu(smallest, ratio(-0.65)), logu(ratio(0.65), largest)),
                                grid([2.0, -3.5])], 1.0, "arctan2"),
    Func("hypot", gmpy2.hypot, [pairs(any_bits, any_bits), pairs(uniform(-10, 10), uniform(-10, 10)),
                                pairs(logu(smallest, ratio(-0.97)), logu(smallest, ratio(-0.97))),
                                pairs(logu(ratio(0.97), largest), logu(ratio(0.97), largest)),
                                grid([3.0, -4.0])], 1.0),
    Func("pow", lambda a, b: a ** b,
         [pairs(logu(smallest, largest, False), uniform(-4, 4)),
          pairs(logu(0.5, 2, False), uniform(-1000, 1000)),
          pairs(shifted(1.0, logu(lambda d: eps(d), 1e-3)), logu(1e3, 1e12)),
          pairs(uniform(-10, 10), lambda rng, dt, n: rng.integers(-20, 21, n).astype(float)),
          grid([2.0, -2.0, 0.5, -0.5, 3.0, -3.0])], 1.0, "power"),
    # where e^a + e^b is near 1 the result cancels to near 0: there the bound is absolute
    # (2^-6 ulp(2^-6) = 2^-58 for float64), see docs/guide/elementwise.md
    Func("logaddexp", logaddexp,
         [pairs(uniform(-800, 800), uniform(-800, 800)), pairs(uniform(-5, 5), uniform(-5, 5)),
          pairs(uniform(-50, 50), shifted(0.0, logu(smallest, 1.0))), cancelling, grid([-2.0, 3.0])],
         1.0, bound_text="1 (of max(\\|result\\|, 2^-6))", floor=2.0 ** -6),
]


# ---- the trivial cases: inputs where the correctly rounded result is a trivial value
# (sin(tiny) == tiny, cos(tiny) == 1, exp(0) == 1, log(1) == 0, atan(inf) == pi/2 rounded,
# ...). There nd must return that value bit for bit (the zero's sign too): an error of
# half an ulp would pass the bounds above but gives 0.9999999999999999 for cos(1e-9). ----

def tinies(dt):
    """magnitudes so small that f(x) rounds to x (odd functions) or to 1, both signs"""
    mx, tiny, sub, eps = info(dt)
    v = [1e-3 * math.sqrt(eps), 1e-9, 1e-20, tiny, sub, 3 * sub]
    v = np.unique(np.array([x for x in v if x >= sub], dtype=dt))
    return np.concatenate([v, -v, np.array([0.0, -0.0], dtype=dt)])


ODD_AT_ZERO = ["sin", "tan", "atan", "sinh", "tanh", "asin", "asinh", "atanh", "expm1", "log1p"]
TRIVIAL = ([(f, lambda dt: (tinies(dt),)) for f in ODD_AT_ZERO + ["cos", "cosh", "exp"]] + [
    (f, lambda dt: (np.array([1.0], dtype=dt),)) for f in ("log", "log2", "log10", "acos", "acosh")] + [
    ("atan", lambda dt: (np.array([np.inf, -np.inf, 1e300 if dt == np.float64 else 1e38], dtype=dt),)),
    ("sqrt", lambda dt: (np.array([0.0, -0.0, 1.0, 4.0, 0.25], dtype=dt),)),
    ("pow", lambda dt: (np.array([3.0, 0.5, 1.0, 1.0, 2.0], dtype=dt), np.array([0.0, -0.0, 7.5, -1e30, 10.0], dtype=dt))),
    ("hypot", lambda dt: (np.array([3.0, -5.0, 1e-30], dtype=dt), np.array([0.0, -0.0, 1.0], dtype=dt))),
    ("atan2", lambda dt: (np.array([0.0, -0.0, 1.0, -1.0], dtype=dt), np.array([2.0, 2.0, np.inf, np.inf], dtype=dt))),
])


# ---- complex functions: each component against MPC (gmpy2.mpc), on finite inputs (the
# standard's special values are tested in tests/test_ew_math.c) ----

class CFunc:
    """bound: per part (real, imaginary), in ulps of that part's exact value, or of
    max(|part|, floor(z)) for a part with a floor function (where the part cancels)."""

    def __init__(self, name, mpc, regions, bound, numpy=None, floor=(None, None), bound_text=None):
        self.name, self.mpc, self.regions, self.bound = name, mpc, regions, bound
        self.numpy = numpy or name
        self.floor = floor
        self.bound_text = bound_text or ", ".join("%g" % b for b in bound)

    def inputs(self, rng, dt, n):
        parts = [r(rng, dt, n) for r in self.regions]
        re = np.concatenate([p[0] for p in parts])
        im = np.concatenate([p[1] for p in parts])
        return (re + 1j * im).astype(dt)


def cbox(lo, hi, lo2=None, hi2=None):
    return lambda rng, dt, n: (rng.uniform(lo, hi, n), rng.uniform(lo if lo2 is None else lo2,
                                                                  hi if hi2 is None else hi2, n))


def cwide(lo, hi):
    """both parts of log-uniform magnitude in [lo, hi] (clipped to the part dtype), any signs"""
    def gen(rng, dt, n):
        rt = np.float32 if dt == np.complex64 else np.float64
        return logu(lo, hi)(rng, rt, n), logu(lo, hi)(rng, rt, n)
    return gen


def cnear_axes(rng, dt, n):
    """one part tiny: near the real and the imaginary axes"""
    rt = np.float32 if dt == np.complex64 else np.float64
    big = rng.uniform(-4, 4, n)
    tiny = logu(smallest, 1e-6)(rng, rt, n)
    flip = rng.random(n) < 0.5
    return np.where(flip, big, tiny), np.where(flip, tiny, big)


def cunit(rng, dt, n):
    """near the unit circle (log's real part cancels there)"""
    t = rng.uniform(-np.pi, np.pi, n)
    r = 1 + rng.uniform(-1e-6, 1e-6, n)
    return r * np.cos(t), r * np.sin(t)


def c_expm1(z):
    ctx = gmpy2.get_context()
    old = ctx.precision
    ctx.precision = old + 1100  # exp(z) - 1 cancels by up to the exponent range
    r = gmpy2.exp(z) - 1
    ctx.precision = old
    return +r


def c_log1p(z):
    ctx = gmpy2.get_context()
    old = ctx.precision
    ctx.precision = old + 1100  # 1 + z exact
    r = gmpy2.log(1 + z)
    ctx.precision = old
    return +r


def c_log2(z):
    return gmpy2.log(z) / gmpy2.log(gmpy2.mpfr(2))


CNEAR = [cbox(-5, 5), cwide(1e-20, 1e20), cnear_axes, cbox(-1, 1)]
CEXP = [cbox(-5, 5), cbox(-700, 700, -1e3, 1e3), cnear_axes, cbox(-1, 1)]
INVERSE = (5.0, 5.0)  # C99's (glibc's casin, ...): up to about 4.3 ulp per part measured
COMPLEX_FUNCTIONS = [
    CFunc("exp", gmpy2.exp, CEXP, (1.0, 1.0)),
    # the real part e^x cos y - 1 cancels near e^x cos y = 1: an absolute bound there
    CFunc("expm1", c_expm1, CEXP + [cwide(1e-20, 1e-3)], (1.0, 1.0),
          floor=(lambda z: 2.0 ** -6 * np.abs(np.exp(z)), None),
          bound_text="1 of max(\\|re\\|, 2^-6 \\|e^z\\|), 1"),
    CFunc("log", gmpy2.log, CNEAR + [cunit], (1.0, 1.0)),
    CFunc("log1p", c_log1p, CNEAR + [cwide(1e-20, 1e-3)], (1.0, 1.0)),
    CFunc("log2", c_log2, CNEAR + [cunit], (1.0, 1.0)),
    CFunc("log10", gmpy2.log10, CNEAR + [cunit], (1.0, 1.0)),
    CFunc("sqrt", gmpy2.sqrt, CNEAR + [cwide(1e-300, 1e300)], (1.0, 1.0)),
    CFunc("sin", gmpy2.sin, CEXP, (1.0, 1.0)),
    CFunc("cos", gmpy2.cos, CEXP, (1.0, 1.0)),
    CFunc("tan", gmpy2.tan, CEXP, (1.0, 1.0)),
    CFunc("sinh", gmpy2.sinh, CEXP, (1.0, 1.0)),
    CFunc("cosh", gmpy2.cosh, CEXP, (1.0, 1.0)),
    CFunc("tanh", gmpy2.tanh, CEXP, (1.0, 1.0)),
    CFunc("asin", gmpy2.asin, CNEAR, INVERSE, "arcsin"),
    CFunc("acos", gmpy2.acos, CNEAR, INVERSE, "arccos"),
    CFunc("atan", gmpy2.atan, CNEAR, INVERSE, "arctan"),
    CFunc("asinh", gmpy2.asinh, CNEAR, INVERSE, "arcsinh"),
    CFunc("acosh", gmpy2.acosh, CNEAR, INVERSE, "arccosh"),
    CFunc("atanh", gmpy2.atanh, CNEAR, INVERSE, "arctanh"),
]
