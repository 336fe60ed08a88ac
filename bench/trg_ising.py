#!/usr/bin/env python3
"""Levin-Nave TRG for the square-lattice Ising model in NumPy: the reference that
examples/trg_ising.c is compared with by `make bench` (same algorithm, options and output
line).

    trg_ising.py [--beta B] [--chi X] [--steps N]
prints
    TRG beta=0.4 chi=16 steps=30 lnZ/N=... exact=... relerr=... time=...s
"""
import argparse
import math
import time

import numpy as np


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


def initial_tensor(beta):
    """T[l,u,r,d] = sum_s W[s,l] W[s,u] W[s,r] W[s,d] with W W^T the bond's Boltzmann
    matrix [[e^b, e^-b], [e^-b, e^b]]."""
    c, s = math.sqrt(math.cosh(beta)), math.sqrt(math.sinh(beta))
    w = np.array([[c, s], [c, -s]])
    return np.einsum("sa,sb,sc,sd->abcd", w, w, w, w)


def split2(m, chi):
    """Each m[i] of the batch m[2, n, n] = U S V^T truncated to chi: (U sqrt S, sqrt S V^T).
    One batched SVD call, as in the C example."""
    u, s, vh = np.linalg.svd(m, full_matrices=False)
    k = min(chi, s.shape[1])
    r = np.sqrt(s[:, :k])
    return u[:, :, :k] * r[:, None, :], r[:, :, None] * vh[:, :k]


def trg(beta, chi, steps):
    t = initial_tensor(beta)
    lnz = 0.0
    for n in range(steps + 1):
        c = np.abs(t).max()
        t = t / c
        lnz += math.log(c) / 2 ** n  # each tensor now stands for 2^n sites
        if n == steps:
            break
        d = t.shape[0]
        # sublattice A splits (l,u)|(r,d), sublattice B splits (u,r)|(d,l)
        m = np.stack([t.reshape(d * d, d * d), t.transpose(1, 2, 3, 0).reshape(d * d, d * d)])
        a, b = split2(m, chi)
        s1, s3 = a[0].reshape(d, d, -1), b[0].reshape(-1, d, d)
        s2, s4 = a[1].reshape(d, d, -1), b[1].reshape(-1, d, d)
        # the four pieces around a plaquette form the new (45-degree rotated) tensor
        t = np.einsum("apq,bsp,tsc,qtd->abcd", s3, s4, s1, s2, optimize=True)
    return lnz + math.log(np.einsum("abab->", t)) / 2 ** steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--beta", type=float, default=0.4)
    ap.add_argument("--chi", type=int, default=16)
    ap.add_argument("--steps", type=int, default=30)
    args = ap.parse_args()
    t0 = time.perf_counter()
    lnz = trg(args.beta, args.chi, args.steps)
    dt = time.perf_counter() - t0
    exact = onsager_lnz(args.beta)
    print("TRG beta=%g chi=%d steps=%d lnZ/N=%.15f exact=%.15f relerr=%.1e time=%.2fs" % (
        args.beta, args.chi, args.steps, lnz, exact, abs(lnz - exact) / abs(exact), dt))


if __name__ == "__main__":
    main()
