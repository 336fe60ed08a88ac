"""nd's status becomes the exception NumPy raises for the same mistake, with nd's message;
wrong Python argument types are TypeError."""
import numpy as np
import pytest

import nd


def test_status_mapping(tmp_path):
    x = nd.asarray([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError, match=r"add: shapes \[2,2\] and \[3\] cannot be broadcast"):
        x + nd.ones(3)
    with pytest.raises(ValueError, match="reshape: cannot reshape array of size 4 into shape"):
        nd.reshape(x, (3, -1))
    with pytest.raises(TypeError, match="bitwise_and"):
        x & x
    with pytest.raises(IndexError, match="out of bounds"):
        nd.sum(x, axis=5)
    with pytest.raises(OverflowError):
        nd.asarray([1], dtype=nd.int8) + 300
    with pytest.raises(ValueError, match="read-only"):
        b = nd.broadcast_to(x[0], (2, 2))
        b += 1
    with pytest.raises(OSError, match="load_npy"):
        p = tmp_path / "bad.npy"
        p.write_bytes(b"not an npy file")
        nd.load(p)
    with pytest.raises(nd.linalg.LinAlgError, match="singular"):
        nd.linalg.inv(nd.zeros((2, 2)))
    assert issubclass(nd.linalg.LinAlgError, ValueError)
    with pytest.raises(ValueError, match="matmul"):
        x @ nd.ones((3, 3))
    with pytest.raises(ValueError):
        nd.max(nd.zeros((0,)))
    with pytest.raises(TypeError):
        nd.astype(nd.asarray([1j]), nd.float64)


def test_narrower_exceptions_as_numpy():
    """Where NumPy raises a narrower class than nd's status gives: axis errors are
    nd.AxisError (an IndexError and a ValueError, as numpy.exceptions.AxisError), a linalg
    function given a non-matrix or a non-square matrix raises LinAlgError (a ValueError),
    and a second ellipsis in an index is an IndexError."""
    assert issubclass(nd.AxisError, IndexError) and issubclass(nd.AxisError, ValueError)
    x = nd.ones((2, 3))
    for f in (lambda: nd.sum(x, axis=2), lambda: nd.sum(x, axis=(0, 0)),
              lambda: nd.permute_dims(x, (0, 0)), lambda: nd.moveaxis(x, 0, 2),
              lambda: nd.argmax(x, axis=-3), lambda: nd.sort(x, axis=2),
              lambda: nd.squeeze(x, axis=2), lambda: nd.linalg.vector_norm(x, axis=(1, -1))):
        with pytest.raises(nd.AxisError):
            f()
        with pytest.raises(ValueError):
            f()
        with pytest.raises(IndexError):
            f()
    for f in (nd.linalg.inv, nd.linalg.det, nd.linalg.slogdet, nd.linalg.cholesky,
              nd.linalg.eigh, nd.linalg.eigvalsh):
        for bad in (x, nd.ones(3)):
            with pytest.raises(nd.linalg.LinAlgError, match="matri"):
                f(bad)
            with pytest.raises(np.linalg.LinAlgError):
                getattr(np.linalg, f.__name__)(np.asarray(bad))
    with pytest.raises(nd.linalg.LinAlgError):
        nd.linalg.svd(nd.ones(3))
    with pytest.raises(IndexError, match="single ellipsis"):
        x[..., ...]
    with pytest.raises(IndexError, match="single ellipsis"):
        x[..., 0, ...] = 1
    # shapes too large for int64 or for memory: ValueError as NumPy's, OverflowError as nd's status
    assert issubclass(nd.ArraySizeError, ValueError) and issubclass(nd.ArraySizeError, OverflowError)
    for f in (lambda m: m.empty((2, 2**62)), lambda m: m.zeros((2**40, 2**40)),
              lambda m: m.empty(2**63 - 1), lambda m: m.arange(2**70),
              lambda m: m.reshape(m.ones(4), (2**62, 4)), lambda m: m.tile(m.ones(4), (2**62,))):
        with pytest.raises(nd.ArraySizeError):
            f(nd)
        with pytest.raises(ValueError):
            f(np)
    # results whose extent overflows (NumPy crashes on some of these)
    big = nd.broadcast_to(nd.ones(1, dtype=nd.int8), (2**62,))
    for f in (lambda: nd.repeat(nd.ones(4), 2**62), lambda: nd.concat([big, big])):
        with pytest.raises(nd.ArraySizeError, match="overflows"):
            f()
    # finfo of a non-float dtype and iinfo of a non-integer one: ValueError, as NumPy's
    for t in (nd.bool, nd.int8, nd.uint64):
        with pytest.raises(ValueError, match="finfo"):
            nd.finfo(t)
    for t in (nd.bool, nd.float32, nd.complex128):
        with pytest.raises(ValueError, match="iinfo"):
            nd.iinfo(t)
    with pytest.raises(ValueError):
        np.finfo(np.int8)
    with pytest.raises(ValueError):
        np.iinfo(np.float32)
    with pytest.raises(TypeError):  # not a dtype at all
        nd.finfo("float64x")


def test_python_argument_types():
    x = nd.ones((2, 3))
    with pytest.raises(TypeError):
        nd.sin("abc")
    with pytest.raises(TypeError):
        nd.sum(x, axis=1.5)
    with pytest.raises(TypeError):
        nd.sum(x, bogus=1)
    with pytest.raises(TypeError, match="nd has no dtype"):
        nd.zeros((2, 3), dtype="float64x")
    with pytest.raises(TypeError, match="nd has no dtype"):
        nd.zeros((2, 3), dtype=np.datetime64)  # (np.float64 and "float64" are nd.float64)
    with pytest.raises(TypeError):
        nd.reshape(x, (2.0, 3))
    with pytest.raises(TypeError):
        nd.concat(x)
    with pytest.raises(TypeError):
        nd.asarray(object())
    with pytest.raises(TypeError):
        nd.asarray("abc")
    with pytest.raises(TypeError):
        nd.add(1, 2)
    with pytest.raises(TypeError):
        nd.matmul(x, [[1.0]])
    with pytest.raises(TypeError):
        nd.Array()
    with pytest.raises(ValueError):
        nd.linalg.qr(x, mode="r")
    with pytest.raises(ValueError):
        nd.asarray([1.0], device="gpu")
