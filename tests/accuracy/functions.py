"""The functions accuracy.py measures: for each, its MPFR reference (gmpy2), NumPy's name,
nd's bound in ulps, and the inputs: random ones over the whole domain (random bit
patterns: every exponent equally often) and the function's hard regions, n of each, plus
the standard's special values."""
import math

import gmpy2
import numpy as np


class Func:
    def __init__(self, name, mpfr, regions, bound, numpy=None, bound_text=None):
        self.name, self.mpfr, self.regions, self.bound = name, mpfr, regions, bound
        self.numpy = numpy or name
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
                                grid([2.0, -3.5])], 2.0, "arctan2"),  # glibc's atan2f: 1.24 ulp
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
    Func("logaddexp", logaddexp,
         [pairs(uniform(-800, 800), uniform(-800, 800)), pairs(uniform(-5, 5), uniform(-5, 5)),
          pairs(uniform(-50, 50), shifted(0.0, logu(smallest, 1.0))), grid([-2.0, 3.0])],
         1024.0),  # NumPy's formula for now: unbounded relative error where it cancels
]
