"""einsum, einsum_path, tensordot and matmul against NumPy: the contractions of a CCSD
iteration and an AO->MO transform on every layout, random networks, NumPy's keywords (out,
dtype, casting, order, optimize with a path), the interleaved sublist form, more than 32
operands and labels beyond the 52 letters, and einsum_path's report."""
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nd
from helpers import DTYPES, check, pair

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
O, V = 2, 17  # V above the direct kernel's 16: BLAS runs

CCSD = [
    ("abcd,ijcd->ijab", [(V, V, V, V), (O, O, V, V)]),
    ("kdac,kb->abcd", [(O, V, V, V), (O, V)]),
    ("kcbd,ka->abcd", [(O, V, V, V), (O, V)]),
    ("akic,kjcb->ijab", [(V, O, O, V), (O, O, V, V)]),
    ("ldkc,ilda->akic", [(O, V, O, V), (O, O, V, V)]),
    ("kcld,ijcd->klij", [(O, V, O, V), (O, O, V, V)]),
    ("kdac,ikcd->ia", [(O, V, V, V), (O, O, V, V)]),
    ("kcad,id->akic", [(O, V, V, V), (O, V)]),
    ("ldkc,id,la->akic", [(O, V, O, V), (O, V), (O, V)]),
    ("kdac,kd,ic->ia", [(O, V, V, V), (O, V), (O, V)]),
    ("pqrs,pi,qj,rk,sl->ijkl", [(5, 6, 7, 8), (5, 3), (6, 4), (7, 2), (8, 3)]),
    ("ij,j->i", [(40, 30), (30,)]),
    ("i,ij->j", [(40,), (40, 30)]),
    ("i,i->", [(50,), (50,)]),
]


@pytest.mark.parametrize("subs,shapes", CCSD)
@pytest.mark.parametrize("layout", ["C", "F", "T", "reversed", "stepped"])
@pytest.mark.parametrize("dtype", ["float64", "complex64"])
def test_contractions(subs, shapes, layout, dtype):
    rng = np.random.default_rng(abs(hash((subs, layout, dtype))) % 2**32)
    # "T": the transpose of an array of the reversed shape
    pairs = [pair(rng, dtype, s[::-1] if layout == "T" else s, layout) for s in shapes]
    want = np.einsum(subs, *[p[0] for p in pairs], optimize=True)
    got = nd.einsum(subs, *[p[1] for p in pairs])
    check(got, want, 2e-5 if dtype == "complex64" else 1e-12)


# Summed labels apart in an operand (k and d in kcad): looped over, each index a product
# accumulated into the result, instead of copying the operand (shapes where that is the
# cheaper mapping; the batch label b gives the threads elements to share).
LOOPED = [
    ("kcad,kd->ac", [(2, 26, 26, 26), (2, 26)]),
    ("kcad,kd,ic->ia", [(2, 26, 26, 26), (2, 26), (5, 26)]),
    ("kcad,kde->ace", [(2, 26, 26, 26), (2, 26, 3)]),
    ("kd,kcad->ca", [(2, 26), (2, 26, 26, 26)]),
    ("bkcad,bkd->bac", [(8, 2, 12, 12, 12), (8, 2, 12)]),
    ("bkcad,bkd->bca", [(3, 2, 16, 16, 16), (3, 2, 16)]),
    ("kcad,kd->ac", [(2, 26, 0, 26), (2, 26)]),
]


@pytest.mark.parametrize("subs,shapes", LOOPED)
@pytest.mark.parametrize("layout", ["C", "F", "T", "reversed", "stepped"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("threads", [1, 2])
def test_looped_sums(subs, shapes, layout, dtype, threads):
    rng = np.random.default_rng(zlib.crc32(f"{subs}{shapes}{layout}{dtype}".encode()))
    pairs = [pair(rng, dtype, s[::-1] if layout == "T" else s, layout) for s in shapes]
    want = np.einsum(subs, *[p[0] for p in pairs], optimize=True)
    before = nd.get_num_threads()
    nd.set_num_threads(threads)
    try:
        got = nd.einsum(subs, *[p[1] for p in pairs])
    finally:
        nd.set_num_threads(before)
    check(got, want, 2e-5 if dtype in ("float32", "complex64") else 1e-12)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("threads", [1, 2])
def test_energy_of_crossed_layouts(dtype, threads):
    """The MP2-like energy sum(t2[i,a,j,b] * ovov[i,b,j,a]) by einsum and by tensordot of
    a permuted view (one pass over both, nd's dot_full.c): equal to NumPy's."""
    rng = np.random.default_rng(7)
    t2 = rng.standard_normal((6, 70, 7, 70)).astype(dtype)
    ovov = rng.standard_normal((6, 70, 7, 70)).astype(dtype)
    swapped = np.transpose(ovov, (0, 3, 2, 1))
    want = np.einsum("iajb,ibja->", t2, ovov, optimize=True)
    before = nd.get_num_threads()
    nd.set_num_threads(threads)
    try:
        a, b = nd.asarray(t2), nd.asarray(ovov)
        got_e = nd.einsum("iajb,ibja->", a, b)
        got_t = nd.tensordot(a, nd.permute_dims(b, (0, 3, 2, 1)), axes=4)
    finally:
        nd.set_num_threads(before)
    tol = 1e-4 if dtype == "float32" else 1e-10
    assert np.asarray(got_e).dtype == want.dtype
    assert abs(float(got_e) - float(want)) <= tol * float(np.abs(t2 * swapped).sum())
    assert abs(float(got_t) - float(want)) <= tol * float(np.abs(t2 * swapped).sum())


def test_ao2mo_tensordot_chain():
    """Four tensordots, each summing the leading AO index (the second reads a permuted view
    of the first's result): equal to NumPy's."""
    rng = np.random.default_rng(1)
    n = 18
    eri, c = rng.standard_normal((n, n, n, n)), rng.standard_normal((n, 19))
    w, g = eri, nd.asarray(eri)
    cd = nd.asarray(c)
    for _ in range(4):
        w = np.tensordot(w, c, axes=([0], [0]))
        g = nd.tensordot(g, cd, axes=([0], [0]))
        check(g, w, 1e-11)


# Products of at most 32768 multiply-adds take the small path (contract_small.c): a fixed
# mapping, copies in one buffer per step. 32 x 32 x 32 is at the threshold, 32 x 32 x 33
# just above it (the general path).
SMALL = [
    ("ij,jk->ik", [(32, 32), (32, 32)]),
    ("ij,jk->ik", [(32, 33), (33, 32)]),
    ("ij,jk->ki", [(32, 32), (32, 32)]),
    ("abk,kcd->acbd", [(3, 4, 5), (5, 2, 3)]),
    ("akb,ckd->dbca", [(3, 4, 2), (5, 4, 3)]),
    ("ikl,lkj->ji", [(4, 3, 5), (5, 3, 2)]),
    ("bik,bkj->jbi", [(3, 4, 5), (3, 5, 2)]),
    ("ab,bc,cd,da->", [(3, 4), (4, 5), (5, 2), (2, 3)]),
    ("pqrs,pi,qj,rk,sl->ijkl", [(4, 4, 4, 4), (4, 3), (4, 3), (4, 3), (4, 3)]),
]


@pytest.mark.parametrize("subs,shapes", SMALL)
@pytest.mark.parametrize("layout", ["C", "F", "T", "reversed", "stepped"])
@pytest.mark.parametrize("dtype", DTYPES + ["float16"])
def test_small_contractions(subs, shapes, layout, dtype):
    """Small contractions on every dtype einsum takes and every layout, against NumPy
    (float16 against NumPy's float32 result rounded once, as nd accumulates float16 in
    float32)."""
    rng = np.random.default_rng(zlib.crc32(f"{subs} {shapes} {layout} {dtype}".encode()))
    pairs = [pair(rng, dtype, s[::-1] if layout == "T" else s, layout) for s in shapes]
    ins = [p[0] for p in pairs]
    if dtype == "float16":  # (a sum beyond float16's range is inf in both)
        with np.errstate(over="ignore"):
            want = np.einsum(subs, *[a.astype(np.float32) for a in ins], optimize=True).astype(np.float16)
    else:
        want = np.einsum(subs, *ins, optimize=True)
    got = nd.einsum(subs, *[p[1] for p in pairs])
    rtol = {"float16": 2e-3, "float32": 2e-5, "complex64": 2e-5}.get(dtype, 1e-12)
    check(got, want, rtol)


@pytest.mark.parametrize("dtype", ["float64", "complex128", "int64", "float32"])
def test_small_tensordot_and_broadcast(dtype):
    """A 4-index transform of n = 4 by four tensordots (each result read permuted by the
    next), and an operand broadcast with stride 0, on the small path."""
    rng = np.random.default_rng(5)
    tol = 2e-5 if dtype == "float32" else 1e-12
    eri, c = pair(rng, dtype, (4, 4, 4, 4), "C"), pair(rng, dtype, (4, 3), "F")
    w, g = eri
    for _ in range(4):
        w = np.tensordot(w, c[0], axes=([0], [0]))
        g = nd.tensordot(g, c[1], axes=([0], [0]))
        check(g, w, tol)
    v = pair(rng, dtype, (1, 5), "C")
    b = (np.broadcast_to(v[0], (4, 5)), nd.broadcast_to(v[1], (4, 5)))
    m = pair(rng, dtype, (5, 3), "stepped")
    check(nd.einsum("ij,jk->ik", b[1], m[1]), np.einsum("ij,jk->ik", b[0], m[0]), tol)
    check(nd.einsum("ij,ik->jk", b[1], b[1]), np.einsum("ij,ik->jk", b[0], b[0]), tol)


def network(rng, nodes, extra, dims):
    """A random connected network: subscripts and shapes (two open legs)."""
    edges = set()
    order = rng.permutation(nodes)
    for i in range(1, nodes):
        a, b = int(order[i]), int(order[rng.integers(i)])
        edges.add((min(a, b), max(a, b)))
    extra = min(extra, nodes * (nodes - 1) // 2 - (nodes - 1))  # a simple graph's room
    while len(edges) < nodes - 1 + extra:
        a, b = (int(x) for x in rng.choice(nodes, 2, replace=False))
        edges.add((min(a, b), max(a, b)))
    legs, dim = [[] for _ in range(nodes)], {}
    for e, (a, b) in enumerate(sorted(edges)):
        legs[a].append(LETTERS[e])
        legs[b].append(LETTERS[e])
        dim[LETTERS[e]] = int(rng.choice(dims))
    out = ""
    for j in range(2):
        lab = LETTERS[len(edges) + j]
        legs[int(rng.integers(nodes))].append(lab)
        dim[lab] = 2
        out += lab
    return ",".join("".join(x) for x in legs) + "->" + out, [tuple(dim[c] for c in x) for x in legs]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), nodes=st.integers(3, 14), extra=st.integers(0, 4),
       mode=st.sampled_from([True, "greedy", "optimal"]))
def test_random_networks(seed, nodes, extra, mode):
    """nd's result and its path's FLOP count against NumPy's (optimal below 6 operands)."""
    rng = np.random.default_rng(seed)
    subs, shapes = network(rng, nodes, extra, range(2, 5))
    ops = [rng.standard_normal(s) for s in shapes]
    path, _ = nd.einsum_path(subs, *[nd.asarray(o) for o in ops], optimize=mode)
    want = np.einsum(subs, *ops, optimize=path)  # NumPy on nd's path: no search of its own
    check(nd.einsum(subs, *[nd.asarray(o) for o in ops], optimize=mode), want, 1e-10)
    if nodes <= 5 and mode != "greedy":
        mine = float(nd.einsum_path(subs, *[nd.asarray(o) for o in ops], optimize=mode)[1]
                     .split("Optimized FLOP count:")[1].split()[0])
        best = float(np.einsum_path(subs, *ops, optimize="optimal")[1]
                     .split("Optimized FLOP count:")[1].split()[0])
        assert mine <= best * 1.5  # time, not flops, decides; never far from NumPy's best


def test_keywords():
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((3, 4)), rng.standard_normal((4, 5))
    x, y = nd.asarray(a), nd.asarray(b)
    # out: written in place, every layout; a wider dtype; the result returned
    for out in (nd.zeros((3, 5)), nd.zeros((5, 3)).T, nd.zeros((3, 10))[:, ::2]):
        r = nd.einsum("ij,jk->ik", x, y, out=out)
        assert r is out
        check(out, a @ b, 1e-12)
    out = nd.zeros((3, 5), dtype=nd.complex128)
    nd.einsum("ij,jk->ik", x, y, out=out)
    check(out, (a @ b).astype(complex), 1e-12)
    with pytest.raises(ValueError, match="out has shape"):
        nd.einsum("ij,jk->ik", x, y, out=nd.zeros((3, 4)))
    with pytest.raises(TypeError, match="cannot cast the result"):
        nd.einsum("ij,jk->ik", x, y, out=nd.zeros((3, 5), dtype=nd.int32))
    # dtype and casting, as NumPy's einsum without optimize checks them
    check(nd.einsum("ij,jk->ik", x, y, dtype=nd.complex128),
          np.einsum("ij,jk->ik", a, b, dtype=np.complex128), 1e-12)
    with pytest.raises(TypeError, match="safe"):
        nd.einsum("ij,jk->ik", x, y, dtype=nd.float32)
    check(nd.einsum("ij,jk->ik", x, y, dtype=nd.float32, casting="same_kind"),
          np.einsum("ij,jk->ik", a, b, dtype=np.float32, casting="same_kind"), 1e-5)
    with pytest.raises(ValueError, match="casting"):
        nd.einsum("ij,jk->ik", x, y, casting="bogus")
    # order
    assert np.asarray(nd.einsum("ij,jk->ki", x, y, order="C")).flags.c_contiguous
    assert np.asarray(nd.einsum("ij,jk->ik", x, y, order="F")).flags.f_contiguous
    check(nd.einsum("ij,jk->ik", x, y, order="F"), a @ b, 1e-12)
    with pytest.raises(ValueError, match="order"):
        nd.einsum("ij,jk->ik", x, y, order="X")
    # optimize: modes and NumPy's paths, with and without its header
    c = rng.standard_normal((5, 2))
    z = nd.asarray(c)
    for opt in (True, False, "greedy", "optimal", ["einsum_path", (1, 2), (0, 1)],
                [(0, 1, 2)], np.einsum_path("ij,jk,kl->il", a, b, c)[0], ("greedy", 100)):
        check(nd.einsum("ij,jk,kl->il", x, y, z, optimize=opt), a @ b @ c, 1e-12)
    with pytest.raises(ValueError, match="path contraction 0 names position 3"):
        nd.einsum("ij,jk,kl->il", x, y, z, optimize=[(0, 3), (0, 1)])
    with pytest.raises(ValueError, match="optimize must be"):
        nd.einsum("ij,jk,kl->il", x, y, z, optimize="fast")
    # the interleaved sublist form, ellipsis included
    check(nd.einsum(x, [0, 1], y, [1, 2], [0, 2]), np.einsum(a, [0, 1], b, [1, 2], [0, 2]), 1e-12)
    check(nd.einsum(x, [Ellipsis, 1], y, [1, 2]), np.einsum(a, [Ellipsis, 1], b, [1, 2]), 1e-12)


def test_many_operands_and_labels():
    """A ring of 40 matrices (NumPy's einsum takes at most 32 operands; its result is
    checked by chained matmul) and a 5 x 5 PEPS norm: 50 operands, 105 labels (beyond the
    letters), against the same network contracted step by step on nd's path with NumPy's
    einsum (each step renamed to letters)."""
    rng = np.random.default_rng(3)
    mats = [rng.standard_normal((2, 2)) for _ in range(40)]
    subs = ",".join(LETTERS[k] + LETTERS[(k + 1) % 40] for k in range(40)) + "->"
    want = np.trace(np.linalg.multi_dot(mats))
    got = float(nd.einsum(subs, *[nd.asarray(m) for m in mats]))
    assert abs(got - want) <= 1e-9 * abs(want)

    side, bond = 5, 2
    labels = iter([chr(0x100 + i) for i in range(200)])
    bonds, terms, shapes = {}, [], []
    phys = {(r, c): next(labels) for r in range(side) for c in range(side)}
    for layer in range(2):
        for r in range(side):
            for c in range(side):
                t = phys[(r, c)]
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < side and 0 <= cc < side:
                        key = (layer,) + tuple(sorted(((r, c), (rr, cc))))
                        bonds.setdefault(key, next(labels))
                        t += bonds[key]
                terms.append(t)
                shapes.append((2,) + (bond,) * (len(t) - 1))
    subs = ",".join(terms) + "->"
    ket = [rng.standard_normal(s) for s in shapes[:25]]
    ops = ket + ket
    got = float(nd.einsum(subs, *[nd.asarray(o) for o in ops]))
    path, _ = nd.einsum_path(subs, *[nd.asarray(o) for o in ops])
    items = list(zip(terms, ops))
    for step in path[1:]:
        i, j = sorted(step)
        (ta, a), (tb, b) = items[i], items[j]
        rest = items[:i] + items[i + 1:j] + items[j + 1:]
        need = set("".join(t for t, _ in rest))
        res = "".join(ch for ch in dict.fromkeys(ta + tb) if ch in need)
        names = {ch: LETTERS[k] for k, ch in enumerate(dict.fromkeys(ta + tb))}
        r = np.einsum("".join(names[ch] for ch in ta) + "," + "".join(names[ch] for ch in tb) + "->" +
                      "".join(names[ch] for ch in res), a, b)
        items = rest + [(res, r)]
    want = float(items[0][1])
    assert want > 0 and abs(got - want) <= 1e-9 * want
    with pytest.raises(TypeError, match="sublist labels"):
        nd.einsum(nd.ones(2), [-1])


@pytest.mark.parametrize("subs,shapes", [
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("ea,fb,abcd,gc,hd->efgh", [(10, 10), (10, 10), (10, 10, 10, 10), (10, 10), (10, 10)]),
    ("abc,cd,de->abe", [(3, 4, 5), (5, 6), (6, 7)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (2, 4, 5)]),
])
def test_einsum_path_report(subs, shapes):
    """Where nd's greedy path is NumPy's, the report is NumPy's, character for character;
    the optimal path's FLOP count is never above NumPy's optimal one."""
    ops = [np.ones(s) for s in shapes]
    nops = [nd.ones(s) for s in shapes]
    path, report = nd.einsum_path(subs, *nops, optimize="greedy")
    want_path, want_report = np.einsum_path(subs, *ops, optimize="greedy")
    if path == want_path and "..." not in subs:  # NumPy names '...' axes by set order
        assert report == want_report
    _, mine = nd.einsum_path(subs, *nops, optimize="optimal")
    _, best = np.einsum_path(subs, *ops, optimize="optimal")

    def flops(r):
        return float(r.split("Optimized FLOP count:")[1].split()[0])
    assert flops(mine) <= flops(best)
