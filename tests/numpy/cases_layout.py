"""Differential cases for layout work: random arrays in random layouts, random chains of
views (index strings, permutations, flips, squeeze/expand, broadcast, diagonal, reshape,
ravel), copies and casts, and assignment into random views. Everything is compared
exactly with NumPy: values, shapes, strides of views (in elements, on axes of extent > 1),
whether a reshape is a view, and whether both libraries reject the same calls."""
import numpy as np

from ndlib import DTYPES, CODE, ORDERS, NdError, int_arg, shape_arg

REAL = [d for d in DTYPES if not d.startswith("complex")]


def random_array(rng, max_ndim=4, max_extent=5, dtype=None):
    nd = int(rng.integers(0, max_ndim + 1))
    shape = tuple(int(rng.integers(0, max_extent + 1)) if rng.random() < 0.1 else
                  int(rng.integers(1, max_extent + 1)) for _ in range(nd))
    dt = np.dtype(dtype or DTYPES[int(rng.integers(len(DTYPES)))])
    n = int(np.prod(shape))
    if dt.kind == "b":
        v = rng.integers(0, 2, n).astype(bool)
    elif dt.kind in "iu":
        v = rng.integers(0 if dt.kind == "u" else -50, 100, n).astype(dt)
    elif dt.kind == "f":
        v = (rng.integers(-100, 100, n) * 0.5).astype(dt)
    else:
        v = (rng.integers(-100, 100, n) * 0.5 + 1j * rng.integers(-10, 10, n) * 0.25).astype(dt)
    return v.reshape(shape)


def random_index(rng, ndim, shape):
    """A random basic index as a string, sometimes out of range or malformed."""
    items, axis = [], 0
    ellipsis = False
    while axis < ndim or (rng.random() < 0.2 and len(items) < ndim + 2):
        r = rng.random()
        if r < 0.1:
            items.append("None")
            continue
        if r < 0.17 and not ellipsis:
            items.append("...")
            ellipsis = True
            axis = ndim  # the rest is taken
            continue
        n = shape[axis] if axis < ndim else 3
        if r < 0.4:
            items.append(str(int(rng.integers(-n - 1, n + 1))))
        else:
            parts = []
            for _ in range(int(rng.integers(1, 4))):
                parts.append("" if rng.random() < 0.4 else str(int(rng.integers(-n - 2, n + 3))))
            step = parts[2] if len(parts) == 3 else None
            if step == "0":
                parts[2] = "1"
            items.append(":".join(parts[:2] if len(parts) == 1 else parts) if len(parts) > 1 else parts[0] + ":")
        axis += 1
    return ", ".join(items)


def np_index(x, spec):
    """x[spec] as nd computes it: nd always returns a view, so where NumPy would return a
    scalar (every axis indexed by an integer), index with a trailing ellipsis, which makes
    NumPy return the 0-d view too."""
    if spec.strip() == "":
        idx = ()
    else:
        idx = eval("np.s_[" + spec + "]", {"np": np, "None": None})
    if not isinstance(idx, tuple):
        idx = (idx,)
    if not any(i is Ellipsis for i in idx):
        idx = idx + (Ellipsis,)
    return x[idx]


def random_shape_for(rng, size):
    """A shape with `size` elements, maybe with one -1."""
    if size == 0:
        return (0, 3) if rng.random() < 0.5 else (-1, 2, 0)[:2] if False else (0,)
    factors, s = [], size
    for p in (2, 3, 5, 7):
        while s % p == 0:
            factors.append(p)
            s //= p
    if s > 1:
        factors.append(s)
    rng.shuffle(factors)
    dims, cur = [], 1
    for f in factors:
        cur *= f
        if rng.random() < 0.5:
            dims.append(cur)
            cur = 1
    dims.append(cur)
    if rng.random() < 0.3:
        dims.insert(int(rng.integers(0, len(dims) + 1)), 1)
    if rng.random() < 0.4:
        dims[int(rng.integers(len(dims)))] = -1
    return tuple(dims)


class Pair:
    """The same array in NumPy and nd, plus the bases they view (for sharing checks)."""

    def __init__(self, x, a, xbase, abase, diverged=False):
        self.x, self.a, self.xbase, self.abase = x, a, xbase, abase
        # set once nd returned a view where NumPy copied (ravel): from then on the two no
        # longer view their bases alike
        self.diverged = diverged


def apply(lib, rng, p, log):
    """Applies one random operation to both; returns the new pair, or None if both
    rejected it. Raises AssertionError on a disagreement."""
    x, a = p.x, p.a
    nd_ = x.ndim
    op = rng.choice(["index", "transpose", "permute", "swapaxes", "moveaxis", "mT", "flip",
                     "squeeze", "expand_dims", "broadcast_to", "diagonal", "reshape", "ravel",
                     "copy", "astype", "realimag"])
    view = True
    try:
        if op == "index":
            spec = random_index(rng, nd_, x.shape)
            log.append("index %r" % spec)
            fx = lambda: np_index(x, spec)
            fa = lambda: lib.nd_index(a.h, spec.encode())
        elif op == "transpose":
            log.append("transpose")
            fx, fa = (lambda: x.T), (lambda: lib.nd_transpose(a.h))
        elif op == "permute":
            perm = [int(v) for v in rng.permutation(nd_)]
            if nd_ and rng.random() < 0.2:
                perm[0] = int(rng.integers(-nd_ - 1, nd_ + 1))
            log.append("permute %s" % perm)
            n, arr = int_arg(perm)
            fx, fa = (lambda: np.transpose(x, perm)), (lambda: lib.nd_permute(a.h, n, arr))
        elif op == "swapaxes":
            i, j = (int(rng.integers(-nd_ - 1, nd_ + 1)) for _ in range(2))
            log.append("swapaxes %d %d" % (i, j))
            fx, fa = (lambda: np.swapaxes(x, i, j)), (lambda: lib.nd_swapaxes(a.h, i, j))
        elif op == "moveaxis":
            i, j = (int(rng.integers(-nd_ - 1, nd_ + 1)) for _ in range(2))
            log.append("moveaxis %d %d" % (i, j))
            fx, fa = (lambda: np.moveaxis(x, i, j)), (lambda: lib.nd_moveaxis(a.h, i, j))
        elif op == "mT":
            log.append("matrix_transpose")
            fx, fa = (lambda: np.matrix_transpose(x)), (lambda: lib.nd_matrix_transpose(a.h))
        elif op == "flip":
            # None is naxes ND_ALL_AXES (-1), a list (empty too) its length and entries
            axes = None if rng.random() < 0.3 else sorted(set(int(v) for v in rng.integers(-nd_, max(nd_, 1), int(rng.integers(0, 3))))) if nd_ else []
            log.append("flip %s" % axes)
            n, arr = int_arg(axes or [])
            n = -1 if axes is None else n
            fx = (lambda: np.flip(x, None if axes is None else tuple(axes)))
            fa = (lambda: lib.nd_flip(a.h, n, arr))
        elif op == "squeeze":
            ones = [i for i in range(nd_) if x.shape[i] == 1]
            r = rng.random()
            axes = None if r < 0.3 else ones if r < 0.6 else [int(rng.integers(-nd_, max(nd_, 1)))] if nd_ else []
            log.append("squeeze %s" % axes)
            n, arr = int_arg(axes or [])
            n = -1 if axes is None else n
            fx = (lambda: np.squeeze(x, None if axes is None else tuple(axes)))
            fa = (lambda: lib.nd_squeeze(a.h, n, arr))
        elif op == "expand_dims":
            ax = int(rng.integers(-nd_ - 2, nd_ + 2))
            log.append("expand_dims %d" % ax)
            fx, fa = (lambda: np.expand_dims(x, ax)), (lambda: lib.nd_expand_dims(a.h, ax))
        elif op == "broadcast_to":
            shape = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 2)))] + \
                    [(int(rng.integers(1, 4)) if s == 1 else s) for s in x.shape]
            if rng.random() < 0.15 and shape:
                shape[-1] += 1
            log.append("broadcast_to %s" % (shape,))
            n, arr = shape_arg(shape)
            fx, fa = (lambda: np.broadcast_to(x, shape)), (lambda: lib.nd_broadcast_to(a.h, n, arr))
        elif op == "diagonal":
            off = int(rng.integers(-3, 4))
            i, j = (int(rng.integers(-nd_, max(nd_, 1))) if nd_ else 0 for _ in range(2))
            log.append("diagonal %d %d %d" % (off, i, j))
            fx, fa = (lambda: np.diagonal(x, off, i, j)), (lambda: lib.nd_diagonal(a.h, off, i, j))
        elif op == "reshape":
            shape = random_shape_for(rng, x.size)
            order = str(rng.choice(list("CFA")))
            log.append("reshape %s %s" % (shape, order))
            n, arr = shape_arg(shape)
            fx = (lambda: np.reshape(x, shape, order=order))
            fa = (lambda: lib.nd_reshape(a.h, n, arr, ORDERS[order]))
            view = None  # a view exactly when NumPy's is
        elif op == "ravel":
            order = str(rng.choice(list("CFAK")))
            flat = rng.random() < 0.3
            log.append("%s %s" % ("flatten" if flat else "ravel", order))
            fx = (lambda: x.flatten(order) if flat else np.ravel(x, order))
            fa = (lambda: (lib.nd_flatten if flat else lib.nd_ravel)(a.h, ORDERS[order]))
            # NumPy's ravel copies every non-contiguous input; nd's views whenever strides
            # can express the result, so nd must be a view at least where NumPy is.
            view = False if flat else "at_least"
        elif op == "copy":
            order = str(rng.choice(list("CFAK")))
            log.append("copy %s" % order)
            fx, fa = (lambda: np.array(x, order=order, copy=True)), (lambda: lib.nd_copy(a.h, ORDERS[order]))
            view = False
        elif op == "astype":
            t = str(rng.choice(DTYPES))
            if x.dtype.kind == "c" and not t.startswith("complex"):
                log.append("astype %s (complex to real: must fail)" % t)
                h = lib.nd_astype(a.h, CODE[t])
                assert not h, "astype complex -> real accepted"
                lib.nd_clear_error()
                return None
            log.append("astype %s" % t)
            fx, fa = (lambda: x.astype(t)), (lambda: lib.nd_astype(a.h, CODE[t]))
            view = False
        else:
            if x.dtype.kind != "c":
                return None
            part = "real" if rng.random() < 0.5 else "imag"
            log.append(part)
            fx = (lambda: x.real if part == "real" else x.imag)
            fa = (lambda: (lib.nd_real if part == "real" else lib.nd_imag)(a.h))
    except Exception as e:  # a bug in the generator, not in nd
        raise RuntimeError("generator failed on %s: %s" % (op, e))
    try:
        rx = fx()
    except (ValueError, IndexError, TypeError, np.exceptions.AxisError):
        rx = None
    h = fa()
    if rx is None:
        assert not h, "NumPy rejects %s but nd accepts it" % log[-1]
        lib.nd_clear_error()
        return None
    if not h:
        raise AssertionError("nd rejects %s: %s" % (log[-1], lib.error()))
    ra = lib.check(h)
    diverged = compare(lib, p, rx, ra, view)
    return Pair(np.asarray(rx), ra, p.xbase, p.abase, p.diverged or diverged)


def compare(lib, p, rx, ra, view):
    """Checks values, and view-ness and strides where they are comparable; returns True if
    nd viewed where NumPy copied."""
    if not isinstance(rx, np.ndarray):  # NumPy returned a scalar (0-d flip and the like)
        view = "unknown"
    rx = np.asarray(rx)
    assert ra.shape == rx.shape, "shape %s vs NumPy %s" % (ra.shape, rx.shape)
    assert ra.dtype == rx.dtype, "dtype %s vs NumPy %s" % (ra.dtype, rx.dtype)
    got = ra.numpy()
    assert np.array_equal(got, rx, equal_nan=True), "values differ:\n%s\nvs NumPy\n%s" % (got, rx)
    if view == "unknown":
        return True  # NumPy's result is a copy nd has no reason to make
    if rx.size == 0 or p.diverged:
        return False
    np_view = np.shares_memory(rx, p.xbase)
    nd_view = bool(lib.nd_shares_memory(ra.h, p.abase.h))
    if view == "at_least":
        assert nd_view or not np_view, "nd copies where NumPy returns a view"
    elif view is None:
        assert np_view == nd_view, "nd %s a view where NumPy %s" % ("is" if nd_view else "is not",
                                                                     "is" if np_view else "is not")
    elif view is False:
        assert not nd_view, "nd result shares memory where it must copy"
    else:
        assert nd_view == np_view, "view-ness differs (nd %s, NumPy %s)" % (nd_view, np_view)
    if nd_view and np_view and view != "at_least":
        item = rx.itemsize
        for i, (s, e) in enumerate(zip(ra.strides, rx.shape)):
            if e > 1:
                assert s * item == rx.strides[i], "strides %s vs NumPy %s" % (
                    ra.strides, tuple(v // item for v in rx.strides))
    return nd_view and not np_view


def case_view_chain(lib, rng, log):
    x = random_array(rng)
    order = "F" if rng.random() < 0.5 else "C"
    xb = np.asfortranarray(x) if order == "F" else np.ascontiguousarray(x)
    a = lib.array(xb, order)
    log.append("array %s %s order %s" % (x.dtype, x.shape, order))
    p = Pair(xb, a, xb, a)
    for _ in range(int(rng.integers(1, 6))):
        q = apply(lib, rng, p, log)
        if q is not None:
            p = q


def case_assign(lib, rng, log):
    """dst_view[...] = src_view, the source possibly overlapping the destination."""
    x = random_array(rng, max_ndim=3, max_extent=6, dtype=str(rng.choice(REAL)))
    a = lib.array(x)
    log.append("array %s %s" % (x.dtype, x.shape))
    spec_d = random_index(rng, x.ndim, x.shape)
    try:
        xd = np_index(x, spec_d)
    except (IndexError, ValueError, TypeError):
        return
    if not isinstance(xd, np.ndarray) or xd.base is None and xd is not x:
        return
    same = rng.random() < 0.5
    if same:  # source from the same buffer
        spec_s = random_index(rng, x.ndim, x.shape)
        try:
            xs = np_index(x, spec_s)
        except (IndexError, ValueError, TypeError):
            return
        hs = lib.nd_index(a.h, spec_s.encode())
        log.append("dst = a[%s], src = a[%s]" % (spec_d, spec_s))
    else:
        y = random_array(rng, max_ndim=2, max_extent=6)
        if y.dtype.kind == "c":
            y = y.real.copy()
        xs = y
        ysrc = lib.array(y)
        hs = lib.nd_index(ysrc.h, b"...")
        log.append("dst = a[%s], src %s %s" % (spec_d, y.dtype, y.shape))
    src = lib.check(hs)
    dst = lib.check(lib.nd_index(a.h, spec_d.encode()))
    want = x.copy()
    try:
        np_index(want, spec_d)[...] = np.array(xs, copy=True)
        ok = True
    except (ValueError, TypeError):
        ok = False
    st = lib.nd_assign(dst.h, src.h)
    if not ok:
        assert st != 0, "NumPy rejects the assignment, nd accepts it"
        lib.nd_clear_error()
        return
    assert st == 0, "nd rejects the assignment: %s" % lib.error()
    got = a.numpy()
    assert np.array_equal(got, want), "after assignment:\n%s\nvs NumPy\n%s" % (got, want)


def case_promotion(lib, rng, log):
    a, b = (str(rng.choice(DTYPES)) for _ in range(2))
    log.append("result_type %s %s" % (a, b))
    r = lib.nd_result_type(CODE[a], CODE[b])
    assert DTYPES[r] == np.result_type(a, b).name, "%s vs NumPy %s" % (DTYPES[r], np.result_type(a, b))


CASES = [("view_chain", case_view_chain, 6), ("assign", case_assign, 3), ("promotion", case_promotion, 1)]
