#!/usr/bin/env python3
"""Levin-Nave TRG for the square-lattice Ising model, written once against the Python
Array API standard and run on the namespace named by --xp: NumPy or nd (`import nd as xp`).
The algorithm, options and output line are those of examples/trg_ising.c:

    trg_ising.py --xp nd [--beta B] [--chi X] [--steps N]
prints
    TRG beta=0.4 chi=16 steps=30 lnZ/N=... exact=... relerr=... time=...s

Only standard functions are used (asarray, reshape, permute_dims, tensordot, stack,
linalg.svd, linalg.trace, max, abs, sqrt), so both namespaces run the same code and give
the same lnZ/N (to about 1e-13: the SVDs and products round differently)."""
import argparse
import importlib
import math
import time


def onsager_lnz(beta, n=20000):
    """Onsager's ln Z per site: ln(2 cosh 2b) + (1/pi) int_0^{pi/2} ln((1 + sqrt(1 - k^2
    sin^2 t)) / 2) dt with k = 2 sinh 2b / cosh^2 2b, by composite Simpson's rule."""
    k = 2 * math.sinh(2 * beta) / math.cosh(2 * beta) ** 2
    h = (math.pi / 2) / n
    terms = []
    for i in range(n + 1):
        f = math.log((1 + math.sqrt(max(0.0, 1 - k * k * math.sin(i * h) ** 2))) / 2)
        terms.append(f * (1 if i in (0, n) else 4 if i % 2 else 2))
    return math.log(2 * math.cosh(2 * beta)) + math.fsum(terms) * h / 3 / math.pi


def initial_tensor(xp, beta):
    """T[l,u,r,d] = sum_s W[s,l] W[s,u] W[s,r] W[s,d], with W W^T the bond's Boltzmann
    matrix [[e^b, e^-b], [e^-b, e^b]]: a sum over s of outer products."""
    c, s = math.sqrt(math.cosh(beta)), math.sqrt(math.sinh(beta))
    w = xp.asarray([[c, s], [c, -s]], dtype=xp.float64)
    t = (w[:, :, None, None, None] * w[:, None, :, None, None]
         * w[:, None, None, :, None] * w[:, None, None, None, :])
    return xp.sum(t, axis=0)


def split2(xp, m, chi):
    """Each m[i] of the batch m[2, n, n] = U S V^T truncated to chi singular values:
    (U sqrt S, sqrt S V^T). One batched SVD, as in the C example."""
    u, s, vh = xp.linalg.svd(m, full_matrices=False)
    k = min(chi, s.shape[1])
    r = xp.sqrt(s[:, :k])
    return u[:, :, :k] * r[:, None, :], r[:, :, None] * vh[:, :k, :]


def trg(xp, beta, chi, steps):
    t = initial_tensor(xp, beta)
    lnz = 0.0
    for n in range(steps + 1):
        c = float(xp.max(xp.abs(t)))
        t = t / c
        lnz += math.log(c) / 2 ** n  # each tensor now stands for 2^n sites
        if n == steps:
            break
        d = t.shape[0]
        # sublattice A splits (l,u)|(r,d), sublattice B splits (u,r)|(d,l)
        m = xp.stack([xp.reshape(t, (d * d, d * d)),
                      xp.reshape(xp.permute_dims(t, (1, 2, 3, 0)), (d * d, d * d))])
        a, b = split2(xp, m, chi)
        s1, s3 = xp.reshape(a[0], (d, d, -1)), xp.reshape(b[0], (-1, d, d))
        s2, s4 = xp.reshape(a[1], (d, d, -1)), xp.reshape(b[1], (-1, d, d))
        # the new (45-degree rotated) tensor: T[a,b,c,d] = s3[a,p,q] s4[b,s,p] s1[t,s,c]
        # s2[q,t,d], contracted as two pairs and then their product
        x = xp.tensordot(s3, s4, axes=([1], [2]))         # [a, q, b, s]
        y = xp.tensordot(s1, s2, axes=([0], [1]))         # [s, c, q, d]
        t = xp.tensordot(x, y, axes=([1, 3], [2, 0]))     # [a, b, c, d]
    d = t.shape[0]
    return lnz + math.log(float(xp.linalg.trace(xp.reshape(t, (d * d, d * d))))) / 2 ** steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--xp", default="nd", help="the array namespace: numpy or nd")
    ap.add_argument("--beta", type=float, default=0.4)
    ap.add_argument("--chi", type=int, default=16)
    ap.add_argument("--steps", type=int, default=30)
    args = ap.parse_args(argv)
    if args.chi < 1 or args.steps < 0 or not args.beta > 0:
        ap.error("need chi >= 1, steps >= 0, beta > 0")
    xp = importlib.import_module(args.xp)
    t0 = time.perf_counter()
    lnz = trg(xp, args.beta, args.chi, args.steps)
    dt = time.perf_counter() - t0
    exact = onsager_lnz(args.beta)
    print("TRG beta=%g chi=%d steps=%d lnZ/N=%.15f exact=%.15f relerr=%.1e time=%.2fs" % (
        args.beta, args.chi, args.steps, lnz, exact, abs(lnz - exact) / abs(exact), dt))
    return lnz


if __name__ == "__main__":
    main()
