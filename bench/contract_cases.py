"""The cases of the contraction benchmark (bench/contract.py): the contractions of a
closed-shell CCSD iteration at the shapes of benzene in cc-pVDZ (nocc = 21, nvir = 93), the
whole CCSD update (bench/ccsd.py), the MP2 energy in cc-pVTZ (nvir = 243) by einsum and by
tensordot, the four-index AO->MO transform at n = 24 and n = 114 (four tensordots, and one
5-operand einsum), random tensor networks and a PEPS norm (fixed seeds), and a
matrix-vector product.

Every case is written once against an array namespace `xp` (NumPy or nd) as `run(xp, data)`;
`make()` gives its data as NumPy arrays (the same values for both libraries). A case that is
one einsum call also has `spec` = (subscripts, shapes), which the C benchmark
(bench/contract_bench.c) times through nd's C API."""
import numpy as np

import ccsd

NOCC, NVIR = 21, 93        # benzene, cc-pVDZ (114 basis functions)
NVIR_TZ = 243              # benzene, cc-pVTZ (264 basis functions)


def _rand(seed, *shapes):
    rng = np.random.default_rng(seed)
    return [rng.random(s) - 0.5 for s in shapes]


class Case:
    def __init__(self, name, what, make, run, spec=None):
        self.name, self.what, self.make, self.run, self.spec = name, what, make, run, spec


def _einsum(xp, subscripts, *ops):
    """NumPy's einsum with its path optimiser, as the issue's users call it; nd plans always
    (optimize=True is its default)."""
    return xp.einsum(subscripts, *ops, optimize=True)


def einsum_case(name, subscripts, shapes, seed, what=None):
    return Case(name, what or subscripts, lambda: _rand(seed, *shapes),
                lambda xp, ops: _einsum(xp, subscripts, *ops), (subscripts, shapes))


O, V = NOCC, NVIR
CCSD_ROWS = [
    ("abcd,ijcd->ijab", [(V, V, V, V), (O, O, V, V)]),
    ("kdac,kb->abcd", [(O, V, V, V), (O, V)]),
    ("kcbd,ka->abcd", [(O, V, V, V), (O, V)]),
    ("akic,kjcb->ijab", [(V, O, O, V), (O, O, V, V)]),
    ("ldkc,ilda->akic", [(O, V, O, V), (O, O, V, V)]),
    ("kcld,ijcd->klij", [(O, V, O, V), (O, O, V, V)]),
    ("kdac,ikcd->ia", [(O, V, V, V), (O, O, V, V)]),
    ("kcld,ilcd->ki", [(O, V, O, V), (O, O, V, V)]),
    ("kcad,id->akic", [(O, V, V, V), (O, V)]),
    ("ldkc,id,la->akic", [(O, V, O, V), (O, V), (O, V)]),
    ("kdac,kd,ic->ia", [(O, V, V, V), (O, V), (O, V)]),
]


# ---- MP2 energy (cc-pVTZ shapes) -----------------------------------------------------------

def _mp2_make():
    """ovov[i, a, j, b] = (ia|jb) and the amplitudes t2 = ovov / D in the same layout."""
    ovov, t2 = _rand(11, (O, NVIR_TZ, O, NVIR_TZ), (O, NVIR_TZ, O, NVIR_TZ))
    return [t2, ovov]


def _mp2_einsum(xp, ops):
    t2, ovov = ops
    return 2 * _einsum(xp, "iajb,iajb->", t2, ovov) - _einsum(xp, "iajb,ibja->", t2, ovov)


def _mp2_tensordot(xp, ops):
    t2, ovov = ops
    return (2 * xp.tensordot(t2, ovov, axes=4)
            - xp.tensordot(t2, xp.permute_dims(ovov, (0, 3, 2, 1)), axes=4))


# ---- AO -> MO transform --------------------------------------------------------------------

def _ao2mo_make(n, seed):
    return lambda: _rand(seed, (n, n, n, n), (n, n))


def _ao2mo_tensordot(xp, ops):
    """(ij|kl) = sum_pqrs C_pi C_qj C_rk C_sl (pq|rs), one index at a time: each tensordot
    sums the leading AO index and appends the MO index, so after four the order is ijkl."""
    eri, c = ops
    for _ in range(4):
        eri = xp.tensordot(eri, c, axes=([0], [0]))
    return eri


def _ao2mo_einsum(xp, ops):
    eri, c = ops
    return _einsum(xp, "pqrs,pi,qj,rk,sl->ijkl", eri, c, c, c, c)


# ---- random tensor networks --------------------------------------------------------------

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_network(nodes, extra_edges, dims, open_legs, seed):
    """A connected random graph (a random spanning tree plus `extra_edges` more edges, no
    repeats) with a bond of extent drawn from `dims` on each edge and `open_legs` open
    indices of extent 2 on random nodes: (subscripts, shapes)."""
    rng = np.random.default_rng(seed)
    edges = set()
    order = rng.permutation(nodes)
    for i in range(1, nodes):
        a, b = int(order[i]), int(order[rng.integers(i)])
        edges.add((min(a, b), max(a, b)))
    extra_edges = min(extra_edges, nodes * (nodes - 1) // 2 - (nodes - 1))  # a simple graph's room
    while len(edges) < nodes - 1 + extra_edges:
        a, b = (int(v) for v in rng.choice(nodes, 2, replace=False))
        edges.add((min(a, b), max(a, b)))
    legs = [[] for _ in range(nodes)]
    dim = {}
    for e, (a, b) in enumerate(sorted(edges)):
        legs[a].append(LETTERS[e])
        legs[b].append(LETTERS[e])
        dim[LETTERS[e]] = int(rng.choice(dims))
    out = ""
    for j in range(open_legs):
        label = LETTERS[len(edges) + j]
        legs[int(rng.integers(nodes))].append(label)
        dim[label] = 2
        out += label
    subs = ",".join("".join(l) for l in legs) + "->" + out
    return subs, [tuple(dim[c] for c in l) for l in legs]


def peps_norm(side, bond, phys, seed):
    """<psi|psi> of a side x side PEPS with real tensors: the ket and bra layers (2 side^2
    operands) share the physical index of each site. (subscripts, shapes)."""
    labels = iter(LETTERS)
    bonds = {}

    def bond_label(layer, a, b):
        key = (layer,) + tuple(sorted((a, b)))
        if key not in bonds:
            bonds[key] = next(labels)
        return bonds[key]

    phys_label = {(r, c): next(labels) for r in range(side) for c in range(side)}
    terms, shapes = [], []
    for layer in range(2):
        for r in range(side):
            for c in range(side):
                t = phys_label[(r, c)]
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < side and 0 <= cc < side:
                        t += bond_label(layer, (r, c), (rr, cc))
                terms.append(t)
                shapes.append((phys,) + (bond,) * (len(t) - 1))
    return ",".join(terms) + "->", shapes


def network_case(name, spec, seed, what):
    subs, shapes = spec
    return Case(name, what, lambda: _rand(seed, *shapes),
                lambda xp, ops: _einsum(xp, subs, *ops), (subs, shapes))


def _ccsd_make():
    return ccsd.random_problem(NOCC, NVIR, 7)


class _OptimizedEinsum:
    """The namespace xp with einsum(optimize=True), as the issue measured NumPy (its default,
    optimize=False, runs each three-operand term as one loop nest: about 20 times slower);
    nd's default is already to plan."""

    def __init__(self, xp):
        self._xp = xp

    def __getattr__(self, name):
        return getattr(self._xp, name)

    def einsum(self, subscripts, *ops):
        return _einsum(self._xp, subscripts, *ops)


def _ccsd_run(xp, p):
    return ccsd.run(_OptimizedEinsum(xp), p)


CASES = [einsum_case("ccsd/" + s.replace(",", "_").replace("->", "_to_"), s, shapes, 100 + i)
         for i, (s, shapes) in enumerate(CCSD_ROWS)]
CASES += [
    Case("ccsd/update", "one closed-shell CCSD update (bench/ccsd.py)", _ccsd_make, _ccsd_run),
    einsum_case("matvec/ij_j_to_i", "ij,j->i", [(4000, 4000), (4000,)], 200,
                "ij,j->i (4000x4000 matrix times vector)"),
    Case("mp2/energy_einsum", "E = 2 iajb,iajb - iajb,ibja (nvir 243)", _mp2_make, _mp2_einsum),
    Case("mp2/energy_tensordot", "the same by tensordot (nvir 243)", _mp2_make, _mp2_tensordot),
    einsum_case("mp2/df_ovov", "Lia,Ljb->iajb", [(342, O, V), (342, O, V)], 300,
                "Lia,Ljb->iajb (density fitting, naux 342)"),
    Case("ao2mo/n24_tensordot", "4 tensordots, n = 24", _ao2mo_make(24, 400), _ao2mo_tensordot),
    Case("ao2mo/n24_einsum", "pqrs,pi,qj,rk,sl->ijkl, n = 24", _ao2mo_make(24, 400),
         _ao2mo_einsum, ("pqrs,pi,qj,rk,sl->ijkl", [(24,) * 4] + [(24, 24)] * 4)),
    Case("ao2mo/n114_tensordot", "4 tensordots, n = 114", _ao2mo_make(114, 401), _ao2mo_tensordot),
    Case("ao2mo/n114_einsum", "pqrs,pi,qj,rk,sl->ijkl, n = 114", _ao2mo_make(114, 401),
         _ao2mo_einsum, ("pqrs,pi,qj,rk,sl->ijkl", [(114,) * 4] + [(114, 114)] * 4)),
]
for name, args, what in [
        ("tn/random10_d2-8", (10, 5, range(2, 9), 2, 1), "10 tensors, bonds 2-8"),
        ("tn/random20_d2-6", (20, 10, range(2, 7), 2, 2), "20 tensors, bonds 2-6"),
        ("tn/random30_d2-4", (30, 12, range(2, 5), 2, 4), "30 tensors, bonds 2-4"),
        ("tn/random30_dense_d2-4", (30, 15, range(2, 5), 2, 3), "30 tensors, 44 bonds of 2-4")]:
    CASES.append(network_case(name, random_network(*args), 500 + len(CASES), what))
_peps = peps_norm(3, 4, 2, 0)
CASES.append(Case("tn/peps3x3_norm", "3x3 PEPS norm, bond 4 (18 tensors)",
                  lambda: 2 * _rand(600, *_peps[1][:9]),  # the bra is the ket
                  lambda xp, ops: _einsum(xp, _peps[0], *ops), _peps))
BY_NAME = {c.name: c for c in CASES}
