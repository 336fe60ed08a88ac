#!/usr/bin/env python3
"""The polynomial coefficients of nd's transcendental kernels (src/kernels/vmath_*.h):
minimax fits of relative error by the Remez exchange algorithm in mpmath (60 digits), on a
dense grid. Prints each fit's coefficients (lowest degree first, as C hex literals) and
its relative error; the kernels use them highest degree first (Horner).

    scripts/vmath_fit.py [NAME ...]      (needs mpmath: .venv/bin/pip install mpmath)

Each fit approximates a smooth function g on [a, b] by sum c_i t^i."""
import sys

import mpmath as mp

mp.mp.dps = 60


def remez(g, a, b, deg, grid=2000, iters=15):
    """(max relative error, coefficients) of the degree-deg minimax fit to g on [a, b]."""
    n = deg + 2
    nodes = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (n - 1 - k) / (n - 1)) for k in range(n)]
    xs = [a + (b - a) * mp.mpf(k) / grid for k in range(grid + 1)]
    gx = [g(t) for t in xs]
    best = None
    for _ in range(iters):
        A = mp.matrix(n, n)
        rhs = mp.matrix(n, 1)
        for i, t in enumerate(nodes):
            for j in range(deg + 1):
                A[i, j] = t ** j
            A[i, deg + 1] = (-1) ** i * abs(g(t))
            rhs[i] = g(t)
        sol = mp.lu_solve(A, rhs)
        c = [sol[j] for j in range(deg + 1)]
        err = [(gx[k] - mp.polyval(c[::-1], xs[k])) / abs(gx[k]) for k in range(len(xs))]
        m = max(abs(e) for e in err)
        if best is None or m < best[0]:
            best = (m, c)
        ext, k = [], 0  # the extremum of each run of one sign
        while k < len(xs):
            s, j, kb = mp.sign(err[k]), k, k
            while j < len(xs) and mp.sign(err[j]) == s:
                kb = j if abs(err[j]) > abs(err[kb]) else kb
                j += 1
            ext.append(kb)
            k = j
        while len(ext) > n:
            ext.pop(0 if abs(err[ext[0]]) < abs(err[ext[-1]]) else -1)
        if len(ext) < n:
            break
        nodes = [xs[k] for k in ext]
    return best


def series_guard(f, taylor):
    """f(t), or its Taylor polynomial near 0 where f cancels."""
    return lambda t: taylor(t) if abs(t) < mp.mpf("1e-12") else f(t)


# exp: e^r = 1 + r + r^2/2 + r^3 Q(r), |r| <= ln2/2 (plus rounding)
EXP_Q = series_guard(lambda t: (mp.exp(t) - 1 - t - t * t / 2) / t ** 3,
                     lambda t: mp.mpf(1) / 6 + t / 24 + t * t / 120)
EXP_R = mp.mpf("0.3466")

# log: log((1+s)/(1-s)) = 2s + s z Q(z), z = s^2 <= ((sqrt2-1)/(sqrt2+1))^2
LOG_Q = series_guard(lambda z: (mp.log((1 + mp.sqrt(z)) / (1 - mp.sqrt(z))) - 2 * mp.sqrt(z))
                     / mp.sqrt(z) ** 3, lambda z: mp.mpf(2) / 3 + 2 * z / 5)
LOG_Z = ((mp.sqrt(2) - 1) / (mp.sqrt(2) + 1)) ** 2 * (1 + mp.mpf("1e-10"))
# the same as 2 atanh s = 2 (s + s^3/3 + s^5/5 + s^7 W2(z)), for the precise log of pow
LOG_W2 = series_guard(lambda z: (mp.atanh(mp.sqrt(z)) - mp.sqrt(z) - z * mp.sqrt(z) / 3
                                 - z * z * mp.sqrt(z) / 5) / z ** 3 / mp.sqrt(z),
                      lambda z: mp.mpf(1) / 7 + z / 9)

# sin r = r + r^3 S(z), cos r = 1 - z/2 + z^2 C(z), z = r^2 <= (pi/4)^2 (plus rounding)
SIN_S = series_guard(lambda z: (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z) ** 3,
                     lambda z: -mp.mpf(1) / 6 + z / 120)
COS_C = series_guard(lambda z: (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z ** 2,
                     lambda z: mp.mpf(1) / 24 - z / 720)
TRIG_Z = (mp.pi / 4) ** 2 * (1 + mp.mpf("1e-6"))
# S(z) = -1/6 + z S1(z) (float64 sin adds -r^3/6 in double-double)
SIN_S1 = series_guard(lambda z: (SIN_S(z) + mp.mpf(1) / 6) / z, lambda z: mp.mpf(1) / 120 - z / 5040)

# asin s = s + s^3/6 + s^5 P1(u), atan t = t - t^3/3 + t^5 A1(u), u = s^2 or t^2 <= 1/4,
# and for float32 asin s = s + s^3 P(u), atan t = t + t^3 A(u)
ASIN_P = series_guard(lambda u: (mp.asin(mp.sqrt(u)) - mp.sqrt(u)) / mp.sqrt(u) ** 3,
                      lambda u: mp.mpf(1) / 6 + 3 * u / 40)
ASIN_P1 = series_guard(lambda u: (ASIN_P(u) - mp.mpf(1) / 6) / u, lambda u: mp.mpf(3) / 40 + 15 * u / 336)
ATAN_A = series_guard(lambda u: (mp.atan(mp.sqrt(u)) - mp.sqrt(u)) / mp.sqrt(u) ** 3,
                      lambda u: -mp.mpf(1) / 3 + u / 5)
ATAN_A1 = series_guard(lambda u: (ATAN_A(u) + mp.mpf(1) / 3) / u, lambda u: mp.mpf(1) / 5 - u / 7)
QUARTER = mp.mpf(1) / 4 * (1 + mp.mpf("1e-9"))

FITS = {
    "exp_q9": (EXP_Q, -EXP_R, EXP_R, 9),    # float64 exp family (vmath_exp.h)
    "exp_q5": (EXP_Q, -EXP_R, EXP_R, 5),    # float32 exp family
    "log_q6": (LOG_Q, mp.mpf(0), LOG_Z, 6),  # float64 log family (vmath_log.h)
    "log_q3": (LOG_Q, mp.mpf(0), LOG_Z, 3),  # float32 log family
    "log_w2": (LOG_W2, mp.mpf(0), LOG_Z, 6), # float64 pow, logaddexp
    "sin_s1": (SIN_S1, mp.mpf(0), TRIG_Z, 5),  # float64 sin, cos, tan (vmath_trig.h)
    "cos_c": (COS_C, mp.mpf(0), TRIG_Z, 6),
    "sin_s_f": (SIN_S, mp.mpf(0), TRIG_Z, 3),  # float32
    "cos_c_f": (COS_C, mp.mpf(0), TRIG_Z, 3),
    "asin_p1": (ASIN_P1, mp.mpf(0), QUARTER, 13),  # float64 asin, acos (vmath_atrig.h)
    "atan_a1": (ATAN_A1, mp.mpf(0), QUARTER, 12),  # float64 atan
    "asin_p_f": (ASIN_P, mp.mpf(0), QUARTER, 6),   # float32
    "atan_a_f": (ATAN_A, mp.mpf(0), QUARTER, 6),
}


def main(names):
    for name in names or FITS:
        g, a, b, deg = FITS[name]
        m, c = remez(g, a, b, deg)
        print("%s: degree %d on [%s, %s], relative error 2^%.1f" % (name, deg, mp.nstr(a, 6),
                                                                     mp.nstr(b, 6), float(mp.log(m, 2))))
        for i, v in enumerate(c):
            print("  c%d = %s" % (i, float(v).hex()))


if __name__ == "__main__":
    main(sys.argv[1:])
