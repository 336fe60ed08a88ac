"""__getitem__ and __setitem__ against NumPy: integers, slices, ..., None, integer arrays
and boolean masks, on every layout; views share memory as in NumPy."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

import nd
from helpers import check, layouts, pair, seeds, shapes


def basic_key(data, shape):
    items = []
    for e in shape:
        kind = data.draw(st.sampled_from(["int", "slice", "full"]))
        if kind == "int" and e:
            items.append(data.draw(st.integers(-e, e - 1)))
        elif kind == "slice":
            items.append(slice(data.draw(st.none() | st.integers(-6, 6)),
                               data.draw(st.none() | st.integers(-6, 6)),
                               data.draw(st.none() | st.sampled_from([-3, -1, 1, 2]))))
        else:
            items.append(slice(None))
    k = data.draw(st.integers(0, len(items)))
    items.insert(k, data.draw(st.sampled_from([None, Ellipsis])))
    return tuple(items[: data.draw(st.integers(0, len(items)))])


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_basic(seed, shape, layout, data):
    n, a = pair(np.random.default_rng(seed), "int32", shape, layout)
    key = basic_key(data, n.shape)
    want = n[key]
    got = a[key]
    check(got, want)
    if layout not in ("broadcast",) and np.asarray(got).size:
        got[...] = 7  # a view: writes go through
        n2 = n.copy()
        n2[key] = 7
        check(a, n2)


@given(seed=seeds, shape=shapes, layout=layouts, data=st.data())
def test_advanced(seed, shape, layout, data):
    rng = np.random.default_rng(seed)
    n, a = pair(rng, "float64", shape, layout)
    if n.ndim == 0 or n.shape[0] == 0:
        return
    idx = rng.integers(-n.shape[0], n.shape[0], data.draw(st.integers(0, 4)))
    check(a[nd.asarray(idx)], n[idx])
    mask = n > 0
    check(a[a > 0], n[mask])
    if n.ndim >= 2 and n.shape[1]:
        j = rng.integers(0, n.shape[1], len(idx))
        check(a[nd.asarray(idx), nd.asarray(j)], n[idx, j])
        if n.shape[-1]:
            k = rng.integers(0, n.shape[-1], 2)
            check(a[..., nd.asarray(k)], n[..., k])
        check(a[:, nd.asarray(j)], n[:, j])
    if layout != "broadcast":
        m = n.copy()
        m[mask] = -1.0
        a[a > 0] = -1.0
        check(a, m)
        m[idx] = 2.5
        a[nd.asarray(idx)] = 2.5
        check(a, m)


def test_scalars_and_errors():
    x = nd.asarray([[1, 2, 3], [4, 5, 6]])
    assert int(x[1, 2]) == 6 and x[1, 2].shape == ()
    assert x[nd.asarray(1)].shape == (3,)
    check(x[True], np.asarray([[[1, 2, 3], [4, 5, 6]]]))
    with pytest.raises(IndexError):
        x[2]
    with pytest.raises(IndexError):
        x[0, 0, 0]
    with pytest.raises(IndexError):
        x["a"]
    with pytest.raises(IndexError):
        x[nd.asarray([5])]
    with pytest.raises(IndexError, match="integer or boolean type, got float64"):
        x[nd.asarray([1.0])]  # NumPy's IndexError; nd.take refuses them as a TypeError
    with pytest.raises(IndexError, match="integer or boolean type"):
        x[nd.asarray([0]), nd.asarray([1.0])] = 1
    with pytest.raises(TypeError):
        nd.take(x, nd.asarray([1.0]), axis=0)
    with pytest.raises(OverflowError):
        x[0, 0] = 2**70
    y = nd.asarray([1, 2], dtype=nd.uint8)
    with pytest.raises(OverflowError):
        y[0] = -1
    b = nd.broadcast_to(x[0], (2, 3))
    with pytest.raises(ValueError):
        b[0, 0] = 1
    x[0] = nd.asarray([7, 8, 9])
    check(x, np.asarray([[7, 8, 9], [4, 5, 6]]))
    x[:, 0] = 0
    check(x, np.asarray([[0, 8, 9], [0, 5, 6]]))
    # index arrays that do not broadcast: NumPy's IndexError, reading and writing
    with pytest.raises(IndexError, match="cannot be broadcast"):
        x[nd.asarray([0, 1]), nd.asarray([0, 1, 2])]
    with pytest.raises(IndexError, match="cannot be broadcast"):
        x[nd.asarray([0, 1]), nd.asarray([0, 1, 2])] = 0


def test_empty_mask_axis_matches_any_extent():
    """NumPy: a boolean index axis of extent 0 matches an axis of any extent (it selects
    nothing); other extents must match."""
    n = np.arange(12.0).reshape(3, 4)
    a = nd.asarray(n.copy())
    for key in ((np.zeros(0, bool),), (slice(None), np.zeros(0, bool)),
                (np.zeros((0, 4), bool),), (np.zeros((3, 0), bool),), (Ellipsis, np.zeros(0, bool))):
        ndkey = tuple(nd.asarray(k) if isinstance(k, np.ndarray) else k for k in key)
        check(a[ndkey], n[key])
        a[ndkey] = -1.0
    check(a, n)
    with pytest.raises(IndexError, match="boolean index did not match"):
        a[nd.zeros((0, 3), dtype=nd.bool)]


def test_empty_destinations_with_zero_strides():
    """NumPy gives empty arrays zero strides (np.zeros((2, 0)).strides is (0, 8)); no
    element is written twice, so they are destinations like any other."""
    n = np.zeros((2, 0, 1), dtype=np.uint32)
    a = nd.asarray(n)
    a //= nd.asarray(np.ones(1, dtype=np.uint64))
    a += 1
    a[...] = 3
    a[nd.asarray([False, False])] = 4
    a[:, :, 0] = nd.zeros((0,), dtype=nd.uint32)
    assert a.shape == (2, 0, 1)
