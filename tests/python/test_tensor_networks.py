"""The tensor-network stack on nd arrays without a shim: opt_einsum and cotengra contract nd
arrays into nd arrays, autoray finds nd's functions by NumPy's names (and nd's registration
gives it the thin SVD quimb relies on, whichever is imported first), and quimb's PEPS norm,
MPS compression, TEBD and DMRG give NumPy's numbers on nd."""
import subprocess
import sys
import warnings

import numpy as np
import pytest

import nd
from helpers import check

rng = np.random.default_rng(13)


def test_opt_einsum_contract():
    oe = pytest.importorskip("opt_einsum")
    ops = [rng.standard_normal(s) for s in ((4, 5), (5, 6), (6, 3))]
    got = oe.contract("ij,jk,kl->il", *map(nd.asarray, ops))
    assert isinstance(got, nd.Array)
    check(got, np.einsum("ij,jk,kl->il", *ops), rtol=1e-13)
    # a trace and a transposed result
    t, u = rng.standard_normal((3, 4, 3)), rng.standard_normal((4, 2))
    got = oe.contract("iji,jk->kj", nd.asarray(t), nd.asarray(u))
    check(got, np.einsum("iji,jk->kj", t, u), rtol=1e-13)


def test_cotengra_einsum_and_array_contract():
    ctg = pytest.importorskip("cotengra")
    a, b, c = (rng.standard_normal(s) for s in ((3, 4, 5), (5, 4, 6), (6, 2)))
    got = ctg.einsum("abc,cbd,de->ae", nd.asarray(a), nd.asarray(b), nd.asarray(c))
    assert isinstance(got, nd.Array)
    check(got, np.einsum("abc,cbd,de->ae", a, b, c), rtol=1e-13)
    got = ctg.array_contract([nd.asarray(a), nd.asarray(b)], [(0, 1, 2), (2, 1, 3)], (0, 3))
    check(got, np.einsum("abc,cbd->ad", a, b), rtol=1e-13)


# the functions autoray looks up in the array's module by NumPy's names (quimb, cotengra)
AUTORAY_NAMES = ["transpose", "linalg.norm", "trace", "diag", "diagonal", "concatenate", "split",
                 "dot", "kron", "allclose", "array", "copy", "power", "iscomplexobj", "complex",
                 "ascontiguousarray", "cumsum", "random.normal", "random.uniform", "tensordot",
                 "einsum", "reshape", "conj", "linalg.svd", "linalg.qr", "linalg.eigh", "outer",
                 "swapaxes", "asfortranarray", "arccos", "arcsin", "arctan", "abs", "sqrt",
                 "count_nonzero", "eye", "stack", "where", "clip", "isfinite", "sum", "max"]


def test_autoray_finds_numpys_names():
    autoray = pytest.importorskip("autoray")
    x = nd.asarray(rng.standard_normal((4, 3)))
    assert autoray.infer_backend(x) == "nd"
    for name in AUTORAY_NAMES:
        assert callable(autoray.get_lib_fn("nd", name)), name
    # the registered thin SVD and complex
    u, s, vh = autoray.do("linalg.svd", x)
    assert u.shape == (4, 3) and vh.shape == (3, 3)
    check(u @ (s[:, None] * vh), np.asarray(x), rtol=1e-13)
    z = autoray.do("complex", x, x)
    assert z.dtype == nd.complex128 and nd.all(z.imag == x)
    check(autoray.do("tensordot", x, x.T, 1), np.asarray(x) @ np.asarray(x).T, rtol=1e-13)
    assert autoray.do("random.normal", size=(2, 2), like="nd").shape == (2, 2)


@pytest.mark.parametrize("first", ["nd", "autoray", "dask.array"])
def test_registrations_in_either_import_order(first):
    if first != "nd":
        pytest.importorskip(first)
    pytest.importorskip("autoray")
    pytest.importorskip("dask.array")
    code = f"""
import {first}
import nd, autoray, dask.array as da
u, s, vh = autoray.do("linalg.svd", nd.ones((5, 2)))
assert u.shape == (5, 2), u.shape
d = da.from_array(nd.ones((4, 4)), chunks=2) + nd.ones((4, 4))
assert isinstance(d, da.Array), type(d)
assert isinstance(d.compute(), nd.Array)
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


@pytest.fixture(scope="module")
def qtn():
    qtn = pytest.importorskip("quimb.tensor")
    warnings.filterwarnings("ignore", message="Couldn't import `kahypar`")
    return qtn


def _on_nd(tn):
    tn = tn.copy()
    tn.apply_to_arrays(nd.asarray)
    return tn


def test_quimb_peps_norm(qtn):
    peps = qtn.PEPS.rand(3, 3, bond_dim=2, seed=42)
    peps_nd = _on_nd(peps)
    exact = peps_nd.H @ peps_nd
    assert isinstance(exact, nd.Array)
    assert abs(float(exact) / (peps.H @ peps) - 1) < 1e-13
    boundary = peps_nd.make_norm().contract_boundary(max_bond=8)
    assert abs(float(boundary) / peps.make_norm().contract_boundary(max_bond=8) - 1) < 1e-12


def test_quimb_mps_compression_by_svd(qtn):
    mps = qtn.MPS_rand_state(10, bond_dim=8, seed=1)
    mps_nd = _on_nd(mps)
    mps.compress(max_bond=4, cutoff=1e-10)
    mps_nd.compress(max_bond=4, cutoff=1e-10)
    assert mps_nd.max_bond() == mps.max_bond() == 4
    assert all(isinstance(t.data, nd.Array) for t in mps_nd)
    assert abs(float(mps_nd.H @ mps_nd) - mps.H @ mps) < 1e-13


def test_quimb_tebd_step(qtn):
    # quimb applies its NumPy gates to the nd state: mixed tensordot
    ham = qtn.ham_1d_heis(8)
    results = []
    for convert in (lambda t: t, _on_nd):
        tebd = qtn.TEBD(convert(qtn.MPS_neel_state(8, dtype=complex)), ham, dt=0.05,
                        split_opts={"cutoff": 1e-10})
        tebd.update_to(0.2, progbar=False)
        results.append(tebd.pt)
    pt_np, pt_nd = results
    assert all(isinstance(t.data, nd.Array) for t in pt_nd)
    assert abs(complex(pt_nd.H @ pt_nd) - 1) < 1e-8
    for site in (0, 3, 7):
        assert abs(complex(pt_nd.magnetization(site)) - pt_np.magnetization(site)) < 1e-12


def test_quimb_small_dmrg(qtn):
    energies = []
    for convert in (lambda t: t, _on_nd):
        dmrg = qtn.DMRG2(convert(qtn.MPO_ham_heis(8)), bond_dims=[4, 8],
                         p0=convert(qtn.MPS_rand_state(8, bond_dim=4, seed=3)))
        dmrg.opts["local_eig_backend"] = "numpy"  # NumPy's eigh, dispatched to nd
        dmrg.solve(tol=1e-8, verbosity=0)
        energies.append(dmrg.energy)
    assert abs(energies[1] - energies[0]) < 1e-10
