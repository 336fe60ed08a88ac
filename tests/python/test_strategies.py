"""hypothesis' own Array API strategies over nd (make_strategies_namespace): arrays of every
dtype and shape it generates round-trip through NumPy and go through the operators."""
import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra.array_api import make_strategies_namespace

import nd
from helpers import check

xps = make_strategies_namespace(nd)


@given(x=xps.arrays(dtype=xps.scalar_dtypes(), shape=xps.array_shapes(min_dims=0, max_side=4)))
def test_generated_arrays(x):
    n = np.asarray(x)
    assert n.shape == x.shape and str(n.dtype) == str(x.dtype)
    check(nd.asarray(n, copy=True), n)
    check(nd.reshape(x, (-1,)), n.reshape(-1))


@given(data=st.data())
def test_generated_broadcasting(data):
    shapes = data.draw(xps.mutually_broadcastable_shapes(2, max_side=3))
    dt = data.draw(xps.real_dtypes())
    a = data.draw(xps.arrays(dt, shapes.input_shapes[0]))
    b = data.draw(xps.arrays(dt, shapes.input_shapes[1]))
    with np.errstate(all="ignore"):
        check(nd.maximum(a, b), np.maximum(np.asarray(a), np.asarray(b)))
        check(a == b, np.asarray(a) == np.asarray(b))


@given(x=xps.arrays(dtype=xps.floating_dtypes(), shape=xps.array_shapes(min_dims=1, max_side=5)),
       data=st.data())
def test_generated_indices(x, data):
    idx = data.draw(xps.indices(x.shape))
    check(x[idx], np.asarray(x)[idx])
