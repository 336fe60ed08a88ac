"""One closed-shell (spin-adapted) CCSD amplitude update, written once against an array
namespace `xp` (NumPy or nd), as users port such code: einsum for every contraction,
permute_dims for the index swaps, plain arithmetic for the rest.

The equations are the usual ones in terms of dressed intermediates (F for the one-body
pieces, W for the two-body ones); integrals are in chemists' notation, blocks named by
occupied (o) and virtual (v) index ranges: ovov[i, a, j, b] = (ia|jb) and so on.
`update` returns the new (t1, t2); with the integrals of a real molecule (water, 6-31G) it
gave PySCF's RCCSD update to rounding and, iterated, its correlation energy. The benchmark times it on random data of the shapes of
benzene in cc-pVDZ (nocc = 21, nvir = 93): the values do not matter for the time, and the
two libraries' results are compared with each other."""


def _swap_pairs(xp, x):
    """x[i, j, a, b] + x[j, i, b, a]: the symmetriser of the doubles equation."""
    return x + xp.permute_dims(x, (1, 0, 3, 2))


def _one_body(xp, t1, t2, eri, fock):
    """The dressed Fock blocks F_oo[k, i], F_vv[a, c], F_ov[k, c]."""
    ein, ovov = xp.einsum, eri.ovov
    f_oo = (fock.oo + 2 * ein("kcld,ilcd->ki", ovov, t2) - ein("kdlc,ilcd->ki", ovov, t2)
            + 2 * ein("kcld,ic,ld->ki", ovov, t1, t1) - ein("kdlc,ic,ld->ki", ovov, t1, t1))
    f_vv = (fock.vv - 2 * ein("kcld,klad->ac", ovov, t2) + ein("kdlc,klad->ac", ovov, t2)
            - 2 * ein("kcld,ka,ld->ac", ovov, t1, t1) + ein("kdlc,ka,ld->ac", ovov, t1, t1))
    f_ov = fock.ov + 2 * ein("kcld,ld->kc", ovov, t1) - ein("kdlc,ld->kc", ovov, t1)
    return f_oo, f_vv, f_ov


def _two_body(xp, t1, t2, eri):
    """The dressed two-electron intermediates W_oooo[k, l, i, j], W_vvvv[a, b, c, d],
    W_voov[a, k, i, c] and W_vovo[a, k, c, i]."""
    ein, pd = xp.einsum, xp.permute_dims
    w_oooo = (pd(eri.oooo, (0, 2, 1, 3)) + ein("lcki,jc->klij", eri.ovoo, t1)
              + ein("kclj,ic->klij", eri.ovoo, t1) + ein("kcld,ijcd->klij", eri.ovov, t2)
              + ein("kcld,ic,jd->klij", eri.ovov, t1, t1))
    w_vvvv = (pd(eri.vvvv, (0, 2, 1, 3)) - ein("kdac,kb->abcd", eri.ovvv, t1)
              - ein("kcbd,ka->abcd", eri.ovvv, t1))
    w_voov = (pd(eri.ovvo, (2, 0, 3, 1)) + ein("kcad,id->akic", eri.ovvv, t1)
              - ein("kcli,la->akic", eri.ovoo, t1)
              - 0.5 * ein("ldkc,ilda->akic", eri.ovov, t2) - 0.5 * ein("lckd,ilad->akic", eri.ovov, t2)
              + ein("ldkc,ilad->akic", eri.ovov, t2) - ein("ldkc,id,la->akic", eri.ovov, t1, t1))
    w_vovo = (pd(eri.oovv, (2, 0, 3, 1)) + ein("kdac,id->akci", eri.ovvv, t1)
              - ein("lcki,la->akci", eri.ovoo, t1) - 0.5 * ein("lckd,ilda->akci", eri.ovov, t2)
              - ein("lckd,id,la->akci", eri.ovov, t1, t1))
    return w_oooo, w_vvvv, w_voov, w_vovo


def update(xp, t1, t2, eri, fock, e_occ, e_vir):
    """One Jacobi step of the CCSD amplitude equations: the new (t1, t2)."""
    ein, pd = xp.einsum, xp.permute_dims
    nocc, nvir = t1.shape
    f_oo, f_vv, f_ov = _one_body(xp, t1, t2, eri, fock)
    # the orbital energies move to the denominators
    f_oo = f_oo - xp.eye(nocc) * e_occ
    f_vv = f_vv - xp.eye(nvir) * e_vir

    t1n = (fock.ov + ein("ac,ic->ia", f_vv, t1) - ein("ki,ka->ia", f_oo, t1)
           + 2 * ein("kc,kica->ia", f_ov, t2) - ein("kc,ikca->ia", f_ov, t2)
           + ein("kc,ic,ka->ia", f_ov, t1, t1) - 2 * ein("kc,ka,ic->ia", fock.ov, t1, t1)
           + 2 * ein("kcai,kc->ia", eri.ovvo, t1) - ein("kiac,kc->ia", eri.oovv, t1)
           + 2 * ein("kdac,ikcd->ia", eri.ovvv, t2) - ein("kcad,ikcd->ia", eri.ovvv, t2)
           + 2 * ein("kdac,kd,ic->ia", eri.ovvv, t1, t1) - ein("kcad,kd,ic->ia", eri.ovvv, t1, t1)
           - 2 * ein("lcki,klac->ia", eri.ovoo, t2) + ein("kcli,klac->ia", eri.ovoo, t2)
           - 2 * ein("lcki,lc,ka->ia", eri.ovoo, t1, t1) + ein("kcli,lc,ka->ia", eri.ovoo, t1, t1))

    # terms linear in t1 acting on the bare integrals
    x = pd(eri.ovvv, (1, 3, 0, 2)) - ein("kibc,ka->abic", eri.oovv, t1)
    t2n = _swap_pairs(xp, ein("abic,jc->ijab", x, t1))
    x = pd(eri.ovoo, (1, 3, 0, 2)) + ein("kcai,jc->akij", eri.ovvo, t1)
    t2n = t2n - _swap_pairs(xp, ein("akij,kb->ijab", x, t1))
    t2n = t2n + pd(eri.ovov, (0, 2, 1, 3))

    l_oo = (f_oo + ein("kc,ic->ki", fock.ov, t1) + 2 * ein("lcki,lc->ki", eri.ovoo, t1)
            - ein("kcli,lc->ki", eri.ovoo, t1))
    l_vv = (f_vv - ein("kc,ka->ac", fock.ov, t1) + 2 * ein("kdac,kd->ac", eri.ovvv, t1)
            - ein("kcad,kd->ac", eri.ovvv, t1))
    w_oooo, w_vvvv, w_voov, w_vovo = _two_body(xp, t1, t2, eri)
    tau = t2 + ein("ia,jb->ijab", t1, t1)
    t2n = t2n + ein("klij,klab->ijab", w_oooo, tau) + ein("abcd,ijcd->ijab", w_vvvv, tau)
    t2n = t2n + _swap_pairs(xp, ein("ac,ijcb->ijab", l_vv, t2))
    t2n = t2n - _swap_pairs(xp, ein("ki,kjab->ijab", l_oo, t2))
    t2n = t2n + _swap_pairs(xp, 2 * ein("akic,kjcb->ijab", w_voov, t2)
                            - ein("akci,kjcb->ijab", w_vovo, t2))
    t2n = t2n - _swap_pairs(xp, ein("akic,kjbc->ijab", w_voov, t2))
    t2n = t2n - _swap_pairs(xp, ein("bkci,kjac->ijab", w_vovo, t2))

    e_ia = e_occ[:, None] - e_vir[None, :]
    return t1n / e_ia, t2n / (e_ia[:, None, :, None] + e_ia[None, :, None, :])


class Blocks:
    """A plain holder of named arrays (the integral blocks, the Fock blocks)."""

    def __init__(self, **blocks):
        self.__dict__.update(blocks)


def random_problem(nocc, nvir, seed):
    """NumPy arrays of the shapes of a closed-shell problem: amplitudes, integral blocks
    (scaled so that one update stays of moderate size), Fock blocks, orbital energies."""
    import numpy as np
    rng = np.random.default_rng(seed)
    o, v = nocc, nvir

    def r(*shape):
        return 0.01 * rng.standard_normal(shape)

    e_occ = -1.0 - rng.random(o)
    e_vir = 0.5 + rng.random(v)
    eri = dict(oooo=r(o, o, o, o), ovoo=r(o, v, o, o), oovv=r(o, o, v, v), ovvo=r(o, v, v, o),
               ovov=r(o, v, o, v), ovvv=r(o, v, v, v), vvvv=r(v, v, v, v))
    fock = dict(oo=np.diag(e_occ) + r(o, o), vv=np.diag(e_vir) + r(v, v), ov=r(o, v))
    return dict(t1=r(o, v), t2=r(o, o, v, v), eri=eri, fock=fock, e_occ=e_occ, e_vir=e_vir)


def run(xp, p):
    """update() on problem p whose arrays are already in xp."""
    return update(xp, p["t1"], p["t2"], Blocks(**p["eri"]), Blocks(**p["fock"]), p["e_occ"],
                  p["e_vir"])
